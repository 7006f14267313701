/// The finite-state entropy parts of LZFSE: decoding tables built from symbol frequencies, and
/// the bit stream they read, which is consumed from its end towards its start.
enum FSE {
    static let literalStates = 1024
    static let lStates = 64
    static let mStates = 64
    static let dStates = 256

    /// Extra bits after each L, M and D symbol; a symbol's base value is the sum of the ranges before it.
    static let lExtraBits: [Int] = Array(repeating: 0, count: 16) + [2, 3, 5, 8]
    static let mExtraBits: [Int] = Array(repeating: 0, count: 16) + [3, 5, 8, 11]
    static let dExtraBits: [Int] = (0..<64).map { $0 / 4 }

    /// One frequency of a block header: the low five bits of `bits` give the code's length and,
    /// for the short codes, its value; 8- and 14-bit codes carry 4 and 10 bits of value above that.
    static func frequencyCode(_ bits: UInt32) -> (value: UInt16, length: Int) {
        switch bits & 31 {
        case 7, 23: return (UInt16(8 + (bits >> 4) & 0xF), 8)
        case 15, 31: return (UInt16(24 + (bits >> 4) & 0x3FF), 14)
        case let b where b & 1 == 0: return (UInt16(b & 2 == 0 ? 0 : 1), 2)
        case let b where b & 3 == 1: return (UInt16(b & 4 == 0 ? 2 : 3), 3)
        case let b: return (UInt16(4 + (b >> 3) & 3), 5)
        }
    }

    /// For each symbol with frequency `f` among `states`: its `f` states, each with the number of
    /// bits to read (`k` or `k - 1`) and the base of the next state.
    static func spread(states: Int, frequencies: ArraySlice<UInt16>,
                       _ entry: (_ symbol: Int, _ bits: Int, _ delta: Int) -> Void) throws(DecompressionError) {
        var total = 0
        let stateZeros = (UInt32(states)).leadingZeroBitCount
        for (symbol, frequency) in frequencies.enumerated() where frequency > 0 {
            let f = Int(frequency)
            total += f
            guard total <= states else { throw .malformed(.badFrequencyTable) }
            let k = UInt32(f).leadingZeroBitCount - stateZeros
            let j0 = ((2 * states) >> k) - f
            for j in 0..<f {
                if j < j0 {
                    entry(symbol, k, ((f + j) << k) - states)
                } else {
                    entry(symbol, k - 1, (j - j0) << (k - 1))
                }
            }
        }
        // States no symbol took (a table whose frequencies sum to less) decode as symbol 0.
        for _ in total..<states { entry(0, 0, 0) }
    }

    /// Literal bytes: state → (byte, bits to read, next state base).
    struct LiteralTable {
        private var entries: [UInt32] = []

        init(frequencies: ArraySlice<UInt16>) throws(DecompressionError) {
            entries.reserveCapacity(FSE.literalStates)
            var made: [UInt32] = []
            made.reserveCapacity(FSE.literalStates)
            try FSE.spread(states: FSE.literalStates, frequencies: frequencies) { symbol, bits, delta in
                made.append(UInt32(symbol) | UInt32(bits) << 8 | UInt32(delta) << 16)
            }
            entries = made
        }

        @inline(__always)
        func decode(_ state: inout Int, _ stream: inout BackwardBits) -> UInt8 {
            let entry = entries[state]
            let bits = Int((entry >> 8) & 0xFF)
            state = Int(entry >> 16) + Int(stream.pull(bits))
            return UInt8(truncatingIfNeeded: entry)
        }
    }

    /// L, M or D values: state → (bits to read in all, of which value bits, next state base, value base).
    struct ValueTable {
        private struct Entry {
            var totalBits: UInt8
            var valueBits: UInt8
            var delta: Int32
            var base: Int32
        }
        private var entries: [Entry] = []

        init(states: Int, frequencies: ArraySlice<UInt16>, extraBits: [Int]) throws(DecompressionError) {
            var bases: [Int] = [0]
            for bits in extraBits.dropLast() { bases.append(bases.last! + (1 << bits)) }
            var made: [Entry] = []
            made.reserveCapacity(states)
            try FSE.spread(states: states, frequencies: frequencies) { symbol, bits, delta in
                made.append(Entry(totalBits: UInt8(bits + extraBits[symbol]), valueBits: UInt8(extraBits[symbol]),
                                  delta: Int32(delta), base: Int32(bases[symbol])))
            }
            entries = made
        }

        @inline(__always)
        func decode(_ state: inout Int, _ stream: inout BackwardBits) -> Int {
            let entry = entries[state]
            let bits = stream.pull(Int(entry.totalBits))
            let valueBits = UInt64(entry.valueBits)
            state = Int(entry.delta) + Int(bits >> valueBits)
            return Int(entry.base) + Int(bits & ((1 << valueBits) - 1))
        }
    }

    /// Bits read from the end of `source[start..<end]` towards `start`, most significant first.
    /// The stream's last bytes hold the first bits; `initialBits` (−7…0) says how many bits of the
    /// last byte written are padding.
    struct BackwardBits {
        private let base: UnsafePointer<UInt8>
        private let start: Int
        private var position: Int
        private var accumulator: UInt64
        private var count: Int
        /// Bits of zeros put in for bytes before the stream's start.
        private var padding = 0

        init(_ source: UnsafeBufferPointer<UInt8>, start: Int, end: Int, initialBits: Int) throws(DecompressionError) {
            guard let base = source.baseAddress else { throw .truncated }
            self.base = base
            self.start = start
            let width = initialBits != 0 ? 8 : 7
            // A stream shorter than the first load: the bytes before it go in as zeros (see `refill`).
            let real = min(width, end - start)
            guard real >= 0 else { throw .truncated }
            position = end - real
            accumulator = 0
            for i in 0..<real { accumulator |= UInt64(base[position + i]) << UInt64(8 * (i + width - real)) }
            padding = 8 * (width - real)
            count = initialBits + 8 * width
            guard count >= 56, count < 64, accumulator >> UInt64(count) == 0 else { throw .malformed(.badState) }
        }

        /// Tops the accumulator up to at least 56 bits, a whole byte at a time. Near the start of
        /// the stream the encoder's last bits may need fewer bytes than a refill takes: what lies
        /// before `start` goes in as zeros (`padding`), and `isExhausted` says whether any was used.
        @inline(__always)
        mutating func refill() {
            let bits = (63 - count) & ~7
            guard bits > 0 else { return }
            let bytes = bits >> 3
            var incoming: UInt64 = 0
            if position - bytes >= start {
                position -= bytes
                for i in 0..<bytes { incoming |= UInt64(base[position + i]) << UInt64(8 * i) }
            } else {
                let real = position - start
                let missing = bytes - real
                for i in 0..<real { incoming |= UInt64(base[start + i]) << UInt64(8 * (i + missing)) }
                position = start
                padding += 8 * missing
            }
            accumulator = accumulator << UInt64(bits) | incoming
            count += bits
        }

        /// True when decoding has read into the zeros that stand for bytes before the stream.
        var readPastStart: Bool { count < padding }

        /// The next `n` bits (n ≤ 56 after a refill, as every table here reads).
        @inline(__always)
        mutating func pull(_ n: Int) -> UInt64 {
            count -= n
            let result = accumulator >> UInt64(count)
            accumulator &= (UInt64(1) << UInt64(count)) &- 1
            return result
        }
    }
}
