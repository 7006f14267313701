import ArgumentParser
import CellCanvas
import ChooserRuntime
import ChooserUI
import CommandLineSupport
import FileAccess
import Foundation
import IconArt
import IconCatalog
import NcursesTerminal
import SymbolArt
import TerminalDetection
import TerminalGraphics
import TerminalText

/// `--size COLSxROWS`, bounded so a tile is neither a dot nor a wall.
struct TileCells: ExpressibleByArgument, Equatable {
    static let smallest = (columns: 4, rows: 2)
    static let largest = (columns: 64, rows: 32)
    let columns: Int
    let rows: Int

    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
              (Self.smallest.columns...Self.largest.columns).contains(columns),
              (Self.smallest.rows...Self.largest.rows).contains(rows) else { return nil }
        self.init(columns: columns, rows: rows)
    }

    /// How help shows the default (ArgumentParser's own default would go through reflection).
    var defaultValueDescription: String { "\(columns)x\(rows)" }
}

/// `--color`: a depth, or `auto` to follow the environment.
enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, truecolor
    case palette256 = "256"
    case ansi16 = "16"
    case ansi8 = "8"
    case none

    static var help: ArgumentHelp {
        let named = KnownTerminal.listed(KnownTerminal.directColorByTerm, conjunction: "or")
        return ArgumentHelp("Colours: auto (from NO_COLOR, COLORTERM, TERM: 24-bit where TERM names \(named), outside tmux and screen), "
                            + "truecolor, 256, 16, 8 or none.")
    }

    /// The depth asked for; nil for `auto`.
    var forced: ColorDepth? { self == .auto ? nil : depth(environment: [:]) }

    /// The depth to draw with; `auto` follows NO_COLOR, COLORTERM and TERM, as terminals advertise.
    func depth(environment: [String: String]) -> ColorDepth {
        switch self {
        case .truecolor: return .truecolor
        case .palette256: return .palette256
        case .ansi16: return .ansi16
        case .ansi8: return .ansi8
        case .none: return .noColor
        case .auto:
            return TerminalEnvironment.colorDepth(environment: environment)
        }
    }
}

/// `--symbols`: a symbol set, or `auto` for the richest the terminal is known to draw.
enum SymbolChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, half, quadrant, sextant, octant

    static var help: ArgumentHelp {
        "Block symbols for pictures: half, quadrant, sextant, octant, or auto (sextants in \(KnownTerminal.listed(KnownTerminal.sextantDrawers)), else quadrants)."
    }

    /// The set asked for; nil for `auto`.
    var forced: SymbolSet? {
        switch self {
        case .auto: nil
        case .half: .half
        case .quadrant: .quadrant
        case .sextant: .sextant
        case .octant: .octant
        }
    }

    /// `detected`: the finest set the terminal is known to draw by its own answers, if it was asked.
    func symbols(environment: [String: String], detected: SymbolSet? = nil) -> SymbolSet {
        forced ?? SymbolSet.best(environment: environment, detected: detected)
    }
}

extension IconChooser {
    /// `iconchooser preview`: the icons as pictures on stdout, for a file, a pipe or a CI log.
    struct Preview: ParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview",
            abstract: "Print the icons as pictures (tiles with their names, ✓ on the current one).")

        @OptionGroup var options: AppOptions

        @Argument(help: "Icons to show (alternate names, or Default for the primary; all when none given).",
                  completion: ValueCompletion.previewNames)
        var names: [String] = []

        @Option(name: .long, help: ArgumentHelp("Tile size in cells, from 4x2 to 64x32.", valueName: "COLSxROWS"))
        var size = Self.defaultSize

        static let defaultSize = TileCells(columns: 16, rows: 8)

        @Option(name: .long, help: ColorChoice.help)
        var color: ColorChoice = .auto

        @Option(name: .long, help: SymbolChoice.help)
        var symbols: SymbolChoice = .auto

        @Flag(name: .long, help: "ASCII characters only (the default without a UTF-8 locale).")
        var ascii = false

        @OptionGroup var graphics: GraphicsArguments

        @Flag(name: .long, help: "Say what the terminal can show (pixel protocols, cell size, symbols) and why, instead of the icons.")
        var explainTerminal = false

        func run() throws { try run(CommandStart()) }

        func run(_ start: CommandStart) throws {
            let graphicsChoice = try graphics.choice()
            if explainTerminal {
                start.tiles?.stop()
                let probe = TerminalProbe.detect(choice: graphicsChoice)
                let found = probe.capabilities
                let lines = found.explanation(drawable: Set(GraphicsProtocol.allCases))
                FileHandle.standardOutput.write(Data((lines.map(TextSanitizer.clean).joined(separator: "\n") + "\n").utf8))
                probe.finish()
                return
            }
            let manager = try options.loadManager(opener: start.opener)
            let catalog = manager.catalog
            let choice = manager.currentChoice()
            (catalog.warnings + choice.warnings).forEach { Console.warning($0.description) }
            let icons = try selectedIcons(catalog)
            let environment = ProcessInfo.processInfo.environment
            let depth = color.depth(environment: environment)
            let useASCII = ascii || !Console.isUTF8
            let items = icons.map { ChooserItem(name: $0.name, title: TextSanitizer.clean($0.displayName)) }
            // The terminal is asked only when the pictures go to it; a forced protocol is
            // written anyway, into a file or a pipe too (as `chafa -f kitty` does). Answers
            // still out are waited for after the output, so the wait delays nothing shown.
            let probe = isatty(STDOUT_FILENO) == 1 && graphicsChoice != .symbols ? TerminalProbe.detect(choice: graphicsChoice) : nil
            defer { probe?.finish() }
            let found = probe?.capabilities
            let symbolSet = symbols.symbols(environment: environment, detected: found?.finestSymbols)
            let configuration = ChooserConfiguration(ascii: useASCII, colorDepth: depth, symbols: symbolSet)
            if let graphics = graphicsChoice.forced ?? found?.graphics {
                start.tiles?.stop()
                let bytes = try pixelSheet(icons: icons, items: items, current: choice.name, configuration: configuration,
                                           graphics: graphics, terminal: found, look: options.look(for: catalog),
                                           svgTime: start.svgTime, environment: environment)
                FileHandle.standardOutput.write(Data(bytes))
                return
            }
            let pictures = IconPictures(renderer: TileRenderer(depth: depth, symbols: symbolSet, ascii: useASCII, readAhead: start.tiles),
                                        look: options.look(for: catalog), svgTime: start.svgTime)
            let tiles = pictures.tiles(for: icons, columns: size.columns, rows: size.rows)
            tiles.compactMap(\.problem).forEach { Console.warning($0) }
            let sheet = PreviewSheet.render(
                items: items, pictures: tiles.map(\.picture), currentName: choice.name, columns: size.columns, rows: size.rows,
                width: Self.outputWidth(environment: environment), configuration: configuration)
            FileHandle.standardOutput.write(Data(SGRWriter(depth: depth).render(sheet).utf8))
        }

        /// The sheet with each icon as a pixel picture in `graphics`, for the terminal's cell
        /// size, background and colour registers where it said them (else kitty's and chafa's
        /// 10×20 cell).
        private func pixelSheet(icons: [AppIcon], items: [ChooserItem], current: String?, configuration: ChooserConfiguration,
                                graphics: GraphicsProtocol, terminal: TerminalCapabilities?, look: IconLook,
                                svgTime: SVGTimeBudget?, environment: [String: String]) throws -> [UInt8] {
            let cell = terminal?.cellSize ?? .standard
            guard let geometry = TileGeometry(columns: size.columns, rows: size.rows, cell: cell) else {
                throw CommandFailure("a \(size.columns)×\(size.rows) tile of \(cell) cells is too large for a picture; "
                    + "give a smaller --size", exitCode: .usage)
            }
            let pictures = IconPictures.pixelPictures(for: icons, geometry: geometry,
                                                      sizing: PictureProtocol.of(graphics).sizing, look: look, svgTime: svgTime)
            pictures.compactMap(\.problem).forEach { Console.warning($0) }
            let options = GraphicsOptions(capabilities: terminal, colorDepth: configuration.colorDepth)
            do {
                return try PreviewSheet.render(items: items, pictures: pictures.map(\.picture), currentName: current,
                                               columns: size.columns, rows: size.rows,
                                               width: Self.outputWidth(environment: environment),
                                               configuration: configuration, graphics: graphics, options: options)
            } catch {
                throw CommandFailure(error.description, exitCode: .failure)
            }
        }

        /// Starts decoding the tiles that the command line most likely asks
        /// for, while ArgumentParser parses them: `app`'s icons (`--app`, else the demo) at the
        /// `--size`, `--symbols`, `--color` and `--ascii` found among them, as `run` would draw
        /// them where nothing else intervenes. A wrong guess is only time on another core: a
        /// tile is used only where it is exactly the one asked for (see `TileCanvasReadAhead`).
        /// The tiles go to `tiles`, which `run` is given (`CommandStart.tiles`).
        static func readAhead(_ arguments: EarlyArguments, app: String?, into tiles: TileCanvasReadAhead) {
            let environment = ProcessInfo.processInfo.environment
            let value = arguments.lastValue(of:)
            // Pictures in a pixel protocol, or none at all, are not symbol tiles.
            let graphics = value("--graphics").flatMap(GraphicsChoice.init(name:))
                ?? (try? GraphicsChoice.fromEnvironment(environment)) ?? .auto
            guard graphics.forced == nil, !arguments.contains("--explain-terminal"),
                  let app = app ?? DemoApp.plistPath() else { return }
            let size = value("--size").flatMap(TileCells.init(argument:)) ?? defaultSize
            let depth = (value("--color").flatMap(ColorChoice.init(rawValue:)) ?? .auto).depth(environment: environment)
            let symbols = (value("--symbols").flatMap(SymbolChoice.init(rawValue:)) ?? .auto).symbols(environment: environment)
            let ascii = arguments.contains("--ascii") || !Console.isUTF8
            IconPictures.readAhead(app: app, renderer: TileRenderer(depth: depth, symbols: symbols, ascii: ascii, readAhead: tiles),
                                   columns: size.columns, rows: size.rows)
        }

        /// The named icons in the order given, or all in chooser order; an unknown name exits 1.
        private func selectedIcons(_ catalog: AppIconCatalog) throws -> [AppIcon] {
            guard !names.isEmpty else { return catalog.icons }
            return try names.map { name in
                if let icon = catalog.alternate(named: name) { return icon }
                if name == catalog.primary.displayName { return catalog.primary }
                let valid = MessageText.shortList([catalog.primary.displayName] + catalog.alternateNames) {
                    MessageText.abbreviated(TextSanitizer.clean($0))
                }
                throw CommandFailure("\(catalog.path): no icon named “\(MessageText.abbreviated(name))”; valid names: \(valid)", exitCode: .failure)
            }
        }

        /// The terminal's width when stdout is one, else `$COLUMNS`, else 80.
        static func outputWidth(environment: [String: String]) -> Int {
            if isatty(STDOUT_FILENO) == 1, let size = try? Descriptors.windowSize(of: STDOUT_FILENO), size.ws_col > 0 {
                return Int(size.ws_col)
            }
            if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
            return 80
        }
    }
}
