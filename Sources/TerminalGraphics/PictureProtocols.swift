import CellCanvas
import Pixels
import TerminalDetection

/// A pixel protocol as one value, as chafa keeps one table of what each protocol needs: how
/// large its pictures are made, the encoder the chooser places them with, and how a sheet
/// (`preview`) writes one at the cursor. Which terminals speak it, and whether they scale its
/// pictures, is said beside its name (`GraphicsProtocol.support`, `scalesToCells`, in
/// `TerminalDetection`); everything that draws pixels, the chooser's `IconPixelPictures` and
/// `preview` alike, chooses through this table.
public struct PictureProtocol: Sendable {
    public let graphics: GraphicsProtocol
    /// The chooser's encoder on a terminal of these capabilities drawn at this colour depth;
    /// nil where the protocol cannot be used there.
    let screen: @Sendable (TerminalCapabilities, ColorDepth) -> (any ScreenPictures)?
    /// One picture written at the cursor, in a sheet (`GraphicsSheet`).
    let atCursor: @Sendable (PixelPicture, GraphicsOptions) throws(GraphicsEncodingError) -> [UInt8]

    /// How many pixels a picture is made of.
    public var sizing: PixelPicture.Sizing { graphics.scalesToCells ? .atMostSource : .tile }

    /// The chooser's encoder on a terminal of `capabilities` drawn at `colorDepth`, or nil.
    public func screenPictures(for capabilities: TerminalCapabilities, colorDepth: ColorDepth) -> (any ScreenPictures)? {
        screen(capabilities, colorDepth)
    }

    /// Every protocol, one entry each: the switch makes a new `GraphicsProtocol` case fail to
    /// compile until it has its entry.
    public static func of(_ graphics: GraphicsProtocol) -> PictureProtocol {
        switch graphics {
        case .kitty: kitty
        case .sixel: sixel
        case .iterm2: iterm2
        }
    }

    public static var all: [PictureProtocol] { GraphicsProtocol.allCases.map(of) }

    static let kitty = PictureProtocol(
        graphics: .kitty,
        screen: { capabilities, colorDepth in
            guard capabilities.kittyPlaceholders else {
                return KittyScreenPictures(showing: .placed, throughTmux: capabilities.passThroughTmux,
                                           firstImageID: UInt32.random(in: 1...0xFF_FFFF))
            }
            // A placeholder's colour carries the image id: 256 colours at least.
            let color: KittyPlaceholder.IDColor
            switch colorDepth {
            case .truecolor: color = .truecolor
            case .palette256: color = .palette256
            default: return nil
            }
            return KittyScreenPictures(showing: .placeholders(color), throughTmux: capabilities.passThroughTmux,
                                       firstImageID: UInt32.random(in: 0...0xFF_FFFF))
        },
        atCursor: { picture, _ throws(GraphicsEncodingError) in
            try KittyGraphics.transmitAndPlace(picture, zIndex: KittyGraphics.belowBackgrounds)
        })

    static let sixel = PictureProtocol(
        graphics: .sixel,
        screen: { capabilities, _ in
            let sixel = GraphicsOptions.sixel(for: capabilities)
            return CellScreenPictures(encoding: { picture in sixel.encode(picture) })
        },
        atCursor: { picture, options in options.sixel.encode(picture) })

    static let iterm2 = PictureProtocol(
        graphics: .iterm2,
        screen: { _, _ in CellScreenPictures(encoding: { picture throws(GraphicsEncodingError) in try ITerm2Image.encode(picture) }) },
        atCursor: { picture, _ throws(GraphicsEncodingError) in try ITerm2Image.encode(picture) })
}

extension GraphicsOptions {
    /// What a sheet is written with for a terminal that said `capabilities` (nil: it was not
    /// asked, the sheet goes to a file or a pipe), drawn at `colorDepth`: kitty's placeholders
    /// inside tmux, its background and colour registers for sixel.
    public init(capabilities: TerminalCapabilities?, colorDepth: ColorDepth) {
        self.init(kittyPlaceholders: capabilities?.kittyPlaceholders ?? false,
                  placeholderColor: colorDepth == .truecolor ? .truecolor : .palette256,
                  throughTmux: capabilities?.passThroughTmux ?? false,
                  firstImageID: UInt32.random(in: 0...0xFF_FFFF))
        sixel = capabilities.map(Self.sixel(for:)) ?? Sixel(background: (0, 0, 0), maxColors: Sixel.defaultMaxColors)
    }

    /// sixel on a terminal of `capabilities`: its soft edges mixed with its background (black
    /// where it did not say), in as many colours as it has registers.
    static func sixel(for capabilities: TerminalCapabilities) -> Sixel {
        Sixel(background: capabilities.background.map { ($0.red, $0.green, $0.blue) } ?? (0, 0, 0),
              maxColors: capabilities.sixelRegisters ?? Sixel.defaultMaxColors)
    }
}
