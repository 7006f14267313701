import CellCanvas
import IconArt

/// The styles of the chooser's own marks, reduced once to the terminal's colour depth.
/// Without colour every mark still differs from plain text by an attribute, because the
/// checkmark and the focus must show on a monochrome screen too.
struct Theme: Sendable {
    let depth: ColorDepth

    private var hasColor: Bool { depth != .noColor }
    private func color(_ rgb: (UInt8, UInt8, UInt8)) -> TerminalColor {
        depth.color(red: rgb.0, green: rgb.1, blue: rgb.2)
    }

    // iOS system colours.
    static let systemGreen: (UInt8, UInt8, UInt8) = (52, 199, 89)
    static let systemBlue: (UInt8, UInt8, UInt8) = (10, 132, 255)
    static let systemRed: (UInt8, UInt8, UInt8) = (255, 59, 48)
    static let systemOrange: (UInt8, UInt8, UInt8) = (255, 149, 0)
    static let white: (UInt8, UInt8, UInt8) = (255, 255, 255)

    var title: CellStyle { CellStyle(attributes: .bold) }
    var subtle: CellStyle { CellStyle(attributes: .dim) }
    /// The checkmark badge: white on green like `checkmark.circle.fill`; reverse without colour.
    var badge: CellStyle {
        hasColor ? CellStyle(foreground: color(Self.white), background: color(Self.systemGreen), attributes: .bold)
                 : CellStyle(attributes: [.bold, .reverse])
    }
    /// The focused tile's name plate: white on the tint colour, as iOS highlights a
    /// selection; reverse video without colour.
    var focusCaption: CellStyle {
        hasColor ? CellStyle(foreground: color(Self.white), background: color(Self.systemBlue), attributes: .bold)
                 : CellStyle(attributes: [.bold, .reverse])
    }
    /// A caption's letters the filter matched: underlined and bold everywhere (so they show in
    /// monochrome and ASCII too), in the tint colour where the name plate does not use it.
    func matchedLetter(on plate: Bool) -> CellStyle {
        var style = plate ? focusCaption : CellStyle(attributes: .bold)
        style.attributes.insert(.underline)
        if !plate && hasColor { style.foreground = color(Self.systemBlue) }
        return style
    }
    /// The filter's cursor after the query: a solid block in any mode.
    var cursor: CellStyle { CellStyle(attributes: .reverse) }
    var error: CellStyle {
        hasColor ? CellStyle(foreground: color(Self.systemRed), attributes: .bold) : CellStyle(attributes: .bold)
    }
    /// A lint warning: orange; plain without colour, where its "warning:" says it.
    var warning: CellStyle {
        hasColor ? CellStyle(foreground: color(Self.systemOrange)) : .plain
    }
    /// An alert's default button, in the tint colour as iOS draws it.
    var button: CellStyle {
        hasColor ? CellStyle(foreground: color(Self.systemBlue), attributes: .bold) : CellStyle(attributes: [.bold, .reverse])
    }
}
