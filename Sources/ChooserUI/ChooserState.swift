import CellCanvas
import IconArt
import IconCatalog

/// A terminal size in cells.
public struct ScreenSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }
}

/// A one-line message in the footer: the last thing that happened.
public struct StatusMessage: Hashable, Sendable {
    public var text: String
    /// Errors are drawn in red (bold without colour) so a failure is not mistaken for news.
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }
}

/// The iOS alert shown after a successful change: a message and an OK button.
public struct ChooserAlert: Hashable, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
}

/// The whole chooser as one value: what `view` draws and `update` changes. Nothing in it
/// refers to a terminal, a file or a clock, so any screen can be built in a test.
///
/// Properties are read-only outside the module because they hold invariants together
/// (the focus is always on screen, a picture is asked for once); change them with events.
public struct ChooserState: Hashable, Sendable {
    /// The icons in chooser order, the primary first; an app with an iPad twin lists the
    /// iPhone set, then the iPad set (`idiom` says which is shown). The list changes when the
    /// app is read again (`.iconsChanged`); everything kept per icon is kept by `IconKey`.
    public internal(set) var items: [ChooserItem]
    /// The icon set on screen.
    public internal(set) var idiom: Idiom
    /// The `/` filter while it is open.
    public internal(set) var filter: FilterState?
    /// The indices into `items` on screen, in grid order: the idiom's icons, or what the filter
    /// matched, best first. Everything positional (layout, navigation, clicks) works in it.
    public private(set) var shown: [Int]
    /// The app's display name, for the title and the alert.
    public let appName: String
    /// What of the app is shown, after its name in the title (a project's target and
    /// configuration: `App, Release`); nil for an app given as a plist or a built app.
    public let context: String?
    /// The appearance every picture is drawn in (`a` cycles it); named in the title unless light.
    public internal(set) var appearance: IconAppearance
    public internal(set) var configuration: ChooserConfiguration
    /// The icon that carries the checkmark (nil: the primary).
    public internal(set) var currentName: String?
    /// Index into `items` of the focused tile. It stays on its icon while a filter hides it
    /// (nothing matched), so clearing the filter finds it again.
    public internal(set) var focus: Int
    /// The first grid row on screen (the grid scrolls by whole rows).
    public internal(set) var firstVisibleRow: Int
    public internal(set) var screen: ScreenSize
    /// Rendered pictures by tile size and icon; missing ones show placeholders.
    public internal(set) var pictures: [TileSize: [IconKey: CellGrid]]
    /// What `.loadPictures` has asked for already, so nothing is decoded twice.
    public internal(set) var requestedPictures: [TileSize: Set<IconKey>]
    public internal(set) var alert: ChooserAlert?
    /// A fix under way: being worked out, asking for a yes, or being written.
    public internal(set) var fix: FixStage?
    public internal(set) var showsHelp: Bool
    /// The footer's message: the last apply's outcome, or nil.
    public internal(set) var status: StatusMessage?
    /// True from `.apply` until `.applyFinished`; further applies are ignored meanwhile.
    public internal(set) var isApplying: Bool
    /// What the help says about the terminal (empty until it is known).
    public internal(set) var terminalLines: [String]
    /// Pixel pictures, once the terminal is known to show them: nil draws every icon as
    /// symbol art.
    public internal(set) var pixels: PixelPictureState?
    /// The details panel (`i`) and what has arrived for it.
    public internal(set) var details: DetailsState

    /// The state before the first frame, and the effects that start loading pictures
    /// (the visible tiles first). The focus starts on the current icon, scrolled into view.
    /// `status`: a footer message from the start (a setting that could not be honoured).
    public static func start(items: [ChooserItem], appName: String, currentName: String?,
                             screen: ScreenSize, configuration: ChooserConfiguration = ChooserConfiguration(),
                             context: String? = nil, appearance: IconAppearance = .light,
                             status: StatusMessage? = nil, idiom: Idiom? = nil)
        -> (state: ChooserState, effects: [ChooserEffect]) {
        var state = ChooserState(items: items, appName: appName, currentName: currentName,
                                 screen: screen, configuration: configuration, context: context, appearance: appearance,
                                 idiom: idiom)
        state.status = status
        state.scrollFocusIntoView()
        return (state, state.requestMissingPictures())
    }

    /// `idiom`: the set shown first (default: the first item's).
    init(items: [ChooserItem], appName: String, currentName: String?, screen: ScreenSize,
         configuration: ChooserConfiguration, context: String? = nil, appearance: IconAppearance = .light,
         idiom: Idiom? = nil) {
        let idiom = idiom.flatMap { wanted in items.contains { $0.idiom == wanted } ? wanted : nil } ?? items.first?.idiom ?? .phone
        self.items = items
        self.idiom = idiom
        self.filter = nil
        self.shown = items.indices.filter { items[$0].idiom == idiom }
        self.appName = appName
        self.context = context
        self.appearance = appearance
        self.configuration = configuration
        self.currentName = currentName
        self.focus = items.indices.first { items[$0].idiom == idiom && items[$0].name == currentName }
            ?? items.indices.first { items[$0].idiom == idiom } ?? 0
        self.firstVisibleRow = 0
        self.screen = screen
        self.pictures = [:]
        self.requestedPictures = [:]
        self.alert = nil
        self.showsHelp = false
        self.status = nil
        self.isApplying = false
        self.terminalLines = []
        self.pixels = nil
        self.details = DetailsState()
    }

    /// The grid's geometry for the current screen, or nil when the terminal is too small. The
    /// tile size suits the whole icon set, so a filter never changes it; the grid holds `shown`.
    /// Beside the details panel the tiles keep the size they have without it, or the largest
    /// smaller one that fits: a narrower grid may scroll where the whole screen did not, and
    /// the choice by rows alone would then make its tiles larger.
    public var layout: GridLayout? {
        let whole = GridLayout.choose(configuration.iconSize, itemCount: idiomItems.count, screen: screen)
        guard let frame = detailsFrame, frame.beside else { return whole?.holding(shown.count) }
        return GridLayout.choose(configuration.iconSize, itemCount: idiomItems.count, screen: frame.gridScreen(of: screen),
                                 atMost: whole?.tileSize)?.holding(shown.count)
    }

    /// The indices into `items` of the icon set shown, in chooser order.
    public var idiomItems: [Int] { items.indices.filter { items[$0].idiom == idiom } }

    /// Where item `index` is in the grid (an index into `shown`), or nil when it is not shown.
    public func position(of index: Int) -> Int? { shown.firstIndex(of: index) }

    /// The focused tile's name plate: its caption row and the columns it spans, which lie over
    /// its neighbours' captions where the name is wider than the slot (see `TileDrawing.plate`).
    /// The view draws it and a click on it is a click on the focused tile. nil while the focused
    /// tile is not on screen.
    var focusedPlate: (row: Int, columns: Range<Int>)? {
        guard let layout, let position = position(of: focus),
              let origin = layout.slotOrigin(of: position, firstRow: firstVisibleRow) else { return nil }
        return (origin.y + layout.slotHeight - 1,
                TileDrawing.plate(for: items[focus].title, slotX: origin.x, slotWidth: layout.slotWidth,
                                  within: 0..<layout.screen.width))
    }

    /// The items whose tiles are on screen, in grid order.
    public var visibleItems: [Int] {
        guard let layout else { return [] }
        return layout.visibleIndices(firstRow: firstVisibleRow).map { shown[$0] }
    }

    /// The icons whose tiles are on screen, in grid order.
    public var visibleIcons: [IconKey] { visibleItems.map { items[$0].key } }

    /// The tile size in use (chosen to fit, or forced), or nil when the terminal is too small.
    public var tileSize: TileSize? { layout?.tileSize }

    /// The smallest screen that shows the grid: one tile of the forced size (small when
    /// automatic) with its caption, the title and the footer.
    public var minimumScreen: ScreenSize {
        GridLayout.minimumScreen(for: configuration.iconSize.forcedSize ?? .small)
    }

    /// The focused item, if there is any item at all.
    public var focusedItem: ChooserItem? { items.indices.contains(focus) ? items[focus] : nil }

    /// The index of the icon with the checkmark in the set shown, if it is there.
    public var currentIndex: Int? { items.indices.first { items[$0].idiom == idiom && items[$0].name == currentName } }

    /// True when the set shown lists no alternate icons, only its primary.
    public var hasNoAlternates: Bool { !items.contains { $0.idiom == idiom && $0.name != nil } }

    /// The idioms the app has icon sets for, in the order `p` visits them.
    public var idioms: [Idiom] { Idiom.allCases.filter { idiom in items.contains { $0.idiom == idiom } } }

    /// Scrolls as little as possible so the focused tile's row is on screen.
    mutating func scrollFocusIntoView() {
        guard let layout, let position = position(of: focus) else { return }
        firstVisibleRow = layout.firstRow(firstVisibleRow, showing: position)
    }

    /// `shown` anew for the idiom and the filter (what it matched among the idiom's icons).
    /// The focus stays on its icon while that is shown, else moves to the best match; with
    /// nothing matched it stays where it was, hidden, until the filter changes.
    mutating func refreshShown() {
        let inIdiom = idiomItems
        guard var filter else {
            shown = inIdiom
            if !inIdiom.contains(focus), let first = inIdiom.first { focus = first }
            return
        }
        let kept = filter.match(in: inIdiom.map { items[$0].title }, indices: inIdiom, keeping: focus)
        self.filter = filter
        shown = filter.matched
        if let kept { focus = kept }
    }

    /// One `.loadPictures` for every icon of the set shown not yet asked for at the current
    /// tile size: visible tiles first, then those below them, those above, and those a filter hides.
    mutating func requestMissingPictures() -> [ChooserEffect] {
        guard let layout, !items.isEmpty else { return [] }
        let size = layout.tileSize
        let asked = requestedPictures[size, default: []]
        let visible = layout.visibleIndices(firstRow: firstVisibleRow)
        let inGrid = Array(visible) + Array(visible.upperBound..<shown.count) + Array(0..<visible.lowerBound)
        // The grid's icons first, then the rest of the set (a filter hides some); each once.
        var seen = asked
        let missing = (inGrid.map { shown[$0] } + idiomItems).map { items[$0].key }.filter { seen.insert($0).inserted }
        guard !missing.isEmpty else { return [] }
        requestedPictures[size, default: []].formUnion(missing)
        return [.loadPictures(missing, size, appearance)]
    }

    /// One `.loadPixelPictures` for the visible tiles whose pixel pictures were not asked for
    /// yet: a picture off screen would only cost memory until it is scrolled to.
    mutating func requestMissingPixelPictures() -> [ChooserEffect] {
        guard let layout, let cell = pixels?.cell else { return [] }
        let size = layout.tileSize
        let asked = pixels?.requested[size, default: []] ?? []
        let missing = visibleIcons.filter { !asked.contains($0) }
        guard !missing.isEmpty else { return [] }
        pixels?.requested[size, default: []].formUnion(missing)
        return [.loadPixelPictures(missing, size, cell: cell, appearance: appearance)]
    }
}

/// Where the chooser stands with pixel pictures: made for cells of `cell` pixels, asked for
/// tile by tile as tiles come on screen, and shown once ready. A tile whose picture could
/// not be made keeps its symbol art.
public struct PixelPictureState: Hashable, Sendable {
    public let cell: CellPixelSize
    /// Icons whose picture the terminal can be given, by tile size.
    public internal(set) var ready: [TileSize: Set<IconKey>] = [:]
    /// Icons asked for (ready, under way, or failed), by tile size.
    public internal(set) var requested: [TileSize: Set<IconKey>] = [:]

    init(cell: CellPixelSize) { self.cell = cell }
}

/// A tile the terminal shows as a pixel picture: the item (an index into `items`), its icon,
/// the cells the picture covers, and the parts of it no box covers.
public struct PixelTile: Hashable, Sendable {
    public let index: Int
    public let icon: IconKey
    public let tileSize: TileSize
    public let x: Int
    public let y: Int
    /// What shows of the picture: the whole, or where a box covers part of it the rest.
    public let pieces: [PicturePiece]
    public var columns: Int { tileSize.columns }
    public var rows: Int { tileSize.rows }
}

/// A rectangle of a picture's cells (from its top-left cell) that no box covers.
public struct PicturePiece: Hashable, Sendable {
    public let column: Int
    public let row: Int
    public let columns: Int
    public let rows: Int

    public init(column: Int, row: Int, columns: Int, rows: Int) {
        (self.column, self.row, self.columns, self.rows) = (column, row, columns, rows)
    }

    /// The parts of a picture of `columns`×`rows` cells at `x`, `y` that `boxes` leave in sight,
    /// as few rectangles as rows alike allow (top to bottom, left to right): the whole picture
    /// where no box touches it, none where boxes cover it all. A box hides exactly the cells it
    /// covers, so a picture a box's corner covers shows as an L of two rectangles.
    static func visible(x: Int, y: Int, columns: Int, rows: Int,
                        under boxes: [(x: Int, y: Int, width: Int, height: Int)]) -> [PicturePiece] {
        guard columns > 0, rows > 0 else { return [] }
        // Each row's runs of uncovered columns; rows with the same runs make one rectangle.
        func runs(_ row: Int) -> [Range<Int>] {
            var covered = [Bool](repeating: false, count: columns)
            for box in boxes where box.y <= y + row && y + row < box.y + box.height {
                let from = max(0, box.x - x), to = min(columns, box.x + box.width - x)
                if from < to { for column in from..<to { covered[column] = true } }
            }
            var found: [Range<Int>] = []
            var start: Int?
            for column in 0...columns {
                if column < columns && !covered[column] {
                    if start == nil { start = column }
                } else if let first = start {
                    found.append(first..<column)
                    start = nil
                }
            }
            return found
        }
        var pieces: [PicturePiece] = []
        var row = 0
        while row < rows {
            let same = runs(row)
            var end = row + 1
            while end < rows && runs(end) == same { end += 1 }
            pieces += same.map { PicturePiece(column: $0.lowerBound, row: row, columns: $0.count, rows: end - row) }
            row = end
        }
        return pieces
    }
}

extension ChooserState {
    /// The tiles on screen that show their pixel picture, top to bottom: those whose picture
    /// is ready, each in the parts an overlay (the help, the alert) leaves in sight, since no
    /// picture may cover text; a tile an overlay covers whole is not one. The view leaves their
    /// cells blank for the terminal to draw into.
    public var pixelTiles: [PixelTile] {
        guard let layout, let ready = pixels?.ready[layout.tileSize], !ready.isEmpty else { return [] }
        let overlays = overlayFrames
        return layout.visibleIndices(firstRow: firstVisibleRow).compactMap { position in
            let index = shown[position]
            let icon = items[index].key
            guard ready.contains(icon), let slot = layout.slotOrigin(of: position, firstRow: firstVisibleRow) else { return nil }
            let origin = TileDrawing.pictureOrigin(slotX: slot.x, slotY: slot.y)
            let pieces = PicturePiece.visible(x: origin.x, y: origin.y, columns: layout.tileSize.columns,
                                              rows: layout.tileSize.rows, under: overlays)
            guard !pieces.isEmpty else { return nil }
            return PixelTile(index: index, icon: icon, tileSize: layout.tileSize, x: origin.x, y: origin.y, pieces: pieces)
        }
    }

    /// The boxes drawn over the grid now, as screen rectangles: the help, the alert, and the
    /// details panel where it is not beside the grid.
    var overlayFrames: [(x: Int, y: Int, width: Int, height: Int)] {
        guard let panel = detailsFrame, !panel.beside else { return boxFrames }
        return boxFrames + [(panel.x, panel.y, panel.width, panel.height)]
    }

    /// The help, a fix's confirmation and the alert, which cover the details panel too.
    var boxFrames: [(x: Int, y: Int, width: Int, height: Int)] { boxes.map(\.area) }

    /// The boxes over the grid and the panel, in the order they are drawn: the help, a fix's
    /// confirmation, the alert.
    var boxes: [any Widget] {
        let glyphs = Glyphs(ascii: configuration.ascii), theme = Theme(depth: configuration.colorDepth)
        var boxes: [any Widget] = []
        if showsHelp {
            boxes.append(HelpBox(glyphs: glyphs, theme: theme, configuration: configuration, terminal: terminalLines, screen: screen))
        }
        if case .confirming(let proposal)? = fix { boxes.append(FixBox(proposal, screen: screen, glyphs: glyphs, theme: theme)) }
        if let alertBox { boxes.append(alertBox) }
        return boxes
    }

    /// The alert's box, where an alert shows.
    var alertBox: AlertBox? {
        alert.map { AlertBox($0, screen: screen, glyphs: Glyphs(ascii: configuration.ascii), theme: Theme(depth: configuration.colorDepth)) }
    }
}
