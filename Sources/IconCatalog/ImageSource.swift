import FileAccess
import Foundation

/// Where an icon image's bytes are: a file on disk, or a file inside an `.ipa` archive,
/// which is no path anyone can open. Everything that reads a picture (the PNG header for
/// `list`, the decoder for the chooser, `preview` and `lint`) reads it through this.
public enum ImageSource: Hashable, Sendable {
    /// A file on disk, by path.
    case file(String)
    /// An entry of an `.ipa`, inflated into memory when read.
    case archived(ArchivedFile)
    /// An image of a built app's compiled asset catalog (`Assets.car`): pixels, not a file.
    case compiled(CarImage)

    /// How the image is named to people and in JSON: the file's path, or
    /// `App.ipa:Payload/App.app/AppIcon60x60@2x.png` for an archived one.
    public var path: String {
        switch self {
        case .file(let path): return path
        case .archived(let file): return file.path
        case .compiled(let image): return image.path
        }
    }

    /// The whole image, refused when it holds more than `limit` bytes.
    public func read(limit: Int) throws(ImageReadError) -> Data {
        switch self {
        case .file(let path):
            do { return try BoundedFile.read(path, limit: limit) } catch { throw .file(error) }
        case .archived(let file):
            do { return try file.archive.contents(of: file.entry, limit: limit) } catch { throw .archive(error) }
        case .compiled: throw .compiled
        }
    }

    /// At most the first `count` bytes, reading (or inflating) no more than that.
    public func readPrefix(_ count: Int) throws(ImageReadError) -> Data {
        switch self {
        case .file(let path):
            do { return try BoundedFile.readPrefix(path, count: count) } catch { throw .file(error) }
        case .archived(let file):
            do { return try file.archive.prefix(of: file.entry, count: count) } catch { throw .archive(error) }
        case .compiled: throw .compiled
        }
    }
}

/// A file entry of an archive together with the archive that holds it.
public struct ArchivedFile: Hashable, Sendable {
    package let archive: ZipArchive
    package let entry: ZipEntry

    package init(archive: ZipArchive, entry: ZipEntry) {
        self.archive = archive
        self.entry = entry
    }

    /// `ARCHIVE:ENTRY`, as people name a file inside an archive.
    public var path: String { "\(archive.name):\(entry.name)" }

    /// The same entry of the same open archive: archives are compared by identity, not by bytes.
    public static func == (a: ArchivedFile, b: ArchivedFile) -> Bool {
        a.archive === b.archive && a.entry == b.entry
    }

    /// Hashes what `==` compares: the archive's identity and the entry's index.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(archive))
        hasher.combine(entry.index)
    }
}

/// Why an image's bytes could not be read; `description` is the reason without the path.
public enum ImageReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file is gone, a broken link, not a regular file, too large, or unreadable.
    case file(BoundedFile.Failure)
    /// The `.ipa` entry could not be inflated within the limits.
    case archive(ZipArchiveError)
    /// An image of a compiled asset catalog has pixels, not file bytes (see `CarImage.pixels()`).
    case compiled

    /// The reason without the path, to follow the path the caller names.
    public var description: String {
        switch self {
        case .file(.notFound): return "disappeared while reading"
        case .file(.badLink(let problem)): return "is \(problem)"
        case .file(.notARegularFile(let kind)): return "is \(kind), not an image file"
        case .file(.tooLarge(let bytes)): return "too large (\(bytes) bytes)"
        case .file(.system(let message)): return message
        case .archive(let error): return error.reason
        case .compiled: return "is an image of a compiled asset catalog, not a file"
        }
    }
}
