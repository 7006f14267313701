/// A compiled asset catalog (`Assets.car`) read from its bytes: the key format, every rendition's
/// key and image header, the names of its assets (`FACETKEYS`) and of its appearances
/// (`APPEARANCEKEYS`). Pixels are decoded only when asked for (`bitmap(of:)`).
public final class CompiledCatalog: Sendable {
    /// A car larger than this is not read.
    public static let maximumFileSize = 64 << 20
    /// A decoded image (or atlas) larger than this many pixels is refused: 2048 × 2048, whose stored and
    /// straight copies are 32 MB (app icons are 1024 px at most).
    public static let maximumPixels = 1 << 22

    /// The attributes of every rendition key, in the car's order.
    public let keyFormat: [RenditionAttribute?]
    /// Every rendition, in the car's key order.
    public let renditions: [Rendition]
    /// Asset name → the value of its `identifier` attribute.
    public let identifiers: [String: Int]
    /// Appearance number → what it is, from the names the car gives them; empty in cars from
    /// before appearances (every rendition then is light).
    public let appearances: [Int: RenditionAppearance]
    /// Appearance names the car has that are not known here, for a warning.
    public let unknownAppearanceNames: [String]

    /// Reads the car's structure from its bytes; throws what is wrong with it. Its cost is bounded by
    /// the file's size: each block is read at most once, trees are walked once and may not loop.
    public init(bytes: [UInt8]) throws(CarError) {
        guard bytes.count <= Self.maximumFileSize else { throw .tooLarge(bytes: bytes.count, limit: Self.maximumFileSize) }
        let store = try BOMStore(bytes)
        guard let header = try store.namedBlock("CARHEADER") else { throw .missingTree("CARHEADER") }
        guard header.tag(0) == "CTAR" else { throw .badHeader("CARHEADER") }
        guard let format = try store.namedBlock("KEYFORMAT") else { throw .missingTree("KEYFORMAT") }
        guard format.tag(0) == "kfmt", let count = format.intLE(8), count <= 64, count <= (format.count - 12) / 4 else {
            throw .badHeader("KEYFORMAT")
        }
        let attributes = (0..<count).map { RenditionAttribute(rawValue: format.uint32LE(12 + 4 * $0)!) }
        keyFormat = attributes

        guard let renditionEntries = try store.tree("RENDITIONS") else { throw .missingTree("RENDITIONS") }
        // One rendition per distinct image header: entries sharing one block (or the same bytes
        // under two block numbers) are read once, as the first. Every header is 184 bytes of its
        // own in a real car, so a file holds at most that many renditions.
        var renditions: [Rendition] = [], readHeaders = Set<Range<Int>>()
        let renditionLimit = bytes.count / Rendition.headerSize
        for (keyBytes, csi) in renditionEntries where readHeaders.insert(csi.range).inserted {
            guard renditions.count < renditionLimit else {
                throw .badTree(name: "RENDITIONS", reason: "has more images than the file can hold")
            }
            var key: [RenditionAttribute: Int] = [:]
            for (i, attribute) in attributes.enumerated() {
                guard let attribute else { continue }
                guard let value = keyBytes.uint16LE(2 * i) else { throw .badTree(name: "RENDITIONS", reason: "has a key shorter than its key format") }
                key[attribute] = Int(value)
            }
            renditions.append(try Rendition(key: key, csi: csi))
        }
        self.renditions = Self.resolvingAtlases(renditions)
        imagePositions = Self.distinctImages(self.renditions)

        var identifiers: [String: Int] = [:]
        for (name, token) in try store.tree("FACETKEYS") ?? [] {
            guard let pairs = token.uint16LE(4), Int(pairs) <= (token.count - 6) / 4 else {
                throw .badTree(name: "FACETKEYS", reason: "has a key token that overruns its block")
            }
            for i in 0..<Int(pairs) where token.uint16LE(6 + 4 * i) == UInt16(RenditionAttribute.identifier.rawValue) {
                identifiers[String(decoding: name.array.prefix { $0 != 0 }, as: UTF8.self)] = Int(token.uint16LE(8 + 4 * i)!)
            }
        }
        self.identifiers = identifiers

        var appearances: [Int: RenditionAppearance] = [:], unknown: [String] = []
        for (name, value) in try store.tree("APPEARANCEKEYS") ?? [] {
            let text = String(decoding: name.array.prefix { $0 != 0 }, as: UTF8.self)
            guard let number = value.count >= 4 ? value.intLE(0) : value.uint16LE(0).map(Int.init) else {
                throw .badTree(name: "APPEARANCEKEYS", reason: "has an appearance without a number")
            }
            if let known = RenditionAppearance(appearanceName: text) { appearances[number] = known } else { unknown.append(text) }
        }
        self.appearances = appearances
        unknownAppearanceNames = unknown
    }

    /// The image renditions of the asset `name` (an app icon set's, say), in the car's order;
    /// empty when the car has no asset of that name. A rendition identical to an earlier one (the
    /// same idiom, scale, appearance, header and data) is one image and left out.
    public func images(named name: String) -> [Rendition] {
        guard let identifier = identifiers[name] else { return [] }
        return imagePositions[identifier]?.map { renditions[$0] } ?? []
    }

    /// Identifier → the positions of its distinct image renditions, found once (see `images(named:)`).
    private let imagePositions: [Int: [Int]]

    /// What makes two image renditions of one asset the same image.
    private struct ImageIdentity: Hashable {
        let idiom: Int?, scale: Int, appearance: Int?, subtype: Int?, width: Int, height: Int, format: String, layout: Int
        let link: [Int], data: ArraySlice<UInt8>
    }

    /// The positions of each asset's distinct image renditions: one pass, hashing each rendition's
    /// header fields and data once.
    private static func distinctImages(_ renditions: [Rendition]) -> [Int: [Int]] {
        var positions: [Int: [Int]] = [:], seen = Set<ImageIdentity>()
        for (position, rendition) in renditions.enumerated() where rendition.isBitmap {
            guard let identifier = rendition.key[.identifier] else { continue }
            let link = rendition.link.map { link in
                [link.x, link.y, link.width, link.height] + link.key.sorted { $0.key.rawValue < $1.key.rawValue }.flatMap { [Int($0.key.rawValue), $0.value] }
            } ?? []
            let identity = ImageIdentity(idiom: rendition.key[.idiom], scale: rendition.scale, appearance: rendition.key[.appearance],
                                         subtype: rendition.key[.subtype], width: rendition.width, height: rendition.height,
                                         format: rendition.pixelFormat, layout: rendition.layout, link: [identifier] + link,
                                         data: rendition.data.array)
            if seen.insert(identity).inserted { positions[identifier, default: []].append(position) }
        }
        return positions
    }

    /// The appearance a rendition is drawn for: light where the car has no appearances or the
    /// rendition's number is the car's "any"; nil for an appearance not known here.
    public func appearance(of rendition: Rendition) -> RenditionAppearance? {
        let number = rendition.key[.appearance] ?? 0
        if let known = appearances[number] { return known }
        return number == 0 ? .light : nil
    }

    /// The atlas a packed image's link points at, as found when the car was opened
    /// (`resolvingAtlases`); nil when the car has none.
    func atlas(for rendition: Rendition, link: Rendition.AtlasLink) -> Rendition? {
        guard let position = rendition.atlasPosition, position < renditions.count else { return nil }
        return renditions[position]
    }

    /// Kinds of key (sets of attributes) links may name their atlases by: a car's links all name
    /// the same few (element, part, dimension1, scale, idiom, and a subtype or not).
    static let maximumLinkKeyShapes = 8
    /// Atlases one link's key may match, of which the one agreeing most with the linking image
    /// is taken: a real car has one or two (with and without a subtype).
    static let maximumAtlasCandidates = 64

    /// Each linked rendition with the position of its atlas: the renditions (not links themselves)
    /// whose keys have the link's values, the one agreeing with the linking image on most other
    /// attributes (its idiom, its subtype), the first in the car's order among equals. The
    /// atlases are indexed once by the values of each kind of key links use, so finding all of
    /// them costs the renditions times the kinds of key, and each link at most
    /// `maximumAtlasCandidates` comparisons.
    static func resolvingAtlases(_ renditions: [Rendition]) -> [Rendition] {
        var index: [[RenditionAttribute]: [[Int]: [Int]]] = [:]
        var resolved = renditions
        for position in renditions.indices {
            guard let link = renditions[position].link else { continue }
            let attributes = link.key.keys.sorted { $0.rawValue < $1.rawValue }
            if index[attributes] == nil {
                guard index.count < maximumLinkKeyShapes else { continue }
                var buckets: [[Int]: [Int]] = [:]
                for (candidate, rendition) in renditions.enumerated() where rendition.link == nil {
                    buckets[attributes.map { rendition.key[$0] ?? -1 }, default: []].append(candidate)
                }
                index[attributes] = buckets
            }
            let candidates = index[attributes]?[attributes.map { link.key[$0] ?? -1 }] ?? []
            var best: (position: Int, agreement: Int)?
            for candidate in candidates.prefix(maximumAtlasCandidates) {
                let score = agreement(renditions[candidate], renditions[position], link)
                if best == nil || score > best!.agreement { best = (candidate, score) }
            }
            resolved[position].atlasPosition = best?.position
        }
        return resolved
    }

    private static func agreement(_ candidate: Rendition, _ rendition: Rendition, _ link: Rendition.AtlasLink) -> Int {
        candidate.key.filter { link.key[$0.key] == nil && $0.key != .identifier && rendition.key[$0.key] == $0.value }.count
    }
}
