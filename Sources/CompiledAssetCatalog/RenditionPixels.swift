/// An image decoded from a car: RGBA, 8 bits a channel, straight (not premultiplied) alpha, rows top to bottom.
public struct CarBitmap: Sendable, Equatable {
    /// Width in pixels.
    public let width: Int
    /// Height in pixels.
    public let height: Int
    /// `width × height × 4` bytes.
    public let rgba: [UInt8]
}

/// How a rendition's pixels are compressed (the `CELM` header's compression type).
public enum PixelCompression: Int, Sendable {
    case none = 0, runLength, zip, lzvn, lzfse, jpegLZFSE, blurred, astc, paletteImage, hevc, deepmapLZFSE, deepmap2

    /// The name people know the encoding by, for a warning that it is not decoded.
    public var name: String {
        switch self {
        case .none: return "uncompressed pixels"
        case .runLength: return "CoreUI run-length"
        case .zip: return "zlib"
        case .lzvn: return "LZVN"
        case .lzfse: return "LZFSE"
        case .jpegLZFSE: return "JPEG+LZFSE"
        case .blurred: return "a blurred image"
        case .astc: return "ASTC"
        case .paletteImage: return "a palette image"
        case .hevc: return "HEVC"
        case .deepmapLZFSE: return "deepmap (LZFSE)"
        case .deepmap2: return "deepmap2"
        }
    }
}

extension Rendition {
    /// How the rendition's own pixels are compressed; nil for raw data, a link into an atlas, or a
    /// compression type not known here.
    public var compression: PixelCompression? {
        guard data.tag(0) == "CELM", let type = data.intLE(8) else { return nil }
        return PixelCompression(rawValue: type)
    }
}

extension CompiledCatalog {
    /// Why the rendition's pixels would not be decoded (a pixel format or compression not decoded
    /// here, named for people), judged from its headers alone; nil when they would be tried.
    public func undecodableEncoding(of rendition: Rendition) -> String? {
        let target = rendition.link.flatMap { atlas(for: rendition, link: $0) } ?? rendition
        guard Self.pixelBytes(target.pixelFormat) != nil else { return "pixel format “\(target.pixelFormat)”" }
        guard target.data.tag(0) == "CELM", let flags = target.data.uint32LE(4), let type = target.data.intLE(8) else { return nil }
        switch PixelCompression(rawValue: type) {
        case .none?, .runLength?, .zip?, .lzvn?, .lzfse?: return nil
        case .paletteImage?: return Self.paletteProblem(target, chunked: flags & 1 != 0)
        case let other?: return other.name
        case nil: return "compression type \(type)"
        }
    }

    /// Why a palette image would not be decoded (see `PaletteImage`), nil when it would.
    static func paletteProblem(_ rendition: Rendition, chunked: Bool) -> String? {
        if chunked { return "a palette image in chunks" }
        if rendition.pixelFormat != "ARGB" { return "a palette image of grey pixels" }
        return PaletteImage.isDecoded(width: rendition.width) ? nil : "a palette image of odd width"
    }

    /// What is wrong with a packed image's link, judged from the headers alone: it names an atlas
    /// the car does not have, or a rectangle outside its atlas. nil for an image with no link or a sound one.
    public func linkProblem(of rendition: Rendition) -> CarError? {
        guard let link = rendition.link else { return nil }
        guard let atlas = atlas(for: rendition, link: link) else {
            return .badRendition(name: rendition.name, reason: "links into an atlas the car does not have")
        }
        guard link.x >= 0, link.y >= 0, link.width > 0, link.height > 0, link.x <= atlas.width - link.width,
              link.y <= atlas.height - link.height else {
            return .badRendition(name: rendition.name, reason: "links to a rectangle outside its atlas")
        }
        return nil
    }

    /// The pixels of an image rendition: its own, or its rectangle of the atlas it links into.
    public func bitmap(of rendition: Rendition) throws(CarError) -> CarBitmap {
        guard let link = rendition.link else { return try Self.decodePixels(rendition) }
        if let problem = linkProblem(of: rendition) { throw problem }
        let atlas = atlas(for: rendition, link: link)!
        let whole = try Self.decodePixels(atlas)
        var cropped = [UInt8]()
        cropped.reserveCapacity(link.width * link.height * 4)
        // The link's rectangle is in CoreGraphics' coordinates (its origin at the atlas's
        // bottom-left corner) while the atlas's rows are stored top first; `linkProblem` has
        // checked that the rectangle lies inside the atlas, so `top` is not negative.
        let top = atlas.height - link.y - link.height
        for row in top..<(top + link.height) {
            let start = (row * atlas.width + link.x) * 4
            cropped.append(contentsOf: whole.rgba[start..<(start + link.width * 4)])
        }
        return CarBitmap(width: link.width, height: link.height, rgba: cropped)
    }

    /// Bytes a pixel of the formats decoded here.
    static func pixelBytes(_ format: String) -> Int? {
        switch format {
        case "ARGB": return 4
        case "GA8 ": return 2
        default: return nil
        }
    }

    /// Decompresses a rendition's own data and turns it into straight RGBA.
    static func decodePixels(_ rendition: Rendition) throws(CarError) -> CarBitmap {
        let name = rendition.name
        guard let bytesPerPixel = pixelBytes(rendition.pixelFormat) else {
            throw .unsupportedEncoding(name: name, encoding: "pixel format “\(rendition.pixelFormat)”")
        }
        let (pixels, overflow) = rendition.width.multipliedReportingOverflow(by: rendition.height)
        guard rendition.width > 0, rendition.height > 0, !overflow, pixels <= maximumPixels else {
            throw .badRendition(name: name, reason: "is \(rendition.width)×\(rendition.height), larger than an image is decoded at")
        }
        let minimumRow = rendition.width * bytesPerPixel
        let rowBytes = rendition.rowBytes ?? minimumRow
        guard rowBytes >= minimumRow, rowBytes <= minimumRow + 64 else {
            throw .badRendition(name: name, reason: "has \(rowBytes) bytes a row for \(rendition.width) pixels")
        }
        // The pixel limit bounds the bytes decoded, row padding included: a narrow image's padding
        // could otherwise be many times its pixels.
        let (size, sizeOverflow) = rowBytes.multipliedReportingOverflow(by: rendition.height)
        guard !sizeOverflow, size <= maximumPixels * 4 else {
            throw .imageTooLarge(name: name, bytes: sizeOverflow ? Int.max : size, limit: maximumPixels * 4)
        }
        let raw = try storedPixels(rendition, size: size, bytesPerPixel: bytesPerPixel)
        guard raw.count == size else {
            throw .decompression(name: name, .shortOutput(expected: size, got: raw.count))
        }
        return straightRGBA(raw, width: rendition.width, height: rendition.height, rowBytes: rowBytes, bytesPerPixel: bytesPerPixel)
    }

    /// The rendition's pixel bytes as stored (premultiplied, rows of `rowBytes`), decompressed.
    private static func storedPixels(_ rendition: Rendition, size: Int, bytesPerPixel: Int) throws(CarError) -> [UInt8] {
        let data = rendition.data, name = rendition.name
        switch data.tag(0) {
        case "RAWD":
            guard let length = data.intLE(8), let payload = data.slice(12, length) else {
                throw .badRendition(name: name, reason: "has raw data past its end")
            }
            return Array(payload.array)
        case "CELM":
            guard let flags = data.uint32LE(4), let type = data.intLE(8), let length = data.intLE(12) else {
                throw .badRendition(name: name, reason: "has a truncated pixel header")
            }
            guard let compression = PixelCompression(rawValue: type) else {
                throw .unsupportedEncoding(name: name, encoding: "compression type \(type)")
            }
            if compression == .paletteImage, let problem = paletteProblem(rendition, chunked: flags & 1 != 0) {
                throw .unsupportedEncoding(name: name, encoding: problem)
            }
            guard flags & 1 != 0 else {
                guard let payload = data.slice(16, length) else { throw .badRendition(name: name, reason: "has pixel data past its end") }
                return try decompress(Array(payload.array), compression, size: size, rendition: rendition)
            }
            // Chunked: `length` chunks (`CBCK`), each a band of rows compressed on its own.
            let rowBytes = size / rendition.height
            var out: [UInt8] = []
            out.reserveCapacity(size)
            var at = 16, rows = 0
            for _ in 0..<min(length, rendition.height) {
                guard data.tag(at) == "CBCK", let chunkRows = data.intLE(at + 12), let chunkLength = data.intLE(at + 16),
                      let payload = data.slice(at + 20, chunkLength) else {
                    throw .badRendition(name: name, reason: "has a pixel chunk past its end")
                }
                guard chunkRows > 0, chunkRows <= rendition.height - rows else {
                    throw .badRendition(name: name, reason: "has pixel chunks of more rows than the image")
                }
                out += try decompress(Array(payload.array), compression, size: chunkRows * rowBytes, rendition: rendition)
                rows += chunkRows
                at += 20 + chunkLength
            }
            guard rows == rendition.height else { throw .badRendition(name: name, reason: "has pixel chunks of fewer rows than the image") }
            return out
        default:
            throw .unsupportedEncoding(name: name, encoding: "data “\(data.tag(0) ?? "")”")
        }
    }

    private static func decompress(_ payload: [UInt8], _ compression: PixelCompression, size: Int,
                                   rendition: Rendition) throws(CarError) -> [UInt8] {
        switch compression {
        case .none, .lzvn, .lzfse, .zip, .paletteImage: break
        case .runLength where rendition.pixelFormat == "ARGB" && size % (rendition.width * 4) == 0: break
        case .runLength: throw .unsupportedEncoding(name: rendition.name, encoding: "run-length grey or padded pixels")
        default: throw .unsupportedEncoding(name: rendition.name, encoding: compression.name)
        }
        do throws(DecompressionError) {
            let out: [UInt8]
            switch compression {
            case .lzvn: out = try LZVN.decompress(payload, limit: size)
            case .lzfse: out = try LZFSE.decompress(payload, limit: size)
            case .zip: out = try Inflate.decompress(payload, limit: size)
            case .runLength: out = try CoreUIRunLength.decompress(payload, width: rendition.width, height: size / (rendition.width * 4))
            case .paletteImage:
                out = try PaletteImage.decode(payload, width: rendition.width, height: rendition.height, rowBytes: size / rendition.height)
            default: out = payload
            }
            guard out.count == size else { throw .shortOutput(expected: size, got: out.count) }
            return out
        } catch {
            throw .decompression(name: rendition.name, error)
        }
    }

    /// Premultiplied BGRA or grey+alpha rows → straight RGBA, as CoreUI's own conversion rounds.
    static func straightRGBA(_ raw: [UInt8], width: Int, height: Int, rowBytes: Int, bytesPerPixel: Int) -> CarBitmap {
        var rgba = [UInt8](repeating: 0, count: width * height * 4)
        rgba.withUnsafeMutableBufferPointer { out in
            raw.withUnsafeBufferPointer { source in
                for y in 0..<height {
                    var s = y * rowBytes, d = y * width * 4
                    for _ in 0..<width {
                        let alpha = source[s + bytesPerPixel - 1]
                        if bytesPerPixel == 4 {
                            out[d] = straight(source[s + 2], alpha)
                            out[d + 1] = straight(source[s + 1], alpha)
                            out[d + 2] = straight(source[s], alpha)
                        } else {
                            let grey = straight(source[s], alpha)
                            out[d] = grey; out[d + 1] = grey; out[d + 2] = grey
                        }
                        out[d + 3] = alpha
                        s += bytesPerPixel
                        d += 4
                    }
                }
            }
        }
        return CarBitmap(width: width, height: height, rgba: rgba)
    }

    @inline(__always)
    static func straight(_ sample: UInt8, _ alpha: UInt8) -> UInt8 {
        if alpha == 255 { return sample }
        guard alpha != 0 else { return 0 }
        return UInt8(min(255, (Int(sample) * 255 + Int(alpha) / 2) / Int(alpha)))
    }
}
