/// LZVN, the byte-oriented LZ77 coding Apple uses for small data: in LZFSE streams (`bvxn`
/// blocks) and, raw, in compiled asset catalogs. Each instruction's first byte says how many
/// literal bytes follow it, how long a match is and how far back it starts, or that the
/// previous distance is used again:
///
/// | first byte | name | literals | match | distance |
/// | --- | --- | --- | --- | --- |
/// | `LLMMMDDD` (DDD < 6) | small distance | L | M + 3 | DDD·256 + next byte |
/// | `LLMMM110` | previous distance | L (1…3) | M + 3 | the previous one |
/// | `LLMMM111` | large distance | L | M + 3 | next two bytes, little-endian |
/// | `101LLMMM` | medium distance | L | (MMM·4 + low 2 bits of next) + 3 | 14 bits: next's high 6, then the one after |
/// | `1110LLLL`, `11100000 n` | literals only | L, or n + 16 | | |
/// | `1111MMMM`, `11110000 n` | match only | | M, or n + 16 | the previous one |
/// | `0x06` | end of stream (8 bytes) | | | |
/// | `0x0E`, `0x16` | nothing | | | |
///
/// Everything else (`0x1E`…`0x3E` ending in 110, `0x70`…`0x7F`, `0xD0`…`0xDF`) is undefined.
public enum LZVN {
    /// Decodes a whole stream, up to its end-of-stream instruction, into at most `limit` bytes.
    public static func decompress(_ input: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        try withOutput(capacity: limit) { (output: inout OutputBuffer) throws(DecompressionError) in
            try input.withUnsafeBufferPointer { (source: UnsafeBufferPointer<UInt8>) throws(DecompressionError) in
                _ = try decode(source, from: 0, to: source.count, into: &output, stopAt: nil)
            }
        }
    }

    /// Decodes `source[start..<end]` into `output`, matches reaching back no further than where
    /// the output stood when decoding began. Stops at the end-of-stream instruction, or once
    /// `stopAt` output bytes are written (an LZFSE block says how many it holds). Returns where
    /// in `source` decoding stopped.
    static func decode(_ source: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, into output: inout OutputBuffer,
                       stopAt: Int?, matchStart: Int? = nil) throws(DecompressionError) -> Int {
        guard let base = source.baseAddress, end <= source.count, start <= end else {
            if stopAt == output.count { return start }
            throw .truncated
        }
        let floor = matchStart ?? output.count
        var ip = start
        var previousDistance = 0
        while true {
            if let stopAt, output.count >= stopAt {
                guard output.count == stopAt else { throw .exceedsLimit(stopAt) }
                return ip
            }
            guard ip < end else { throw .truncated }
            let op = base[ip]
            var literals = 0, match = 0, distance = previousDistance, length = 1
            switch op {
            case 0x06:
                guard end - ip >= 8 else { throw .truncated }
                return ip + 8
            case 0x0E, 0x16:
                ip += 1
                continue
            case 0x70...0x7F, 0xD0...0xDF:
                throw .malformed(.undefinedOpcode(op))
            case 0xE0:
                guard end - ip >= 2 else { throw .truncated }
                literals = Int(base[ip + 1]) + 16
                length = 2
            case 0xE1...0xEF:
                literals = Int(op & 0x0F)
            case 0xF0:
                guard end - ip >= 2 else { throw .truncated }
                match = Int(base[ip + 1]) + 16
                length = 2
            case 0xF1...0xFF:
                match = Int(op & 0x0F)
            case 0xA0...0xBF:
                guard end - ip >= 3 else { throw .truncated }
                let b1 = Int(base[ip + 1]), b2 = Int(base[ip + 2])
                literals = Int((op >> 3) & 3)
                match = (Int(op & 7) << 2 | (b1 & 3)) + 3
                distance = b2 << 6 | b1 >> 2
                length = 3
            default:
                literals = Int(op >> 6)
                match = Int((op >> 3) & 7) + 3
                switch op & 7 {
                case 6:
                    guard literals > 0 else { throw .malformed(.undefinedOpcode(op)) }
                case 7:
                    guard end - ip >= 3 else { throw .truncated }
                    distance = Int(base[ip + 1]) | Int(base[ip + 2]) << 8
                    length = 3
                default:
                    guard end - ip >= 2 else { throw .truncated }
                    distance = Int(op & 7) << 8 | Int(base[ip + 1])
                    length = 2
                }
            }
            ip += length
            if literals > 0 {
                guard end - ip >= literals else { throw .truncated }
                try output.append(base + ip, literals)
                ip += literals
            }
            if match > 0 {
                try output.copyMatch(distance: distance, length: match, start: floor)
                previousDistance = distance
            }
        }
    }
}
