@testable import CompiledAssetCatalog
import CZlibInflate
import Testing

/// The zlib inflate a build without ISA-L uses gives what ISA-L's gives: the same bytes for every
/// wrapper, and the same kind of error for a stream that is cut short, too long or damaged.
@Suite struct InflateTests {
    typealias Inflater = ([UInt8], Int) throws(DecompressionError) -> [UInt8]

    static var inflaters: [(name: String, inflate: Inflater)] {
        var all: [(name: String, inflate: Inflater)] = [("zlib", Inflate.withZlib)]
        #if ISAL
        all.append(("ISA-L", Inflate.withISAL))
        #endif
        return all
    }

    /// 200 kB that compress about tenfold: runs and counting bytes.
    static let original: [UInt8] = (0 ..< 200_000).map { UInt8(truncatingIfNeeded: ($0 / 7) % 251 ^ ($0 % 3 == 0 ? 0 : $0 >> 9)) }

    /// `original` in each wrapper, made with zlib's deflate.
    static func compressed(_ wrapper: Inflate.Wrapper) throws -> [UInt8] {
        var size = compressBound(uLong(original.count))
        var zlib = [UInt8](repeating: 0, count: Int(size))
        let status = compress2(&zlib, &size, original, uLong(original.count), 6)
        try #require(status == Z_OK)
        zlib.removeSubrange(Int(size)...)
        let raw = Array(zlib[2 ..< zlib.count - 4])
        switch wrapper {
        case .zlib: return zlib
        case .raw: return raw
        case .gzip:
            let crc = UInt32(crc32(0, original, UInt32(original.count))), length = UInt32(original.count)
            let trailer = (0 ..< 4).map { UInt8(truncatingIfNeeded: crc >> ($0 * 8)) } + (0 ..< 4).map { UInt8(truncatingIfNeeded: length >> ($0 * 8)) }
            return [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3] + raw + trailer
        }
    }

    static func outcome(_ inflate: Inflater, _ input: [UInt8], limit: Int) -> Result<[UInt8], DecompressionError> {
        do throws(DecompressionError) { return .success(try inflate(input, limit)) } catch { return .failure(error) }
    }

    @Test(arguments: Inflate.Wrapper.allCases)
    func everyInflaterGivesTheOriginal(_ wrapper: Inflate.Wrapper) throws {
        let input = try Self.compressed(wrapper)
        #expect(Inflate.Wrapper(of: input) == wrapper)
        for (name, inflate) in Self.inflaters {
            #expect(try inflate(input, Self.original.count) == Self.original, "\(name), \(wrapper)")
            #expect(try Inflate.decompress(input, limit: Self.original.count) == Self.original)
        }
    }

    @Test(arguments: Inflate.Wrapper.allCases)
    func aLongerStreamThanDeclaredIsRefused(_ wrapper: Inflate.Wrapper) throws {
        let input = try Self.compressed(wrapper)
        for (name, inflate) in Self.inflaters {
            #expect(Self.outcome(inflate, input, limit: Self.original.count - 1) == .failure(.exceedsLimit(Self.original.count - 1)), "\(name), \(wrapper)")
        }
    }

    @Test(arguments: Inflate.Wrapper.allCases)
    func aStreamCutShortIsTruncated(_ wrapper: Inflate.Wrapper) throws {
        let input = try Self.compressed(wrapper)
        for (name, inflate) in Self.inflaters {
            #expect(Self.outcome(inflate, Array(input.prefix(input.count / 2)), limit: Self.original.count) == .failure(.truncated),
                    "\(name), \(wrapper)")
        }
    }

    /// A block type deflate does not have (3) right after the header.
    @Test func aDamagedStreamIsMalformed() throws {
        var input = try Self.compressed(.zlib)
        input[2] |= 0b110
        for (name, inflate) in Self.inflaters {
            guard case .failure(.malformed) = Self.outcome(inflate, input, limit: Self.original.count) else {
                Issue.record("\(name): \(Self.outcome(inflate, input, limit: Self.original.count))")
                continue
            }
        }
    }
}
