import CellCanvas
import IconArt

/// Everything that can happen to the chooser: input, the terminal changing size, and the
/// results of effects it asked for. Errors arrive as events too, so `update` decides
/// what the screen says about them.
public enum ChooserEvent: Hashable, Sendable {
    case key(Key)
    /// A mouse click (button 1 press or release, whichever the shell reports) at a
    /// zero-based screen column and row.
    case click(column: Int, row: Int)
    /// The terminal's new size in cells (`KEY_RESIZE`).
    case resize(width: Int, height: Int)
    /// A picture asked for with `.loadPictures`, rendered at `tileSize` (unreadable files
    /// may come back as IconArt's placeholder tile: the grid only needs the right size).
    case pictureLoaded(index: Int, tileSize: TileSize, picture: CellGrid)
    /// The result of `.apply`: `name` is the name that was asked for; `error` is nil on
    /// success, else a one-line message for the footer.
    case applyFinished(name: String?, error: String?)
    /// What is known about the terminal, in a few lines for the `?` help (what was
    /// detected and how pictures are drawn, and why).
    case terminalDescribed([String])
}

/// Work the chooser asks the shell to do; the result comes back as a `ChooserEvent`.
public enum ChooserEffect: Hashable, Sendable {
    /// Call `IconManager.setAlternateIconName(name)` (nil: back to the primary icon), then
    /// send `.applyFinished`. At most one is in flight.
    case apply(name: String?)
    /// Decode and render these icons at this size off the input loop, in this order
    /// (visible tiles first), and send `.pictureLoaded` for each. Never repeated for an
    /// index and size already asked for.
    case loadPictures([Int], TileSize)
    /// Restore the terminal and exit with this status: 0 for q/Esc, 130 for Ctrl-C.
    case quit(status: Int32)
}
