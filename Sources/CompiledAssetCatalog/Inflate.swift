#if ISAL
import CISAL
#endif
import CZlibInflate

/// zlib, gzip or raw deflate data (compression type 2, in App Store-thinned cars), inflated
/// into exactly the size the container declares: by ISA-L where the package is built with it
/// (the ISAL trait), else by zlib.
public enum Inflate {
    /// The container a deflate stream comes in, told by its first bytes.
    package enum Wrapper: Sendable, CaseIterable {
        case gzip, zlib, raw

        init(of input: [UInt8]) {
            if input.starts(with: [0x1F, 0x8B]) {
                self = .gzip
            } else if input.count >= 2, input[0] & 0x0F == 8, (UInt16(input[0]) << 8 | UInt16(input[1])) % 31 == 0 {
                self = .zlib
            } else {
                self = .raw
            }
        }
    }

    /// Inflates `input` (the wrapper told by its first bytes) into at most `limit` bytes.
    public static func decompress(_ input: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        #if ISAL
        try withISAL(input, limit: limit)
        #else
        try withZlib(input, limit: limit)
        #endif
    }

    /// A status that is not an error of either library: the stream went past the limit.
    private static let pastLimit: Int32 = -1000

    /// zlib's inflate; what a build without ISA-L uses, and the tests compare with ISA-L's.
    package static func withZlib(_ input: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        let windowBits: Int32 = switch Wrapper(of: input) {
        case .gzip: 31
        case .zlib: 15
        case .raw: -15
        }
        return try withOutput(capacity: limit) { (output: inout OutputBuffer) throws(DecompressionError) in
            var stream = z_stream()
            guard iconchooser_zlib_inflate_init(&stream, windowBits) == Z_OK else { throw .malformed(.badHeader("deflate data, zlib cannot start")) }
            defer { inflateEnd(&stream) }
            var spare: UInt8 = 0
            var mutableInput = input
            let status: Int32 = mutableInput.withUnsafeMutableBufferPointer { source in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(clamping: source.count)
                stream.next_out = output.base
                stream.avail_out = UInt32(clamping: output.capacity)
                var result: Int32
                repeat { result = inflate(&stream, Z_NO_FLUSH) } while result == Z_OK && stream.avail_in > 0 && stream.avail_out > 0
                // One spare byte: a stream that fills it is longer than declared.
                if result == Z_OK, stream.avail_out == 0 {
                    result = withUnsafeMutablePointer(to: &spare) { spare in
                        stream.next_out = spare
                        stream.avail_out = 1
                        return inflate(&stream, Z_NO_FLUSH)
                    }
                    if stream.avail_out == 0 { return pastLimit }
                    stream.avail_out = 0
                }
                return result
            }
            guard status != pastLimit else { throw .exceedsLimit(limit) }
            switch status {
            case Z_STREAM_END: output.count = output.capacity - Int(stream.avail_out)
            case Z_OK, Z_BUF_ERROR: throw .truncated
            default: throw .malformed(.badHeader("deflate data, zlib error \(status)"))
            }
        }
    }

    #if ISAL
    /// ISA-L's inflate, about twice as fast as zlib's.
    package static func withISAL(_ input: [UInt8], limit: Int) throws(DecompressionError) -> [UInt8] {
        let wrapper: UInt32 = switch Wrapper(of: input) {
        case .gzip: UInt32(ISAL_GZIP)
        case .zlib: UInt32(ISAL_ZLIB)
        case .raw: UInt32(ISAL_DEFLATE)
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
                    if state.pointee.avail_out == 0 { return pastLimit }
                }
                return result
            }
            guard status != pastLimit else { throw .exceedsLimit(limit) }
            guard status == ISAL_DECOMP_OK else {
                throw status == ISAL_END_INPUT ? .truncated : .malformed(.badHeader("deflate data, ISA-L error \(status)"))
            }
            guard state.pointee.block_state == ISAL_BLOCK_FINISH else { throw .truncated }
            output.count = output.capacity - Int(state.pointee.avail_out)
        }
    }
    #endif
}
