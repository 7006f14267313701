import ArgumentParser
import IconCatalog

extension IconChooser {
    /// `iconchooser set NAME` / `--primary`: `setAlternateIconName(_:)` for scripts.
    struct SetIcon: AsyncParsableCommand, StartedCommand {
        static let configuration = CommandConfiguration(
            commandName: "set",
            abstract: "Make an alternate icon (or, with --primary, the primary icon) current.")

        @OptionGroup var options: AppOptions

        @Argument(help: "The alternate icon's name, as in CFBundleAlternateIcons.",
                  completion: ValueCompletion.alternateIconNames)
        var name: String?

        @Flag(name: .long, help: "Go back to the primary icon.")
        var primary = false

        func validate() throws {
            switch (name, primary) {
            case (nil, false): throw ValidationError("give an icon NAME, or --primary")
            case (.some, true): throw ValidationError("give either an icon NAME or --primary, not both")
            default: break
            }
        }

        func run() async throws { try await run(CommandStart()) }

        func run(_ start: CommandStart) async throws {
            let manager = try options.loadManager(lookingForFiles: false, opener: start.opener)
            do {
                try await manager.setAlternateIconName(primary ? nil : name)
            } catch {
                throw CommandFailure(error.description, exitCode: .failure)
            }
        }
    }
}
