import IconCatalog
import TerminalInput
import TerminalText

/// When a binding's keys act. The filter line takes typed characters before the grid's
/// bindings see them, so only its own keys are listed for it.
enum KeyMode: Sendable {
    /// The grid, with or without an open filter (for keys that are not characters).
    case grid
    /// Only while the filter line is open, before the grid's bindings.
    case filter
}

/// A footer hint: its text on a screen, and its rank (the highest is dropped first when the
/// line is short; rank 0 is never dropped).
struct KeyHint: Sendable {
    let rank: Int
    /// The hint's text, or nil where it does not apply on this screen (no other idiom to show).
    let text: @Sendable (_ glyphs: Glyphs, _ otherIdiom: Idiom?) -> String?

    init(_ text: String, rank: Int) {
        self.rank = rank
        self.text = { _, _ in text }
    }

    init(rank: Int, text: @escaping @Sendable (_ glyphs: Glyphs, _ otherIdiom: Idiom?) -> String?) {
        self.rank = rank
        self.text = text
    }
}

/// What a key means in the chooser. Which keys give which command is the table below (`KeyBindings`),
/// and what each does to the state is `perform`, so that a new key is this file and, where its
/// work is more than a line, a `ChooserState` extension in the file of its topic.
enum ChooserCommand: Hashable, Sendable, CaseIterable {
    /// The previous icon in reading order, wrapping from the first to the last.
    case previous
    /// The next icon in reading order, wrapping from the last to the first.
    case next
    /// One grid row up; stays on the top row.
    case up
    /// One grid row down (to the last icon when the row below is shorter); stays on the last row.
    case down
    case first, last
    case pageUp, pageDown
    /// Make the focused icon current.
    case apply
    case toggleHelp
    /// Show every icon in the next appearance (light, dark, tinted), as iOS 18's home screen does.
    case cycleAppearance
    /// Open or close the focused icon's details beside the grid (or over it).
    case toggleDetails
    /// Narrow the grid to the icons whose name matches what is typed next.
    case startFilter
    /// The iPad icon set instead of the iPhone one, and back, where the app has both.
    case switchIdiom
    /// Fix the focused icon's fixable lint findings, after a confirmation.
    case fix
    /// Leave with status 0.
    case quit
    /// Leave with status 130, like a shell's SIGINT.
    case interrupt

    /// Close the open filter's line, every icon shown again.
    case clearFilter
    /// Delete the open filter's last character.
    case deleteBackward

    /// What `key` does in `mode` where `configuration` enables it, from the one table of
    /// bindings (`KeyBindings`); nil for a key that is not bound, or not enabled.
    init?(key: TerminalKey, mode: KeyMode = .grid, enabledIn configuration: ChooserConfiguration) {
        guard let command = KeyBindings.command(for: key, in: mode, enabledIn: configuration) else { return nil }
        self = command
    }
}

extension ChooserCommand {
    /// What the command does to the grid: the keys reach here once the alert, the help box, a
    /// fix's confirmation and an open filter have taken theirs (`ChooserState.handle`).
    func perform(_ key: TerminalKey, on state: inout ChooserState) -> [ChooserEffect] {
        switch self {
        case .quit where key == .escape && state.details.isOpen:
            return state.toggleDetails()
        case .quit: return [.quit(status: ExitStatus.success.rawValue)]
        case .interrupt: return [.quit(status: ExitStatus.interrupted.rawValue)]
        case .clearFilter, .deleteBackward: return []  // the filter's own, taken above while it is open
        case .toggleHelp:
            state.showsHelp = state.layout != nil  // a too-small screen has no room for it
            return []
        case .apply:
            // Nothing to apply while a filter hides the focused icon.
            return state.layout == nil || state.position(of: state.focus) == nil ? [] : state.apply(state.focus)
        case .cycleAppearance:
            return state.showNextAppearance()
        case .toggleDetails:
            return state.toggleDetails()
        case .startFilter:
            return state.openFilter()
        case .switchIdiom:
            return state.showNextIdiom()
        case .fix:
            return state.startFix()
        case .previous, .next, .up, .down, .first, .last, .pageUp, .pageDown:
            guard let layout = state.layout, let from = state.position(of: state.focus) else { return [] }
            if self == .pageUp { state.firstVisibleRow = max(0, state.firstVisibleRow - layout.visibleRows) }
            if self == .pageDown { state.firstVisibleRow = min(layout.lastFirstRow, state.firstVisibleRow + layout.visibleRows) }
            state.focus = state.shown[Navigation.target(of: self, from: from, count: state.shown.count, layout: layout)]
            state.scrollFocusIntoView()
            return state.requestMissingPixelPictures()
        }
    }
}

/// One row of the key table, as bubbles' `key.Binding`: the keys and the command each gives,
/// when they act, and how the help box, the footer, `--help` and the README name them.
struct KeyBinding: Sendable {
    /// Each key and what it does (several commands share a row: the arrows move four ways).
    let keys: [(key: TerminalKey, command: ChooserCommand)]
    let mode: KeyMode
    /// The help box's row: the keys as shown (arrows drawn with the screen's glyphs), and what they do.
    let help: (keys: @Sendable (Glyphs) -> String, meaning: String)?
    /// The hint in the footer under the grid, and on the open filter's line.
    var gridHint: KeyHint? = nil
    var filterHint: KeyHint? = nil
    /// The phrase for `iconchooser choose --help`, for the keys a newcomer needs first.
    var summary: String? = nil
    /// What the README's key table calls an input that is not a key (a mouse click).
    var readmeName: String? = nil
    /// Whether the keys act under a configuration, as bubbles' `key.Binding.Enabled`: a binding
    /// that does not is neither matched nor listed in the help, the footer or the details panel.
    var isEnabled: @Sendable (ChooserConfiguration) -> Bool = { _ in true }

    init(_ keys: [(key: TerminalKey, command: ChooserCommand)], mode: KeyMode = .grid,
         help: (keys: @Sendable (Glyphs) -> String, meaning: String)?,
         gridHint: KeyHint? = nil, filterHint: KeyHint? = nil, summary: String? = nil, readmeName: String? = nil,
         enabled isEnabled: @escaping @Sendable (ChooserConfiguration) -> Bool = { _ in true }) {
        self.keys = keys
        self.isEnabled = isEnabled
        self.mode = mode
        self.help = help
        self.gridHint = gridHint
        self.filterHint = filterHint
        self.summary = summary
        self.readmeName = readmeName
    }

    init(_ keys: [TerminalKey], _ command: ChooserCommand, mode: KeyMode = .grid, help: (keys: String, meaning: String)?,
         gridHint: KeyHint? = nil, filterHint: KeyHint? = nil, summary: String? = nil,
         enabled isEnabled: @escaping @Sendable (ChooserConfiguration) -> Bool = { _ in true }) {
        self.init(keys.map { ($0, command) }, mode: mode, help: help.map { help in ({ _ in help.keys }, help.meaning) },
                  gridHint: gridHint, filterHint: filterHint, summary: summary, enabled: isEnabled)
    }
}

/// The chooser's keys, in one table: what each key does and every text that describes it
/// derive from here. Its order is the help box's and the footers' order.
enum KeyBindings {
    static let all: [KeyBinding] = [
        KeyBinding([(.left, .previous), (.character("h"), .previous), (.right, .next), (.character("l"), .next),
                    (.up, .up), (.character("k"), .up), (.down, .down), (.character("j"), .down)],
                   help: ({ "\($0.arrows) h j k l" }, "move (left/right wrap)"),
                   gridHint: KeyHint(rank: 5) { glyphs, _ in "\(glyphs.arrows) move" },
                   filterHint: KeyHint(rank: 2) { glyphs, _ in "\(glyphs.arrows) move" },
                   summary: "Arrows or h j k l move"),
        KeyBinding([(.tab, .next), (.backTab, .previous)], help: ({ _ in "Tab / Shift-Tab" }, "next / previous")),
        KeyBinding([(.home, .first), (.character("g"), .first), (.end, .last), (.character("G"), .last)],
                   help: ({ _ in "Home g / End G" }, "first / last icon")),
        KeyBinding([(.pageUp, .pageUp), (.pageDown, .pageDown)], help: ({ _ in "PgUp / PgDn" }, "one screen up / down")),
        KeyBinding([.enter, .space], .apply, help: ("Enter / Space", "use the focused icon"),
                   gridHint: KeyHint("Enter use", rank: 1), filterHint: KeyHint("Enter use", rank: 1),
                   summary: "Enter or Space applies"),
        KeyBinding([], help: ({ _ in "click" }, "use that icon"), readmeName: "a mouse click"),
        KeyBinding([.character("/")], .startFilter, help: ("/", "filter by name (Esc clears)"),
                   gridHint: KeyHint("/ filter", rank: 2)),
        KeyBinding([.escape], .clearFilter, mode: .filter, help: nil, filterHint: KeyHint("Esc clear", rank: 0)),
        KeyBinding([.backspace], .deleteBackward, mode: .filter, help: nil),
        KeyBinding([.character("a")], .cycleAppearance, help: ("a", "light, dark, tinted"),
                   gridHint: KeyHint("a appearance", rank: 3)),
        KeyBinding([.character("i")], .toggleDetails, help: ("i", "details (files, lint)"),
                   gridHint: KeyHint("i details", rank: 4), summary: "i shows the focused icon's files and lint findings"),
        KeyBinding([.character("f")], .fix, help: ("f", "fix what lint found (in i)"), enabled: { $0.fixes }),
        KeyBinding([.character("p")], .switchIdiom, help: ("p", "iPhone / iPad icons"),
                   gridHint: KeyHint(rank: 6) { _, other in other.map { "p \($0.deviceName)" } }),
        KeyBinding([.character("?")], .toggleHelp, help: ("?", "close this help"),
                   gridHint: KeyHint("? help", rank: 0), summary: "? shows the keys"),
        KeyBinding([.character("q"), .escape], .quit, help: ("q / Esc", "leave"),
                   gridHint: KeyHint("q quit", rank: 0), summary: "q or Esc leaves"),
        KeyBinding([.control("c")], .interrupt, help: ("Ctrl-C", "leave (status 130)")),
    ]

    /// Each mode's keys → command and the binding that gives it, built once from the table.
    private static let commands: [KeyMode: [TerminalKey: (command: ChooserCommand, binding: Int)]] = {
        var commands: [KeyMode: [TerminalKey: (command: ChooserCommand, binding: Int)]] = [:]
        for (index, binding) in all.enumerated() {
            for (key, command) in binding.keys {
                precondition(commands[binding.mode]?[key] == nil, "\(key) is bound twice")
                commands[binding.mode, default: [:]][key] = (command, index)
            }
        }
        return commands
    }()

    static func command(for key: TerminalKey, in mode: KeyMode, enabledIn configuration: ChooserConfiguration) -> ChooserCommand? {
        guard let bound = commands[mode]?[key], all[bound.binding].isEnabled(configuration) else { return nil }
        return bound.command
    }

    /// Whether some key gives `command` under `configuration` (what the details panel says `f` does).
    static func isEnabled(_ command: ChooserCommand, in configuration: ChooserConfiguration) -> Bool {
        all.contains { binding in binding.keys.contains { $0.command == command } && binding.isEnabled(configuration) }
    }

    /// The help box's rows, in the table's order: the bindings `configuration` enables.
    static func helpEntries(glyphs: Glyphs, configuration: ChooserConfiguration) -> [(keys: String, meaning: String)] {
        all.compactMap { binding in
            guard binding.isEnabled(configuration) else { return nil }
            return binding.help.map { ($0.keys(glyphs), $0.meaning) }
        }
    }

    /// The footer's hints under the grid, or on the open filter's line, of the bindings `configuration` enables.
    static func hints(filtering: Bool, glyphs: Glyphs, otherIdiom: Idiom?,
                      configuration: ChooserConfiguration) -> [(text: String, rank: Int)] {
        all.compactMap { binding in
            guard binding.isEnabled(configuration), let hint = filtering ? binding.filterHint : binding.gridHint,
                  let text = hint.text(glyphs, otherIdiom) else { return nil }
            return (text, hint.rank)
        }
    }
}

/// The keys as `iconchooser choose --help` describes them.
public enum ChooserKeys {
    /// "Arrows or h j k l move, Enter or Space applies, …, q or Esc leaves."
    public static var summary: String {
        KeyBindings.all.compactMap(\.summary).joined(separator: ", ") + "."
    }
}
