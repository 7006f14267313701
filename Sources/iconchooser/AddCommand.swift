import ArgumentParser
import FileAccess
import ProjectWriting
import TerminalText

extension AddRequest.Sizes: ExpressibleByArgument {}

extension IconChooser {
    /// `iconchooser add NAME IMAGE`: a new alternate icon, written the way the app declares its others.
    struct Add: ParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an alternate icon to the app's project, asset catalog or Info.plist.",
            discussion: """
                Writes the icon the way the app already declares its alternates: an app icon set (or Icon Composer \
                bundle) in the asset catalog beside the others, listed in ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES \
                where the target lists them; or loose PNGs (120 and 180 px for iPhone, 152 and 167 px for iPad) named \
                in CFBundleAlternateIcons of CFBundleIcons and CFBundleIcons~ipad, added to the target's resources. \
                In an Expo project, the icon plugin's entry is added to app.json (or app.config.json) in the plugin's \
                own shape, changing only those lines (comments and formatting stay), and the images are copied beside \
                the other alternates' images as NAME.png, NAME-dark.png and NAME-tinted.png; NAME is the config's key \
                (the plugin may rename it at run time, which the summary says). An app.config.js or .ts is a program \
                and is not edited: the error says what to add there.

                Every file is written or none is; the app is then read again, and the change is undone unless the \
                icon is there and lint finds nothing new.

                Exit status: 0 added; 1 not added (the name is taken, the image is unusable, a file changed meanwhile); \
                2 the app cannot be read.
                """)

        @OptionGroup var options: AppOptions
        @OptionGroup var edit: EditOptions

        @Argument(help: "The alternate icon's name, as setAlternateIconName(_:) will take it.")
        var name: String

        @Argument(help: "A square PNG of at least 1024 px, or an Icon Composer .icon bundle.", completion: .file(extensions: ["png", "icon"]))
        var image: String

        @Option(name: .long, help: ArgumentHelp("The dark appearance's image (a square PNG).", valueName: "file"), completion: .file(extensions: ["png"]))
        var dark: String?

        @Option(name: .long, help: ArgumentHelp("The tinted appearance's image (a square PNG).", valueName: "file"), completion: .file(extensions: ["png"]))
        var tinted: String?

        @Option(name: .long, help: "Its ordinal among Info.plist alternates that have one (default: after the last).")
        var ordinal: Int?

        @Option(name: .long, help: "An icon set of one 1024 px image (single) or of every size (all); default: as the app's other sets.")
        var sizes: AddRequest.Sizes?

        @Option(name: .long, help: "catalog (an app icon set) or plist (loose files in Info.plist); default: as the app's other alternates.")
        var style: AppLayout.Style?

        @Option(name: .long, help: ArgumentHelp("Flatten a transparent image onto this colour (#RRGGBB).", valueName: "color"))
        var background: String?

        func validate() throws {
            try options.requireNamedApp("add")
            if let background, IconBackground(parsing: background) == nil {
                throw ValidationError("--background expects #RRGGBB, not “\(TextSanitizer.clean(background))”")
            }
        }

        func run() throws { try run(CommandStart()) }

        func run(_ start: CommandStart) throws {
            // Paths absolute from here on: every file an edit names is, and the writer checks them against the boundary.
            let options = try self.options.resolved()
            let request = AddRequest(name: name, image: image, dark: dark, tinted: tinted, ordinal: ordinal, sizes: sizes,
                                     style: style, background: background.flatMap(IconBackground.init(parsing:)))
            if let program = options.configProgram() {
                throw CommandFailure(ExpoProgramAdvice.refusingAdd(request, program: program, options: options.catalogOptions).description,
                                     exitCode: .failure)
            }
            let pipeline = try options.editPipeline()
            let opener = try options.recoverInterruptedEdits(pipeline, dryRun: edit.dryRun, opener: start.opener)
            // Opened once; lint's look at it runs beside the reading and planning.
            let lint = options.comparedLint()
            let prepared = try options.prepare(pipeline, opener: opener, lintBefore: edit.dryRun ? .none : .beside(lint.before)) {
                layout, _ throws(EditError) in (try IconAddition.plan(request, layout: layout), ())
            }
            try options.write(prepared, with: pipeline, edit: edit, lintAfter: lint.after)
        }
    }
}

extension IconChooser.Add: EditingCommand {
    static func writes(_ arguments: ArraySlice<String>) -> Bool { true }
}
