import Crypto
import FileAccess
import Foundation
import IconCatalog
import Synchronization
import SystemPackage
import TerminalText

/// Where the chosen alternate name is kept, as iOS keeps it for an app. The manager
/// validates what a store returns against the catalog; a store only keeps a name.
public protocol ChoiceStore: Sendable {
    /// The stored name (nil = primary) and any problem met reading it. Never throws:
    /// an unreadable state means the primary icon, with a warning.
    func load() -> StoredChoice
    /// Keeps `name` (nil = primary), replacing what was kept; on failure the old choice stays.
    func save(_ name: String?) throws(StateError)
}

/// What a store holds, with what went wrong reading it: a bad state file means the primary, never an error.
public struct StoredChoice: Equatable, Sendable {
    /// The chosen alternate; nil for the primary icon.
    public var name: String?
    /// Problems met reading the state (corrupt, unreadable), to show the user.
    public var warnings: [CatalogWarning]

    /// A choice of `name` (nil = primary).
    public init(name: String?, warnings: [CatalogWarning] = []) {
        self.name = name
        self.warnings = warnings
    }
}

/// A state write that did not happen; the previous state is untouched.
public struct StateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The state file that could not be written.
    public let path: String
    /// Why, in a few words (the system's error where there is one).
    public let reason: String

    /// A failed write of `path`.
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    /// One line naming the file, for the command's error message.
    public var description: String { "\(TextSanitizer.clean(path)): cannot save the icon choice: \(reason)" }
}

/// The state file's contents. Versioned so a later format can tell old files apart.
struct StateFile: Codable, Equatable {
    var version: Int
    var alternateIconName: String?
}

/// One small JSON file per app, written atomically and durably: a temporary file in
/// the same folder, fsync, rename over the old one, fsync the folder, all under an
/// exclusive lock on a separate `.lock` file so concurrent writers take turns. A
/// reader never sees a half-written file. A bad file is reported, never deleted.
public struct FileChoiceStore: ChoiceStore {
    /// A state file is a few dozen bytes; anything over this is not one and is not read.
    public static let maximumSize = 64 * 1024
    /// The state file's path.
    public let path: String

    /// A store in the file at `path` (see `defaultPath(for:environment:)`); nothing is read or made until used.
    public init(path: String) {
        self.path = path
    }

    /// The kept name; a missing file is the primary, a bad one the primary with a warning.
    public func load() -> StoredChoice {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: Self.maximumSize)
        } catch {
            switch error {
            case .notFound:
                return StoredChoice(name: nil)
            case .badLink(let problem):
                return primary(because: "is \(problem)")
            case .tooLarge(let bytes):
                return primary(because: "is \(bytes) bytes, more than a state file can be (\(Self.maximumSize))")
            case .notARegularFile(let kind):
                return primary(because: "is \(kind), not a state file")
            case .system(let reason):
                return primary(because: "cannot be read (\(reason))")
            }
        }
        guard let state = try? JSONDecoder().decode(StateFile.self, from: data) else {
            return primary(because: "is not a valid state file (left as it is)")
        }
        return StoredChoice(name: state.alternateIconName)
    }

    private func primary(because problem: String) -> StoredChoice {
        StoredChoice(name: nil, warnings: [CatalogWarning(subject: path,
            message: "\(problem); using the primary icon")])
    }

    /// Writes the choice atomically and durably under the lock (see the type).
    public func save(_ name: String?) throws(StateError) {
        var data = (try? Self.encoder.encode(StateFile(version: 1, alternateIconName: name))) ?? Data()
        data.append(0x0A)
        let folder = (path as NSString).deletingLastPathComponent.isEmpty
            ? "." : (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch where !BoundedFile.isDirectory(folder) {
            // (Another writer creating the same folder at the same moment is not a failure.)
            throw failure("cannot create the folder \(folder) (\(Self.reason(error)))")
        } catch {}
        let lock: FileDescriptor
        do {
            lock = try FileDescriptor.open(FilePath(path + ".lock"), .readWrite, options: [.create, .closeOnExec],
                                           permissions: [.ownerReadWrite])
        } catch {
            throw failure("cannot open the lock file (\(Errno(thrown: error).message))")
        }
        defer { try? lock.close() }
        do throws(SystemCallError) {
            try systemCall("flock") { flock(lock.rawValue, LOCK_EX) }
        } catch {
            throw failure("cannot lock (\(error.message))")
        }
        defer { flock(lock.rawValue, LOCK_UN) }
        do {
            try AtomicFile.replace(path, with: data)
        } catch {
            throw failure(error.reason)
        }
    }

    private func failure(_ reason: String) -> StateError {
        StateError(path: path, reason: reason)
    }

    private static func reason(_ error: Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Errno(rawValue: Int32(underlying.code)).message
        }
        return nsError.localizedDescription
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    /// `$XDG_STATE_HOME/iconchooser/KEY.json`, else `~/.local/state/iconchooser/KEY.json`.
    public static func defaultPath(for catalog: AppIconCatalog, environment: [String: String]) -> String {
        (stateFolder(environment: environment) as NSString).appendingPathComponent("\(stateKey(for: catalog)).json")
    }

    /// `$XDG_STATE_HOME/iconchooser`, else `~/.local/state/iconchooser`: where iconchooser keeps its state.
    public static func stateFolder(environment: [String: String]) -> String {
        let base: String
        if let xdg = environment["XDG_STATE_HOME"], xdg.hasPrefix("/") {
            base = xdg
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            base = (home as NSString).appendingPathComponent(".local/state")
        }
        return (base as NSString).appendingPathComponent("iconchooser")
    }

    /// The state file's name for the app: its bundle identifier, made safe (see `stateKey(bundleIdentifier:plistPath:)`).
    public static func stateKey(for catalog: AppIconCatalog) -> String {
        stateKey(bundleIdentifier: catalog.bundleIdentifier, plistPath: catalog.path)
    }

    /// ASCII letters and digits, `.`, `_` and `-`.
    private static func isAllowedInKey(_ character: Character) -> Bool {
        guard let code = character.asciiValue else { return false }
        switch code {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// A file name that cannot leave the state folder: the bundle identifier with anything
    /// but letters, digits, `.`, `_` and `-` replaced; when there is no usable identifier
    /// (missing, or an unexpanded `$(PRODUCT_BUNDLE_IDENTIFIER)`), one derived from the
    /// absolute path of what was read (the plist, the catalog) so two such apps never share a choice.
    public static func stateKey(bundleIdentifier: String?, plistPath: String) -> String {
        if let identifier = bundleIdentifier, !identifier.contains("$") {
            // Character by character: the generic String(sequence) and Set(string) this took cost every
            // command two scans of the runtime's conformance records (a quarter of a millisecond each).
            var key = ""
            for character in identifier.prefix(120) {
                key.append(Self.isAllowedInKey(character) ? character : "_")
            }
            while key.hasPrefix(".") { key.removeFirst() }
            if !key.isEmpty && key.contains(where: { $0.isLetter || $0.isNumber }) { return key }
        }
        let absolute = URL(fileURLWithPath: plistPath).standardizedFileURL.path
        let digest = SHA256.hash(data: Data(absolute.utf8)).map { String(format: "%02x", $0) }.joined()
        return "path-" + digest.prefix(24)
    }
}

/// Keeps the choice in memory: for tests and for sessions that must not touch disk.
public final class MemoryChoiceStore: ChoiceStore, Sendable {
    private let name: Mutex<String?>
    private let failure: StateError?

    /// `failing`: every save throws it, as a read-only disk would.
    public init(name: String? = nil, failing: StateError? = nil) {
        self.name = Mutex(name)
        self.failure = failing
    }

    /// The name kept in memory; never a warning.
    public func load() -> StoredChoice {
        name.withLock { StoredChoice(name: $0) }
    }

    /// Keeps `name`, or throws the failure the store was made with.
    public func save(_ name: String?) throws(StateError) {
        if let failure { throw failure }
        self.name.withLock { $0 = name }
    }
}
