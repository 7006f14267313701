import CISAL

/// zlib, gzip or raw deflate data (compression type 2, in App Store-thinned cars), inflated by
/// ISA-L into exactly the size the container declares.
public enum Inflate {
    /// Inflates `input` (the wrapper told by its first bytes) into at most `limit` bytes.
    public static func decompress(_ input: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        let wrapper: UInt32
        if input.starts(with: [0x1F, 0x8B]) {
            wrapper = UInt32(ISAL_GZIP)
        } else if input.count >= 2, input[0] & 0x0F == 8, (UInt16(input[0]) << 8 | UInt16(input[1])) % 31 == 0 {
            wrapper = UInt32(ISAL_ZLIB)
        } else {
            wrapper = UInt32(ISAL_DEFLATE)
        }
        return try withOutput(capacity: limit) { (output: inout OutputBuffer) throws(DecompressionError) in
            let state = UnsafeMutablePointer<inflate_state>.allocate(capacity: 1)
            defer { state.deallocate() }
            isal_inflate_init(state)
            state.pointee.crc_flag = wrapper
            // One spare byte: a stream that fills it is longer than declared.
            let spare = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
            defer { spare.deallocate() }
            var mutableInput = input
            let status: Int32 = mutableInput.withUnsafeMutableBufferPointer { source in
                state.pointee.next_in = source.baseAddress
                state.pointee.avail_in = UInt32(clamping: source.count)
                state.pointee.next_out = output.base
                state.pointee.avail_out = UInt32(clamping: output.capacity)
                var result = isal_inflate(state)
                if result == ISAL_DECOMP_OK, state.pointee.block_state != ISAL_BLOCK_FINISH, state.pointee.avail_out == 0 {
                    state.pointee.next_out = spare
                    state.pointee.avail_out = 1
                    result = isal_inflate(state)
                    if state.pointee.avail_out == 0 { return -1000 }
                }
                return result
            }
            guard status != -1000 else { throw .exceedsLimit(limit) }
            guard status == ISAL_DECOMP_OK else {
                throw status == ISAL_END_INPUT ? .truncated : .malformed(.badHeader("deflate data, ISA-L error \(status)"))
            }
            guard state.pointee.block_state == ISAL_BLOCK_FINISH else { throw .truncated }
            output.count = output.capacity - Int(state.pointee.avail_out)
        }
    }
}
