/// The command line a shell hands to a completion request: its words as typed, quotes and
/// backslashes still in them, and which word is being completed. A completion reads the options
/// already on the line from it (the app named with `--app`, its idiom), so the values it offers
/// belong to that app. It never fails: what it cannot read it reports as unreadable.
public struct CompletionLine: Sendable, Equatable {
    public let words: [String]
    /// The index in `words` of the word being completed; it is unfinished, so never read as a value.
    public let completing: Int

    public init(words: [String], completing: Int) {
        self.words = words
        self.completing = completing
    }

    /// Options whose value cannot be known without running the shell (`--app $HOME/x`).
    public struct Unreadable: Error, Equatable {
        public let word: String
    }

    /// The values given to the long option `name` (`--app PATH` or `--app=PATH`, which bash hands
    /// over as three words, `=` splitting them), in order, as the program would receive them.
    /// Words after `--` are operands, and the first word is the command.
    public func values(of name: String, home: String?) throws(Unreadable) -> [String] {
        var found: [String] = []
        var index = 1
        while index < words.count {
            defer { index += 1 }
            let word = words[index]
            if word == "--" && index != completing { break }
            guard index != completing else { continue }
            let raw: String
            if word == name {
                let next = index + (index + 2 < words.count && words[index + 1] == "=" ? 2 : 1)
                guard next < words.count, next != completing else { continue }
                raw = words[next]
                index = next
            } else if word.hasPrefix(name + "=") {
                raw = String(word.dropFirst(name.count + 1))
            } else {
                continue
            }
            guard let value = ShellWord.unquoted(raw, home: home) else { throw Unreadable(word: raw) }
            found.append(value)
        }
        return found
    }

    /// The options among `names` given on the line, as arguments to parse again (`["--app", "X"]`),
    /// so the options' own type reads them with its own rules and defaults.
    public func arguments(for names: [String], home: String?) throws(Unreadable) -> [String] {
        var arguments: [String] = []
        for name in names {
            for value in try values(of: name, home: home) {
                arguments += [name, value]
            }
        }
        return arguments
    }
}

/// One shell word as a program would receive it: quotes removed, backslash escapes resolved, a
/// leading `~` or `~/` expanded to the home folder. Words whose meaning depends on the shell's
/// state (`$VAR`, `` `cmd` ``, `$(cmd)`, `~user`) are nil: guessing would name the wrong file.
public enum ShellWord {
    public static func unquoted(_ word: String, home: String?) -> String? {
        var scalars = Substring(word).unicodeScalars[...]
        var out = String.UnicodeScalarView()
        if scalars.first == "~" {
            scalars = scalars.dropFirst()
            guard scalars.isEmpty || scalars.first == "/", let home else { return nil }
            out.append(contentsOf: home.unicodeScalars)
        }
        enum Quote { case none, single, double }
        var quote = Quote.none
        while let scalar = scalars.popFirst() {
            switch (quote, scalar) {
            case (.single, "'"): quote = .none
            case (.single, _): out.append(scalar)
            case (_, "$"), (_, "`"): return nil
            case (.none, "'"): quote = .single
            case (.none, "\""): quote = .double
            case (.double, "\""): quote = .none
            case (.none, "\\"):
                if let escaped = scalars.popFirst(), escaped != "\n" { out.append(escaped) }
            case (.double, "\\"):
                guard let escaped = scalars.popFirst() else { out.append(scalar); break }
                switch escaped {
                case "$", "`", "\"", "\\": out.append(escaped)
                case "\n": break
                default: out.append(scalar); out.append(escaped)
                }
            default: out.append(scalar)
            }
        }
        return String(out)
    }
}
