/// Why a compressed stream could not be decoded. Every decoder here stops at the first problem and
/// writes nothing past the size it was given.
public enum DecompressionError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The input ends inside a block or an instruction.
    case truncated
    /// The stream would produce more than the size it was allowed (the size its container declares).
    case exceedsLimit(Int)
    /// The stream ended with fewer bytes than its container declares.
    case shortOutput(expected: Int, got: Int)
    /// An instruction or table that the format does not allow; the associated value says which, for people.
    case malformed(MalformedStream)

    public var description: String {
        switch self {
        case .truncated: return "the compressed data ends early"
        case .exceedsLimit(let limit): return "it decompresses to more than the \(limit) bytes it declares"
        case .shortOutput(let expected, let got): return "it decompresses to \(got) bytes, not the \(expected) it declares"
        case .malformed(let problem): return problem.description
        }
    }
}

/// What is malformed in a compressed stream.
public enum MalformedStream: Equatable, Sendable, CustomStringConvertible {
    case unknownBlockMagic(UInt32)
    case unsupportedBlock(String)
    case badHeader(String)
    case badFrequencyTable
    case badState
    case undefinedOpcode(UInt8)
    case distanceBeforeStart
    case tooManyLiterals
    /// A block declares more literals, or more matches, than the bytes it says it decodes to:
    /// every literal is one byte of output, and every match at least one.
    case countsExceedOutput(literals: Int, matches: Int, output: Int)
    case badRun
    case badPalette(String)

    public var description: String {
        switch self {
        case .unknownBlockMagic(let magic): return "an LZFSE block starts with an unknown magic 0x\(String(magic, radix: 16))"
        case .unsupportedBlock(let kind): return "an \(kind) block, which is not decoded"
        case .badHeader(let what): return "an LZFSE block header is invalid (\(what))"
        case .badFrequencyTable: return "an LZFSE frequency table is invalid"
        case .badState: return "an LZFSE decoder state is out of range"
        case .undefinedOpcode(let op): return "an LZVN instruction 0x\(String(op, radix: 16)) is undefined"
        case .distanceBeforeStart: return "a match reaches before the start of the output"
        case .tooManyLiterals: return "a match takes more literals than the block holds"
        case .countsExceedOutput(let literals, let matches, let output):
            return "an LZFSE block declares \(literals) literals and \(matches) matches for \(output) bytes of output"
        case .badRun: return "a run-length row is longer than the image is wide"
        case .badPalette(let what): return "a palette image is invalid (\(what))"
        }
    }
}

/// The output of a decoder: a buffer of fixed capacity that is written only within it.
struct OutputBuffer {
    let base: UnsafeMutablePointer<UInt8>
    let capacity: Int
    var count = 0

    /// Appends `length` bytes from `source`.
    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, _ length: Int) throws(DecompressionError) {
        guard length <= capacity - count else { throw .exceedsLimit(capacity) }
        (base + count).update(from: source, count: length)
        count += length
    }

    /// Copies `length` bytes from `distance` back (which may overlap what is being written), never
    /// before `start`.
    @inline(__always)
    mutating func copyMatch(distance: Int, length: Int, start: Int) throws(DecompressionError) {
        guard distance > 0, distance <= count - start else { throw .malformed(.distanceBeforeStart) }
        guard length <= capacity - count else { throw .exceedsLimit(capacity) }
        var distance = distance, remaining = length
        // The bytes repeat with period `distance`: each copy doubles what can be copied at once.
        while remaining > 0 {
            let n = min(distance, remaining)
            (base + count).update(from: base + count - distance, count: n)
            count += n
            remaining -= n
            distance += n
        }
    }
}

/// Runs `body` over a buffer of `capacity` bytes and returns what it wrote.
func withOutput(capacity: Int, _ body: (inout OutputBuffer) throws(DecompressionError) -> Void) throws(DecompressionError) -> [UInt8] {
    var failure: DecompressionError?
    let result = [UInt8](unsafeUninitializedCapacity: max(capacity, 1)) { buffer, initialized in
        var output = OutputBuffer(base: buffer.baseAddress!, capacity: capacity)
        do throws(DecompressionError) { try body(&output) } catch { failure = error }
        initialized = failure == nil ? output.count : 0
    }
    if let failure { throw failure }
    return result
}
