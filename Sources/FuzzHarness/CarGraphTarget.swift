import CompiledAssetCatalog
import Foundation
import IconCatalog

extension FuzzHarness {
    /// The car reader on structures the bytes choose, written as a real car is (a BOM store of
    /// CARHEADER, KEYFORMAT, RENDITIONS, FACETKEYS and APPEARANCEKEYS): many renditions of few
    /// assets, atlases and links into them (added, duplicated, to atlases missing or repeated,
    /// rectangles inside or out), leaves whose counts lie and entries that point many at one
    /// block, free slots (all ones or zero) that trees and renditions may name, and many names
    /// for one identifier. The car is read as a built app's (`CatalogReader`: per-icon and total
    /// caps, dedupe), and its images decoded; the reading must end well within a second.
    public static func carGraph(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let car: [UInt8] = input.byte() & 1 == 1 ? Array(input.rest) : FuzzCar.build(&input)
        let start = DispatchTime.now()
        if let catalog = try? CompiledCatalog(bytes: car) {
            for rendition in catalog.renditions.prefix(32) where rendition.isBitmap {
                _ = catalog.linkProblem(of: rendition)
                if let bitmap = try? catalog.bitmap(of: rendition) {
                    precondition(bitmap.rgba.count == bitmap.width * bitmap.height * 4, "a decoded image has the pixels it declares")
                }
            }
        }
        let names = FuzzCar.assets + (0..<8).map { "Alias\($0)" }
        let alternates = Dictionary(uniqueKeysWithValues: names.map { ($0, ["CFBundleIconName": $0]) })
        let plist: [String: Any] = ["CFBundleIdentifier": "com.example.fuzz", "CFBundleIcons": [
            "CFBundlePrimaryIcon": ["CFBundleIconName": "A0"], "CFBundleAlternateIcons": alternates,
        ] as [String: Any]]
        if let data = try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0) {
            _ = place(Array(data), at: "CarGraph.app/Info.plist")
            _ = place(car, at: "CarGraph.app/Assets.car")
            if let read = try? CatalogReader.read(app: scratch + "/CarGraph.app") {
                _ = read.warnings.map(\.description)
                precondition(read.icons.reduce(0) { $0 + $1.images.count } <= 8_192, "the car's images are capped in all")
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        precondition(seconds < 5, "a car of \(car.count) bytes took \(seconds) s")
    }
}

/// A car written from the fuzzer's choices (see `FuzzHarness.carGraph`).
enum FuzzCar {
    static let assets = ["A0", "A1", "A2", "A3"]
    static let keyFormat: [UInt32] = [12, 17, 7, 1, 2, 15, 8]

    static func build(_ input: inout FuzzBytes) -> [UInt8] {
        var blocks: [[UInt8]] = [[]]
        func add(_ block: [UInt8]) -> Int { blocks.append(block); return blocks.count - 1 }
        // Free slots: written as slots of nothing, their table entries all ones or zero.
        var free: [Int: (UInt32, UInt32)] = [:]
        for _ in 0..<Int(input.byte() % 4) { free[add([])] = input.pick([(0xFFFF_FFFF, 0xFFFF_FFFF), (0, 0), (0xFFFF_FFFF, 0)]) }
        var header = Array("RATC".utf8)
        for value in [UInt32(800), 17, 0, 1] { header.le32(value) }
        header += [UInt8](repeating: 0, count: 400)
        for value in [UInt32(0), 2, 1, 2] { header.le32(value) }
        var variables: [(String, Int)] = [("CARHEADER", add(header))]
        var format = Array("tmfk".utf8)
        format.le32(0)
        format.le32(UInt32(keyFormat.count))
        for attribute in keyFormat { format.le32(attribute) }
        variables.append(("KEYFORMAT", add(format)))

        func key(_ values: [Int]) -> [UInt8] {
            var key: [UInt8] = []
            for value in values { key.le16(UInt16(truncatingIfNeeded: value)) }
            return key
        }
        var entries: [(key: [UInt8], value: [UInt8])] = []
        let atlasNumbers = (0..<Int(input.byte() % 4)).map { _ in Int(input.byte() % 4) }
        for number in atlasNumbers {
            let width = 1 + Int(input.byte() % 48), height = 1 + Int(input.byte() % 48)
            let pixels = [UInt8](repeating: input.byte(), count: width * height * 4)
            let rows = 1 + Int(input.byte()) % height
            var data = Array("MLEC".utf8)
            let bands = stride(from: 0, to: height, by: rows).map { ($0, min(rows, height - $0)) }
            for value in [1, 4, bands.count] { data.le32(UInt32(value)) }
            for (first, count) in bands {
                let stream = lzfseStored(Array(pixels[(first * width * 4)..<((first + count) * width * 4)]))
                data += Array("KCBC".utf8)
                for value in [0, 0, count, stream.count] { data.le32(UInt32(value)) }
                data += stream
            }
            let scale = 1 + Int(input.byte() % 3)
            entries.append((key([scale, 0, 0, 9, 181, 0, number]),
                            csi(name: "ZZZZPackedAsset-\(scale).0.0", width: width, height: height, scale: scale, layout: 1004,
                                tlv: rowBytes(width * 4), data: data)))
        }
        let images = input.count()
        for index in 0..<images {
            let asset = Int(input.byte()) % assets.count
            let size = 1 + Int(input.byte() % 40), scale = 1 + Int(input.byte() % 3)
            let keyValues = [scale, 1000 + asset, input.pick([0, 6, 9]), 85, 220, input.pick([0, 1, 2, 6]), 0]
            if input.byte() % 3 == 0 {
                // A link: to an atlas the car has, a repeated number or none; its rectangle anywhere.
                let atlas = atlasNumbers.isEmpty || input.byte() % 4 == 0 ? Int(input.byte() % 8) : input.pick(atlasNumbers)
                let x = Int(input.byte()) - 8, y = Int(input.byte()) - 8
                let pairs: [(UInt16, Int)] = [(1, 9), (2, 181), (8, atlas), (12, scale), (15, 0), (0, 0)]
                var value = Array("KLNI".utf8)
                for field in [0, x, y, size, size] { value.le32(UInt32(truncatingIfNeeded: field)) }
                value.le16(12)
                value.le32(UInt32(4 * pairs.count))
                for (attribute, number) in pairs { value.le16(attribute); value.le16(UInt16(number)) }
                var tlv: [UInt8] = []
                tlv.le32(1010)
                tlv.le32(UInt32(value.count))
                tlv += value
                entries.append((key(keyValues), csi(name: "L\(index).png", width: size, height: size, scale: scale, layout: 1003, tlv: tlv, data: [])))
            } else {
                let pixels = [UInt8](repeating: input.byte(), count: size * size * 4)
                let encodings: [(UInt32, [UInt8])] = [(0, pixels), (4, lzfseStored(pixels)), (10, [1, 2, 3])]
                let (type, payload) = input.pick(encodings)
                var data = Array("MLEC".utf8)
                data.le32(0)
                data.le32(type)
                data.le32(UInt32(payload.count))
                data += payload
                let declared = input.byte() % 8 == 0 ? Int(input.byte()) * 64 : size * 4
                entries.append((key(keyValues), csi(name: "I\(index).png", width: size, height: size, scale: scale, layout: 12,
                                                    tlv: rowBytes(declared), data: data)))
            }
        }
        let leafSize = input.byte() % 2 == 0 ? nil : 1 + Int(input.byte() % 16)
        variables.append(("RENDITIONS", tree(entries, &blocks, input: &input, leafSize: leafSize, free: Array(free.keys))))
        var facets: [(key: [UInt8], value: [UInt8])] = []
        let names = assets + (0..<Int(input.byte() % 9)).map { "Alias\($0)" }
        for (index, name) in names.enumerated() {
            var token: [UInt8] = []
            for value in [0, 0, 3, 1, 85, 2, 220, 17, 1000 + (index < assets.count ? index : Int(input.byte()) % assets.count)] {
                token.le16(UInt16(value))
            }
            facets.append((Array(name.utf8), token))
        }
        variables.append(("FACETKEYS", tree(facets, &blocks, input: &input, leafSize: nil, free: [])))
        var appearances: [(key: [UInt8], value: [UInt8])] = []
        for (name, number) in [("ISAppearanceTintable", 9), ("UIAppearanceAny", 0), ("UIAppearanceDark", 6)] {
            var value: [UInt8] = []
            value.le16(UInt16(number))
            appearances.append((Array(name.utf8), value))
        }
        variables.append(("APPEARANCEKEYS", tree(appearances, &blocks, input: &input, leafSize: nil, free: [])))
        return store(blocks, variables: variables, free: free)
    }

    /// A tree of `entries`: the bytes choose entries repeated many times over one block, leaves
    /// whose count says more than they hold, entries naming free slots, and a leaf that loops.
    private static func tree(_ entries: [(key: [UInt8], value: [UInt8])], _ blocks: inout [[UInt8]], input: inout FuzzBytes,
                             leafSize: Int?, free: [Int]) -> Int {
        func add(_ block: [UInt8]) -> Int { blocks.append(block); return blocks.count - 1 }
        var pairs = entries.map { (key: add($0.key), value: add($0.value)) }
        if let first = pairs.first, input.byte() % 4 == 0 { pairs += Array(repeating: first, count: input.count()) }
        if !free.isEmpty, input.byte() % 4 == 0 { pairs.append((key: input.pick(free), value: input.pick(free))) }
        let size = max(1, leafSize ?? max(1, pairs.count))
        let groups = stride(from: 0, to: max(pairs.count, 1), by: size).map { Array(pairs[$0..<min($0 + size, pairs.count)]) }
        let leaves = groups.map { _ in add([]) }
        let loops = input.byte() % 16 == 0
        for (i, group) in groups.enumerated() {
            var node: [UInt8] = []
            node.be16(1)
            node.be16(input.byte() % 8 == 0 ? UInt16(group.count) &+ UInt16(input.count()) : UInt16(group.count))
            node.be32(UInt32(i + 1 < leaves.count ? leaves[i + 1] : (loops ? leaves[0] : 0)))
            node.be32(UInt32(i > 0 ? leaves[i - 1] : 0))
            for pair in group { node.be32(UInt32(pair.value)); node.be32(UInt32(pair.key)) }
            blocks[leaves[i]] = node
        }
        var root = leaves[0]
        if leaves.count > 1 {
            var node: [UInt8] = []
            node.be16(0)
            node.be16(UInt16(truncatingIfNeeded: leaves.count))
            node.be32(0)
            node.be32(0)
            for (i, leaf) in leaves.enumerated() { node.be32(UInt32(leaf)); node.be32(UInt32(groups[i].first?.key ?? 0)) }
            root = add(node)
        }
        var header = Array("tree".utf8)
        header.be32(1)
        header.be32(UInt32(root))
        header.be32(4096)
        header.be32(UInt32(entries.count))
        header.append(0)
        return add(header)
    }

    private static func store(_ blocks: [[UInt8]], variables: [(String, Int)], free: [Int: (UInt32, UInt32)]) -> [UInt8] {
        var body = [UInt8](repeating: 0, count: 512)
        var ranges: [(Int, Int)] = []
        for (i, block) in blocks.enumerated() {
            ranges.append(i == 0 ? (0, 0) : (body.count, block.count))
            body += block
        }
        var index: [UInt8] = []
        index.be32(UInt32(ranges.count))
        for (i, (offset, length)) in ranges.enumerated() {
            index.be32(free[i]?.0 ?? UInt32(offset))
            index.be32(free[i]?.1 ?? UInt32(length))
        }
        var vars: [UInt8] = []
        vars.be32(UInt32(variables.count))
        for (name, block) in variables {
            vars.be32(UInt32(block))
            vars.append(UInt8(name.utf8.count))
            vars += Array(name.utf8)
        }
        let indexOffset = body.count
        body += index
        let varsOffset = body.count
        body += vars
        var header = Array("BOMStore".utf8)
        for value in [1, blocks.count, indexOffset, index.count, varsOffset, vars.count] { header.be32(UInt32(value)) }
        body.replaceSubrange(0..<header.count, with: header)
        return body
    }

    private static func rowBytes(_ bytes: Int) -> [UInt8] {
        var tlv: [UInt8] = []
        tlv.le32(1007)
        tlv.le32(4)
        tlv.le32(UInt32(truncatingIfNeeded: bytes))
        return tlv
    }

    private static func csi(name: String, width: Int, height: Int, scale: Int, layout: Int, tlv: [UInt8], data: [UInt8]) -> [UInt8] {
        var csi = Array("ISTC".utf8)
        for value in [1, 0, width, height, scale * 100] { csi.le32(UInt32(value)) }
        csi += Array("BGRA".utf8)
        csi.le32(1)
        csi.le32(0)
        csi.le16(UInt16(layout))
        csi.le16(0)
        let nameBytes = Array(name.utf8.prefix(127))
        csi += nameBytes + [UInt8](repeating: 0, count: 128 - nameBytes.count)
        for value in [tlv.count, 0, 0, data.count] { csi.le32(UInt32(value)) }
        return csi + tlv + data
    }

    private static func lzfseStored(_ bytes: [UInt8]) -> [UInt8] {
        var out = Array("bvx-".utf8)
        out.le32(UInt32(bytes.count))
        return out + bytes + Array("bvx$".utf8)
    }
}

private extension Array where Element == UInt8 {
    mutating func le16(_ value: UInt16) { append(contentsOf: [UInt8(value & 0xFF), UInt8(value >> 8)]) }
    mutating func le32(_ value: UInt32) { append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
    mutating func be16(_ value: UInt16) { append(contentsOf: [UInt8(value >> 8), UInt8(value & 0xFF)]) }
    mutating func be32(_ value: UInt32) { append(contentsOf: (0..<4).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }) }
}
