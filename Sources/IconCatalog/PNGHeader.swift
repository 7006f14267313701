import Foundation

/// A PNG's pixel size, read from its first chunk without decoding the image: listing
/// an app must stay fast however large its icons are.
package enum PNGHeader {
    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Width and height from `IHDR`, also when Xcode's `CgBI` chunk comes first; nil if the bytes are no PNG.
    package static func size(of bytes: Data) -> (width: Int, height: Int)? {
        fields(of: bytes).map { ($0.width, $0.height) }
    }

    /// Width, height and bits per sample from `IHDR` (after a `CgBI` chunk, if any); nil if
    /// the bytes are no PNG. Each side is at most 2^31 - 1, as PNG requires, so sizes can be
    /// multiplied without overflow.
    package static func fields(of bytes: Data) -> (width: Int, height: Int, bitDepth: Int)? {
        let data = [UInt8](bytes.prefix(64))
        guard data.starts(with: signature) else { return nil }
        var offset = 8
        for _ in 0..<2 {
            guard offset + 16 <= data.count else { return nil }
            let length = Int(readUInt32(data, offset))
            let type = String(decoding: data[offset + 4..<offset + 8], as: UTF8.self)
            if type == "IHDR" {
                guard length == 13, offset + 17 <= data.count else { return nil }
                let width = Int(readUInt32(data, offset + 8)), height = Int(readUInt32(data, offset + 12))
                guard (1 ... Int(Int32.max)).contains(width), (1 ... Int(Int32.max)).contains(height) else { return nil }
                return (width, height, Int(data[offset + 16]))
            }
            guard type == "CgBI", length < 32 else { return nil }
            offset += 12 + length
        }
        return nil
    }

    private static func readUInt32(_ data: [UInt8], _ at: Int) -> UInt32 {
        data[at..<at + 4].reduce(0) { ($0 << 8) | UInt32($1) }
    }
}
