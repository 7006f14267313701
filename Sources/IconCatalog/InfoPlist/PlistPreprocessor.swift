import FileAccess
import Foundation

/// Evaluates the C-preprocessor lines Xcode lets an Info.plist have (`INFOPLIST_PREPROCESS`):
/// `#if`/`#ifdef`/`#ifndef`/`#elif`/`#else`/`#endif` with `defined`, `!`, `&&`, `||`,
/// arithmetic and comparisons, `#define`/`#undef`, `#include "file"` of a file beside it,
/// `#error`. Text lines pass through as written (macro names in them are not replaced, so
/// `$(NAME)` references are left for the build-setting expansion that follows), with
/// comments removed as the preprocessor's flags say. Include depth, output size and the
/// work of `#if` expressions are bounded; a problem is an error naming the file and line.
package enum PlistPreprocessor {
    /// Files including files, counted from the plist.
    package static let maximumIncludeDepth = 16
    /// `#if` inside `#if`.
    package static let maximumConditionalNesting = 256
    /// The preprocessed text may be no larger than a plist may be.
    package static var maximumOutputSize: Int { PlistLoader.maximumFileSize }
    static let maximumLines = 1_000_000
    static let maximumExpressionTokens = 10_000
    /// Macros expanding inside macros in one `#if`: real plists nest a handful.
    static let maximumExpansionDepth = 64
    /// Tokens all `#if` expansions of a run may make: a base, plus a few for each byte read,
    /// so that the work stays linear in the files however often a large macro is used.
    static let expansionTokensBase = 100_000
    static let expansionTokensPerByte = 4

    /// How comments in the file are treated, after the flags Xcode passes to `cc -E`.
    package enum Comments: Sendable, Equatable {
        /// `-C`: kept (so `scheme://host` in a string survives).
        case kept
        /// `-traditional`: `/* … */` removed, `//` kept.
        case blockOnly
        /// The default: `/* … */` and `//` comments outside double quotes removed.
        case removed
    }

    /// What a preprocessor run starts with.
    package struct Options: Sendable, Equatable {
        /// Macros defined before the file is read, by name (`-D NAME=value`).
        package var definitions: [String: String]
        /// What happens to comments in the text.
        package var comments: Comments
        /// A file read before the plist, as `-include` does (`INFOPLIST_PREFIX_HEADER`).
        package var prefixHeader: String?
        /// Folder `#include` may not leave; nil: the plist's own folder.
        package var includeBoundary: String?

        /// By default no macros, comments kept (a plist not known to be built with `cc -E` loses nothing).
        package init(definitions: [String: String] = [:], comments: Comments = .kept,
                     prefixHeader: String? = nil, includeBoundary: String? = nil) {
            self.definitions = definitions
            self.comments = comments
            self.prefixHeader = prefixHeader
            self.includeBoundary = includeBoundary
        }

        /// Adds what `INFOPLIST_OTHER_PREPROCESSOR_FLAGS` says: `-C`/`-CC`, `-traditional`,
        /// `-D NAME[=value]`, `-U NAME`.
        package mutating func apply(flags: [String]) {
            comments = .removed
            var index = 0
            while index < flags.count {
                let flag = flags[index]
                index += 1
                switch flag {
                case "-C", "-CC": comments = .kept
                case "-traditional", "-traditional-cpp": if comments != .kept { comments = .blockOnly }
                case "-D", "-U":
                    guard index < flags.count else { continue }
                    apply(definitionFlag: flag, flags[index])
                    index += 1
                default:
                    if flag.hasPrefix("-D") || flag.hasPrefix("-U") {
                        apply(definitionFlag: String(flag.prefix(2)), String(flag.dropFirst(2)))
                    }
                }
            }
        }

        private mutating func apply(definitionFlag: String, _ argument: String) {
            if definitionFlag == "-U" {
                definitions[argument] = nil
            } else {
                definitions.merge(PlistPreprocessor.definitions(fromSetting: [argument])) { _, new in new }
            }
        }
    }

    /// A line that could not be evaluated, in the plist or a file it includes.
    package struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// The file holding the line (an included file's own path).
        package let path: String
        /// 1-based; 0 when the problem is with the file as a whole.
        package let line: Int
        /// What is wrong, e.g. `#endif without #if`.
        package let problem: String

        /// `path:line: problem`.
        package var description: String { line > 0 ? "\(path):\(line): \(problem)" : "\(path): \(problem)" }
    }

    /// `INFOPLIST_PREPROCESSOR_DEFINITIONS` words (`NAME` or `NAME=value`) as macros;
    /// `NAME` alone is `1`, as `-D NAME` makes it.
    package static func definitions(fromSetting words: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for word in words where !word.isEmpty {
            if let equals = word.firstIndex(of: "=") {
                result[String(word[..<equals])] = String(word[word.index(after: equals)...])
            } else {
                result[word] = "1"
            }
        }
        return result
    }

    static let directiveNames: Set<String> = [
        "if", "ifdef", "ifndef", "elif", "else", "endif", "define", "undef", "include", "import",
        "error", "warning", "pragma", "line",
    ]

    /// True when some line starts (after blanks) with `#` and a directive name: a plist
    /// written for the preprocessor rather than one Foundation can read as it is.
    package static func containsDirectives(_ data: Data) -> Bool {
        guard !BinaryPlistGuard.isBinaryPlist(data) else { return false }
        var atLineStart = true
        var index = data.startIndex
        while index < data.endIndex {
            let byte = data[index]
            if byte == 0x0A || byte == 0x0D {
                atLineStart = true
            } else if atLineStart, byte == 0x20 || byte == 0x09 {
                // Still at the start of the line.
            } else if atLineStart, byte == UInt8(ascii: "#") {
                var wordStart = data.index(after: index)
                while wordStart < data.endIndex, data[wordStart] == 0x20 || data[wordStart] == 0x09 {
                    wordStart = data.index(after: wordStart)
                }
                var wordEnd = wordStart
                while wordEnd < data.endIndex, isIdentifierByte(data[wordEnd]) { wordEnd = data.index(after: wordEnd) }
                if directiveNames.contains(String(decoding: data[wordStart..<wordEnd], as: UTF8.self)) { return true }
                atLineStart = false
            } else {
                atLineStart = false
            }
            index = data.index(after: index)
        }
        return false
    }

    static func isIdentifierByte(_ byte: UInt8) -> Bool {
        SettingAssignment.isNameCharacter(Unicode.Scalar(byte))
    }

    /// The text a preprocessor run produces from `data` (the contents of `path`).
    package static func run(_ data: Data, path: String, options: Options = Options()) throws(Failure) -> Data {
        var processor = Processor(options: options,
                                  boundary: ProjectPaths.absolute(options.includeBoundary ?? ProjectPaths.parent(path)))
        if let header = options.prefixHeader {
            try processor.include(header, from: path, line: 0, stack: [])
        }
        try processor.process([UInt8](data), path: path, stack: [])
        return Data(processor.output)
    }

    /// The state of one run: macros, the output so far and the work done.
    struct Processor {
        var macros: [String: Macro] = [:]
        var output: [UInt8] = []
        var lines = 0
        let comments: Comments
        let boundary: String
        /// Tokens `#if` expansions may still make in this run; grows with each file read.
        var expansionBudget = PlistPreprocessor.expansionTokensBase

        struct Macro {
            let value: String
            /// `#define NAME(…)`: known to `defined`, not expandable in `#if`.
            let isFunctionLike: Bool
            /// The value's tokens, made when an `#if` first uses the macro and kept however many
            /// more use it (or why the value is no expression); most macros of a plist are text
            /// no `#if` reads, and are never tokenized.
            var tokens: Result<[ExpressionToken], ExpressionProblem>?

            init(value: String, isFunctionLike: Bool) {
                self.value = value
                self.isFunctionLike = isFunctionLike
            }
        }

        /// One open `#if`: whether its text is kept now, whether a branch was taken, and
        /// whether `#else` was seen.
        struct Conditional {
            let line: Int
            let parentActive: Bool
            var active: Bool
            var taken: Bool
            var sawElse = false
        }

        init(options: Options, boundary: String) {
            comments = options.comments
            self.boundary = boundary
            for (name, value) in options.definitions {
                macros[name] = Macro(value: value, isFunctionLike: false)
            }
        }

        /// Works on bytes: every character that matters here is ASCII, and UTF-8 never puts
        /// an ASCII byte inside another character.
        mutating func process(_ bytes: [UInt8], path: String, stack: [String]) throws(Failure) {
            let (more, overflow) = bytes.count.multipliedReportingOverflow(by: PlistPreprocessor.expansionTokensPerByte)
            let (budget, sumOverflow) = expansionBudget.addingReportingOverflow(more)
            expansionBudget = overflow || sumOverflow ? .max : budget
            var conditionals: [Conditional] = []
            var inBlockComment = false
            let physical = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
            var index = 0
            while index < physical.count {
                let number = index + 1
                var line = physical[index]
                index += 1
                lines += 1
                guard lines <= PlistPreprocessor.maximumLines else {
                    throw Failure(path: path, line: number, problem: "more than \(PlistPreprocessor.maximumLines) lines to preprocess")
                }
                let active = conditionals.last?.active ?? true
                let indented = line.drop { $0 == 0x20 || $0 == 0x09 }
                if !inBlockComment, indented.first == UInt8(ascii: "#") {
                    // A directive, with `\`-continued lines joined.
                    var joined = Array(indented.dropFirst())
                    while joined.last == UInt8(ascii: "\\") || (joined.last == 0x0D && joined.dropLast().last == UInt8(ascii: "\\")),
                          index < physical.count {
                        joined.removeLast(joined.last == 0x0D ? 2 : 1)
                        joined += physical[index]
                        index += 1
                        lines += 1
                    }
                    let directive = Self.removeComments(joined[...], mode: .removed, inBlockComment: &inBlockComment)
                    try handle(directive: String(decoding: directive, as: UTF8.self), path: path, line: number, active: active,
                               conditionals: &conditionals, stack: stack)
                    try emit([0x0A], path: path, line: number)
                    continue
                }
                line = Self.removeComments(line, mode: comments, inBlockComment: &inBlockComment)
                guard active else { continue }
                try emit(line, path: path, line: number)
                if index < physical.count { try emit([0x0A], path: path, line: number) }
            }
            if let open = conditionals.last {
                throw Failure(path: path, line: open.line, problem: "#if without #endif")
            }
        }

        private mutating func emit(_ bytes: some Collection<UInt8>, path: String, line: Int) throws(Failure) {
            guard output.count + bytes.count <= PlistPreprocessor.maximumOutputSize else {
                throw Failure(path: path, line: line,
                              problem: "preprocessing makes more than \(PlistPreprocessor.maximumOutputSize) bytes")
            }
            output.append(contentsOf: bytes)
        }

        private mutating func handle(directive text: String, path: String, line: Int, active: Bool,
                                     conditionals: inout [Conditional], stack: [String]) throws(Failure) {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let nameEnd = trimmed.firstIndex { !SettingAssignment.isNameCharacter($0.unicodeScalars.first!) } ?? trimmed.endIndex
            let name = String(trimmed[..<nameEnd])
            let argument = trimmed[nameEnd...].trimmingCharacters(in: .whitespaces)
            func fail(_ problem: String) -> Failure { Failure(path: path, line: line, problem: problem) }

            switch name {
            case "if", "ifdef", "ifndef":
                guard conditionals.count < PlistPreprocessor.maximumConditionalNesting else {
                    throw fail("#if nested more than \(PlistPreprocessor.maximumConditionalNesting) deep")
                }
                var value = false
                if active {
                    if name == "if" {
                        value = try evaluate(argument, path: path, line: line) != 0
                    } else {
                        guard let macro = Self.leadingIdentifier(argument) else { throw fail("#\(name) needs a macro name") }
                        value = (macros[macro] != nil) == (name == "ifdef")
                    }
                }
                conditionals.append(Conditional(line: line, parentActive: active, active: active && value, taken: value))
            case "elif":
                guard var current = conditionals.popLast() else { throw fail("#elif without #if") }
                guard !current.sawElse else { throw fail("#elif after #else") }
                if current.parentActive, !current.taken {
                    let value = try evaluate(argument, path: path, line: line) != 0
                    current.active = value
                    current.taken = value
                } else {
                    current.active = false
                }
                conditionals.append(current)
            case "else":
                guard var current = conditionals.popLast() else { throw fail("#else without #if") }
                guard !current.sawElse else { throw fail("#else after #else") }
                current.sawElse = true
                current.active = current.parentActive && !current.taken
                current.taken = true
                conditionals.append(current)
            case "endif":
                guard conditionals.popLast() != nil else { throw fail("#endif without #if") }
            case _ where !active:
                return
            case "":
                return
            case "define":
                guard let macro = Self.leadingIdentifier(argument) else { throw fail("#define needs a macro name") }
                let rest = argument.dropFirst(macro.count)
                macros[macro] = Macro(value: rest.trimmingCharacters(in: .whitespaces), isFunctionLike: rest.hasPrefix("("))
            case "undef":
                guard let macro = Self.leadingIdentifier(argument) else { throw fail("#undef needs a macro name") }
                macros[macro] = nil
            case "include", "import":
                if argument.hasPrefix("<") {
                    guard argument == "<TargetConditionals.h>" else {
                        throw fail("#\(name) \(argument): system headers are not available here")
                    }
                    defineTargetConditionals()
                    return
                }
                guard argument.count >= 2, argument.hasPrefix("\""), argument.hasSuffix("\"") else {
                    throw fail("#\(name) needs a file name in double quotes")
                }
                try include(String(argument.dropFirst().dropLast()), from: path, line: line, stack: stack)
            case "error":
                throw fail("#error \(argument)")
            case "warning", "pragma", "line", "ident":
                return
            default:
                throw fail("#\(name) is not a preprocessor directive")
            }
        }

        /// Reads `file` (relative to the including file's folder) in place of the line.
        mutating func include(_ file: String, from path: String, line: Int, stack: [String]) throws(Failure) {
            let resolved = ProjectPaths.normalize(ProjectPaths.join(ProjectPaths.parent(ProjectPaths.absolute(path)), file))
            func fail(_ problem: String) -> Failure { Failure(path: path, line: line, problem: problem) }
            switch ProjectPaths.containment(of: resolved, folder: boundary, realFolder: nil) {
            case .inside: break
            case .outside: throw fail("#include \"\(file)\" leads outside \(boundary); it is not read")
            case .linkLeadingOutside: throw fail("#include \"\(file)\" is a link leading outside \(boundary); it is not read")
            }
            guard stack.count < PlistPreprocessor.maximumIncludeDepth else {
                throw fail("#include nested more than \(PlistPreprocessor.maximumIncludeDepth) deep")
            }
            guard !stack.contains(resolved) else { throw fail("#include \"\(file)\" includes itself") }
            let data: Data
            do {
                data = try BoundedFile.read(resolved, limit: PlistLoader.maximumFileSize)
            } catch {
                throw fail("#include \"\(file)\": \(error.reason(limit: PlistLoader.maximumFileSize))")
            }
            try process([UInt8](data), path: resolved, stack: stack + [resolved])
        }

        /// What `<TargetConditionals.h>` defines for an iOS device.
        private mutating func defineTargetConditionals() {
            let values = ["TARGET_OS_MAC": "1", "TARGET_OS_IPHONE": "1", "TARGET_OS_IOS": "1", "TARGET_OS_OSX": "0",
                          "TARGET_OS_WATCH": "0", "TARGET_OS_TV": "0", "TARGET_OS_VISION": "0",
                          "TARGET_OS_SIMULATOR": "0", "TARGET_OS_MACCATALYST": "0", "TARGET_OS_EMBEDDED": "1"]
            for (name, value) in values where macros[name] == nil {
                macros[name] = Macro(value: value, isFunctionLike: false)
            }
        }

        static func leadingIdentifier(_ text: some StringProtocol) -> String? {
            guard let first = text.unicodeScalars.first, SettingAssignment.isNameStart(first) else { return nil }
            return String(String.UnicodeScalarView(text.unicodeScalars.prefix { SettingAssignment.isNameCharacter($0) }))
        }

        /// `line` without comments; `inBlockComment` carries an open `/*` to the next line.
        static func removeComments(_ line: ArraySlice<UInt8>, mode: Comments, inBlockComment: inout Bool) -> ArraySlice<UInt8> {
            let slash = UInt8(ascii: "/"), star = UInt8(ascii: "*"), quote = UInt8(ascii: "\"")
            guard mode != .kept, inBlockComment || line.contains(slash) else { return line }
            var result: [UInt8] = []
            result.reserveCapacity(line.count)
            var inString = false
            var index = line.startIndex
            while index < line.endIndex {
                let byte = line[index]
                let next: UInt8? = index + 1 < line.endIndex ? line[index + 1] : nil
                index += 1
                if inBlockComment {
                    if byte == star, next == slash {
                        index += 1
                        inBlockComment = false
                        result.append(0x20)
                    }
                    continue
                }
                if byte == quote { inString.toggle() }
                if !inString, byte == slash, next == star {
                    index += 1
                    inBlockComment = true
                    continue
                }
                if !inString, mode == .removed, byte == slash, next == slash { break }
                result.append(byte)
            }
            return result[...]
        }

        /// The value of a `#if` expression.
        mutating func evaluate(_ text: String, path: String, line: Int) throws(Failure) -> Int64 {
            func fail(_ problem: String) -> Failure { Failure(path: path, line: line, problem: problem) }
            var tokens: [ExpressionToken] = []
            do {
                var expanding: Set<String> = []
                try expand(ExpressionToken.tokenize(text), expanding: &expanding, depth: 0, into: &tokens)
            } catch let problem {
                throw fail(problem.message)
            }
            guard !tokens.isEmpty else { throw fail("#if with no expression") }
            var parser = ExpressionParser(tokens: tokens)
            let value: Int64
            do {
                value = try parser.conditional(depth: 0)
            } catch let problem {
                throw fail(problem.message)
            }
            guard parser.isAtEnd else { throw fail("unexpected “\(parser.current)” in #if") }
            return value
        }

        /// Replaces macro names by their values (after `defined` has been applied), not
        /// expanding a macro inside its own expansion, appending to `result`. `expanding` is
        /// the chain of macros being expanded, shared down the chain (a copy per level made
        /// a chain of n macros cost n² memory); the chain's depth, the expression's tokens and
        /// the tokens of every expansion in the run are bounded.
        private mutating func expand(_ tokens: [ExpressionToken], expanding: inout Set<String>, depth: Int,
                                     into result: inout [ExpressionToken]) throws(ExpressionProblem) {
            guard depth <= PlistPreprocessor.maximumExpansionDepth else {
                throw ExpressionProblem(message: "#if expands macros inside macros more than \(PlistPreprocessor.maximumExpansionDepth) deep")
            }
            var index = 0
            while index < tokens.count {
                let token = tokens[index]
                index += 1
                guard case .identifier(let name) = token else {
                    result.append(token)
                    continue
                }
                if name == "defined" {
                    var operand = index
                    let parenthesised = operand < tokens.count && tokens[operand] == .punctuation("(")
                    if parenthesised { operand += 1 }
                    guard operand < tokens.count, case .identifier(let macro) = tokens[operand] else {
                        throw ExpressionProblem(message: "defined needs a macro name")
                    }
                    operand += 1
                    if parenthesised {
                        guard operand < tokens.count, tokens[operand] == .punctuation(")") else {
                            throw ExpressionProblem(message: "defined( without its closing )")
                        }
                        operand += 1
                    }
                    result.append(.number(macros[macro] != nil ? 1 : 0))
                    index = operand
                } else if let macro = macros[name], !expanding.contains(name) {
                    guard !macro.isFunctionLike else {
                        throw ExpressionProblem(message: "function-like macro \(name) is not supported in #if")
                    }
                    let tokens = macro.tokens ?? Result { () throws(ExpressionProblem) in try ExpressionToken.tokenize(macro.value) }
                    if macro.tokens == nil { macros[name]?.tokens = tokens }
                    let value = try tokens.get()
                    guard value.count <= expansionBudget else { throw Self.overBudget }
                    expansionBudget -= value.count
                    expanding.insert(name)
                    try expand(value, expanding: &expanding, depth: depth + 1, into: &result)
                    expanding.remove(name)
                } else {
                    result.append(.number(0))
                }
                guard result.count <= PlistPreprocessor.maximumExpressionTokens else {
                    throw ExpressionProblem(message: "#if expression expands to more than \(PlistPreprocessor.maximumExpressionTokens) tokens")
                }
            }
        }

        private static var overBudget: ExpressionProblem {
            ExpressionProblem(message: "#if expressions expand macros to more tokens than the files' size allows "
                + "(\(PlistPreprocessor.expansionTokensPerByte) a byte); the expansion is refused")
        }
    }
}
