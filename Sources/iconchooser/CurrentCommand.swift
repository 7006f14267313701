import ArgumentParser
import CommandLineSupport
import IconCatalog
import TerminalText

extension IconChooser {
    /// `iconchooser current`: the name `alternateIconName` would return.
    struct Current: ParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "current",
            abstract: "Print the current alternate icon's name (an empty line for the primary icon).")

        @OptionGroup var options: AppOptions

        @Flag(name: .long, help: "Print JSON instead of text.")
        var json = false

        struct Report: Encodable {
            let alternateIconName: String?
            func encode(to encoder: Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(alternateIconName, forKey: .alternateIconName)
            }
            enum CodingKeys: String, CodingKey { case alternateIconName }
        }

        func run() throws { try run(CommandStart()) }

        func run(_ start: CommandStart) throws {
            let choice = try options.loadManager(lookingForFiles: false, opener: start.opener).currentChoice()
            choice.warnings.forEach { Console.warning($0.description) }
            if json {
                print(try PrettyJSONWriter.text(of: Report(alternateIconName: choice.name)))
            } else {
                print(TextSanitizer.clean(choice.name ?? ""))
            }
        }
    }
}
