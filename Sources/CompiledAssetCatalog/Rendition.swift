/// One rendition of a car: its key (attribute → value) and its image header (CSI): size, scale,
/// pixel format, layout, the original file's name, and where its data is.
public struct Rendition: Sendable {
    /// The key's values, by attribute (only those the car's key format has).
    public let key: [RenditionAttribute: Int]
    /// The file name the image was compiled from (`Icon-60@2x.png`), as the header records it.
    public let name: String
    /// The image's width in pixels (for an atlas link, its rectangle's).
    public let width: Int
    /// The image's height in pixels.
    public let height: Int
    /// 100 for 1×, 200 for 2×, 300 for 3×.
    public let scaleFactor: Int
    /// The four-character pixel format, as CoreUI names it (`ARGB`, `GA8 `, `DATA`, `PDF `).
    public let pixelFormat: String
    /// CoreUI's layout number: 12 for an image, 1010 for an app icon's multi-size set, 1003 for a link into an atlas.
    public let layout: Int
    /// Bytes a row of the decoded pixels (the header's own, when it gives one).
    let rowBytes: Int?
    /// For an image packed into an atlas: where it is and which rendition the atlas is.
    public let link: AtlasLink?
    /// The rendition's data, after the header and its tagged values.
    let data: Bytes
    /// For a linked image, where its atlas is in its catalog's renditions (found when the catalog
    /// is opened); nil when it has no link or the car no such atlas.
    var atlasPosition: Int?

    /// Where a packed image is in its atlas: a rectangle (bottom-left origin) and the atlas's key.
    public struct AtlasLink: Sendable, Equatable {
        /// The rectangle, in the atlas's pixels from its bottom-left corner, as CoreGraphics
        /// measures (`y` is the rectangle's bottom edge above the atlas's last row); the atlas's
        /// pixels are stored top row first.
        public let x: Int, y: Int, width: Int, height: Int
        /// The atlas's key values the link names; the rest are taken to agree with the linking image's.
        public let key: [RenditionAttribute: Int]
    }

    /// The multi-size image set of an app icon (its list of sizes), which has no pixels of its own.
    static let multisizeImageSetLayout = 1010
    static let headerSize = 184

    init(key: [RenditionAttribute: Int], csi: Bytes) throws(CarError) {
        self.key = key
        let name = csi.string(40, maximumLength: 128) ?? ""
        guard csi.tag(0) == "CTSI", let width = csi.intLE(12), let height = csi.intLE(16), let scale = csi.intLE(20),
              let format = csi.tag(24), let layout = csi.uint16LE(36), let tlvLength = csi.intLE(168),
              let dataLength = csi.intLE(180) else {
            throw .badRendition(name: name, reason: "has no valid image header")
        }
        guard let tlv = csi.slice(Self.headerSize, tlvLength), let data = csi.slice(Self.headerSize + tlvLength, dataLength) else {
            throw .badRendition(name: name, reason: "declares more data than its block holds")
        }
        self.name = name
        self.width = width
        self.height = height
        self.scaleFactor = scale
        self.pixelFormat = format
        self.layout = Int(layout)
        self.data = data
        var rowBytes: Int?, link: AtlasLink?
        var at = 0
        while at <= tlv.count - 8 {
            let tag = tlv.intLE(at)!, length = tlv.intLE(at + 4)!
            guard let value = tlv.slice(at + 8, length) else { throw .badRendition(name: name, reason: "has a tagged value past its header") }
            switch tag {
            case 1007: rowBytes = value.intLE(0)
            case 1010: link = Self.link(value)
            default: break
            }
            at += 8 + length
        }
        self.rowBytes = rowBytes
        self.link = link
    }

    /// An internal link (`INLK`): a rectangle, then the atlas's key as (attribute, value) pairs.
    private static func link(_ value: Bytes) -> AtlasLink? {
        guard value.tag(0) == "INLK", let x = value.intLE(8), let y = value.intLE(12), let w = value.intLE(16),
              let h = value.intLE(20), let keyBytes = value.uint16LE(26) else { return nil }
        var key: [RenditionAttribute: Int] = [:]
        var at = 30
        for _ in 0..<(Int(keyBytes) / 4) {
            guard let attribute = value.uint16LE(at), let number = value.uint16LE(at + 2) else { return nil }
            if attribute != 0 || number != 0, let known = RenditionAttribute(rawValue: UInt32(attribute)) { key[known] = Int(number) }
            at += 4
        }
        return AtlasLink(x: x, y: y, width: w, height: h, key: key)
    }

    /// The idiom attribute, when the key has one.
    public var idiom: RenditionIdiom? { key[.idiom].flatMap(RenditionIdiom.init(rawValue:)) }
    /// 1, 2 or 3: from the key's scale, else the header's.
    public var scale: Int { key[.scale].flatMap { $0 > 0 ? $0 : nil } ?? max(1, scaleFactor / 100) }
    /// True for a rendition that is an image of pixels (not a multi-size set, a PDF or raw data).
    public var isBitmap: Bool {
        layout != Self.multisizeImageSetLayout && width > 0 && height > 0 && ["ARGB", "GA8 "].contains(pixelFormat)
    }
}
