import IconCatalog

/// Where the program starts. A completion request (`---completion`, sent by the shell scripts on
/// every TAB) has stderr sent to /dev/null before anything runs, so nothing, not even
/// ArgumentParser's own error for a request it cannot read, lands on the user's command line.
/// An `--app` naming an Xcode project has its project files read on another core while
/// ArgumentParser parses the command line (a few milliseconds either way; see
/// `CatalogReader.prepare`).
@main
enum EntryPoint {
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "---completion" {
            ValueCompletion.silenceErrors()
        } else if let app = appArgument(in: arguments) {
            CatalogReader.prepare(app: app)
        }
        await IconChooser.main()
    }

    /// The value of the last `--app PATH` or `--app=PATH` before a `--`, as ArgumentParser takes it.
    static func appArgument(in arguments: [String]) -> String? {
        var found: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == "--app", index + 1 < arguments.count {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix("--app=") {
                found = String(argument.dropFirst("--app=".count))
            }
            index += 1
        }
        return found
    }
}
