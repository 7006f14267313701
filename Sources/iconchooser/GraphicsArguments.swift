import ArgumentParser
import Foundation
import TerminalDetection

/// `--graphics`, shared by the chooser and `preview`: how icons are shown, detected or forced.
struct GraphicsArguments: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "Pictures: auto (ask the terminal), kitty, sixel, iterm2 or symbols (default: $ICONCHOOSER_GRAPHICS, else auto).",
        valueName: "mode"))
    var graphics: String?

    func validate() throws {
        if let graphics, GraphicsChoice(name: graphics) == nil {
            throw ValidationError("--graphics expects one of \(GraphicsChoice.names.joined(separator: ", ")), not “\(graphics)”")
        }
    }

    /// `--graphics`, else `ICONCHOOSER_GRAPHICS`, else auto; a bad variable is a usage error.
    func choice(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> GraphicsChoice {
        if let graphics, let choice = GraphicsChoice(name: graphics) { return choice }
        do {
            return try GraphicsChoice.fromEnvironment(environment) ?? .auto
        } catch {
            throw Console.fail(error.description, code: 64)
        }
    }
}
