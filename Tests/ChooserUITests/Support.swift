import CellCanvas
@testable import ChooserUI
import IconArt
import TerminalInput

/// The bundled demo's icons, in chooser order.
let demoItems: [ChooserItem] = [
    .primary(),
    ChooserItem(name: "black-white", title: "black-white"),
    ChooserItem(name: "white-black", title: "white-black"),
    ChooserItem(name: "multi-black", title: "multi-black"),
    ChooserItem(name: "black-multi", title: "black-multi"),
]

/// `count` icons named "Icon 1"… (the primary is "Default").
func numberedItems(_ count: Int) -> [ChooserItem] {
    [.primary()] + (1..<count).map { ChooserItem(name: "icon\($0)", title: "Icon \($0)") }
}

/// A tile filled with one letter, so a snapshot shows which picture is where.
func fakePicture(_ letter: Character, _ size: TileSize) -> CellGrid {
    CellGrid(width: size.columns, height: size.rows, filling: Cell(String(letter)))
}

/// The letter item `index` is drawn with: A, B, C, …
func letter(_ index: Int) -> Character {
    Character(Unicode.Scalar(UInt8(65 + index % 26)))
}

/// The keys of `items`' icons at these places.
func keys(_ indices: [Int], in items: [ChooserItem] = demoItems) -> [IconKey] { indices.map { items[$0].key } }

/// The key of `items`' icon at `index`.
func key(_ index: Int, in items: [ChooserItem] = demoItems) -> IconKey { items[index].key }

/// Answers every `.loadPictures` with fake pictures, as the shell would: each icon drawn with
/// the letter of its place in the list.
func deliver(_ effects: [ChooserEffect], to state: inout ChooserState) {
    for case let .loadPictures(icons, size, appearance) in effects {
        for icon in icons {
            let index = state.items.firstIndex { $0.key == icon } ?? 25
            _ = update(&state, .pictureLoaded(icon: icon, tileSize: size, picture: fakePicture(letter(index), size),
                                              appearance: appearance))
        }
    }
}

/// A started chooser with every requested picture loaded.
func chooser(_ items: [ChooserItem] = demoItems, current: String? = nil, width: Int = 100, height: Int = 30,
             configuration: ChooserConfiguration = ChooserConfiguration(), loadPictures: Bool = true) -> ChooserState {
    var (state, effects) = ChooserState.start(items: items, appName: "Colourful", currentName: current,
                                              screen: ScreenSize(width: width, height: height),
                                              configuration: configuration)
    if loadPictures { deliver(effects, to: &state) }
    return state
}

/// Sends keys one by one, loading any pictures they ask for, and returns all effects.
@discardableResult
func press(_ keys: TerminalKey..., in state: inout ChooserState) -> [ChooserEffect] {
    var all: [ChooserEffect] = []
    for key in keys {
        let effects = update(&state, .key(key))
        deliver(effects, to: &state)
        all += effects
    }
    return all
}

/// The screen's characters only, as a grid, so a failed comparison prints both screens
/// line by line (CellGrid's description) instead of two long arrays.
func text(of state: ChooserState) -> CellGrid {
    CellGrid(lines: view(state).lines)
}

/// The screen's characters with only the marks a user looks for styled: `f` the focused
/// tile's name plate, `c` the checkmark badge (or the styles of `legend`). Everything else is
/// plain, so a snapshot shows where the focus and the checkmark are without spelling out
/// every other style.
func marks(of state: ChooserState, legend: [Character: CellStyle]? = nil) -> CellGrid {
    let kept = Set((legend ?? markLegend(state.configuration.colorDepth)).values)
    var grid = view(state)
    for y in 0..<grid.height {
        for x in 0..<grid.width where !kept.contains(grid[x, y].style) {
            var cell = grid[x, y]
            cell.style = .plain
            grid[x, y] = cell
        }
    }
    return grid
}

/// The names `marks(of:)` snapshots use for the focus plate and the badge at `depth`.
func markLegend(_ depth: ColorDepth = .palette256) -> [Character: CellStyle] {
    let theme = Theme(depth: depth)
    return ["f": theme.focusCaption, "c": theme.badge]
}
