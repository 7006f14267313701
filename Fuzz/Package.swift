// swift-tools-version: 6.0
// Coverage-guided fuzz targets (libFuzzer) for the readers that take bytes from outside. A
// package of its own so `-sanitize=fuzzer,address` never reaches the normal build: `make fuzz`
// (Fuzz/run.sh) builds it with `--sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address`, which
// instruments the main package's Swift code too.
//
// Adding a target for a new reader: a function in Sources/FuzzHarness (and its entry in
// `FuzzHarness.targets`), its name in `targets` below with a one-line Targets/NAME/Fuzz.swift,
// its seeds in make-seeds.py, and, where the format has keywords, dictionaries/NAME.dict.
import PackageDescription

let targets = ["bplist-guard", "plist-loader", "png-chunks", "png-rows", "cgbi", "escape-sequence", "zip-reader", "xcode-project", "contents-json", "contents-edit", "icon-json", "icon-composer", "svg-precheck", "preprocessor", "pbxproj-graph", "xcodegen-spec", "xcodegen-graph", "assets-car", "car-graph", "lzfse", "lzvn", "coreui-rle", "palette-image", "project-text", "plist-edit", "transaction-journal", "expo-config", "expo-edit"]
/// The targets that draw SVG layers.
let drawsSVG: Set<String> = ["icon-json", "icon-composer", "svg-precheck"]

let package = Package(
    name: "iconchooser-fuzz",
    dependencies: [.package(name: "iconchooser", path: "..")],
    targets: targets.map { name in
        .executableTarget(
            name: "fuzz-\(name)",
            // These draw SVG layers: the SVG library must be built beside the fuzzer, where
            // the harness's dlopen looks for it.
            dependencies: [.product(name: "FuzzHarness", package: "iconchooser")]
                + (drawsSVG.contains(name) ? [.product(name: "iconchooser-svg", package: "iconchooser")] : []),
            path: "Targets/\(name)"
        )
    }
)
