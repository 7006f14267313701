import CompiledAssetCatalog
import Foundation
import Testing
import TestSupport

/// Cars that lie: each is refused with an error saying what is wrong, quickly, never a crash.
@Suite(.enabled(if: CarCorpus.available, "\(CarCorpus.skipMessage)"))
struct HostileCarTests {
    static func real() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: CarCorpus.calSmoke + "/Assets.car")))
    }

    /// The block table's entry `index`: (offset of its fields in the file).
    static func blockEntry(_ bytes: [UInt8], _ index: Int) -> Int {
        let table = Int(bytes[16]) << 24 | Int(bytes[17]) << 16 | Int(bytes[18]) << 8 | Int(bytes[19])
        return table + 4 + 8 * index
    }

    static func readBE(_ bytes: [UInt8], _ at: Int) -> Int { (0..<4).reduce(0) { $0 << 8 | Int(bytes[at + $1]) } }
    static func writeBE(_ bytes: inout [UInt8], _ at: Int, _ value: Int) {
        for i in 0..<4 { bytes[at + i] = UInt8(truncatingIfNeeded: value >> (8 * (3 - i))) }
    }

    @Test func aTreeWhoseLeafLinksToItselfIsRefused() throws {
        var bytes = try Self.real()
        // RENDITIONS is block 2; its tree header names its root leaf, block 3.
        let header = Self.readBE(bytes, Self.blockEntry(bytes, 2))
        let root = Self.readBE(bytes, header + 8)
        let leaf = Self.readBE(bytes, Self.blockEntry(bytes, root))
        Self.writeBE(&bytes, leaf + 4, root)
        #expect(throws: CarError.badTree(name: "RENDITIONS", reason: "loops back on itself")) { try CompiledCatalog(bytes: bytes) }
    }

    @Test func aBlockPastTheEndOfTheFileIsRefused() throws {
        var bytes = try Self.real()
        Self.writeBE(&bytes, Self.blockEntry(bytes, 3) + 4, 1 << 30)
        #expect(throws: CarError.badTable("block 3")) { try CompiledCatalog(bytes: bytes) }
    }

    @Test func everyTruncationIsAnErrorNotACrash() throws {
        let bytes = try Self.real()
        for length in stride(from: 0, to: bytes.count, by: 4099) {
            let cut = Array(bytes.prefix(length))
            if let car = try? CompiledCatalog(bytes: cut) {
                for rendition in car.renditions where rendition.isBitmap { _ = try? car.bitmap(of: rendition) }
            }
        }
    }

    /// An image whose data decompresses to more than its header declares is refused.
    @Test func pixelsBeyondTheDeclaredSizeAreRefused() throws {
        var bytes = try Self.real()
        // Icon-60@3x.png is 180 × 180: say 180 × 90, and its chunks hold twice the rows.
        let name = Array("Icon-60@3x.png".utf8)
        let at = try #require((0..<(bytes.count - name.count)).first { bytes[$0..<($0 + name.count)].elementsEqual(name) })
        let csi = at - 40
        bytes[csi + 16] = 90; bytes[csi + 17] = 0
        let car = try CompiledCatalog(bytes: bytes)
        let lying = try #require(car.images(named: "AppIcon").first { $0.name == "Icon-60@3x.png" })
        #expect(lying.height == 90)
        #expect(throws: CarError.self) { try car.bitmap(of: lying) }
    }

    @Test func notACarIsRefused() {
        #expect(throws: CarError.notABOMStore) { try CompiledCatalog(bytes: Array("not a car at all".utf8)) }
    }
}
