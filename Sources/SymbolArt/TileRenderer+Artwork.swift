import CellCanvas
import IconArt

extension TileRenderer {
    /// The tile for an icon's artwork (a PNG streamed, or a drawn bitmap); the placeholder for none.
    public func tile(forArtwork artwork: IconArtwork?, name: String, columns: Int, rows: Int) throws(PNGDecodeError) -> CellGrid {
        switch artwork {
        case .file(let source): return try tile(forPNGFrom: source, name: name, columns: columns, rows: rows)
        case .bitmap(let bitmap, _): return tile(for: bitmap, name: name, columns: columns, rows: rows)
        case nil: return tile(for: nil as RGBABitmap?, name: name, columns: columns, rows: rows)
        }
    }
}
