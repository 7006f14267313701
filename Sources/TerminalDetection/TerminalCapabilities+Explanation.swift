/// How pictures are drawn in the end: in pixels with a protocol, or as symbol art, and why.
public enum PictureMode: Hashable, Sendable {
    case pixels(GraphicsProtocol)
    case symbols(reason: String)

    public var graphics: GraphicsProtocol? {
        if case .pixels(let graphics) = self { graphics } else { nil }
    }
}

extension TerminalCapabilities {
    /// The mode, given the protocols this program can draw (`drawable`): a protocol the
    /// terminal shows but the program cannot draw still means symbols, and says so.
    public func pictureMode(drawable: Set<GraphicsProtocol>) -> PictureMode {
        guard let graphics else { return .symbols(reason: graphicsReason) }
        guard drawable.contains(graphics) else {
            return .symbols(reason: "the terminal shows \(graphics.title) (\(graphicsReason)), but pictures are drawn as symbols here")
        }
        return .pixels(graphics)
    }

    /// "kitty 0.26.5", "a terminal with TERM=xterm-kitty, in tmux 3.3a", "an unknown terminal".
    public var terminalDescription: String {
        var text = [terminalName, terminalVersion].compactMap { $0 }.joined(separator: " ")
        if text.isEmpty {
            if let client = tmux?.clientTerm {
                text = "a terminal with TERM=\(client)"
            } else {
                text = "an unknown terminal"
            }
        }
        if insideTmux, terminalName?.lowercased() != "tmux" {
            text += ", in tmux" + (tmux?.version.map { " \($0)" } ?? "")
        }
        return text
    }

    /// The block symbols drawn, in words.
    public var symbolsDescription: String {
        drawsOctants ? "half blocks, quadrants, sextants and octants"
            : drawsSextants ? "half blocks, quadrants and sextants" : "half blocks and quadrants"
    }

    /// Two lines for the `?` help: the terminal, and how pictures are drawn.
    public func helpLines(drawable: Set<GraphicsProtocol>) -> [String] {
        var terminal = "Terminal: \(terminalDescription)"
        if let cellSize { terminal += ", cells \(cellSize)" }
        let pictures: String
        switch pictureMode(drawable: drawable) {
        case .pixels(let graphics): pictures = "Pictures: \(graphics.title)"
        case .symbols(let reason): pictures = "Pictures: symbols, as \(reason)"
        }
        return [terminal, pictures]
    }

    /// Every finding and its reason, one per line, for `preview --explain-terminal`.
    public func explanation(drawable: Set<GraphicsProtocol>) -> [String] {
        var lines = ["Terminal: \(terminalDescription) (\(terminalSource))"]
        if insideTmux {
            let passthrough: String
            switch tmux?.passthrough {
            case .on?: passthrough = "allow-passthrough is on"
            case .off?: passthrough = "allow-passthrough is off"
            case .unknown(let why)?: passthrough = "allow-passthrough unknown: \(why)"
            case nil: passthrough = "tmux did not say whether allow-passthrough is on"
            }
            lines.append("tmux: \(tmux?.version ?? "version unknown"), \(passthrough)")
        }
        switch pictureMode(drawable: drawable) {
        case .pixels(let graphics): lines.append("Pictures: \(graphics.title), because \(graphicsReason)")
        case .symbols(let reason): lines.append("Pictures: symbols, because \(reason)")
        }
        for graphics in GraphicsProtocol.allCases {
            guard let found = support[graphics] else { continue }
            lines.append("  \(graphics.title): \(found.available ? "yes" : "no"), \(found.reason)")
        }
        lines.append("Cell size: \(cellSize.map(\.description) ?? "unknown"), from \(cellSizeReason)")
        lines.append("Background: " + (background.map { "\($0) (OSC 11)" }
            ?? (unanswered.contains(.background) ? "unknown (no answer to OSC 11)" : "unknown")))
        lines.append("Sixel colour registers: " + (sixelRegisters.map { "\($0) (XTSMGRAPHICS)" } ?? "not reported"))
        lines.append("Symbols: \(symbolsDescription); \(symbolsReason)")
        lines.append(drawsDirectColor ? "Colours: 24-bit, as \(directColorReason)" : "Colours: as TERM's terminfo says (\(directColorReason))")
        if let notAsked {
            lines.append("Answers: nothing asked, as \(notAsked)")
        } else {
            let heard = answered.isEmpty ? "no answer" : answered.map(\.title).joined(separator: ", ")
            var line = "Answers: \(heard) within \(elapsedMilliseconds) ms"
            if !unanswered.isEmpty { line += "; none to \(unanswered.map(\.title).joined(separator: ", "))" }
            lines.append(line)
        }
        return lines
    }
}
