import CellCanvas
import TerminalDetection

extension TerminalCapabilities {
    /// The finest block symbols the terminal is known, by its own answers, to draw; nil when
    /// its answers name no such terminal (the environment decides then).
    public var finestSymbols: SymbolSet? {
        drawsOctants ? .octant : drawsSextants ? .sextant : nil
    }
}
