import ChooserUI
import TerminalInput

extension Key {
    /// The chooser's meaning of a key as the terminal reports it, or nil for keys it has
    /// no use for (control keys other than Ctrl-C).
    public init?(_ key: TerminalKey) {
        switch key {
        case .up: self = .up
        case .down: self = .down
        case .left: self = .left
        case .right: self = .right
        case .home: self = .home
        case .end: self = .end
        case .pageUp: self = .pageUp
        case .pageDown: self = .pageDown
        case .tab: self = .tab
        case .backTab: self = .backTab
        case .enter: self = .enter
        case .escape: self = .escape
        case .backspace: self = .backspace
        case .control("c"): self = .controlC
        case .character(let character): self = .character(character)
        case .control: return nil
        }
    }
}
