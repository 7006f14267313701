import Foundation
import TestSupport
import Testing

/// The details panel (`i`) on the built binary in tmux, over a real project: Habitica's
/// icon sets, where some lack dark and tinted images and lint says so about each of them.
@Suite(.enabled(if: Tmux.isAvailable, "tmux is not installed (make test installs it)"),
       .enabled(if: RealProjectCorpus.available, "\(RealProjectCorpus.skipMessage)"))
struct DetailsPanelTmuxTests {
    let cli = CLI()
    static let habitica = RealProjectCorpus.path("HabitRPG_habitica-ios")

    private func open(width: Int = 100, height: Int = 30, environment: [String: String] = [:]) throws -> Tmux {
        var env = cli.environment
        env["TERM"] = "xterm-256color"
        env.merge(environment) { $1 }
        let command = [CLI.binary, "--app", Self.habitica].map(shellQuote).joined(separator: " ")
        return try Tmux(command: command, width: width, height: height, environment: env)
    }

    /// The panel's rows: the text between its side borders, from its top border down.
    private func panel(_ screen: [String]) -> [String] {
        guard let top = screen.firstIndex(where: { $0.contains("Details") }) else { return [] }
        return screen[top...].compactMap { line -> String? in
            let characters = Array(line)
            guard let close = characters.lastIndex(where: { $0 == "│" || $0 == "|" }),
                  let open = characters[..<close].lastIndex(where: { $0 == "│" || $0 == "|" }) else { return nil }
            return String(characters[(open + 1)..<close]).trimmingCharacters(in: .whitespaces)
        }
    }

    private func panelText(_ screen: [String]) -> String { panel(screen).joined(separator: " ") }

    /// `i` on the primary, then on AppIcon-Beta (a set without dark or tinted images, which
    /// lint notes), `whileOpen`, then `i` again and `q`; returns the screens of the two panels.
    @discardableResult
    private func exercise(_ tmux: Tmux, current: String, derived: String,
                          whileOpen: () throws -> Void = {}) throws -> (primary: [String], beta: [String]) {
        try tmux.waitFor(text: "AppIcon-Beta")
        try tmux.send("i")
        let primary = try tmux.waitFor("the primary's files and its (empty) findings", timeout: 30) { screen in
            let text = panelText(screen)
            return text.contains("primary") && text.contains(current) && text.contains("purple.png")
                && text.contains("purple_dark.png") && text.contains("nothing found")
        }
        try tmux.send("Right")
        let beta = try tmux.waitFor("AppIcon-Beta's files and lint finding", timeout: 30) { screen in
            let text = panelText(screen)
            return text.contains("AppIcon-Beta") && text.contains("not current") && text.contains("purple_beta.png")
                && text.contains(derived) && text.contains("note:") && !text.contains("purple_dark.png")
        }
        try whileOpen()
        try tmux.send("i")
        try tmux.waitFor("the panel closed") { screen in !screen.contains { $0.contains("Details") } && screen.contains { $0.contains("Black") } }
        try tmux.send("q")
        return (primary, beta)
    }

    @Test func showsTheFocusedIconsFilesAndFindingsAndFollowsTheFocus() throws {
        let tmux = try open()
        let (primary, beta) = try exercise(tmux, current: "✓ current", derived: "derived")
        // Beside the grid at 100 columns: the grid's captions stay on the left of it.
        #expect(primary.contains { $0.contains("Default") && $0.contains("│") })
        #expect(panelText(beta).contains("icon set"))
        #expect(panelText(beta).contains("AppIcon-Beta.appiconset"))
    }

    @Test func overTheGridOnANarrowTerminal() throws {
        let tmux = try open(width: 60, height: 30)
        try tmux.waitFor(text: "AppIcon-Beta")
        try tmux.send("i")
        let screen = try tmux.waitFor("the panel over the grid") { panelText($0).contains("purple.png") }
        // A box two columns in from each side, so no caption shows beside it.
        let top = try #require(screen.first { $0.contains("Details") })
        #expect(top.hasPrefix("  ╭"))
        #expect(!screen.contains { $0.contains("Default") })
        try tmux.send("Escape")
        try tmux.waitFor("Esc closed the panel, not the chooser") { $0.contains { $0.contains("Default") } }
        try tmux.send("q")
    }

    @Test func inMonochromeAndASCII() throws {
        let mono = try open(environment: ["NO_COLOR": "1"])
        try exercise(mono, current: "✓ current", derived: "derived") {
            // The finding and the current mark stand out by attributes alone.
            let colours = try mono.styledScreen().matches(of: /\x1B\[([0-9;]*)m/).flatMap { match in
                match.output.1.split(separator: ";").compactMap { Int($0) }
            }.filter { code in [30...38, 40...48, 90...97, 100...107].contains { $0.contains(code) } }
            #expect(colours.isEmpty, "colour codes with NO_COLOR: \(colours)")
        }

        let ascii = try open(environment: ["LANG": "C", "LC_ALL": "C"])
        let (asciiPrimary, asciiBeta) = try exercise(ascii, current: "[x] current", derived: "derived")
        for screen in [asciiPrimary, asciiBeta] {
            #expect(screen.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) }, "\(screen.joined(separator: "\n"))")
        }
    }
}
