import ArgumentParser
import Foundation
import IconCatalog
import TerminalDetection
import TerminalText

/// Output conventions shared by the commands: results on stdout, diagnostics on stderr
/// as one line each, every untrusted string cleaned before it is printed.
enum Console {
    static func error(_ message: String) {
        writeError("iconchooser: error: \(TextSanitizer.clean(message))\n")
    }

    static func warning(_ message: String) {
        writeError("iconchooser: warning: \(TextSanitizer.clean(message))\n")
    }

    /// Prints the error and returns the exit code to throw.
    static func fail(_ message: String, code: Int32) -> ExitCode {
        error(message)
        return ExitCode(code)
    }

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// JSON for scripts: stable key order, and every control or bidi character escaped.
    static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encode(value), as: UTF8.self)
        return TextSanitizer.escapeForJSON(text)
    }

    /// Whether the locale can show non-ASCII text (✓, ×); plain ASCII otherwise.
    static var isUTF8: Bool { TerminalEnvironment.isUTF8(environment: ProcessInfo.processInfo.environment) }
}
