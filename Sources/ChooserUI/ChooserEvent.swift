import CellCanvas
import IconArt
import IconCatalog
import TerminalInput

/// Everything that can happen to the chooser: input, the terminal changing size, and the
/// results of effects it asked for. Errors arrive as events too, so `update` decides
/// what the screen says about them.
public enum ChooserEvent: Hashable, Sendable {
    case key(TerminalKey)
    /// A mouse click (button 1 press or release, whichever the shell reports) at a
    /// zero-based screen column and row.
    case click(column: Int, row: Int)
    /// The terminal's new size in cells (`KEY_RESIZE`).
    case resize(width: Int, height: Int)
    /// A picture asked for with `.loadPictures`, rendered at `tileSize` in `appearance`
    /// (unreadable files may come back as IconArt's placeholder tile: the grid only needs
    /// the right size). One for an appearance no longer shown is dropped.
    case pictureLoaded(icon: IconKey, tileSize: TileSize, picture: CellGrid, appearance: IconAppearance = .light)
    /// The result of `.apply`: `name` is the name that was asked for; `error` is nil on
    /// success, else a one-line message for the footer.
    case applyFinished(name: String?, error: String?)
    /// What is known about the terminal, in a few lines for the `?` help (what was
    /// detected and how pictures are drawn, and why).
    case terminalDescribed([String])
    /// The terminal turned out to draw a different set of block symbols than assumed: every
    /// tile is drawn again with it (the old tiles stay until the new ones arrive).
    case symbolsChanged(SymbolSet)
    /// The terminal turned out to take more colours than assumed (24-bit): every tile is
    /// drawn again in them, and so is everything else from the next frame on.
    case colorDepthChanged(ColorDepth)
    /// The terminal shows pixel pictures, on cells of this many pixels (a new size makes
    /// every picture anew); nil: it no longer does, and every tile is symbol art again.
    case pixelPictures(cell: CellPixelSize?)
    /// A picture asked for with `.loadPixelPictures` is ready for the terminal (`ready`), or
    /// could not be made (its tile stays symbol art).
    case pixelPictureLoaded(icon: IconKey, tileSize: TileSize, cell: CellPixelSize, ready: Bool,
                            appearance: IconAppearance = .light)
    /// The files and declaration of an icon asked for with `.loadDetails`.
    case detailsLoaded(icon: IconKey, IconDetails)
    /// The app's lint findings asked for with `.checkApp`.
    case findingsLoaded(AppFindings)
    /// The details panel's large picture asked for with `.loadDetailsPicture` (a picture of
    /// another size or appearance than the panel's now is dropped).
    case detailsPictureLoaded(DetailsPicture, picture: CellGrid, appearance: IconAppearance)
    /// Its pixel picture asked for with `.loadDetailsPixelPicture` is ready (or could not be made).
    case detailsPixelPictureLoaded(DetailsPicture, cell: CellPixelSize, ready: Bool, appearance: IconAppearance)
    /// What the fix asked for with `.planFix` will change, or why there is none (`failure`).
    case fixPlanned(FixProposal?, failure: String?)
    /// The result of `.applyFix`: `error` nil on success, with `summary` for the footer.
    case fixApplied(error: String?, summary: String)
    /// The app's icons as read again after `.readIcons` (in chooser order), or why it could
    /// not be read (`failure`, the list then unchanged). Pictures, details and the focus
    /// follow their icon; every picture is made again, as the files may have changed.
    case iconsRead([ChooserItem], failure: String? = nil)
}

/// Work the chooser asks the shell to do; the result comes back as a `ChooserEvent`.
public enum ChooserEffect: Hashable, Sendable {
    /// Call `IconManager.setAlternateIconName(name)` (nil: back to the primary icon), then
    /// send `.applyFinished`. At most one is in flight.
    case apply(name: String?)
    /// Decode and render these icons at this size in this appearance off the input loop, in
    /// this order (visible tiles first), and send `.pictureLoaded` for each. Never repeated
    /// for an index and size already asked for in the appearance shown.
    case loadPictures([IconKey], TileSize, IconAppearance = .light)
    /// Make the pixel pictures of these tiles for cells of `cell` pixels in this appearance,
    /// off the input loop, in this order, and send `.pixelPictureLoaded` for each. Never
    /// repeated for a tile already asked for at that size in the appearance shown.
    case loadPixelPictures([IconKey], TileSize, cell: CellPixelSize, appearance: IconAppearance = .light)
    /// Find this icon's files and where it is declared, off the input loop, and send
    /// `.detailsLoaded`. Once per icon.
    case loadDetails(IconKey)
    /// Lint the app off the input loop and send `.findingsLoaded`. Once per run.
    case checkApp
    /// Render the details panel's large picture in symbols, off the input loop, and send
    /// `.detailsPictureLoaded`; it replaces any such picture not yet started.
    case loadDetailsPicture(DetailsPicture, IconAppearance)
    /// Make its pixel picture for cells of `cell` pixels and send `.detailsPixelPictureLoaded`.
    case loadDetailsPixelPicture(DetailsPicture, cell: CellPixelSize, appearance: IconAppearance)
    /// Work out what fixing the icon's fixable findings would change, writing nothing, and
    /// send `.fixPlanned`.
    case planFix(icon: FixTarget)
    /// Write the fix the user confirmed, all or nothing, and send `.fixApplied`.
    case applyFix(FixProposal)
    /// Read the app's icons again (a fix changed its files), make the pictures from that
    /// reading from now on, and send `.iconsRead`.
    case readIcons
    /// Restore the terminal and exit with this status: 0 for q/Esc, 130 for Ctrl-C.
    case quit(status: Int32)
}
