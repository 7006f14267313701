import ArgumentParser
import DemoServer
import Dispatch
import Foundation
import IconCatalog
import IconChoice
import TerminalText

extension IconChooser {
    /// `iconchooser serve`: the chooser as an SSH demo (`ssh -t -p 2222 host` lands in it).
    struct Serve: AsyncParsableCommand, StartedCommand {
        // Named here: without it, ArgumentParser derives the name from the type's on every parse (a
        // String(describing:) whose dynamic casts cost every command about half a millisecond).
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve the chooser over SSH: every visitor lands in it with an icon choice of their own.",
            discussion: """
                Public-key logins only (never passwords): the keys in --authorized-keys, or any key \
                with --allow-anyone. Each key (by its SHA256 fingerprint) keeps its own choice, unless \
                --shared-state. `ssh -t -p PORT HOST` opens the chooser; `ssh -p PORT HOST list`, \
                `current` and `set NAME` run those commands for that key; nothing else runs. \
                A new ed25519 host key is made on first start and reused after; its fingerprint is \
                printed. SIGTERM ends every session with a message and exits 0.
                """)

        @OptionGroup var options: AppOptions

        @Option(name: .long, help: ArgumentHelp("Address and port to listen on (port 0: any free port).", valueName: "host:port"))
        var listen = "127.0.0.1:2222"

        @Option(name: .long, help: ArgumentHelp(
            "The server's ed25519 host key, in OpenSSH format; created (mode 0600) if missing (default: host_ed25519_key in the serve state folder).",
            valueName: "file"))
        var hostKey: String?

        @Option(name: .long, help: ArgumentHelp("An OpenSSH authorized_keys file: the keys that may log in.", valueName: "file"))
        var authorizedKeys: String?

        @Flag(name: .long, help: "Let anyone with any SSH key in (a public demo). Must be given explicitly.")
        var allowAnyone = false

        @Flag(name: .long, help: "Let every visitor drive one shared choice (--state, else shared.json) instead of one each.")
        var sharedState = false

        @Option(name: .long, help: ArgumentHelp(
            "Folder for the server's state: its host key and each visitor's choice (default: $XDG_STATE_HOME/iconchooser/serve).",
            valueName: "dir"))
        var stateDir: String?

        @Option(name: .long, help: ArgumentHelp("Sessions at once; one more is told the server is busy.", valueName: "n"))
        var maxSessions = 32

        @Option(name: .long, help: ArgumentHelp("End a session after this many seconds without input (0: never).", valueName: "seconds"))
        var idleTimeout = 600

        @Option(name: .long, help: ArgumentHelp(
            "New connections one address may open per minute (all at once, or spread out); more are dropped.",
            valueName: "n"))
        var connectionsPerMinute = 30

        func validate() throws {
            guard ListenAddress(listen) != nil else {
                throw ValidationError("--listen expects HOST:PORT (or [IPv6]:PORT) with a port from 0 to 65535, not “\(TextSanitizer.clean(listen))”")
            }
            guard (1...10_000).contains(maxSessions) else { throw ValidationError("--max-sessions must be from 1 to 10000") }
            guard idleTimeout >= 0 else { throw ValidationError("--idle-timeout must be 0 (never) or more seconds") }
            guard (1...100_000).contains(connectionsPerMinute) else {
                throw ValidationError("--connections-per-minute must be from 1 to 100000")
            }
            if allowAnyone && authorizedKeys != nil {
                throw ValidationError("give either --authorized-keys or --allow-anyone, not both")
            }
            guard allowAnyone || authorizedKeys != nil else {
                throw ValidationError("""
                    serve needs to know who may log in: give --authorized-keys FILE (an OpenSSH authorized_keys file), \
                    or --allow-anyone for a public demo that lets every SSH key in
                    """)
            }
            if options.state != nil && !sharedState {
                throw ValidationError("--state names the one shared choice; use it with --shared-state (each visitor's own choice lives in --state-dir)")
            }
        }

        func run() async throws { try await run(CommandStart()) }

        func run(_ start: CommandStart) async throws {
            // A visitor never makes the server run an app's own code: an Expo config program is refused.
            if case .expoProgram(let program)? = try? AppLocation.locate(options.appPath()) {
                throw CommandFailure("\(TextSanitizer.clean(program)): serve never runs an app's config program; \(ExpoCLI.jsonHint), "
                    + "and serve that", exitCode: .unreadable)
            }
            // The app is checked here, once; its files are the sessions' business.
            let catalog = try options.loadCatalog(lookingForFiles: false, opener: start.opener)
            let environment = ProcessInfo.processInfo.environment
            let serveFolder = stateDir.map(AppOptions.absolute)
                ?? (FileChoiceStore.stateFolder(environment: environment) as NSString).appendingPathComponent("serve")
            let access: ServerConfiguration.Access
            if let authorizedKeys {
                do {
                    let keys = try AuthorizedKeys.load(from: authorizedKeys)
                    keys.notes.forEach { Console.warning($0) }
                    access = .authorizedKeys(keys)
                } catch {
                    throw CommandFailure(error.description, exitCode: .unreadable)
                }
            } else {
                access = .anyone
            }
            let keyPath = hostKey.map(AppOptions.absolute) ?? (serveFolder as NSString).appendingPathComponent("host_ed25519_key")
            let hostKeyFile: HostKeyFile
            let created: Bool
            do {
                (hostKeyFile, created) = try HostKeyFile.loadOrCreate(at: keyPath)
            } catch {
                throw CommandFailure(error.description, exitCode: .unreadable)
            }
            let appFolder = (serveFolder as NSString).appendingPathComponent(FileChoiceStore.stateKey(for: catalog))
            let state: ServerConfiguration.StateLayout = sharedState
                ? .shared(file: options.state.map(AppOptions.absolute) ?? (appFolder as NSString).appendingPathComponent("shared.json"))
                : .perUser(folder: (appFolder as NSString).appendingPathComponent("users"))
            let address = ListenAddress(listen)!
            var configuration = ServerConfiguration(
                host: address.host, port: address.port, hostKey: hostKeyFile, access: access, state: state,
                launch: .init(executable: Self.executablePath(), appArguments: try sessionOptions().arguments),
                maxSessions: maxSessions, idleTimeout: TimeInterval(idleTimeout),
                log: { Console.writeError($0 + "\n") })
            configuration.connectionBurst = connectionsPerMinute
            configuration.connectionRefill = 60 / Double(connectionsPerMinute)

            let server: DemoServer
            do {
                server = try await DemoServer.start(configuration)
            } catch {
                throw CommandFailure("\(error)", exitCode: .failure)
            }
            let name = TextSanitizer.clean(catalog.displayName ?? "the app")
            Console.writeError("""
                iconchooser serve: host key \(hostKeyFile.fingerprint) (ED25519) in \(TextSanitizer.clean(keyPath))\(created ? " (new)" : "")
                iconchooser serve: serving “\(name)” on \(server.address) to \(describe(access))
                iconchooser serve: try: ssh -t -p \(server.address.port) \(server.address.host.contains(":") ? "[\(server.address.host)]" : server.address.host)

                """)
            let stop = Self.onTermination { signal in
                Console.writeError("iconchooser serve: \(signal), ending \(server.activeSessions) session(s)\n")
                await server.shutdown(saying: "iconchooser serve is shutting down; goodbye.")
            }
            await server.waitUntilClosed()
            await stop.value
        }

        /// The app options each session's chooser runs with: these, resolved, without `--state`
        /// (the server gives each session its own).
        private func sessionOptions() throws -> AppOptions {
            var options = try options.resolved()
            options.state = nil
            return options
        }

        private func describe(_ access: ServerConfiguration.Access) -> String {
            switch access {
            case .anyone: return "anyone with an SSH key (--allow-anyone)"
            case .authorizedKeys(let keys):
                return "the \(keys.keys.count) key\(keys.keys.count == 1 ? "" : "s") in \(TextSanitizer.clean(keys.path))"
            }
        }

        static func executablePath() -> String {
            if let resolved = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return resolved }
            return Bundle.main.executableURL?.resolvingSymlinksInPath().path ?? CommandLine.arguments[0]
        }

        /// Runs `body` once, on the first SIGTERM, SIGINT or SIGHUP; the returned task ends after it.
        static func onTermination(_ body: @escaping @Sendable (String) async -> Void) -> Task<Void, Never> {
            let (stream, continuation) = AsyncStream<String>.makeStream()
            let names = [SIGTERM: "SIGTERM", SIGINT: "SIGINT", SIGHUP: "SIGHUP"]
            var sources: [DispatchSourceSignal] = []
            // A parent may have started us with these blocked (test runners do); a server must hear them.
            var wanted = sigset_t()
            sigemptyset(&wanted)
            for number in names.keys { sigaddset(&wanted, number) }
            pthread_sigmask(SIG_UNBLOCK, &wanted, nil)
            for (number, name) in names {
                signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { continuation.yield(name) }
                source.resume()
                sources.append(source)
            }
            nonisolated(unsafe) let keep = sources
            return Task {
                for await name in stream {
                    _ = keep
                    await body(name)
                    return
                }
            }
        }
    }
}
