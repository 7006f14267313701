import CellCanvas
import ChooserUI
import IconArt
import TerminalDetection
import TerminalGraphics

extension PreviewSheet {
    /// `preview --graphics kitty|sixel|iterm2`: the sheet `render` draws, with each icon shown
    /// as a pixel picture on exactly its tile's cells, written as one stream (as
    /// `chafa -f kitty` writes). Captions and the checkmark stay text, written over the
    /// pictures; an icon without a picture (nil: its file could not be read) keeps its
    /// placeholder tile in symbols, so the grid stays whole.
    ///
    /// `pictures[i]` is item `i`'s picture, made for a `columns`×`rows` tile.
    public static func render(items: [ChooserItem], pictures: [PixelPicture?], currentName: String?,
                              columns: Int, rows: Int, width: Int, configuration: ChooserConfiguration,
                              graphics: GraphicsProtocol,
                              options: GraphicsOptions = GraphicsOptions()) throws(GraphicsEncodingError) -> [UInt8] {
        let origins = pictureOrigins(count: items.count, columns: columns, rows: rows, width: width, configuration: configuration)
        let blank = CellGrid(width: columns, height: rows)
        let text = render(items: items, pictures: items.indices.map { $0 < pictures.count && pictures[$0] != nil ? blank : nil },
                          currentName: currentName, columns: columns, rows: rows, width: width,
                          configuration: configuration)
        var placed: [GraphicsSheet.PlacedPicture] = []
        for index in items.indices where index < pictures.count {
            guard let picture = pictures[index] else { continue }
            precondition(picture.geometry.columns == columns && picture.geometry.rows == rows,
                         "PreviewSheet: a picture for \(picture.geometry) on a \(columns)×\(rows) tile")
            placed.append(GraphicsSheet.PlacedPicture(picture, column: origins[index].column, row: origins[index].row))
        }
        return try GraphicsSheet(text: text, pictures: placed).encoded(as: graphics, options: options)
    }
}
