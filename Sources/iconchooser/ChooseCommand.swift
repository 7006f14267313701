import ArgumentParser
import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import IconArt
import IconCatalog
import IconChoice
import IconLint
import NcursesTerminal
import ProjectWriting
import TerminalText

extension IconSizeChoice: ExpressibleByArgument {}

extension IconChooser {
    /// `iconchooser choose` (and `iconchooser` alone): Emitron's "App Icon" screen in the terminal.
    struct Choose: AsyncParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "choose",
            abstract: "Open the interactive icon chooser (the default command).",
            discussion: ChooserKeys.summary + """
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

        @Flag(name: .long, help: "Never change the app's files: the f key is not offered (serve's visitors run so).")
        var noFix = false

        @Option(name: .long, help: "Colours: auto (from NO_COLOR, COLORTERM, terminfo and the terminal's answers), truecolor, 256, 16, 8 or none.")
        var color: ColorChoice = .auto

        @OptionGroup var graphics: GraphicsArguments

        func run() async throws { try await run(CommandStart()) }

        func run(_ start: CommandStart) async throws {
            let graphics = try self.graphics.choice()
            // Names first; each icon's files are found by the picture loader, off the input loop.
            let (manager, twin, opened) = try options.loadManagerWithTwin(opener: start.opener)
            let choice = manager.currentChoice()
            let terminal: NcursesTerminal
            do {
                terminal = try NcursesTerminal.open(colorDepth: color.forced)
            } catch {
                throw CommandFailure(error.description, exitCode: .unreadable)
            }
            // The session picks the symbol set (from --symbols, the terminal and what it answers).
            let configuration = ChooserConfiguration(
                alertOnApply: !noAlert, iconSize: iconSize, ascii: !terminal.isUTF8, colorDepth: terminal.colorDepth)
            let appOptions = options, depth = terminal.colorDepth, ascii = configuration.ascii
            let icons = Self.icons(manager, twin, options: appOptions, depth: depth, ascii: ascii)
            // Symbol tiles, pixel pictures and the details panel's are made on one queue, the panel's
            // and then the tiles on screen first.
            let decoding = DecodeQueue()
            let app = try options.appPath(), catalogOptions = options.catalogOptions
            // The panel's first check lints the app as opened above; after `f`, it is read again.
            let check = ChooserLint(opened: opened, app: app, options: catalogOptions)
            let details = ChooserDetails(icons: icons, catalog: manager.catalog, queue: decoding, lint: { try check.lint() })
            let fixes = try fixSource(lint: { try Linter.lint(app: app, options: catalogOptions) })
            // After a fix: the app opened afresh, as it is on disk now.
            let reread: @Sendable () throws -> ChooserReading = {
                let read = try appOptions.loadManagerWithTwin(opener: AppOpener())
                return ChooserReading(manager: read.manager, twin: read.twin,
                                      icons: Self.icons(read.manager, read.twin, options: appOptions, depth: depth, ascii: ascii))
            }
            let status = await ChooserSession(
                manager: manager, twin: twin, icons: icons, currentName: choice.name, configuration: configuration, terminal: terminal,
                pictures: PictureLoader(icons: icons, queue: decoding),
                options: ChooserSession.Options(graphics: graphics, symbols: symbols.forced,
                                                pixelPictures: IconPixelPictures(icons: icons, queue: decoding),
                                                details: details, fixes: fixes),
                appearance: options.appearance, reread: fixes == nil ? nil : reread
            ).run()
            terminal.close()
            choice.warnings.forEach { Console.warning($0.description) }
            if print {
                Swift.print(TextSanitizer.clean(manager.alternateIconName ?? ""))
            }
            if status != ExitStatus.success.rawValue { throw ExitCode(status) }
        }

        /// The icons of the app's icon sets as the chooser shows them, the iPhone set's first.
        private static func icons(_ manager: IconManager, _ twin: IconManager?, options: AppOptions, depth: ColorDepth,
                                  ascii: Bool) -> ChooserIcons {
            ChooserIcons(joining: ChooserSession.phoneFirst(manager, twin).map { each in
                ChooserIcons(catalog: each.catalog,
                             images: IconImageFinder(catalog: each.catalog, options: options.catalogOptions),
                             depth: depth, ascii: ascii, look: options.look(for: each.catalog))
            })
        }

        /// What `f` fixes with: the app's files, where it was named with `--app` (the bundled
        /// demo is not changed) and is a project or plist that can be written (not a built app);
        /// nil otherwise.
        private func fixSource(lint: @escaping @Sendable () throws -> LintReport) throws -> ChooserFixes? {
            guard options.app != nil, !noFix else { return nil }
            let resolved = try options.resolved()
            return ChooserFixes(pipeline: try resolved.editPipeline(), lint: lint)
        }
    }
}
