import ArgumentParser
import CommandLineSupport
import Foundation
import IconCatalog

extension IconChooser {
    /// `iconchooser list`: every icon in chooser order, for people (text) or scripts (JSON).
    struct List: ParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "List the app's icons in chooser order, with the current one marked.")

        @OptionGroup var options: AppOptions

        @Flag(name: .long, help: "Print JSON instead of text (a table on a terminal, tab-separated rows elsewhere).")
        var json = false

        func run() throws { try run(CommandStart()) }

        func run(_ start: CommandStart) throws {
            let manager = try options.loadManager(opener: start.opener)
            let choice = manager.currentChoice()
            let report = ListReport(catalog: manager.catalog, current: choice.name,
                                    warnings: manager.catalog.warnings + choice.warnings, appearance: options.appearance)
            if json {
                print(try report.json(), terminator: "")
            } else if isatty(STDOUT_FILENO) == 0 {
                print(report.tabSeparated.text, terminator: "")
                report.warnings.forEach(Console.warning)
            } else {
                print(report.text(utf8: Console.isUTF8), terminator: "")
            }
        }
    }
}
