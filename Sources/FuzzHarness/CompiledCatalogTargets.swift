import CompiledAssetCatalog

extension FuzzHarness {
    /// A compiled asset catalog: the container, every rendition's header, and every image's pixels.
    /// A decoded image must have exactly the pixels its header declares.
    public static func compiledCatalog(_ bytes: [UInt8]) {
        guard let car = try? CompiledCatalog(bytes: bytes) else { return }
        for rendition in car.renditions.prefix(64) where rendition.isBitmap {
            _ = car.appearance(of: rendition)
            guard let bitmap = try? car.bitmap(of: rendition) else { continue }
            precondition(bitmap.rgba.count == bitmap.width * bitmap.height * 4, "a decoded image has the pixels it declares")
        }
        for name in car.identifiers.keys.prefix(16) { _ = car.images(named: name) }
    }

    /// The first two bytes pick the output limit (so that "more than declared" is reached too).
    private static func limitAndStream(_ bytes: [UInt8]) -> (Int, [UInt8]) {
        guard bytes.count >= 2 else { return (0, bytes) }
        return (Int(bytes[0]) << 8 | Int(bytes[1]), Array(bytes.dropFirst(2)))
    }

    /// LZFSE streams: never more output than the limit.
    public static func lzfse(_ bytes: [UInt8]) {
        let (limit, stream) = limitAndStream(bytes)
        if let out = try? LZFSE.decompress(stream, limit: limit * 16) { precondition(out.count <= limit * 16) }
    }

    /// Raw LZVN streams, as cars hold them.
    public static func lzvn(_ bytes: [UInt8]) {
        let (limit, stream) = limitAndStream(bytes)
        if let out = try? LZVN.decompress(stream, limit: limit * 16) { precondition(out.count <= limit * 16) }
    }

    /// Palette images (their LZFSE stream) at a size the first three bytes pick: an even width up
    /// to 512, a height up to 512. A decoded image has exactly the rows it was asked for.
    public static func paletteImage(_ bytes: [UInt8]) {
        guard bytes.count >= 3 else { return }
        let width = (Int(bytes[0]) + 1) * 2, height = (Int(bytes[1]) << 8 | Int(bytes[2])) % 512 + 1
        if let out = try? PaletteImage.decode(Array(bytes.dropFirst(3)), width: width, height: height, rowBytes: width * 4) {
            precondition(out.count == width * height * 4)
        }
    }

    /// CoreUI's run-length rows, at a size the first two bytes pick.
    public static func coreUIRunLength(_ bytes: [UInt8]) {
        guard bytes.count >= 2 else { return }
        let width = Int(bytes[0] % 64) + 1, height = Int(bytes[1] % 64) + 1
        if let out = try? CoreUIRunLength.decompress(Array(bytes.dropFirst(2)), width: width, height: height) {
            precondition(out.count == width * height * 4)
        }
    }
}
