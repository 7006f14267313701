import Foundation
@testable import ChooserUI
import TerminalInput
import TestSupport
import Testing

/// The one table of keys (`KeyBindings`) against what is derived from it and what is written
/// by hand about it: the README's key table.
@Suite struct KeyBindingTests {
    /// A key as the README's table spells it (the four arrows are "arrows").
    static func readmeName(_ key: TerminalKey) -> String {
        switch key {
        case .up, .down, .left, .right: "arrows"
        case .home: "Home"
        case .end: "End"
        case .pageUp: "PgUp"
        case .pageDown: "PgDn"
        case .tab: "Tab"
        case .backTab: "Shift-Tab"
        case .enter: "Enter"
        case .escape: "Esc"
        case .backspace: "Backspace"
        case .control(let character): "Ctrl-\(character.uppercased())"
        case .character(" "): "Space"
        case .character(let character): String(character)
        }
    }

    /// The README's key table: each row's first column split into the names of its keys
    /// (`` `h j k l` `` is four keys, `` `Home`/`g` `` two, "a mouse click" one input).
    static func readmeRows() throws -> [[String]] {
        let readme = try String(contentsOf: Repository.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let header = try #require(lines.firstIndex(of: "| keys | |"))
        return lines[(header + 2)...].prefix { $0.hasPrefix("| ") }.map { row in
            let keys = row.dropFirst(2).components(separatedBy: " | ")[0]
            return keys.components(separatedBy: ", ").flatMap { segment -> [String] in
                guard segment.contains("`") else { return segment.contains(" ") ? [segment] : segment.components(separatedBy: "/") }
                let quoted = segment.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
                return quoted.flatMap { $0.components(separatedBy: " ") }
            }
        }
    }

    /// The README names every key the table binds in the grid, and nothing else; the filter
    /// line's own keys (Esc, Backspace) are described in the `/` row's text.
    @Test func theReadmeKeyTableNamesTheBoundKeys() throws {
        let rows = try Self.readmeRows()
        let grid = KeyBindings.all.filter { $0.mode == .grid }
        let bound = Set(grid.flatMap { $0.keys.map { Self.readmeName($0.key) } } + grid.compactMap(\.readmeName))
        #expect(Set(rows.joined()) == bound)
        #expect(rows.joined().count == Set(rows.joined()).count, "a key is named in two rows")
        // Keys that share a binding share a README row.
        for binding in grid where !binding.keys.isEmpty {
            let names = Set(binding.keys.map { Self.readmeName($0.key) })
            #expect(rows.contains { names.isSubset(of: $0) }, "\(names.sorted()) are not in one README row")
        }
    }

    @Test func everyCommandHasAKey() {
        let bound = Set(KeyBindings.all.flatMap { $0.keys.map(\.command) })
        #expect(bound == Set(ChooserCommand.allCases))
    }

    /// Each key has one meaning per mode; the filter takes Esc and Backspace before the grid.
    @Test func keysMeanOneThingInEachMode() {
        for mode in [KeyMode.grid, .filter] {
            let keys = KeyBindings.all.filter { $0.mode == mode }.flatMap { $0.keys.map(\.key) }
            #expect(keys.count == Set(keys).count)
        }
        let all = ChooserConfiguration()
        #expect(ChooserCommand(key: .escape, enabledIn: all) == .quit)
        #expect(ChooserCommand(key: .escape, mode: .filter, enabledIn: all) == .clearFilter)
        #expect(ChooserCommand(key: .character("j"), mode: .filter, enabledIn: all) == nil)
        #expect(ChooserCommand(key: .control("d"), enabledIn: all) == nil)
    }

    /// `iconchooser choose --help` describes the keys a newcomer needs first, from the table.
    @Test func theCommandHelpSummarisesTheKeys() {
        #expect(ChooserKeys.summary == "Arrows or h j k l move, Enter or Space applies, i shows the focused icon's "
            + "files and lint findings, ? shows the keys, q or Esc leaves.")
    }

    /// The help box lists every binding that has a help row, in the table's order, in ASCII too.
    @Test func theHelpBoxRowsFollowTheTable() {
        let ascii = KeyBindings.helpEntries(glyphs: Glyphs(ascii: true), configuration: ChooserConfiguration())
        #expect(ascii.first?.keys == "arrows h j k l")
        #expect(ascii.map(\.meaning) == KeyBindings.all.compactMap(\.help?.meaning))
    }

    /// A binding the configuration does not enable is not a key at all: `f` under `--no-fix` (and
    /// for `serve`'s visitors) is neither matched nor listed in the help or the footers.
    @Test func aKeyThatIsNotEnabledIsNeitherBoundNorListed() {
        let noFix = ChooserConfiguration(fixes: false)
        #expect(ChooserCommand(key: .character("f"), enabledIn: ChooserConfiguration()) == .fix)
        #expect(ChooserCommand(key: .character("f"), enabledIn: noFix) == nil)
        #expect(!KeyBindings.isEnabled(.fix, in: noFix))
        let glyphs = Glyphs(ascii: false)
        let listed = KeyBindings.helpEntries(glyphs: glyphs, configuration: noFix)
        #expect(!listed.contains { $0.keys == "f" })
        #expect(listed.count == KeyBindings.helpEntries(glyphs: glyphs, configuration: ChooserConfiguration()).count - 1)
    }

    /// Every command a key gives is carried out by `ChooserCommand.perform` (a switch the
    /// compiler holds to every case), bound in the table (`everyCommandHasAKey`), and named in
    /// the README (`theReadmeKeyTableNamesTheBoundKeys`): a key is registered in this one file.
    @Test func everyBoundCommandIsWhatItsKeyGives() {
        for binding in KeyBindings.all {
            for (key, command) in binding.keys {
                #expect(ChooserCommand(key: key, mode: binding.mode, enabledIn: ChooserConfiguration()) == command)
            }
        }
    }
}
