/// The command line as the work begun before ArgumentParser parses it reads it (the program
/// reads the app's project and decodes `preview`'s tiles on other cores meanwhile, so a command
/// does not wait for the parse and then for the reading): the command's name, the last value
/// given to an option and whether a flag is given, as ArgumentParser takes them (`--option value`
/// or `--option=value`, nothing after a `--`). A guess, checked later: what is started from it is
/// used only where the parsed command asks for exactly that.
public struct EarlyArguments: Sendable {
    /// The words after the program's name.
    public let arguments: [String]

    public init(_ arguments: [String]) {
        self.arguments = arguments
    }

    /// The first word: the command's name (or, for the default command, its first option).
    public var command: String? { arguments.first }

    /// The words before a `--`.
    private var options: ArraySlice<String> { arguments.prefix { $0 != "--" } }

    /// The value of the last `option VALUE` or `option=VALUE` before a `--`.
    public func lastValue(of option: String) -> String? {
        var found: String?
        var index = 0
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            if argument == option, index + 1 < arguments.count {
                found = arguments[index + 1]
                index += 1
            } else if argument.hasPrefix(option + "=") {
                found = String(argument.dropFirst(option.count + 1))
            }
            index += 1
        }
        return found
    }

    /// Whether `flag` is given before a `--`.
    public func contains(_ flag: String) -> Bool {
        options.contains(flag)
    }
}
