// The integer expressions of `#if` and `#elif` lines, as the C preprocessor reads them
// after macros are expanded: tokens, then precedence climbing over C's operators.

struct ExpressionProblem: Error {
    let message: String
}

enum ExpressionToken: Equatable, CustomStringConvertible {
    case number(Int64)
    case identifier(String)
    case punctuation(String)

    var description: String {
        switch self {
        case .number(let value): return String(value)
        case .identifier(let name): return name
        case .punctuation(let text): return text
        }
    }

    static let punctuators = ["<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
                              "(", ")", "!", "~", "-", "+", "*", "/", "%", "<", ">", "&", "^", "|", "?", ":", ","]

    private static let singlePunctuators = Set(punctuators.filter { $0.unicodeScalars.count == 1 })
    private static let pairPunctuators = Set(punctuators.filter { $0.unicodeScalars.count == 2 })

    /// The punctuator at `index`, the longest first, without making an array per candidate.
    private static func punctuator(_ scalars: [Unicode.Scalar], at index: Int) -> String? {
        if index + 1 < scalars.count {
            var pair = String(scalars[index])
            pair.unicodeScalars.append(scalars[index + 1])
            if pairPunctuators.contains(pair) { return pair }
        }
        let single = String(scalars[index])
        return singlePunctuators.contains(single) ? single : nil
    }

    static func tokenize(_ text: String) throws(ExpressionProblem) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" || scalar == "\r" {
                index += 1
            } else if scalar >= "0" && scalar <= "9" {
                var end = index
                while end < scalars.count, SettingAssignment.isNameCharacter(scalars[end]) { end += 1 }
                var literal = String(String.UnicodeScalarView(scalars[index..<end])).lowercased()
                while let last = literal.last, last == "u" || last == "l" { literal.removeLast() }
                let value: Int64?
                if literal.hasPrefix("0x") {
                    value = UInt64(literal.dropFirst(2), radix: 16).map { Int64(bitPattern: $0) }
                } else if literal.count > 1, literal.hasPrefix("0") {
                    value = UInt64(literal.dropFirst(), radix: 8).map { Int64(bitPattern: $0) }
                } else {
                    value = UInt64(literal).map { Int64(bitPattern: $0) }
                }
                guard let value else { throw ExpressionProblem(message: "“\(literal)” is not a number") }
                tokens.append(.number(value))
                index = end
            } else if SettingAssignment.isNameStart(scalar) {
                var end = index
                while end < scalars.count, SettingAssignment.isNameCharacter(scalars[end]) { end += 1 }
                tokens.append(.identifier(String(String.UnicodeScalarView(scalars[index..<end]))))
                index = end
            } else if scalar == "'", index + 2 < scalars.count, scalars[index + 2] == "'" {
                tokens.append(.number(Int64(scalars[index + 1].value)))
                index += 3
            } else if let punctuator = punctuator(scalars, at: index) {
                tokens.append(.punctuation(punctuator))
                index += punctuator.unicodeScalars.count
            } else {
                throw ExpressionProblem(message: "“\(scalar)” cannot be in a #if expression")
            }
        }
        return tokens
    }
}

/// Precedence climbing over C's operators, with 64-bit wrapping arithmetic.
struct ExpressionParser {
    let tokens: [ExpressionToken]
    var index = 0
    static let maximumDepth = 256

    init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    var isAtEnd: Bool { index >= tokens.count }
    var current: String { isAtEnd ? "end of line" : tokens[index].description }

    private mutating func take(_ punctuator: String) -> Bool {
        guard !isAtEnd, tokens[index] == .punctuation(punctuator) else { return false }
        index += 1
        return true
    }

    mutating func conditional(depth: Int) throws(ExpressionProblem) -> Int64 {
        guard depth < Self.maximumDepth else { throw ExpressionProblem(message: "#if expression nested too deep") }
        let condition = try binary(precedence: 0, depth: depth + 1)
        guard take("?") else { return condition }
        let whenTrue = try conditional(depth: depth + 1)
        guard take(":") else { throw ExpressionProblem(message: "“?” without “:” in #if") }
        let whenFalse = try conditional(depth: depth + 1)
        return condition != 0 ? whenTrue : whenFalse
    }

    private static let levels: [[String]] = [
        ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="], ["<<", ">>"], ["+", "-"], ["*", "/", "%"],
    ]

    private mutating func binary(precedence: Int, depth: Int) throws(ExpressionProblem) -> Int64 {
        guard precedence < Self.levels.count else { return try unary(depth: depth) }
        var left = try binary(precedence: precedence + 1, depth: depth)
        while !isAtEnd, case .punctuation(let op) = tokens[index], Self.levels[precedence].contains(op) {
            index += 1
            let right = try binary(precedence: precedence + 1, depth: depth)
            left = try Self.apply(op, left, right)
        }
        return left
    }

    private static func apply(_ op: String, _ left: Int64, _ right: Int64) throws(ExpressionProblem) -> Int64 {
        switch op {
        case "||": return (left != 0 || right != 0) ? 1 : 0
        case "&&": return (left != 0 && right != 0) ? 1 : 0
        case "|": return left | right
        case "^": return left ^ right
        case "&": return left & right
        case "==": return left == right ? 1 : 0
        case "!=": return left != right ? 1 : 0
        case "<": return left < right ? 1 : 0
        case ">": return left > right ? 1 : 0
        case "<=": return left <= right ? 1 : 0
        case ">=": return left >= right ? 1 : 0
        case "<<": return left << (right & 63)
        case ">>": return left >> (right & 63)
        case "+": return left &+ right
        case "-": return left &- right
        case "*": return left &* right
        case "/", "%":
            guard right != 0 else { throw ExpressionProblem(message: "division by zero in #if") }
            guard !(left == .min && right == -1) else { return op == "/" ? .min : 0 }
            return op == "/" ? left / right : left % right
        default: throw ExpressionProblem(message: "“\(op)” is not an operator")
        }
    }

    private mutating func unary(depth: Int) throws(ExpressionProblem) -> Int64 {
        guard depth < Self.maximumDepth else { throw ExpressionProblem(message: "#if expression nested too deep") }
        guard !isAtEnd else { throw ExpressionProblem(message: "#if expression ends too early") }
        let token = tokens[index]
        index += 1
        switch token {
        case .number(let value):
            return value
        case .identifier:
            return 0
        case .punctuation("("):
            let value = try conditional(depth: depth + 1)
            guard take(")") else { throw ExpressionProblem(message: "“(” without “)” in #if") }
            return value
        case .punctuation("!"): return try unary(depth: depth + 1) == 0 ? 1 : 0
        case .punctuation("~"): return ~(try unary(depth: depth + 1))
        case .punctuation("-"): return 0 &- (try unary(depth: depth + 1))
        case .punctuation("+"): return try unary(depth: depth + 1)
        case .punctuation(let text):
            throw ExpressionProblem(message: "unexpected “\(text)” in #if")
        }
    }
}
