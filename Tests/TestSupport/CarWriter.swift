import Foundation

/// Writes small compiled asset catalogs (`Assets.car`) for the cases no redistributable car
/// covers: alternates only in the car, dark and tinted renditions, other encodings, images packed
/// into LZFSE-compressed atlases, a two-level tree, and lies. Written from the format as the reader understands it (a BOM store holding
/// CARHEADER, KEYFORMAT, RENDITIONS, FACETKEYS and APPEARANCEKEYS); `CarWriterTests` checks the
/// structure it writes against the real cars' own.
public struct CarWriter {
    /// How an image's pixels are stored.
    public enum Encoding: Sendable {
        /// Compression type 0: the premultiplied pixels as they are.
        case uncompressed
        /// LZVN (type 3), as literal runs.
        case lzvn
        /// LZFSE (type 4), as stored (`bvx-`) blocks.
        case lzfse
        /// zlib (type 2), deflate's stored blocks inside a zlib or gzip wrapper.
        case zlib, gzip
        /// A palette image (type 8): at most 256 colours, an LZFSE stream of stored blocks.
        case paletteImage
        /// A compression type the reader does not decode (10: deepmap).
        case deepmap
    }

    /// One image that packs others (Xcode's `ZZZZPackedAsset`): images placed in it link into it
    /// with their rectangle. Its pixels are LZFSE-compressed by the reference encoder
    /// (`ReferenceLZFSE`), in bands of rows as Xcode writes them.
    public struct Atlas {
        /// The number its key gives it (its `dimension1`), which links name.
        public var number: Int
        public var width: Int
        public var height: Int
        public var scale: Int
        /// CoreUI's idiom number, as for an image.
        public var idiom: Int
        /// Rows a band (`CBCK`), each compressed on its own.
        public var rowsPerChunk: Int

        public init(number: Int, width: Int, height: Int, scale: Int = 1, idiom: Int = 0, rowsPerChunk: Int? = nil) {
            self.number = number
            self.width = width
            self.height = height
            self.scale = scale
            self.idiom = idiom
            self.rowsPerChunk = max(1, rowsPerChunk ?? (height + 1) / 2)
        }
    }

    /// Where an image is packed: the atlas's number and the image's top-left corner there. Nothing
    /// checks that it fits, or that the atlas exists, so links can lie.
    public struct Placement {
        public var atlas: Int
        public var x: Int
        public var y: Int

        public init(atlas: Int, x: Int, y: Int) {
            self.atlas = atlas
            self.x = x
            self.y = y
        }
    }

    public struct Image {
        public var asset: String
        public var fileName: String
        public var width: Int
        public var height: Int
        public var scale: Int
        /// CoreUI's idiom number: 0 universal, 1 phone, 2 pad, 6 marketing.
        public var idiom: Int
        /// The appearance's name (`UIAppearanceAny`, `UIAppearanceDark`, `ISAppearanceTintable`).
        public var appearance: String
        public var encoding: Encoding
        /// Stored as 8-bit grey with alpha (`GA8 `, the green channel taken as the grey), as
        /// Xcode 10 stored some icons, instead of premultiplied BGRA.
        public var greyAlpha = false
        /// Packed into an atlas instead of stored on its own (`encoding` is then unused).
        public var placement: Placement?
        /// The bytes a row the header declares, when not the pixels' own (a lie, or padding).
        public var rowBytes: Int?
        /// The height the header declares, when not the pixels' own (a lie).
        public var declaredHeight: Int?
        /// Straight RGBA of the pixel at (x, y).
        public var pixel: (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)

        public init(asset: String, fileName: String? = nil, size: Int, scale: Int = 1, idiom: Int = 0, appearance: String = "UIAppearanceAny",
                    encoding: Encoding = .lzvn, pixel: @escaping (Int, Int) -> (UInt8, UInt8, UInt8, UInt8)) {
            self.asset = asset
            self.fileName = fileName ?? "\(asset)-\(size).png"
            self.width = size
            self.height = size
            self.scale = scale
            self.idiom = idiom
            self.appearance = appearance
            self.encoding = encoding
            self.pixel = pixel
        }

        /// A solid colour.
        public init(asset: String, size: Int, scale: Int = 1, idiom: Int = 0, appearance: String = "UIAppearanceAny",
                    encoding: Encoding = .lzvn, colour: (UInt8, UInt8, UInt8, UInt8)) {
            self.init(asset: asset, size: size, scale: scale, idiom: idiom, appearance: appearance, encoding: encoding) { _, _ in colour }
        }
    }

    public var images: [Image] = []
    public var atlases: [Atlas] = []
    /// Appearance name → the number this car gives it (numbers differ between cars).
    public var appearanceNumbers: [String: Int] = ["UIAppearanceAny": 0, "UIAppearanceDark": 6, "ISAppearanceTintable": 9]
    /// Leaves of this many entries under an inner node, instead of one leaf.
    public var leafSize: Int?
    /// Make the RENDITIONS tree's last leaf link back to its first (a cycle).
    public var cycle = false
    /// Asset names FACETKEYS gives the identifier of another asset (name → that asset's name).
    public var aliases: [String: String] = [:]
    /// Entries the RENDITIONS tree repeats after its own, each naming the first rendition's key
    /// and image blocks again.
    public var repeatedEntries = 0
    /// Slots of the block table nothing uses, written first after slot 0 as (offset, length):
    /// `carutil` thins a car to slots of all ones (`0xFFFFFFFF`, `0xFFFFFFFF`); others are zero.
    public var freeSlots: [(offset: UInt32, length: UInt32)] = []

    /// The key format: not the order real cars use, so nothing depends on one order.
    static let keyFormat: [UInt32] = [12, 17, 7, 1, 2, 15, 8]
    /// The element and part of images, and of atlases (as Xcode numbers them).
    static let imageElement = 85, imagePart = 220, atlasElement = 9, atlasPart = 181

    public init(images: [Image] = [], atlases: [Atlas] = []) {
        self.images = images
        self.atlases = atlases
    }

    public func build() -> Data {
        var blocks: [Data] = [Data()]
        func add(_ data: Data) -> Int { blocks.append(data); return blocks.count - 1 }
        var free: [Int: (offset: UInt32, length: UInt32)] = [:]
        for slot in freeSlots { free[add(Data())] = slot }
        var variables: [(String, Int)] = []

        var header = Data("RATC".utf8)
        for value in [UInt32(800), 17, 0, UInt32(images.count + atlases.count)] { header.appendLE32(value) }
        header.append(Data(count: 128 + 256 + 16))
        for value in [UInt32(0), 2, 1, 2] { header.appendLE32(value) }
        variables.append(("CARHEADER", add(header)))

        var format = Data("tmfk".utf8)
        format.appendLE32(0)
        format.appendLE32(UInt32(Self.keyFormat.count))
        for attribute in Self.keyFormat { format.appendLE32(attribute) }
        variables.append(("KEYFORMAT", add(format)))

        let assets = Array(Set(images.map(\.asset))).sorted()
        let identifiers = Dictionary(uniqueKeysWithValues: assets.enumerated().map { ($1, 1000 + 7 * $0) })
        var renditions: [(key: Data, value: Data)] = []
        func key(_ values: [Int]) -> Data {
            var key = Data()
            for value in values { key.appendLE16(UInt16(value)) }
            return key
        }
        for atlas in atlases {
            let values = [atlas.scale, 0, 0, Self.atlasElement, Self.atlasPart, atlas.idiom, atlas.number]
            renditions.append((key(values), Self.csi(atlas, packing: images.filter { $0.placement?.atlas == atlas.number })))
        }
        for image in images {
            let values = [image.scale, identifiers[image.asset]!, appearanceNumbers[image.appearance] ?? 0,
                          Self.imageElement, Self.imagePart, image.idiom, 0]
            renditions.append((key(values), Self.csi(image, atlasHeight: atlases.first { $0.number == image.placement?.atlas }?.height)))
        }
        variables.append(("RENDITIONS", tree(renditions, &blocks, cycle: cycle, repeating: repeatedEntries)))

        var facets: [(key: Data, value: Data)] = []
        for (asset, identifier) in identifiers.sorted(by: { $0.key < $1.key })
            + aliases.sorted(by: { $0.key < $1.key }).compactMap({ alias in identifiers[alias.value].map { (alias.key, $0) } }) {
            var token = Data()
            for value in [0, 0, 3, 1, 85, 2, 220, 17, identifier] { token.appendLE16(UInt16(value)) }
            facets.append((Data(asset.utf8), token))
        }
        variables.append(("FACETKEYS", tree(facets, &blocks, cycle: false)))
        var appearances: [(key: Data, value: Data)] = []
        for (name, number) in appearanceNumbers.sorted(by: { $0.key < $1.key }) {
            var value = Data()
            value.appendLE16(UInt16(number))
            appearances.append((Data(name.utf8), value))
        }
        variables.append(("APPEARANCEKEYS", tree(appearances, &blocks, cycle: false)))
        return Self.store(blocks: blocks, variables: variables, free: free)
    }

    /// A tree's header block, its leaves (and an inner node over them when `leafSize` splits them).
    private func tree(_ entries: [(key: Data, value: Data)], _ blocks: inout [Data], cycle: Bool, repeating: Int = 0) -> Int {
        func add(_ data: Data) -> Int { blocks.append(data); return blocks.count - 1 }
        var pairs = entries.map { (key: add($0.key), value: add($0.value)) }
        if let first = pairs.first { pairs += Array(repeating: first, count: repeating) }
        let size = max(1, leafSize ?? max(1, pairs.count))
        let groups = stride(from: 0, to: max(pairs.count, 1), by: size).map { Array(pairs[$0..<min($0 + size, pairs.count)]) }
        let leafIDs = groups.map { _ in add(Data()) }
        for (i, group) in groups.enumerated() {
            var node = Data()
            node.appendBE16(1)
            node.appendBE16(UInt16(group.count))
            let forward = i + 1 < leafIDs.count ? leafIDs[i + 1] : (cycle ? leafIDs[0] : 0)
            node.appendBE32(UInt32(forward))
            node.appendBE32(UInt32(i > 0 ? leafIDs[i - 1] : 0))
            for pair in group { node.appendBE32(UInt32(pair.value)); node.appendBE32(UInt32(pair.key)) }
            blocks[leafIDs[i]] = node
        }
        var root = leafIDs[0]
        if leafIDs.count > 1 {
            var node = Data()
            node.appendBE16(0)
            node.appendBE16(UInt16(leafIDs.count))
            node.appendBE32(0)
            node.appendBE32(0)
            for (i, leaf) in leafIDs.enumerated() { node.appendBE32(UInt32(leaf)); node.appendBE32(UInt32(groups[i].first!.key)) }
            root = add(node)
        }
        var header = Data("tree".utf8)
        header.appendBE32(1)
        header.appendBE32(UInt32(root))
        header.appendBE32(4096)
        header.appendBE32(UInt32(entries.count))
        header.append(0)
        return add(header)
    }

    /// The BOM store: header, the blocks, the block table and the variables.
    private static func store(blocks: [Data], variables: [(String, Int)], free: [Int: (offset: UInt32, length: UInt32)] = [:]) -> Data {
        var body = Data(count: 512)
        var ranges: [(Int, Int)] = []
        for (i, block) in blocks.enumerated() {
            ranges.append(i == 0 ? (0, 0) : (body.count, block.count))
            body.append(block)
        }
        var index = Data()
        index.appendBE32(UInt32(ranges.count))
        for (i, (offset, length)) in ranges.enumerated() {
            index.appendBE32(free[i]?.offset ?? UInt32(offset))
            index.appendBE32(free[i]?.length ?? UInt32(length))
        }
        var vars = Data()
        vars.appendBE32(UInt32(variables.count))
        for (name, block) in variables {
            vars.appendBE32(UInt32(block))
            vars.append(UInt8(name.utf8.count))
            vars.append(Data(name.utf8))
        }
        let indexOffset = body.count
        body.append(index)
        let varsOffset = body.count
        body.append(vars)
        var header = Data("BOMStore".utf8)
        for value in [1, blocks.count, indexOffset, index.count, varsOffset, vars.count] { header.appendBE32(UInt32(value)) }
        body.replaceSubrange(0..<header.count, with: header)
        return body
    }

    /// Premultiplied pixels, BGRA or grey and alpha, rows top to bottom.
    static func premultiplied(_ image: Image) -> Data {
        var out = Data(capacity: image.width * image.height * (image.greyAlpha ? 2 : 4))
        for y in 0..<image.height {
            for x in 0..<image.width {
                let (r, g, b, a) = image.pixel(x, y)
                out.append(contentsOf: image.greyAlpha ? [premultiply(g, a), a] : [premultiply(b, a), premultiply(g, a), premultiply(r, a), a])
            }
        }
        return out
    }

    static func premultiply(_ c: UInt8, _ a: UInt8) -> UInt8 { UInt8((Int(c) * Int(a) + 127) / 255) }

    /// The image header (CSI), a row-bytes value, and the pixels in a `CELM` wrapper; or, for a
    /// packed image, the link to its atlas and no pixels.
    static func csi(_ image: Image, atlasHeight: Int? = nil) -> Data {
        let bytesPerPixel = image.greyAlpha ? 2 : 4
        if let placement = image.placement {
            return csi(name: image.fileName, width: image.width, height: image.height, scale: image.scale, greyAlpha: image.greyAlpha,
                       layout: 1003, tlv: link(placement, image, atlasHeight: atlasHeight), data: Data())
        }
        let premultiplied = premultiplied(image)
        let (type, payload): (UInt32, Data)
        switch image.encoding {
        case .uncompressed: (type, payload) = (0, premultiplied)
        case .lzvn: (type, payload) = (3, lzvnLiterals(premultiplied))
        case .lzfse: (type, payload) = (4, lzfseStored(premultiplied))
        case .zlib: (type, payload) = (2, deflateStored(premultiplied, gzip: false))
        case .gzip: (type, payload) = (2, deflateStored(premultiplied, gzip: true))
        case .paletteImage: (type, payload) = (8, lzfseStored(paletteImage(premultiplied, width: image.width)))
        case .deepmap: (type, payload) = (10, Data([1, 2, 3, 4]))
        }
        var data = Data("MLEC".utf8)
        data.appendLE32(0)
        data.appendLE32(type)
        data.appendLE32(UInt32(payload.count))
        data.append(payload)
        return csi(name: image.fileName, width: image.width, height: image.declaredHeight ?? image.height, scale: image.scale,
                   greyAlpha: image.greyAlpha, layout: 12, tlv: rowBytes(image.rowBytes ?? image.width * bytesPerPixel), data: data)
    }

    /// An atlas: the images placed in it drawn at their corners (what falls outside is left out),
    /// clear elsewhere, compressed band by band by the reference LZFSE encoder.
    static func csi(_ atlas: Atlas, packing packed: [Image]) -> Data {
        precondition(ReferenceLZFSE.available, "CarWriter's atlases need PyPI's lzfse: \(ReferenceLZFSE.skipMessage)")
        var pixels = [UInt8](repeating: 0, count: atlas.width * atlas.height * 4)
        for image in packed {
            let placement = image.placement!, source = [UInt8](premultiplied(image))
            for y in 0..<image.height where (0..<atlas.height).contains(placement.y + y) {
                for x in 0..<image.width where (0..<atlas.width).contains(placement.x + x) {
                    let to = ((placement.y + y) * atlas.width + placement.x + x) * 4, from = (y * image.width + x) * 4
                    pixels.replaceSubrange(to..<(to + 4), with: source[from..<(from + 4)])
                }
            }
        }
        var data = Data("MLEC".utf8)
        let bands = stride(from: 0, to: atlas.height, by: atlas.rowsPerChunk).map { ($0, min(atlas.rowsPerChunk, atlas.height - $0)) }
        for value in [1, 4, bands.count] { data.appendLE32(UInt32(value)) }
        for (first, rows) in bands {
            let stream = try! ReferenceLZFSE.compress(Array(pixels[(first * atlas.width * 4)..<((first + rows) * atlas.width * 4)]))
            data.append(Data("KCBC".utf8))
            for value in [0, 0, rows, stream.count] { data.appendLE32(UInt32(value)) }
            data.append(contentsOf: stream)
        }
        return csi(name: "ZZZZPackedAsset-\(atlas.scale).0.0", width: atlas.width, height: atlas.height, scale: atlas.scale,
                   greyAlpha: false, layout: 1004, tlv: rowBytes(atlas.width * 4), data: data)
    }

    /// The tagged value of a packed image (1010, `INLK`): its rectangle, then the atlas's key as
    /// (attribute, value) pairs ending in a pair of zeros.
    /// The rectangle's origin is its bottom-left corner, counted from the atlas's bottom row as
    /// CoreGraphics does (`atlasHeight` is nil for a link to an atlas the car does not have: the
    /// placement's `y` is written as it is).
    static func link(_ placement: Placement, _ image: Image, atlasHeight: Int?) -> Data {
        let y = atlasHeight.map { $0 - placement.y - image.height } ?? placement.y
        let pairs: [(UInt16, Int)] = [(1, atlasElement), (2, atlasPart), (8, placement.atlas), (12, image.scale), (15, image.idiom), (0, 0)]
        var value = Data("KLNI".utf8)
        for field in [0, placement.x, y, image.width, image.height] { value.appendLE32(UInt32(truncatingIfNeeded: field)) }
        value.appendLE16(12)
        value.appendLE32(UInt32(4 * pairs.count))
        for (attribute, number) in pairs { value.appendLE16(attribute); value.appendLE16(UInt16(number)) }
        var tlv = Data()
        tlv.appendLE32(1010)
        tlv.appendLE32(UInt32(value.count))
        tlv.append(value)
        return tlv
    }

    static func rowBytes(_ bytes: Int) -> Data {
        var tlv = Data()
        tlv.appendLE32(1007)
        tlv.appendLE32(4)
        tlv.appendLE32(UInt32(bytes))
        return tlv
    }

    static func csi(name fileName: String, width: Int, height: Int, scale: Int, greyAlpha: Bool, layout: Int, tlv: Data, data: Data) -> Data {
        var csi = Data("ISTC".utf8)
        for value in [1, 0, width, height, scale * 100] { csi.appendLE32(UInt32(value)) }
        // The four characters little-endian: `ARGB` and `GA8 ` as CoreUI names them.
        csi.append(Data((greyAlpha ? " 8AG" : "BGRA").utf8))
        csi.appendLE32(1)
        csi.appendLE32(0)
        csi.appendLE16(UInt16(layout))
        csi.appendLE16(0)
        var name = Data(fileName.utf8.prefix(127))
        name.append(Data(count: 128 - name.count))
        csi.append(name)
        for value in [tlv.count, 0, 0, data.count] { csi.appendLE32(UInt32(value)) }
        csi.append(tlv)
        csi.append(data)
        return csi
    }

    /// A palette image as CoreUI stores it (see `PaletteImage`): the magic, version 1, a 16-bit
    /// count of colours, the colours as ARGB, then a colour number a pixel, each pair of pixels
    /// second one first. At most 256 colours; the width must be even.
    static func paletteImage(_ premultiplied: Data, width: Int) -> Data {
        precondition(width % 2 == 0, "palette images are written at even widths")
        let pixels = stride(from: 0, to: premultiplied.count, by: 4).map { Array(premultiplied[$0..<($0 + 4)]) }
        var colours: [[UInt8]] = [], numbers: [[UInt8]: UInt8] = [:]
        for pixel in pixels where numbers[pixel] == nil {
            precondition(colours.count < 256, "a palette image has at most 256 colours")
            numbers[pixel] = UInt8(colours.count)
            colours.append(pixel)
        }
        var out = Data()
        out.appendLE32(0xCAFE_F00D)
        out.appendLE32(1)
        out.appendLE16(UInt16(colours.count))
        for bgra in colours { out.append(contentsOf: bgra.reversed()) }
        for k in pixels.indices { out.append(numbers[pixels[k ^ 1]]!) }
        return out
    }

    /// LZVN of literal runs only (`0xE0 n-16` then up to 271 bytes), then the end of stream.
    static func lzvnLiterals(_ bytes: Data) -> Data {
        var out = Data()
        var at = bytes.startIndex
        while at < bytes.endIndex {
            let n = min(271, bytes.endIndex - at)
            if n >= 16 { out.append(contentsOf: [0xE0, UInt8(n - 16)]) } else { out.append(0xE0 | UInt8(n)) }
            out.append(bytes[at..<(at + n)])
            at += n
        }
        out.append(contentsOf: [0x06, 0, 0, 0, 0, 0, 0, 0])
        return out
    }

    /// LZFSE of stored (`bvx-`) blocks, then the end of stream.
    public static func lzfseStored(_ bytes: Data) -> Data {
        var out = Data("bvx-".utf8)
        out.appendLE32(UInt32(bytes.count))
        out.append(bytes)
        out.append(Data("bvx$".utf8))
        return out
    }

    /// Deflate's stored blocks, wrapped as zlib (with its Adler-32) or gzip (with its CRC-32).
    static func deflateStored(_ bytes: Data, gzip: Bool) -> Data {
        var out = gzip ? Data([0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 255]) : Data([0x78, 0x01])
        var at = bytes.startIndex
        repeat {
            let n = min(65535, bytes.endIndex - at)
            out.append(at + n == bytes.endIndex ? 1 : 0)
            out.appendLE16(UInt16(n))
            out.appendLE16(~UInt16(n))
            out.append(bytes[at..<(at + n)])
            at += n
        } while at < bytes.endIndex
        if gzip {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
            }
            out.appendLE32(~crc)
            out.appendLE32(UInt32(truncatingIfNeeded: bytes.count))
        } else {
            var a: UInt32 = 1, b: UInt32 = 0
            for byte in bytes { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
            out.appendBE32(b << 16 | a)
        }
        return out
    }
}

extension Data {
    mutating func appendLE16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    mutating func appendLE32(_ value: UInt32) { append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
    mutating func appendBE16(_ value: UInt16) { append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)]) }
    mutating func appendBE32(_ value: UInt32) { append(contentsOf: (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
}
