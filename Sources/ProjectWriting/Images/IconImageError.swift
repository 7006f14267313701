import TerminalText

/// Why an icon's pictures or set could not be made: the file it is about and what is wrong,
/// told in one line.
package typealias IconImageError = FileError<IconImageProblem>

/// What is wrong with an icon's picture or set.
package enum IconImageProblem: FileProblem {
    /// Not a PNG, damaged, or not readable: the decoder's or the file system's reason.
    case unreadable(String)
    case notSquare(width: Int, height: Int)
    /// Smaller than `minimum` pixels a side: the sizes would have to be enlarged.
    case tooSmall(width: Int, height: Int, minimum: Int)
    /// A light image with `pixels` pixels not fully opaque, and no background to flatten onto:
    /// App Store Connect refuses a transparent app icon (ITMS-90717).
    case transparentLightImage(pixels: Int)
    /// An Icon Composer bundle that cannot be used: what its reading found.
    case unusableIconBundle(String)
    /// A set's image would have to be enlarged from `from` to `to` pixels.
    case wouldUpscale(from: Int, to: Int)
    /// A set's `Contents.json` that cannot be read or edited.
    case malformedContents(String)
    /// A file the edit would create is already there.
    case alreadyExists
    /// The folder already holds `existing`, a name that differs only in case: on macOS's
    /// case-insensitive disks the two are one file.
    case existsInOtherCase(existing: String)
    /// libpng could not write the picture.
    case encodingFailed(String)
    /// The file could not be read or staged (`ChangeSet`).
    case fileAccess(ChangeSetProblem)

    package func message(about path: String) -> String {
        switch self {
        case .unreadable(let reason):
            return "\(path): \(reason)"
        case let .notSquare(width, height):
            return "\(path): is \(width)×\(height) pixels; an app icon must be square"
        case let .tooSmall(width, height, minimum):
            return "\(path): is \(width)×\(height) pixels; an app icon needs at least \(minimum)×\(minimum)"
        case .transparentLightImage(let pixels):
            return "\(path): has \(pixels) transparent or translucent pixels; App Store Connect refuses a transparent "
                + "app icon (ITMS-90717): give --background COLOR to flatten it, or export it without alpha"
        case .unusableIconBundle(let reason):
            return "\(path): not a usable Icon Composer bundle (\(reason))"
        case let .wouldUpscale(from, to):
            return "\(path): its largest image is \(from)×\(from) pixels; a \(to)×\(to) image would be enlarged from it"
        case .malformedContents(let reason):
            return "\(path): \(reason)"
        case .alreadyExists:
            return "\(path): already exists; not overwriting it"
        case .existsInOtherCase(let existing):
            return "\(path): its folder already holds “\(TextSanitizer.clean(existing))”, the same name on macOS's case-insensitive disks; "
                + "not overwriting it (give the icon another name)"
        case .encodingFailed(let reason):
            return "\(path): cannot write the PNG (\(reason))"
        case .fileAccess(let kind):
            return ChangeSetError(path: path, kind: kind).description
        }
    }
}

extension FileError where Kind == IconImageProblem {
    init(_ error: ChangeSetError) {
        self.init(path: error.path, kind: .fileAccess(error.kind))
    }
}
