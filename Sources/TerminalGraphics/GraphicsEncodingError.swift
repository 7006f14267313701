import Pixels

/// A picture could not be encoded for the terminal. None of these come from bad input (a
/// `PixelPicture` is always encodable); they are a system library failing, and each says which.
public enum GraphicsEncodingError: Error, CustomStringConvertible, Equatable, Sendable {
    case png(PNGEncodeError)
    /// zlib's `compress2` returned `status` (a Z_… error code).
    case zlib(status: Int)

    public var description: String {
        switch self {
        case let .png(error): "picture for the terminal: \(error)"
        case let .zlib(status): "picture for the terminal: zlib failed with status \(status)"
        }
    }
}
