import CellCanvas
import TerminalInput
import TerminalText

/// What a fix offered in the chooser will change, for the confirmation box: made off the
/// input loop (`ChooserEffect.planFix`), applied only once confirmed (`.applyFix`).
public struct FixProposal: Hashable, Sendable {
    /// Which planning this is, so that the fix applied is the one confirmed.
    public let id: Int
    /// The icon the fixes are for (nil: the primary).
    public let icon: String?
    /// "Fix 2 findings of “Blue”?": the box's question.
    public let question: String
    /// What will change, one line per file ("change Info.plist", "create Blue-152.png").
    public let changes: [String]

    public init(id: Int, icon: String?, question: String, changes: [String]) {
        self.id = id
        self.icon = icon
        self.question = question
        self.changes = changes
    }
}

/// Where the chooser is with a fix: being worked out, waiting for a yes, or being written.
public enum FixStage: Hashable, Sendable {
    case planning
    case confirming(FixProposal)
    case applying
}

extension ChooserState {
    /// The focused icon's findings that `lint --fix` can fix.
    var fixableFindingsOfFocus: [IconFinding] {
        guard let item = focusedItem else { return [] }
        return findings(of: item).filter(\.fixable)
    }

    /// The findings the details panel lists for `item`: its own, and on the primary's panel
    /// those about icons the app has that the grid does not list (an icon set that does not
    /// ship), which a fix can bring into the grid.
    public func findings(of item: ChooserItem) -> [IconFinding] {
        guard let findings = details.findings else { return [] }
        let own = findings.byIcon[item.name] ?? []
        guard item.name == nil else { return own }
        return own + unlistedIconNames.flatMap { findings.byIcon[$0] ?? [] }
    }

    /// The icons the findings are about that the grid does not list, in name order.
    var unlistedIconNames: [String] {
        let listed = Set(items.compactMap(\.name))
        return (details.findings?.byIcon.keys.compactMap { $0 } ?? []).filter { !listed.contains($0) }.sorted()
    }

    /// `f`, with the details panel open on an icon with fixable findings: asks what the fix
    /// would change. Anywhere else it says why nothing happens.
    mutating func startFix() -> [ChooserEffect] {
        guard fix == nil, !isApplying else { return [] }
        guard details.isOpen, let item = focusedItem else {
            status = StatusMessage("Open the details (i) of an icon with a fixable finding to fix it.")
            return []
        }
        guard !fixableFindingsOfFocus.isEmpty else {
            status = StatusMessage(details.findings == nil ? "Still checking the app\(Glyphs(ascii: configuration.ascii).ellipsis)"
                                                            : "Nothing found about \(quoted(item.title)) has a fix.")
            return []
        }
        fix = .planning
        status = StatusMessage("Working out the fix\(Glyphs(ascii: configuration.ascii).ellipsis)")
        return [.planFix(icon: FixTarget(name: item.name, alsoAbout: item.name == nil ? unlistedIconNames : []))]
    }

    /// Keys while the confirmation box shows: Enter or y applies, Esc, n or q cancels.
    mutating func handleFixKey(_ key: TerminalKey) -> [ChooserEffect] {
        guard case .confirming(let proposal)? = fix else { return [] }
        switch key {
        case .enter, .character("y"), .character("Y"):
            fix = .applying
            status = StatusMessage("Fixing\(Glyphs(ascii: configuration.ascii).ellipsis)")
            return [.applyFix(proposal)]
        case .escape, .character("n"), .character("N"), .character("q"):
            fix = nil
            status = StatusMessage("Nothing was changed.")
            return []
        default:
            return []
        }
    }

    /// The answer to `.planFix`: the box asks, or the footer says why there is nothing to do.
    mutating func receiveFixPlan(_ proposal: FixProposal?, failure: String?) {
        guard fix == .planning else { return }
        if let proposal, !proposal.changes.isEmpty {
            fix = .confirming(proposal)
            status = nil
        } else {
            fix = nil
            status = StatusMessage(failure.map { "Cannot fix: \(TextSanitizer.clean($0))" } ?? "Nothing needs changing.",
                                   isError: failure != nil)
        }
    }

    /// The answer to `.applyFix`: on success the findings are checked again and the app's
    /// icons read again, so the grid shows what the fix made (`.iconsRead`).
    mutating func finishFix(error: String?, summary: String) -> [ChooserEffect] {
        fix = nil
        if let error {
            status = StatusMessage("Could not fix: \(TextSanitizer.clean(error))", isError: true)
            return []
        }
        status = StatusMessage(TextSanitizer.clean(summary))
        details.findings = nil
        details.findingsRequested = false
        return [.readIcons]
    }
}

/// The icon a fix is asked for: its name, nil for the primary; and the icons the grid does
/// not list whose findings its panel shows (the primary's: sets that do not ship).
public struct FixTarget: Hashable, Sendable {
    public let name: String?
    public let alsoAbout: [String]

    public init(name: String?, alsoAbout: [String] = []) {
        self.name = name
        self.alsoAbout = alsoAbout
    }
}

/// The confirmation box of a fix: the question, what will change (one line per file,
/// clipped with a count on a short screen), and the keys that answer.
struct FixBox: Widget {
    static let maximumTextWidth = 72

    let x, y, width, height: Int
    let lines: [String]
    let question: [String]
    let glyphs: Glyphs
    let theme: Theme

    init(_ proposal: FixProposal, screen: ScreenSize, glyphs: Glyphs, theme: Theme) {
        self.glyphs = glyphs
        self.theme = theme
        let textWidth = max(1, min(Self.maximumTextWidth, screen.width - 4))
        question = Array(DisplayWidth.wrap(glyphs.shown(proposal.question), to: textWidth).prefix(2))
        // Borders, the question, a blank, the changes, a blank, the keys.
        let room = max(1, screen.height - question.count - 6)
        var changes = proposal.changes.map { DisplayWidth.truncateMiddle(glyphs.shown($0), to: textWidth, ellipsis: glyphs.ellipsis) }
        if changes.count > room {
            let more = changes.count - room + 1
            changes = Array(changes.prefix(room - 1)) + ["\(glyphs.ellipsis) and \(more) more"]
        }
        lines = changes
        let inner = max(Self.keysLine.count, (question + lines).map { DisplayWidth.of($0) }.max() ?? 0)
        width = min(screen.width, inner + 4)
        height = min(screen.height, question.count + lines.count + 5)
        x = (screen.width - width) / 2
        y = max(0, (screen.height - height) / 2)
    }

    static let keysLine = "Enter apply   Esc cancel"

    var area: (x: Int, y: Int, width: Int, height: Int) { (x, y, width, height) }

    func draw(into grid: inout CellGrid) {
        grid.drawBox(x: x, y: y, width: width, height: height, glyphs: glyphs.box, filled: true)
        grid.write(" Fix ", x: x + 2, y: y, style: theme.title)
        var row = y + 1
        for line in question {
            grid.write(line, x: x + 2, y: row, style: theme.title)
            row += 1
        }
        row += 1
        for line in lines where row < y + height - 2 {
            grid.write(line, x: x + 2, y: row)
            row += 1
        }
        grid.writeCentred(Self.keysLine, x: x + 1, width: width - 2, y: y + height - 2, style: theme.subtle, ellipsis: glyphs.ellipsis)
    }
}
