import TerminalText

/// What an SSH `exec` request may run: only the scriptable commands, for the session's
/// own user. The request's text is split like a shell would split plain words and quotes,
/// but never given to a shell.
public enum RemoteCommand: Equatable, Sendable {
    case list(json: Bool)
    case current(json: Bool)
    /// nil: back to the primary icon.
    case set(name: String?)

    /// The subcommand, for logs and the command line.
    public var name: String {
        switch self {
        case .list: "list"
        case .current: "current"
        case .set: "set"
        }
    }

    /// The `iconchooser` arguments that carry it out, with `options` (the app and state
    /// options the server adds) before any operand, so a name can never be read as one.
    public func arguments(with options: [String]) -> [String] {
        switch self {
        case .list(let json): ["list"] + options + (json ? ["--json"] : [])
        case .current(let json): ["current"] + options + (json ? ["--json"] : [])
        case .set(let name?): ["set"] + options + ["--", name]
        case .set(nil): ["set"] + options + ["--primary"]
        }
    }

    /// Why a request was turned down, worded for the person who typed it.
    public struct Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    static let usage = "only `list [--json]`, `current [--json]`, `set NAME` and `set --primary` can be run here; connect with `ssh -t` for the chooser"

    public static func parse(_ text: String) -> Result<RemoteCommand, Refusal> {
        let shown = DisplayWidth.truncate(TextSanitizer.clean(text), to: 60)
        guard let words = split(text) else {
            return .failure(Refusal(description: "“\(shown)” has an unclosed quote; \(usage)"))
        }
        switch words {
        case ["list"]: return .success(.list(json: false))
        case ["list", "--json"]: return .success(.list(json: true))
        case ["current"]: return .success(.current(json: false))
        case ["current", "--json"]: return .success(.current(json: true))
        case ["set", "--primary"]: return .success(.set(name: nil))
        default:
            if words.count == 2, words[0] == "set", !words[1].hasPrefix("-"), !words[1].isEmpty {
                return .success(.set(name: words[1]))
            }
            if words.count == 3, words[0] == "set", words[1] == "--", !words[2].isEmpty {
                return .success(.set(name: words[2]))
            }
            return .failure(Refusal(description: "“\(shown)” is not allowed: \(usage)"))
        }
    }

    /// Shell-like words: blanks separate, '…' is literal, "…" and \ escape. nil when a quote is left open.
    static func split(_ text: String) -> [String]? {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        var escaped = false
        for character in text {
            if escaped {
                current.append(character)
                escaped = false
                continue
            }
            switch (quote, character) {
            case ("'", "'"), ("\"", "\""):
                quote = nil
            case ("'", _):
                current.append(character)
            case ("\"", "\\"), (nil, "\\"):
                escaped = true
                inWord = true
            case ("\"", _):
                current.append(character)
            case (nil, "'"), (nil, "\""):
                quote = character
                inWord = true
            case (nil, " "), (nil, "\t"), (nil, "\n"):
                if inWord { words.append(current) }
                current = ""
                inWord = false
            default:
                current.append(character)
                inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(current) }
        return words
    }
}
