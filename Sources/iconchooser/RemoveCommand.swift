import ArgumentParser
import FileAccess
import ProjectWriting
import TerminalText

extension IconChooser {
    /// `iconchooser remove NAME`: the inverse of `add`.
    struct Remove: ParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "remove",
            abstract: "Remove an alternate icon from the app's project, asset catalog or Info.plist.",
            discussion: """
                Removes the icon's CFBundleAlternateIcons entries, its name from ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES, \
                its files' references in the project and, unless --keep-files, its set, bundle or PNGs (a file \
                another icon uses is kept). In an Expo project, the icon's entry is taken out of the plugin's list in \
                app.json (by its run-time name or its config key), with its images unless the config names them \
                elsewhere; an app.config.js or .ts is not edited: the error says which entry to take out. Every file is \
                written or none is.

                Exit status: 0 removed; 1 not removed; 2 the app cannot be read.
                """)

        @OptionGroup var options: AppOptions
        @OptionGroup var edit: EditOptions

        @Argument(help: "The alternate icon's name.", completion: ValueCompletion.alternateIconNames)
        var name: String

        @Flag(name: .long, help: "Leave the icon's image files (and its set or bundle) on disk.")
        var keepFiles = false

        func validate() throws {
            try options.requireNamedApp("remove")
        }

        func run() throws { try run(CommandStart()) }

        func run(_ start: CommandStart) throws {
            // Paths absolute from here on: every file an edit names is, and the writer checks them against the boundary.
            let options = try self.options.resolved()
            if let program = options.configProgram() {
                throw CommandFailure(ExpoProgramAdvice.refusingRemove(name: name, program: program, options: options.catalogOptions).description,
                                     exitCode: .failure)
            }
            let pipeline = try options.editPipeline()
            let opener = try options.recoverInterruptedEdits(pipeline, dryRun: edit.dryRun, opener: start.opener)
            // Opened once; lint's look at it runs beside the reading and planning.
            let lint = options.comparedLint()
            let prepared = try options.prepare(pipeline, opener: opener, lintBefore: edit.dryRun ? .none : .beside(lint.before)) {
                layout, _ throws(EditError) in (try IconRemoval.plan(name: name, keepFiles: keepFiles, layout: layout), ())
            }
            try options.write(prepared, with: pipeline, edit: edit, lintAfter: lint.after)
        }
    }
}

extension IconChooser.Remove: EditingCommand {
    static func writes(_ arguments: ArraySlice<String>) -> Bool { true }
}
