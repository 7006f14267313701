import CellCanvas
import IconArt

/// What the command line and the terminal's capabilities decide once, before the chooser
/// starts; injected rather than detected so every screen can be tested in every mode.
public struct ChooserConfiguration: Hashable, Sendable {
    /// True: an iOS-style alert confirms a changed icon. False (`--no-alert`): a footer
    /// message does, as apps that suppress the system alert do.
    public var alertOnApply: Bool
    /// `--icon-size`.
    public var iconSize: IconSizeChoice
    /// No UTF-8 locale: ASCII borders, badge, arrows and ellipsis.
    public var ascii: Bool
    /// Colours of the badge, the focus and the placeholders; `.noColor` for `NO_COLOR` or a
    /// monochrome terminal, where attributes (bold, reverse) carry the marks instead.
    public var colorDepth: ColorDepth
    /// The block symbols pictures are drawn with: what the terminal is known or detected to draw.
    public var symbols: SymbolSet
    /// True: `f` fixes what lint found in the app's files. False (`--no-fix`, `serve`'s visitors,
    /// the bundled demo): the key is not bound, and no help, footer or panel offers it.
    public var fixes: Bool

    public init(alertOnApply: Bool = true, iconSize: IconSizeChoice = .auto, ascii: Bool = false,
                colorDepth: ColorDepth = .palette256, symbols: SymbolSet = .half, fixes: Bool = true) {
        self.alertOnApply = alertOnApply
        self.fixes = fixes
        self.iconSize = iconSize
        self.ascii = ascii
        self.colorDepth = colorDepth
        self.symbols = symbols
    }
}
