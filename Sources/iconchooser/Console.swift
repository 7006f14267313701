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

    static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Whether the locale can show non-ASCII text (✓, ×); plain ASCII otherwise.
    static var isUTF8: Bool { TerminalEnvironment.isUTF8(environment: ProcessInfo.processInfo.environment) }
}

/// Why a command failed: one line for stderr and the exit status. Thrown where the failure is
/// found, printed once by the entry point (`EntryPoint.run`), so a caller may still add to it
/// or recover, and nothing is printed twice.
struct CommandFailure: Error, Equatable, CustomStringConvertible {
    let message: String
    let exitCode: ExitStatus

    init(_ message: String, exitCode: ExitStatus) {
        self.message = message
        self.exitCode = exitCode
    }

    var description: String { message }
}
