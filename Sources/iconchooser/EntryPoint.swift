import ArgumentParser
import CommandLineSupport
import Foundation
import IconArt
import IconCatalog
import SymbolArt

/// Where the program starts. A completion request (`---completion`, sent by the shell scripts on
/// every TAB) has stderr sent to /dev/null before anything runs, so nothing, not even
/// ArgumentParser's own error for a request it cannot read, lands on the user's command line.
/// An `--app` naming an Xcode project has its project files read on another core while
/// ArgumentParser parses the command line (a few milliseconds either way; see
/// `AppOpener.prepare`), and `preview` decodes its pictures meanwhile
/// (`IconChooser.Preview.readAhead`); what was started is handed to the command (`CommandStart`).
/// That work starts from the command line as `EarlyArguments` reads it, since ArgumentParser
/// has no way to hand out an option before it has parsed them all.
@main
enum EntryPoint {
    static func main() async {
        let early = EarlyArguments(Array(CommandLine.arguments.dropFirst()))
        let start = CommandStart(command: early.command)
        if early.command == "---completion" {
            ValueCompletion.silenceErrors()
        } else {
            let app = early.lastValue(of: "--app")
            if let app { start.opener.prepare(app: opensByAbsolutePath(early.arguments) ? AppOptions.absolute(app) : app) }
            if let tiles = start.tiles { IconChooser.Preview.readAhead(early, app: app, into: tiles) }
        }
        await run(start)
    }

    /// ArgumentParser's `main`, with the program's own failures printed here, once: the
    /// message as `iconchooser: error: …` and its exit status. Usage errors, `--help` and
    /// the exit status a command returns go through ArgumentParser's own handling.
    static func run(_ start: CommandStart) async {
        do {
            var command = try IconChooser.parseAsRoot()
            if let started = command as? any StartedCommand {
                try await started.run(start)
            } else if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch let failure as CommandFailure {
            Console.error(failure.message)
            exit(failure.exitCode.rawValue)
        } catch {
            IconChooser.exit(withError: error)
        }
    }
}

/// What the program started before its command line was parsed, for the command that runs:
/// the opener that may be reading `--app` already, `preview`'s tiles decoded meanwhile, and
/// the seconds of SVG drawing the command's Icon Composer bundles share. A command run any
/// other way (`run()`) starts with a new opener, no tiles and no shared seconds.
struct CommandStart: Sendable {
    var opener = AppOpener()
    var tiles: TileCanvasReadAhead?
    /// Set for the one-shot commands that draw icons (`preview`, `lint`), which so end in time
    /// whatever SVG layers they meet; the chooser renders for as long as it runs, each icon in
    /// its own time.
    var svgTime: SVGTimeBudget?
}

extension CommandStart {
    /// What the command named `command` (the first argument) starts with.
    init(command: String?) {
        self.init(tiles: command == "preview" ? TileCanvasReadAhead() : nil,
                  svgTime: ["preview", "lint"].contains(command) ? SVGTimeBudget(seconds: SVGTimeBudget.commandSeconds) : nil)
    }
}

/// A command that opens the app: run with what the program started for it.
protocol StartedCommand {
    func run(_ start: CommandStart) async throws
}

/// A command that writes the app's files, and so opens it by its absolute path (`AppOptions.resolved`).
protocol EditingCommand {
    /// True when these arguments (after the command's name) ask it to write.
    static func writes(_ arguments: ArraySlice<String>) -> Bool
}

extension EntryPoint {
    /// True when the command line's command opens the app by its absolute path, which its
    /// read-ahead must then be begun with to be taken.
    static func opensByAbsolutePath(_ arguments: [String]) -> Bool {
        guard let name = arguments.first,
              let command = IconChooser.configuration.subcommands.first(where: { $0._commandName == name }),
              let editing = command as? any EditingCommand.Type else { return false }
        return editing.writes(arguments.dropFirst())
    }
}
