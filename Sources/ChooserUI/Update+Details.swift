import CellCanvas
import IconArt
import IconCatalog

/// Where the details panel's large pixel picture goes, when the terminal draws one.
public struct DetailsPixelPlacement: Hashable, Sendable {
    public let picture: DetailsPicture
    public let x: Int
    public let y: Int
    /// What shows of it: the whole, or the parts a box (help, alert) leaves in sight.
    public let pieces: [PicturePiece]
}

extension ChooserState {
    /// The panel's frame while it is open and the grid has room; nil otherwise.
    public var detailsFrame: DetailsPanelFrame? {
        guard details.isOpen else { return nil }
        let frame = DetailsPanelFrame(screen: screen)
        // Beside the grid only where the grid still fits; else over it.
        guard frame.beside, GridLayout.choose(configuration.iconSize, itemCount: items.count,
                                              screen: frame.gridScreen(of: screen)) == nil else { return frame }
        return DetailsPanelFrame(screen: screen, allowBeside: false)
    }

    /// The large picture the panel shows for the focused icon, at the panel's size.
    var detailsPictureWanted: DetailsPicture? {
        guard let size = detailsFrame?.pictureSize, let item = focusedItem else { return nil }
        return DetailsPicture(icon: item.key, columns: size.columns, rows: size.rows)
    }

    /// The panel's pixel picture, when it is ready, in the parts no box (help, alert) covers;
    /// nil where boxes cover it all.
    public var detailsPixelPlacement: DetailsPixelPlacement? {
        guard pixels != nil, layout != nil, let wanted = detailsPictureWanted, details.pixelsReady.contains(wanted),
              let origin = detailsFrame?.pictureOrigin else { return nil }
        let pieces = PicturePiece.visible(x: origin.x, y: origin.y, columns: wanted.columns, rows: wanted.rows, under: boxFrames)
        return pieces.isEmpty ? nil : DetailsPixelPlacement(picture: wanted, x: origin.x, y: origin.y, pieces: pieces)
    }

    /// `i`: opens or closes the panel. Beside the grid it narrows it, so the tile size may
    /// change: the focus is kept on screen and the pictures for the new layout asked for.
    mutating func toggleDetails() -> [ChooserEffect] {
        guard layout != nil else { return [] }
        details.isOpen.toggle()
        scrollFocusIntoView()
        return requestMissingPictures() + requestMissingPixelPictures()
    }

    /// What the open panel lacks for the focused icon: its files, the app's findings (once),
    /// and its large picture in symbols and, where the terminal shows them, in pixels.
    mutating func requestDetails() -> [ChooserEffect] {
        guard details.isOpen, layout != nil, let item = focusedItem else { return [] }
        var effects: [ChooserEffect] = []
        if details.requested.insert(item.key).inserted { effects.append(.loadDetails(item.key)) }
        if !details.findingsRequested {
            details.findingsRequested = true
            effects.append(.checkApp)
        }
        guard let wanted = detailsPictureWanted else { return effects }
        if let cell = pixels?.cell, !details.pixelsReady.contains(wanted), !details.pixelsFailed.contains(wanted),
           details.pixelRequested != wanted {
            details.pixelRequested = wanted
            effects.append(.loadDetailsPixelPicture(wanted, cell: cell, appearance: appearance))
        }
        if details.picture?.key != wanted, details.pictureRequested != wanted {
            details.pictureRequested = wanted
            effects.append(.loadDetailsPicture(wanted, appearance))
        }
        return effects
    }

    /// Keeps what arrived for the panel, unless it is for another appearance, size or cell
    /// size than asked for now.
    mutating func receiveDetails(_ event: ChooserEvent) {
        switch event {
        case let .detailsLoaded(icon, found):
            guard items.contains(where: { $0.key == icon }) else { return }
            details.known[icon] = found
        case let .findingsLoaded(findings):
            details.findings = findings
        case let .detailsPictureLoaded(key, picture, pictureAppearance):
            guard pictureAppearance == appearance, key == details.pictureRequested,
                  picture.width == key.columns, picture.height == key.rows else { return }
            details.picture = DetailsPictureGrid(key: key, grid: picture)
        case let .detailsPixelPictureLoaded(key, cell, ready, pictureAppearance):
            guard pictureAppearance == appearance, cell == pixels?.cell else { return }
            if details.pixelRequested == key { details.pixelRequested = nil }
            if ready { details.pixelsReady.insert(key) } else { details.pixelsFailed.insert(key) }
        default:
            return
        }
    }
}
