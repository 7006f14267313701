/// LZFSE, Apple's LZ77 coding with finite-state entropy (tANS) coding of its literals and of its
/// (literal length, match length, distance) triples, as Apple's reference implementation
/// describes it. A stream is a series of blocks, each starting with a four-byte magic:
/// `bvx2` (a compressed block with a packed header), `bvxn` (an LZVN block), `bvx-` (stored
/// bytes), and `bvx$`, the end. `bvx1` blocks (an unpacked header no encoder writes) are refused.
///
/// A compressed block holds up to 40 000 literals, FSE-coded four streams at a time and read
/// backwards, and up to 10 000 matches, whose three values are FSE-coded with extra bits.
public enum LZFSE {
    /// Decodes a whole stream into at most `limit` bytes.
    public static func decompress(_ input: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        try withOutput(capacity: limit) { (output: inout OutputBuffer) throws(DecompressionError) in
            try decode(input, into: &output)
        }
    }

    static let endOfStream: UInt32 = 0x2478_7662       // bvx$
    static let stored: UInt32 = 0x2D78_7662            // bvx-
    static let compressedV1: UInt32 = 0x3178_7662      // bvx1
    static let compressedV2: UInt32 = 0x3278_7662      // bvx2
    static let lzvn: UInt32 = 0x6E78_7662              // bvxn

    static let literalsPerBlock = 40_000
    static let matchesPerBlock = 10_000

    static func decode(_ bytes: [UInt8], into output: inout OutputBuffer) throws(DecompressionError) {
        try bytes.withUnsafeBufferPointer { (source: UnsafeBufferPointer<UInt8>) throws(DecompressionError) in
            try decode(Bytes(bytes), source, into: &output)
        }
    }

    private static func decode(_ input: Bytes, _ source: UnsafeBufferPointer<UInt8>,
                               into output: inout OutputBuffer) throws(DecompressionError) {
        var position = 0
        while true {
            guard let magic = input.uint32LE(position) else { throw .truncated }
            switch magic {
            case endOfStream:
                return
            case stored:
                guard let size = input.intLE(position + 4) else { throw .truncated }
                let start = position + 8
                guard size <= source.count - start else { throw .truncated }
                try output.append(source.baseAddress! + start, size)
                position = start + size
            case lzvn:
                guard let raw = input.intLE(position + 4), let payload = input.intLE(position + 8) else { throw .truncated }
                let start = position + 12
                guard payload <= source.count - start else { throw .truncated }
                guard raw <= output.capacity - output.count else { throw .exceedsLimit(output.capacity) }
                _ = try LZVN.decode(source, from: start, to: start + payload, into: &output, stopAt: output.count + raw,
                                    matchStart: 0)
                position = start + payload
            case compressedV2:
                let header = try BlockHeader(input, at: position)
                position = try decodeBlock(header, source, into: &output)
            case compressedV1:
                throw .malformed(.unsupportedBlock("LZFSE v1"))
            default:
                throw .malformed(.unknownBlockMagic(magic))
            }
        }
    }

    /// A `bvx2` block's header, unpacked.
    struct BlockHeader {
        var rawBytes = 0
        var literalCount = 0
        var literalPayloadBytes = 0
        var matchCount = 0
        var literalBits = 0
        var literalStates: [Int] = []
        var lmdPayloadBytes = 0
        var lmdBits = 0
        var headerSize = 0
        var lState = 0, mState = 0, dState = 0
        /// Frequencies of the L, M, D and literal symbols, in that order (20 + 20 + 64 + 256).
        var frequencies = [UInt16](repeating: 0, count: 360)
        /// Where the block's payload starts in the input.
        var payloadStart = 0

        init(_ input: Bytes, at position: Int) throws(DecompressionError) {
            guard let raw = input.intLE(position + 4), let low = input.slice(position + 8, 24) else { throw .truncated }
            func field(_ offset: Int) -> UInt64 {
                (0..<8).reduce(UInt64(0)) { $0 | UInt64(low.byte(offset + $1)!) << (8 * UInt64($1)) }
            }
            let v0 = field(0), v1 = field(8), v2 = field(16)
            rawBytes = raw
            literalCount = Int(v0 & 0xFFFFF)
            literalPayloadBytes = Int((v0 >> 20) & 0xFFFFF)
            matchCount = Int((v0 >> 40) & 0xFFFFF)
            literalBits = Int((v0 >> 60) & 7) - 7
            literalStates = [0, 10, 20, 30].map { Int((v1 >> $0) & 0x3FF) }
            lmdPayloadBytes = Int((v1 >> 40) & 0xFFFFF)
            lmdBits = Int((v1 >> 60) & 7) - 7
            headerSize = Int(v2 & 0xFFFF_FFFF)
            lState = Int((v2 >> 32) & 0x3FF)
            mState = Int((v2 >> 42) & 0x3FF)
            dState = Int((v2 >> 52) & 0x3FF)
            // Decoding a block costs its literals and matches, so they are held to the output the
            // block declares before any table is built: a literal is one byte of output and a
            // match (with its literals) at least one, as the reference encoder writes them.
            guard literalCount <= raw, matchCount <= raw else {
                throw .malformed(.countsExceedOutput(literals: literalCount, matches: matchCount, output: raw))
            }
            guard headerSize >= 32, let tables = input.slice(position + 32, headerSize - 32) else {
                throw headerSize < 32 ? .malformed(.badHeader("header size")) : .truncated
            }
            try readFrequencies(tables)
            payloadStart = position + headerSize
            guard literalCount <= LZFSE.literalsPerBlock, matchCount <= LZFSE.matchesPerBlock else {
                throw .malformed(.badHeader("more literals or matches than a block holds"))
            }
            guard literalStates.allSatisfy({ $0 < FSE.literalStates }), lState < FSE.lStates, mState < FSE.mStates,
                  dState < FSE.dStates else { throw .malformed(.badState) }
        }

        /// The frequency tables, each value a variable-length code read least-significant bit first:
        /// the low bits of the accumulator pick the code's length and value (see `FSE.frequencyCode`).
        private mutating func readFrequencies(_ tables: Bytes) throws(DecompressionError) {
            guard tables.count > 0 else { return }
            var accumulator: UInt32 = 0, bits = 0, next = 0
            for index in 0..<frequencies.count {
                while next < tables.count, bits + 8 <= 32 {
                    accumulator |= UInt32(tables.byte(next)!) << UInt32(bits)
                    bits += 8
                    next += 1
                }
                let (value, length) = FSE.frequencyCode(accumulator)
                guard length <= bits else { throw .malformed(.badFrequencyTable) }
                frequencies[index] = value
                accumulator >>= UInt32(length)
                bits -= length
            }
            guard bits < 8, next == tables.count else { throw .malformed(.badFrequencyTable) }
        }
    }

    /// Decodes one `bvx2` block's literals, then its matches; returns where the block ends.
    static func decodeBlock(_ header: BlockHeader, _ source: UnsafeBufferPointer<UInt8>,
                            into output: inout OutputBuffer) throws(DecompressionError) -> Int {
        let f = header.frequencies
        let literalTable = try FSE.LiteralTable(frequencies: f[104..<360])
        let lTable = try FSE.ValueTable(states: FSE.lStates, frequencies: f[0..<20], extraBits: FSE.lExtraBits)
        let mTable = try FSE.ValueTable(states: FSE.mStates, frequencies: f[20..<40], extraBits: FSE.mExtraBits)
        let dTable = try FSE.ValueTable(states: FSE.dStates, frequencies: f[40..<104], extraBits: FSE.dExtraBits)

        let literalStart = header.payloadStart
        guard header.literalPayloadBytes <= source.count - literalStart else { throw .truncated }
        let lmdStart = literalStart + header.literalPayloadBytes
        guard header.lmdPayloadBytes <= source.count - lmdStart else { throw .truncated }
        let blockEnd = lmdStart + header.lmdPayloadBytes
        guard header.rawBytes <= output.capacity - output.count else { throw .exceedsLimit(output.capacity) }

        // Literals: four interleaved states, read from the end of their payload backwards.
        let literalCapacity = (header.literalCount + 3) & ~3
        var literals = [UInt8](repeating: 0, count: literalCapacity + 4)
        var stream = try FSE.BackwardBits(source, start: literalStart, end: lmdStart, initialBits: header.literalBits)
        var states = header.literalStates
        try literals.withUnsafeMutableBufferPointer { (out: inout UnsafeMutableBufferPointer<UInt8>) throws(DecompressionError) in
            var i = 0
            while i < header.literalCount {
                stream.refill()
                for lane in 0..<4 {
                    out[i + lane] = literalTable.decode(&states[lane], &stream)
                }
                i += 4
            }
        }

        // Matches: (L, M, D) triples; a D of 0 repeats the previous distance.
        var lmd = try FSE.BackwardBits(source, start: lmdStart, end: blockEnd, initialBits: header.lmdBits)
        var l = header.lState, m = header.mState, d = header.dState
        var usedLiterals = 0, previousDistance = 0
        let blockOutputEnd = output.count + header.rawBytes
        try literals.withUnsafeBufferPointer { (lits: UnsafeBufferPointer<UInt8>) throws(DecompressionError) in
            for _ in 0..<header.matchCount {
                lmd.refill()
                let literalLength = lTable.decode(&l, &lmd)
                let matchLength = mTable.decode(&m, &lmd)
                var distance = dTable.decode(&d, &lmd)
                if distance == 0 { distance = previousDistance } else { previousDistance = distance }
                guard literalLength <= header.literalCount - usedLiterals else { throw .malformed(.tooManyLiterals) }
                guard literalLength + matchLength <= blockOutputEnd - output.count else { throw .exceedsLimit(output.capacity) }
                try output.append(lits.baseAddress! + usedLiterals, literalLength)
                usedLiterals += literalLength
                if matchLength > 0 {
                    try output.copyMatch(distance: distance, length: matchLength, start: 0)
                }
            }
        }
        guard !stream.readPastStart, !lmd.readPastStart else { throw .truncated }
        guard output.count == blockOutputEnd else { throw .shortOutput(expected: header.rawBytes, got: output.count - (blockOutputEnd - header.rawBytes)) }
        return blockEnd
    }
}
