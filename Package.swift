// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "iconchooser",
    // macOS 15: Synchronization's Mutex.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "iconchooser", targets: ["iconchooser"]),
        // For other Swift tools: read an app's icons (IconCatalog), check them (IconLint), keep a choice (IconChoice).
        // TerminalText comes with it: what the catalog's messages are made safe with, and the exit
        // statuses iconchooser documents (`ExitStatus`), for a tool that wants the same.
        .library(name: "IconCatalog", targets: ["IconCatalog", "TerminalText"]),
        .library(name: "IconLint", targets: ["IconLint"]),
        .library(name: "IconChoice", targets: ["IconChoice"]),
        // For the fuzz package in Fuzz/, which builds it with sanitizers.
        .library(name: "FuzzHarness", targets: ["FuzzHarness"]),
        // librsvg behind one entry point, opened by IconArt only when an SVG layer must be drawn:
        // linking librsvg into the program cost every command 7 ms of start-up for ~40 libraries.
        .library(name: "iconchooser-svg", type: .dynamic, targets: ["CSVGRasterizer"]),
    ],
    // ISA-L inflates PNG image data about twice as fast as zlib. A tool that uses the library products
    // without it (and without libisal-dev) depends on this package with `traits: []`: libpng and zlib
    // then decode every picture, with the same pixels (a damaged stream is refused either way).
    traits: [
        .default(enabledTraits: ["ISAL"]),
        .trait(name: "ISAL", description: "Inflate PNG image data and compiled catalogs' zlib renditions with ISA-L (libisal-dev)."),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssh", from: "0.15.1"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    ],
    targets: [
        // libpng through pkg-config; the simplified API reports errors without longjmp.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        // ISA-L's streaming inflate (igzip), for the PNG row decoder: about twice zlib's speed. Only with the ISAL trait.
        .systemLibrary(
            name: "CISAL",
            pkgConfig: "libisal",
            providers: [.apt(["libisal-dev"]), .brew(["isa-l"])]
        ),
        // zlib's inflate (pkg-config zlib: apt zlib1g-dev), for compiled catalogs' zlib renditions without ISA-L.
        .systemLibrary(
            name: "CZlibInflate",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // libsixel: the peer `make bench` measures our sixel encoder against, and a second sixel
        // decoder for the tests. The program itself does not link it.
        .systemLibrary(
            name: "CSixel",
            pkgConfig: "libsixel",
            providers: [.apt(["libsixel-dev"]), .brew(["libsixel"])]
        ),
        // librsvg (and the cairo surfaces it draws into) for the SVG layers of Icon Composer bundles.
        .systemLibrary(
            name: "CRSVG",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        // The entry point of libiconchooser-svg, declared once for the library and for IconArt, which calls it.
        .target(name: "CSVGRasterizerInterface"),
        // The SVG drawing of libiconchooser-svg. Nothing else may depend on it, or librsvg is linked into the
        // program. No public headers of its own: its one function is declared in CSVGRasterizerInterface.
        .target(name: "CSVGRasterizer", dependencies: ["CRSVG", "CSVGRasterizerInterface"], publicHeadersPath: "."),
        // Untrusted text made safe for a terminal, and its width in columns: shared by the model and the screen.
        .target(name: "TerminalText"),
        // Files read within a size and written whole (a temporary beside, renamed into place), their
        // kinds as values, and the one funnel that retries EINTR and turns errno into swift-system's Errno.
        // A leaf: the catalog, the choice, the server and the terminal layer all use it.
        .target(name: "FileAccess", dependencies: ["CFileExchange", .product(name: "SystemPackage", package: "swift-system")]),
        // renameat2(RENAME_EXCHANGE), which Swift cannot call: glibc declares it only under _GNU_SOURCE.
        .target(name: "CFileExchange"),
        // The release number, in one place: `--version`, the man page and the tests read it.
        .target(name: "ToolVersion"),
        // Command-line conventions with no I/O: what `list` reports (text, tab-separated rows, JSON written
        // without JSONEncoder), the words of a completion request.
        .target(name: "CommandLineSupport", dependencies: ["TerminalText", "IconCatalog"]),
        // Cells, colours and SGR: the screen model every layer draws into, with no image library behind it.
        .target(name: "CellCanvas", dependencies: ["TerminalText"]),
        // Compiled asset catalogs (Assets.car): the BOM store, renditions, and their pixels, with the
        // decompressors CoreUI uses (LZFSE, LZVN, its run-length coding; zlib through ISA-L with the ISAL trait,
        // else through zlib itself). Bytes in, pixels out.
        .target(name: "CompiledAssetCatalog", dependencies: [.target(name: "CISAL", condition: .when(traits: ["ISAL"])), "CZlibInflate"]),
        // The values an icon is described by, with no reading behind them: the device family (`Idiom`),
        // the home-screen appearance and how a missing one is stood in for, an Icon Composer colour.
        .target(name: "IconModel"),
        // Reading only: every form of app → the icons in chooser order, their images and warnings. A library
        // product, taking paths as String, URL or swift-system's FilePath. ZIPFoundation inflates the entries
        // of an .ipa (its zlib comes through pkg-config: apt zlib1g-dev).
        // Yams brings libyaml, whose event parser reads XcodeGen specs with every alias counted.
        .target(
            name: "IconCatalog",
            dependencies: ["IconModel", "TerminalText", "FileAccess", "CompiledAssetCatalog", .product(name: "ZIPFoundation", package: "ZIPFoundation"),
                           .product(name: "SystemPackage", package: "swift-system"), .product(name: "Yams", package: "Yams")]
        ),
        // The choice: IconManager and the file it is kept in, apart from the reading, so a tool that only
        // reads icons does not build the persistence (swift-crypto names a state file by a path's digest).
        .target(
            name: "IconChoice",
            dependencies: ["IconCatalog", "FileAccess", "TerminalText", .product(name: "Crypto", package: "swift-crypto"),
                           .product(name: "SystemPackage", package: "swift-system")]
        ),
        // What a terminal sends, decoded: keys, clicks and the answers to queries, apart. Pure.
        .target(name: "TerminalInput"),
        // Which queries to send, and what the answers and the environment say the terminal can do. Pure.
        .target(name: "TerminalDetection", dependencies: ["CellCanvas", "TerminalInput", "TerminalText"]),
        // Signal handlers and the crash restore: state a handler may touch must live in C.
        .target(name: "CTerminalSignals"),
        // ncurses with the wide-character API; shim.h wraps the macros Swift cannot import.
        .systemLibrary(
            name: "CNcurses",
            pkgConfig: "ncursesw",
            providers: [.apt(["libncurses-dev"]), .brew(["ncurses"])]
        ),
        // How the chooser's loop drives a terminal: frames out, events in, queries, pictures by id.
        .target(name: "TerminalInterface", dependencies: ["CellCanvas", "TerminalInput", "TerminalDetection"]),
        // The only importer of CNcurses: draws frames, reads the terminal on a thread of its own, restores it.
        .target(
            name: "NcursesTerminal",
            dependencies: ["CNcurses", "CTerminalSignals", "CellCanvas", "FileAccess", "TerminalInput", "TerminalDetection", "TerminalInterface",
                           .product(name: "SystemPackage", package: "swift-system")]
        ),
        // Pixels and nothing behind them: the RGBA bitmap, a tile's pixel picture and the PNG encoder (libpng).
        // The picture encoders use it without the readers of Xcode projects, zip archives and plists.
        .target(name: "Pixels", dependencies: ["CPNG", "CellCanvas"]),
        // Image decoding: PNG (CgBI too), and Icon Composer bundles drawn flat → RGBA bitmap → resampled, and
        // pixel pictures of icons. SVG layers are drawn by libiconchooser-svg, opened when the first is met
        // (CSVGRasterizerInterface declares its entry point). What lint and the writers need of an image.
        .target(name: "IconArt", dependencies: ["Pixels", "CPNG", .target(name: "CISAL", condition: .when(traits: ["ISAL"])), "CSVGRasterizerInterface", "CellCanvas", "FileAccess", "IconCatalog",
                                              .product(name: "SystemPackage", package: "swift-system")]),
        // The symbol art: decoded icons → cells of block, quadrant and sextant symbols (the matcher), the
        // placeholder tile, the tiles read ahead while the command line is parsed. Only the screen needs it.
        .target(name: "SymbolArt", dependencies: ["IconArt", "CellCanvas", "FileAccess", "IconCatalog", "TerminalText"]),
        // Pixel pictures as terminal graphics (kitty, sixel, iTerm2): bytes out, no terminal I/O.
        .target(name: "TerminalGraphics", dependencies: ["Pixels", "CellCanvas", "CPNG", "TerminalDetection", "TerminalInput", "TerminalInterface"]),
        // Elm-style chooser core: state, update(state, event) -> effects, view(state) -> CellGrid. No I/O.
        .target(name: "ChooserUI", dependencies: ["CellCanvas", "TerminalText", "IconArt", "IconCatalog", "SymbolArt", "TerminalInput"]),
        // The chooser's loop over a Terminal: events in, update, effects carried out, frames out;
        // the picture loader; what the terminal can do, learned without waiting for it.
        .target(
            name: "ChooserRuntime",
            dependencies: ["CellCanvas", "ChooserUI", "FileAccess", "IconArt", "IconCatalog", "IconChoice", "IconLint", "ProjectWriting",
                           "SymbolArt", "TerminalText", "TerminalInput", "TerminalDetection", "TerminalInterface", "TerminalGraphics"]
        ),
        // `add`, `remove` and `lint --fix`: the edits of an app's plists, catalogs and project files,
        // the pictures they need, and the all-or-nothing writing of them.
        .target(name: "ProjectWriting", dependencies: ["FileAccess", "IconCatalog", "IconArt", "IconLint", "TerminalText",
                                                       .product(name: "Crypto", package: "swift-crypto"),
                                                       .product(name: "SystemPackage", package: "swift-system")]),
        // `iconchooser lint`: rules as pure functions over the parsed plist, a file index and image facts.
        // A library product, beside IconCatalog.
        .target(name: "IconLint", dependencies: ["TerminalText", "FileAccess", "IconCatalog", "IconArt",
                                                 .product(name: "SystemPackage", package: "swift-system")]),
        // openpty, TIOCSWINSZ and posix_spawn in a new session: what Swift cannot call directly.
        .target(name: "CPseudoTerminal"),
        // `iconchooser serve`: an SSH server (swift-nio-ssh) that runs the chooser on a pseudo-terminal per session.
        .target(
            name: "DemoServer",
            dependencies: [
                "CPseudoTerminal",
                "FileAccess",
                .product(name: "SystemPackage", package: "swift-system"),
                "TerminalText",
                "TerminalDetection",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOSSH", package: "swift-nio-ssh"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]
        ),
        // What each fuzz target does with its bytes; shared by Fuzz/ and the test replaying its crashes.
        .target(name: "FuzzHarness", dependencies: ["IconCatalog", "CompiledAssetCatalog", "IconArt", "IconLint", "ProjectWriting", "TerminalInput", "CSVGRasterizerInterface"]),
        .executableTarget(
            name: "iconchooser",
            dependencies: [
                "TerminalText",
                "CellCanvas",
                "FileAccess",
                "IconCatalog",
                "IconChoice",
                "IconArt",
                "SymbolArt",
                "IconLint",
                "ChooserUI",
                "ChooserRuntime",
                "TerminalDetection",
                "TerminalGraphics",
                "NcursesTerminal",
                "DemoServer",
                "ToolVersion",
                "CommandLineSupport",
                "ProjectWriting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The libraries as another tool uses them: opens an app, prints its icons, images, warnings and
        // lint's findings. The README's "Use as a library" shows it; EndToEndTests runs it.
        .executableTarget(name: "icon-catalog-example", dependencies: ["IconCatalog", "IconLint", "TerminalText"]),
        // `make bench`'s measuring tool for the terminal pictures (bytes, time, sixel fidelity).
        // `make bench`'s LZFSE throughput: decodes one stream many times and prints bytes a second.
        .executableTarget(name: "car-bench", dependencies: ["CompiledAssetCatalog"], path: "bench/CarBench"),
        .executableTarget(
            name: "graphics-bench",
            dependencies: ["TerminalGraphics", "IconArt", "CellCanvas", "CSixel"],
            path: "bench/GraphicsBench"
        ),
        // Temporary folders, plist builders and the corpus location, shared by the test targets.
        .target(name: "TestSupport", dependencies: [.product(name: "ZIPFoundation", package: "ZIPFoundation")],
                path: "Tests/TestSupport"),
        // Test-side decoders of what the picture encoders write (kitty, sixel, iTerm2), as a terminal reads it.
        .target(name: "TerminalStreams", dependencies: ["IconArt", "CPNG", "CellCanvas"], path: "Tests/TerminalStreams"),
        .testTarget(name: "CellCanvasTests", dependencies: ["CellCanvas", "TerminalText"]),
        .testTarget(name: "FileAccessTests", dependencies: ["FileAccess"]),
        .testTarget(name: "TerminalInputTests", dependencies: ["TerminalInput"]),
        .testTarget(name: "TerminalDetectionTests", dependencies: ["TerminalDetection", "TerminalInput", "CellCanvas"]),
        .testTarget(name: "IconCatalogTests", dependencies: ["IconCatalog", "FileAccess", "TerminalText", "TestSupport",
                                                         .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "CompiledAssetCatalogTests", dependencies: ["CompiledAssetCatalog", "CZlibInflate", "IconArt", "TestSupport"]),
        .testTarget(name: "IconChoiceTests", dependencies: ["IconChoice", "IconCatalog", "TerminalText", "TestSupport"]),
        .testTarget(name: "IconLintTests", dependencies: ["IconLint", "IconCatalog", "IconArt", "TerminalText", "TestSupport",
                                                      .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "IconArtTests", dependencies: ["IconArt", "SymbolArt", "CellCanvas", "FileAccess", "IconCatalog", "TestSupport"], exclude: ["reference_decode.py"]),
        .testTarget(name: "SymbolArtTests", dependencies: ["SymbolArt", "IconArt", "CellCanvas", "IconCatalog", "TestSupport"]),
        .testTarget(name: "TerminalGraphicsTests", dependencies: ["TerminalGraphics", "IconArt", "SymbolArt", "CellCanvas", "ChooserUI", "ChooserRuntime",
                                                                  "CPNG", "CSixel",
                                                                  "TerminalDetection", "TerminalInterface", "TerminalStreams", "TestSupport"]),
        .testTarget(name: "ChooserUITests", dependencies: ["ChooserUI", "CellCanvas", "TerminalText", "IconArt", "IconCatalog", "SymbolArt",
                                                       "TerminalInput", "TestSupport"]),
        .testTarget(name: "DemoServerTests", dependencies: ["DemoServer", "TestSupport"]),
        // The command line's own values (options passed on, --graphics), read from the executable's module.
        .testTarget(name: "IconChooserTests", dependencies: ["iconchooser", "IconArt", "TerminalDetection",
                                                         .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "ProjectWritingTests", dependencies: ["ProjectWriting", "FileAccess", "IconCatalog", "IconArt", "IconLint",
                                                            "TestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(name: "CommandLineSupportTests", dependencies: ["CommandLineSupport", "IconCatalog", "IconLint", "TestSupport"]),
        // A terminal in memory: scripted events in, frames and picture commands out.
        .target(name: "MemoryTerminal", dependencies: ["CellCanvas", "TerminalInput", "TerminalDetection", "TerminalInterface"],
                path: "Tests/MemoryTerminal"),
        .testTarget(name: "TerminalInterfaceTests", dependencies: ["TerminalInterface", "CellCanvas"]),
        .testTarget(
            name: "ChooserRuntimeTests",
            dependencies: ["ChooserRuntime", "ChooserUI", "MemoryTerminal", "CellCanvas", "IconArt", "IconCatalog", "SymbolArt", "TestSupport",
                           "TerminalInput", "TerminalDetection", "TerminalInterface", "TerminalGraphics", "TerminalStreams", "IconLint",
                           "ProjectWriting"]
        ),
        // The terminal layer's reading and asking, over a pseudo-terminal; drawing is tested in tmux.
        .testTarget(name: "NcursesTerminalTests", dependencies: ["NcursesTerminal", "TerminalInput", "TerminalDetection", "CPseudoTerminal", "CellCanvas"]),
        // ARCHITECTURE.md's table of modules against the package's target graph.
        .testTarget(name: "ArchitectureTests", dependencies: ["TestSupport"]),
        // Replays every input a fuzz target ever crashed on (Fuzz/crashes/TARGET/).
        .testTarget(name: "FuzzReplayTests", dependencies: ["FuzzHarness", "TestSupport"]),
        // Drives the built `iconchooser` binary through Process (and tmux for the screen).
        .testTarget(name: "EndToEndTests", dependencies: ["TestSupport", "TerminalStreams", "IconArt", "CellCanvas", "ToolVersion"],
                    exclude: ["slow-link.py", "sshd_config.template"]),
    ]
)
