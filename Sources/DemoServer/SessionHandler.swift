import FileAccess
import Foundation
import NIOCore
import NIOPosix
import NIOSSH
import SystemPackage
import TerminalDetection
import TerminalText

/// What one SSH connection knows about its visitor, filled in by the authenticator and
/// read by the connection's sessions (all on the connection's event loop).
final class ConnectionInfo {
    let address: String
    var user: KeyFingerprint?

    init(address: String) {
        self.address = address
    }
}

/// One SSH session channel: collects the client's requests (environment, `pty-req`,
/// `window-change`), then runs one program for it: the chooser on a pseudo-terminal for
/// a shell request, or an allowed command for an exec request. Bytes flow between the
/// channel and the program; when the program ends, the client gets its exit status and
/// the channel closes; when the client goes, the program gets SIGHUP and is reaped.
final class SessionHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    private let configuration: ServerConfiguration
    private let registry: SessionRegistry
    private let connection: ConnectionInfo

    private var channel: Channel?
    private var environment: [String: String] = [:]
    private var localeRequests: [String: Bool] = [:]
    private var terminalRequest: TerminalRequest?
    private var terminal: PseudoTerminal?
    private var child: ChildProcess?
    /// The NIO channels carrying the program's output (the pty master, or stdout and stderr pipes).
    private var programInput: Channel?
    private var openOutputs = 0
    private var exitStatus: Int32?
    private var kind = "none"
    private var started = false
    private var finished = false
    private var seatTaken = false
    private var farewell: String?
    private let startTime = Date()
    private var idleTimer: Scheduled<Void>?
    private var pendingInput: [ByteBuffer] = []
    private var lastWrite: EventLoopFuture<Void>?

    init(configuration: ServerConfiguration, registry: SessionRegistry, connection: ConnectionInfo) {
        self.configuration = configuration
        self.registry = registry
        self.connection = connection
    }

    // MARK: The channel

    func handlerAdded(context: ChannelHandlerContext) {
        channel = context.channel
        _ = context.channel.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
        restartIdleTimer()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .channel = message.type, case .byteBuffer(let bytes) = message.data else { return }
        restartIdleTimer()
        guard child != nil, terminal != nil else { return }  // commands get no input
        if let programInput {
            programInput.writeAndFlush(bytes, promise: nil)
        } else {
            pendingInput.append(bytes)
        }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let request as SSHChannelRequestEvent.EnvironmentRequest:
            let accepted = acceptEnvironment(name: request.name, value: request.value)
            if request.wantReply { reply(accepted) }
        case let request as SSHChannelRequestEvent.PseudoTerminalRequest:
            let usable = !started
            if usable {
                terminalRequest = TerminalRequest(term: request.term, columns: request.terminalCharacterWidth,
                                                  rows: request.terminalRowHeight, pixelWidth: request.terminalPixelWidth,
                                                  pixelHeight: request.terminalPixelHeight)
            }
            if request.wantReply { reply(usable) }
        case let request as SSHChannelRequestEvent.WindowChangeRequest:
            terminalRequest?.resize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
                                    pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight)
            terminal?.resize(columns: request.terminalCharacterWidth, rows: request.terminalRowHeight,
                             pixelWidth: request.terminalPixelWidth, pixelHeight: request.terminalPixelHeight)
        case let request as SSHChannelRequestEvent.ShellRequest:
            start(.chooser, wantReply: request.wantReply)
        case let request as SSHChannelRequestEvent.ExecRequest:
            switch RemoteCommand.parse(request.command) {
            case .success(let command): start(.command(command), wantReply: request.wantReply)
            case .failure(let refusal): start(.refused(refusal.description), wantReply: request.wantReply)
            }
        case let request as SSHChannelRequestEvent.SubsystemRequest:
            if request.wantReply { reply(false) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    /// Backpressure towards the program: while the client is not taking output (a slow link,
    /// a full SSH window), stop reading what the program writes; its terminal then fills and
    /// its writes wait, instead of the server buffering without bound.
    func channelWritabilityChanged(context: ChannelHandlerContext) {
        _ = programInput?.setOption(ChannelOptions.autoRead, value: context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    /// And towards the client: while the program is not reading its input, stop reading the
    /// channel, so the client's SSH window closes instead of the server buffering its typing.
    fileprivate func programInputWritabilityChanged(_ writable: Bool) {
        _ = channel?.setOption(ChannelOptions.autoRead, value: writable)
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleTimer?.cancel()
        // The client went away (or the channel was closed): end the program; it is reaped
        // by its waiter, and killed outright if SIGHUP is not enough.
        if let child, exitStatus == nil {
            child.signal(SIGHUP)
            programInput?.close(promise: nil)
            context.eventLoop.scheduleTask(in: .seconds(2)) { child.signal(SIGKILL) }
        }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    private func reply(_ success: Bool) {
        if success {
            channel?.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            channel?.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    /// Locale, colour and NO_COLOR preferences only; values are reduced to what the chooser
    /// reads, so nothing a client sends can reach another variable or inject text.
    private func acceptEnvironment(name: String, value: String) -> Bool {
        switch name {
        case "LANG", "LC_ALL", "LC_CTYPE":
            // Only the character set matters to the chooser, and the client's locale may not
            // exist here: keep whether it is UTF-8, as C.UTF-8 or C (LC_ALL over LC_CTYPE over LANG).
            localeRequests[name] = TerminalEnvironment.localeIsUTF8(value)
            let utf8 = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { self.localeRequests[$0] }.first ?? true
            environment["LANG"] = utf8 ? "C.UTF-8" : "C"
            return true
        case "COLORTERM":
            guard TerminalEnvironment.saysDirectColor(colorTerm: value) else { return false }
            environment["COLORTERM"] = "truecolor"
            return true
        case "NO_COLOR":
            if !value.isEmpty { environment["NO_COLOR"] = "1" }
            return true
        default:
            return false
        }
    }

    // MARK: Starting the program

    private enum Program {
        case chooser
        case command(RemoteCommand)
        case refused(String)
    }

    private func start(_ program: Program, wantReply: Bool) {
        guard !started, let channel else {
            if wantReply { reply(false) }
            return
        }
        started = true
        if wantReply { reply(true) }
        guard let user = connection.user else {
            end(message: "not logged in", status: ExitStatus.failure.rawValue, toStandardError: true)
            return
        }
        switch program {
        case .refused(let why):
            kind = "refused"
            end(message: "iconchooser serve: \(why)", status: ExitStatus.notRunnable.rawValue, toStandardError: true)
            return
        case .chooser where terminalRequest == nil:
            kind = "no-pty"
            let port = channel.parent?.localAddress?.port ?? configuration.port
            let portOption = port == 22 ? "" : "-p \(port) "
            end(message: "this demo needs a terminal: ssh -t \(portOption)HOST", status: ExitStatus.failure.rawValue, toStandardError: true)
            return
        case .chooser, .command:
            break
        }
        guard registry.takeSeat(for: self, eventLoop: channel.eventLoop) else {
            kind = "busy"
            end(message: "iconchooser serve: server busy: all \(configuration.maxSessions) sessions are in use; please try again in a minute",
                status: ExitStatus.failure.rawValue, toStandardError: terminalRequest == nil)
            return
        }
        seatTaken = true
        let stateFile = configuration.state.stateFile(for: user)
        let arguments: [String]
        switch program {
        case .command(let command):
            kind = command.name
            arguments = command.arguments(with: configuration.launch.appArguments + ["--state", stateFile])
        default:
            kind = "chooser"
            // A visitor chooses an icon; the app's files are never theirs to change.
            arguments = ["choose", "--no-fix"] + configuration.launch.appArguments + ["--state", stateFile]
        }
        do {
            if let request = terminalRequest {
                try startOnTerminal(arguments: arguments, request: request, channel: channel)
            } else {
                try startOnPipes(arguments: arguments, channel: channel)
            }
        } catch {
            configuration.log("iconchooser serve: error: \(error)")
            end(message: "iconchooser serve: \(error)", status: ExitStatus.failure.rawValue, toStandardError: true)
        }
    }

    private func programEnvironment(term: String?) -> [String: String] {
        var environment = ["PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
                           "SWIFT_BACKTRACE": "enable=no", "HOME": NSHomeDirectory()]
        if let term { environment["TERM"] = term }
        environment.merge(self.environment) { $1 }
        return environment
    }

    /// The client's TERM when it is a terminfo name (letters, digits and `.+-_`) this machine
    /// has an entry for; otherwise xterm-256color, which nearly every terminal understands,
    /// rather than a chooser that cannot start (a kitty or WezTerm user on a plain server).
    static func terminalName(_ term: String, installed: (String) -> Bool = Terminfo.isInstalled) -> String {
        let wellFormed = term.count <= 64 && !term.isEmpty
            && term.unicodeScalars.allSatisfy { $0.isASCII && (CharacterSet.alphanumerics.contains($0) || "._+-".unicodeScalars.contains($0)) }
        return wellFormed && installed(term) ? term : "xterm-256color"
    }

    private func startOnTerminal(arguments: [String], request: TerminalRequest, channel: Channel) throws {
        let columns = request.columns > 0 ? request.columns : 80
        let rows = request.rows > 0 ? request.rows : 24
        // The client's pixel size goes along, so the program can size pictures as locally.
        let terminal = try PseudoTerminal(columns: columns, rows: rows,
                                          pixelWidth: request.pixelWidth, pixelHeight: request.pixelHeight)
        self.terminal = terminal
        let child = try ChildProcess.spawn(executable: configuration.launch.executable, arguments: arguments,
                                           environment: programEnvironment(term: Self.terminalName(request.term)),
                                           stdio: .terminal(terminal.slavePath))
        self.child = child
        watch(child, on: channel.eventLoop)
        openOutputs = 1
        let master = terminal.takeMaster()
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        NIOPipeBootstrap(group: channel.eventLoop)
            .channelInitializer { pipe in
                pipe.eventLoop.makeCompletedFuture {
                    try pipe.pipeline.syncOperations.addHandler(ProgramOutputHandler(session: bound.value, type: .channel))
                }
            }
            .takingOwnershipOfDescriptor(inputOutput: master)
            .whenComplete { result in
                let session = bound.value
                switch result {
                case .success(let pipe):
                    session.programInput = pipe
                    for bytes in session.pendingInput { pipe.write(bytes, promise: nil) }
                    pipe.flush()
                    session.pendingInput = []
                case .failure(let error):
                    close(master)
                    session.configuration.log("iconchooser serve: error: cannot attach the terminal: \(error)")
                    child.signal(SIGHUP)
                    session.outputClosed()
                }
            }
    }

    private func startOnPipes(arguments: [String], channel: Channel) throws {
        var output: [Int32] = [-1, -1], errors: [Int32] = [-1, -1]
        do throws(SystemCallError) {
            (output[0], output[1]) = try Descriptors.pipe()
            (errors[0], errors[1]) = try Descriptors.pipe()
        } catch {
            [output[0], output[1], errors[0], errors[1]].filter { $0 >= 0 }.forEach { close($0) }
            throw SessionSetupFailure(step: error.call, code: error.code)
        }
        let nothing = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer {
            close(output[1])
            close(errors[1])
            if nothing >= 0 { close(nothing) }
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(executable: configuration.launch.executable, arguments: arguments,
                                           environment: programEnvironment(term: nil),
                                           stdio: .descriptors(input: nothing, output: output[1], error: errors[1]))
        } catch {
            close(output[0])
            close(errors[0])
            throw error
        }
        self.child = child
        watch(child, on: channel.eventLoop)
        openOutputs = 2
        let bound = NIOLoopBound(self, eventLoop: channel.eventLoop)
        for (descriptor, type) in [(output[0], SSHChannelData.DataType.channel), (errors[0], .stdErr)] {
            NIOPipeBootstrap(group: channel.eventLoop)
                .channelInitializer { pipe in
                    pipe.eventLoop.makeCompletedFuture {
                        try pipe.pipeline.syncOperations.addHandler(ProgramOutputHandler(session: bound.value, type: type))
                    }
                }
                .takingOwnershipOfDescriptor(input: descriptor)
                .whenFailure { _ in
                    close(descriptor)
                    bound.value.outputClosed()
                }
        }
    }

    private func watch(_ child: ChildProcess, on eventLoop: EventLoop) {
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        child.whenExited { status in
            eventLoop.execute { bound.value.programExited(status: status) }
        }
    }

    // MARK: Output and the end

    fileprivate func programOutput(_ bytes: ByteBuffer, type: SSHChannelData.DataType) {
        lastWrite = channel?.writeAndFlush(SSHChannelData(type: type, data: .byteBuffer(bytes)))
    }

    fileprivate func outputClosed() {
        openOutputs -= 1
        finishIfDone()
    }

    private func programExited(status: Int32) {
        exitStatus = status
        // Once the program and the server's own hold on the slave are gone, reading the
        // master drains what is left and then ends. A backstop for output that never ends
        // (a grandchild holding the terminal): close it after a second.
        terminal?.releaseSlave()
        if openOutputs > 0, let eventLoop = channel?.eventLoop {
            let bound = NIOLoopBound(self, eventLoop: eventLoop)
            eventLoop.scheduleTask(in: .seconds(1)) { bound.value.programInput?.close(promise: nil) }
        }
        finishIfDone()
    }

    private func finishIfDone() {
        guard let exitStatus, openOutputs <= 0 else { return }
        end(message: farewell, status: exitStatus, toStandardError: false)
    }

    /// Sends `message` (if any), the exit status, closes the channel, frees the seat and logs.
    private func end(message: String?, status: Int32, toStandardError: Bool) {
        guard !finished else { return }
        finished = true
        idleTimer?.cancel()
        if let channel, channel.isActive {
            var written = lastWrite ?? channel.eventLoop.makeSucceededVoidFuture()
            if let message {
                let text = terminalRequest != nil ? "\r\n\(message)\r\n" : "\(message)\n"
                var buffer = channel.allocator.buffer(capacity: text.utf8.count)
                buffer.writeString(text)
                written = channel.writeAndFlush(SSHChannelData(type: toStandardError ? .stdErr : .channel, data: .byteBuffer(buffer)))
            }
            // The exit status is a request, not data: send it only once every byte before it has gone.
            written.whenComplete { _ in
                channel.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: Int(status))).whenComplete { _ in
                    channel.close(promise: nil)
                }
            }
        }
        if seatTaken {
            registry.releaseSeat(for: self)
            seatTaken = false
        }
        configuration.log(SessionRecord(
            user: connection.user, address: connection.address, kind: kind,
            term: terminalRequest.map { Self.terminalName($0.term) },
            size: terminalRequest.map { ($0.columns, $0.rows) },
            duration: Date().timeIntervalSince(startTime), exitStatus: Int(status)).line)
        terminal = nil
    }

    /// Ends the program with a last word for the visitor (idle timeout, server shutdown).
    func endProgram(saying message: String) {
        guard !finished else { return }
        farewell = message
        guard let child, exitStatus == nil else {
            end(message: message, status: exitStatus ?? ExitStatus.failure.rawValue, toStandardError: terminalRequest == nil)
            return
        }
        child.signal(SIGHUP)
        channel?.eventLoop.scheduleTask(in: .seconds(3)) { child.signal(SIGKILL) }
    }

    private func restartIdleTimer() {
        idleTimer?.cancel()
        guard let eventLoop = channel?.eventLoop, configuration.idleTimeout > 0 else { return }
        let bound = NIOLoopBound(self, eventLoop: eventLoop)
        let seconds = configuration.idleTimeout
        idleTimer = eventLoop.scheduleTask(in: .milliseconds(Int64(seconds * 1000))) {
            let session = bound.value
            if session.started {
                session.endProgram(saying: "iconchooser serve: closed after \(Int(seconds)) s without input")
            } else {
                session.channel?.close(promise: nil)
            }
        }
    }
}

/// What the client asked for in `pty-req`, kept up to date by `window-change`: its TERM,
/// and its window in cells and in pixels (zero where the client does not know them).
struct TerminalRequest {
    let term: String
    private(set) var columns: Int
    private(set) var rows: Int
    private(set) var pixelWidth: Int
    private(set) var pixelHeight: Int

    init(term: String, columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        self.term = term
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }

    mutating func resize(columns: Int, rows: Int, pixelWidth: Int, pixelHeight: Int) {
        self.columns = columns
        self.rows = rows
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
    }
}

/// Forwards what a program writes (pty master, stdout or stderr pipe) to its session.
private final class ProgramOutputHandler: ChannelInboundHandler {
    typealias InboundIn = ByteBuffer

    private let session: SessionHandler
    private let type: SSHChannelData.DataType

    init(session: SessionHandler, type: SSHChannelData.DataType) {
        self.session = session
        self.type = type
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        session.programOutput(unwrapInboundIn(data), type: type)
    }

    func channelInactive(context: ChannelHandlerContext) {
        session.outputClosed()
        context.fireChannelInactive()
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        session.programInputWritabilityChanged(context.channel.isWritable)
        context.fireChannelWritabilityChanged()
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case ChannelEvent.inputClosed = event { context.close(promise: nil) }
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        // EIO from a pty master is how its end reads; any other error ends the stream too.
        context.close(promise: nil)
    }
}
