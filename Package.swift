// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "iconchooser",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "iconchooser", targets: ["iconchooser"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    ],
    targets: [
        // Pure model: plist → catalog, file resolution, IconManager and its state store. Foundation only.
        .target(
            name: "IconCatalog",
            dependencies: [.product(name: "Crypto", package: "swift-crypto")]
        ),
        .executableTarget(
            name: "iconchooser",
            dependencies: [
                "IconCatalog",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Temporary folders, plist builders and the corpus location, shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "IconCatalogTests", dependencies: ["IconCatalog", "TestSupport"]),
        // Drives the built `iconchooser` binary through Process (and tmux for the screen).
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport"]),
    ]
)
