import ArgumentParser
import ChooserUI
import Foundation
import IconArt
import IconCatalog
import NcursesTerminal
import TerminalText

extension IconSizeChoice: ExpressibleByArgument {}

extension IconChooser {
    /// `iconchooser choose` (and `iconchooser` alone): Emitron's "App Icon" screen in the terminal.
    struct Choose: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "choose",
            abstract: "Open the interactive icon chooser (the default command).",
            discussion: """
                Arrows or h j k l move, Enter or Space applies, ? shows the keys, q or Esc leaves. \
                The screen is drawn on the terminal itself (/dev/tty), so stdout stays free: \
                name=$(iconchooser choose --print) works.
                """)

        @OptionGroup var options: AppOptions

        @Option(name: .long, help: "Tile size: small, medium or large (default: the largest that fits).")
        var iconSize: IconSizeChoice = .auto

        @Option(name: .long, help: SymbolChoice.help)
        var symbols: SymbolChoice = .auto

        @Flag(name: .long, help: "Show a footer message instead of the alert after a change.")
        var noAlert = false

        @Flag(name: .long, help: "When leaving, print the current alternate name (empty line for the primary).")
        var print = false

        func run() async throws {
            // Names first; each icon's files are found by the picture loader, off the input loop.
            let manager = try options.loadManager(lookingForFiles: false)
            let choice = manager.currentChoice()
            let terminal: NcursesTerminal
            do {
                terminal = try NcursesTerminal.open()
            } catch {
                throw Console.fail(error.description, code: 2)
            }
            let status = await ChooserSession(
                manager: manager, terminal: terminal,
                images: IconImageFinder(catalog: manager.catalog, options: options.catalogOptions),
                configuration: ChooserConfiguration(
                    alertOnApply: !noAlert, iconSize: iconSize, ascii: !terminal.isUTF8, colorDepth: terminal.colorDepth,
                    symbols: symbols.symbols(environment: ProcessInfo.processInfo.environment))
            ).run(startingAt: choice)
            terminal.close()
            choice.warnings.forEach { Console.warning($0.description) }
            if print {
                Swift.print(TextSanitizer.clean(manager.alternateIconName ?? ""))
            }
            if status != 0 { throw ExitCode(status) }
        }
    }
}

/// The chooser's input loop: terminal events and finished pictures in, `update`, effects
/// out, `view` drawn. All chooser logic lives in ChooserUI; this only moves data.
struct ChooserSession {
    let manager: IconManager
    let terminal: NcursesTerminal
    /// Finds each icon's files when its picture is first wanted (the catalog has none).
    let images: IconImageFinder
    let configuration: ChooserConfiguration

    func run(startingAt choice: StoredChoice) async -> Int32 {
        let catalog = manager.catalog
        let items = catalog.icons.map { ChooserItem(name: $0.name, title: TextSanitizer.clean($0.displayName)) }
        let loader = PictureLoader(icons: catalog.icons, images: images, pictures: IconPictures(
            renderer: TileRenderer(depth: terminal.colorDepth, symbols: configuration.symbols, ascii: configuration.ascii)))
        var (state, effects) = ChooserState.start(
            items: items, appName: TextSanitizer.clean(catalog.displayName ?? "this app"), currentName: choice.name,
            screen: ScreenSize(width: terminal.width, height: terminal.height), configuration: configuration)
        // The first frame (placeholders) goes out before any picture is asked for, so
        // decoding on the other core never delays it.
        terminal.draw(view(state))
        var needsDraw = false
        while true {
            if let status = await perform(effects, on: &state, loader: loader) { return status }
            effects = []
            for done in loader.takeFinished() {
                effects += update(&state, .pictureLoaded(index: done.index, tileSize: done.size, picture: done.picture))
                needsDraw = true
            }
            guard effects.isEmpty else { continue }
            // Only after a change: an idle chooser builds no screens.
            if needsDraw {
                terminal.draw(view(state))
                needsDraw = false
            }
            guard let event = terminal.nextEvent(timeoutMilliseconds: loader.isBusy ? 15 : 250) else { continue }
            needsDraw = true
            switch event {
            case .key(let key):
                if let chooserKey = Self.chooserKey(key) { effects = update(&state, .key(chooserKey)) }
            case .click(let column, let row):
                effects = update(&state, .click(column: column, row: row))
            case .resize(let width, let height):
                effects = update(&state, .resize(width: width, height: height))
            case .signal(let number):
                return number == SIGINT ? 130 : 128 + number
            case .hangup:
                return 129
            }
        }
    }

    /// Carries out effects (and those their results cause); returns the exit status on `.quit`.
    private func perform(_ effects: [ChooserEffect], on state: inout ChooserState, loader: PictureLoader) async -> Int32? {
        var pending = effects
        while !pending.isEmpty {
            switch pending.removeFirst() {
            case .quit(let status):
                return status
            case .loadPictures(let indices, let size):
                loader.request(indices, size: size)
            case .apply(let name):
                var error: String?
                do {
                    try await manager.setAlternateIconName(name)
                } catch let failure {
                    error = failure.description
                }
                pending += update(&state, .applyFinished(name: name, error: error))
            }
        }
        return nil
    }

    /// Terminal keys the chooser has a meaning for.
    static func chooserKey(_ key: TerminalKey) -> Key? {
        switch key {
        case .up: .up
        case .down: .down
        case .left: .left
        case .right: .right
        case .home: .home
        case .end: .end
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .tab: .tab
        case .backTab: .backTab
        case .enter: .enter
        case .escape: .escape
        case .control("c"): .controlC
        case .character(let character): .character(character)
        case .control, .backspace: nil
        }
    }
}
