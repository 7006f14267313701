/// What is wrong with a compiled asset catalog (`Assets.car`); the reader names the file.
public enum CarError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Not a BOM store (the container every car is), or one whose header points outside the file.
    case notABOMStore
    /// The file is larger than a car is read at.
    case tooLarge(bytes: Int, limit: Int)
    /// The block table or the table of named trees is out of bounds.
    case badTable(String)
    /// A block number that is not in the block table.
    case badBlock(Int)
    /// A named tree the car must have.
    case missingTree(String)
    /// A tree's nodes loop, nest too deeply, or hold more than their blocks can.
    case badTree(name: String, reason: String)
    /// `CARHEADER` or `KEYFORMAT` is not what CoreUI writes.
    case badHeader(String)
    /// A rendition's image header (CSI) or its data is malformed.
    case badRendition(name: String, reason: String)
    /// A rendition whose decoded bytes (its rows, padding included) would be more than an image
    /// is decoded at.
    case imageTooLarge(name: String, bytes: Int, limit: Int)
    /// A rendition stored in an encoding that is not decoded here.
    case unsupportedEncoding(name: String, encoding: String)
    /// A rendition's pixels could not be decompressed.
    case decompression(name: String, DecompressionError)

    public var description: String {
        switch self {
        case .notABOMStore: return "not a compiled asset catalog (no BOM store header)"
        case .tooLarge(let bytes, let limit): return "\(bytes) bytes, over the \(limit)-byte limit for a compiled asset catalog"
        case .badTable(let what): return "its \(what) is out of bounds"
        case .badBlock(let index): return "it refers to block \(index), which it does not have"
        case .missingTree(let name): return "it has no \(name) tree"
        case .badTree(let name, let reason): return "its \(name) tree \(reason)"
        case .badHeader(let what): return "its \(what) is malformed"
        case .badRendition(let name, let reason): return "the image “\(name)” \(reason)"
        case .imageTooLarge(let name, let bytes, let limit):
            return "the image “\(name)” decodes to \(bytes) bytes, over the \(limit)-byte limit for an image"
        case .unsupportedEncoding(let name, let encoding): return "the image “\(name)” is stored as \(encoding), which is not decoded"
        case .decompression(let name, let error): return "the image “\(name)” cannot be decompressed: \(error)"
        }
    }
}
