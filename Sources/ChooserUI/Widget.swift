import CellCanvas

/// A part of the screen that draws itself, as ratatui's `Widget`: a value made with everything
/// it shows (its text, glyphs and theme) and the screen it is laid out on, that draws itself
/// into its `area` of a grid. `view` draws the widgets; the same areas tell `update` what a
/// click hit and the pixel-picture layout what the boxes cover.
protocol Widget {
    /// The cells it draws into.
    var area: (x: Int, y: Int, width: Int, height: Int) { get }
    func draw(into grid: inout CellGrid)
}
