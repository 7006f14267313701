import ArgumentParser
import Foundation
import TerminalDetection

extension GraphicsChoice: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { names }
    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}

/// `--graphics`, shared by the chooser and `preview`: how icons are shown, detected or forced.
struct GraphicsArguments: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Pictures: auto asks the terminal, symbols draws none in pixels (default: $ICONCHOOSER_GRAPHICS, else auto).",
        valueName: "mode"))
    var graphics: GraphicsChoice?

    /// `--graphics`, else `ICONCHOOSER_GRAPHICS`, else auto; a bad variable is a usage error.
    func choice(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GraphicsChoice {
        if let graphics { return graphics }
        do {
            return try GraphicsChoice.fromEnvironment(environment) ?? .auto
        } catch {
            throw CommandFailure(error.description, exitCode: .usage)
        }
    }
}
