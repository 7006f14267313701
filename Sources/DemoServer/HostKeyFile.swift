import Crypto
import FileAccess
import Foundation
import NIOCore
import NIOSSH
import TerminalText

/// The server's ed25519 host key, kept in OpenSSH's own private-key format so that
/// `ssh-keygen -l -f FILE` shows the same fingerprint the server prints, and an existing
/// `ssh-keygen -t ed25519` key (unencrypted) can be used as it is. Created on first start
/// with mode 0600 and reused after, so clients that saved it keep trusting the server.
public struct HostKeyFile: Sendable {
    public let path: String
    public let privateKey: NIOSSHPrivateKey
    public let fingerprint: KeyFingerprint

    init(path: String, key: Curve25519.Signing.PrivateKey) {
        self.path = path
        privateKey = NIOSSHPrivateKey(ed25519Key: key)
        fingerprint = KeyFingerprint(privateKey.publicKey)
    }

    /// Why a host key file cannot be used.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(TextSanitizer.clean(path)): host key: \(reason)" }
    }

    /// Reads the key at `path`, or creates one there (and its folder, mode 0700) if there is
    /// no file. `created` tells which happened.
    public static func loadOrCreate(at path: String) throws(Problem) -> (file: HostKeyFile, created: Bool) {
        if FileKind.following(path) == nil {
            let key = Curve25519.Signing.PrivateKey()
            try write(key, to: path)
            return (HostKeyFile(path: path, key: key), true)
        }
        return (try load(from: path), false)
    }

    public static func load(from path: String) throws(Problem) -> HostKeyFile {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: 64 * 1024)
        } catch {
            throw Problem(path: path, reason: describe(error))
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & 0o077 != 0 {
            throw Problem(path: path, reason: String(format: "permissions %04o are too open: other users could read the private key (chmod 600 it)", info.st_mode & 0o7777))
        }
        do {
            return HostKeyFile(path: path, key: try OpenSSHPrivateKey.decode(String(decoding: data, as: UTF8.self)))
        } catch {
            throw Problem(path: path, reason: error.description)
        }
    }

    /// Writes the key as a new private file (0600), atomically, in a private folder (0700).
    static func write(_ key: Curve25519.Signing.PrivateKey, to path: String) throws(Problem) {
        let folder = (path as NSString).deletingLastPathComponent.isEmpty ? "." : (path as NSString).deletingLastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o700])
        } catch {
            throw Problem(path: path, reason: "cannot create the folder \(folder) (\(error.localizedDescription))")
        }
        do {
            try AtomicFile.replace(path, with: Data(OpenSSHPrivateKey.encode(key, comment: "iconchooser serve").utf8))
        } catch {
            throw Problem(path: path, reason: error.reason)
        }
    }

    private static func describe(_ error: BoundedFile.Failure) -> String {
        switch error {
        case .notFound: "no such file"
        case .badLink(let problem): "is \(problem)"
        case .tooLarge(let bytes): "is \(bytes) bytes, too large for a key file"
        case .notARegularFile(let kind): "is \(kind), not a key file"
        case .system(let reason): "cannot be read (\(reason))"
        }
    }
}

/// OpenSSH's `openssh-key-v1` private-key container, unencrypted, holding one ed25519 key.
enum OpenSSHPrivateKey {
    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    static let begin = "-----BEGIN OPENSSH PRIVATE KEY-----"
    static let end = "-----END OPENSSH PRIVATE KEY-----"
    static let magic = Array("openssh-key-v1\0".utf8)

    static func encode(_ key: Curve25519.Signing.PrivateKey, comment: String) -> String {
        let seed = Array(key.rawRepresentation)
        let publicKey = Array(key.publicKey.rawRepresentation)
        var publicBlob = ByteBuffer()
        publicBlob.writeSSHString("ssh-ed25519")
        publicBlob.writeSSHString(publicKey)

        var secret = ByteBuffer()
        let check = UInt32.random(in: .min ... .max)
        secret.writeInteger(check)
        secret.writeInteger(check)
        secret.writeSSHString("ssh-ed25519")
        secret.writeSSHString(publicKey)
        secret.writeSSHString(seed + publicKey)
        secret.writeSSHString(comment)
        var pad: UInt8 = 1
        while secret.readableBytes % 8 != 0 {
            secret.writeInteger(pad)
            pad += 1
        }

        var body = ByteBuffer()
        body.writeBytes(magic)
        body.writeSSHString("none")
        body.writeSSHString("none")
        body.writeSSHString([UInt8]())
        body.writeInteger(UInt32(1))
        body.writeSSHString(publicBlob.readableBytesView)
        body.writeSSHString(secret.readableBytesView)

        let base64 = Data(body.readableBytesView).base64EncodedString()
        var lines = [begin]
        var rest = Substring(base64)
        while !rest.isEmpty {
            lines.append(String(rest.prefix(70)))
            rest = rest.dropFirst(70)
        }
        lines.append(end)
        return lines.joined(separator: "\n") + "\n"
    }

    static func decode(_ text: String) throws(FormatError) -> Curve25519.Signing.PrivateKey {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        guard let first = lines.firstIndex(of: begin), let last = lines.lastIndex(of: end), first < last else {
            if lines.contains(where: { $0.hasPrefix("-----BEGIN") && $0.contains("PRIVATE KEY") }) {
                throw FormatError(description: "not an OpenSSH private key (PEM keys are not supported; make one with `ssh-keygen -t ed25519`)")
            }
            throw FormatError(description: "not an OpenSSH private key (no “\(begin)” line)")
        }
        guard let data = Data(base64Encoded: lines[(first + 1)..<last].joined()) else {
            throw FormatError(description: "the key's base64 is damaged")
        }
        var body = ByteBuffer(bytes: data)
        guard body.readBytes(length: magic.count) == magic else { throw FormatError(description: "not an openssh-key-v1 key") }
        guard let cipher = body.readSSHStringText(), let kdf = body.readSSHStringText(), body.readSSHBytes() != nil,
              let count = body.readInteger(as: UInt32.self) else {
            throw FormatError(description: "the key file is truncated")
        }
        guard cipher == "none", kdf == "none" else {
            throw FormatError(description: "the key is encrypted with a passphrase; the server needs one without (ssh-keygen -p -N '' -f FILE)")
        }
        guard count == 1 else { throw FormatError(description: "the file holds \(count) keys; give it one") }
        guard body.readSSHBytes() != nil, let secretBytes = body.readSSHBytes() else {
            throw FormatError(description: "the key file is truncated")
        }
        var secret = ByteBuffer(bytes: secretBytes)
        guard let check1 = secret.readInteger(as: UInt32.self), let check2 = secret.readInteger(as: UInt32.self),
              check1 == check2 else {
            throw FormatError(description: "the key's check numbers disagree (damaged file)")
        }
        guard let type = secret.readSSHStringText() else { throw FormatError(description: "the key file is truncated") }
        guard type == "ssh-ed25519" else {
            throw FormatError(description: "it is a \(TextSanitizer.clean(type)) key; the server uses ed25519 host keys (ssh-keygen -t ed25519)")
        }
        guard let publicKey = secret.readSSHBytes(), publicKey.count == 32,
              let pair = secret.readSSHBytes(), pair.count == 64, Array(pair[32...]) == publicKey else {
            throw FormatError(description: "the ed25519 key is malformed")
        }
        guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: pair[..<32]),
              Array(key.publicKey.rawRepresentation) == publicKey else {
            throw FormatError(description: "the ed25519 key does not match its public half")
        }
        return key
    }
}

extension ByteBuffer {
    /// An SSH `string`: a 32-bit big-endian length, then the bytes.
    mutating func writeSSHString<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        writeInteger(UInt32(bytes.count))
        writeBytes(bytes)
    }

    mutating func writeSSHString(_ text: String) {
        writeSSHString(Array(text.utf8))
    }

    mutating func readSSHBytes() -> [UInt8]? {
        let start = readerIndex
        guard let length = readInteger(as: UInt32.self), let bytes = readBytes(length: Int(length)) else {
            moveReaderIndex(to: start)
            return nil
        }
        return bytes
    }

    mutating func readSSHStringText() -> String? {
        readSSHBytes().map { String(decoding: $0, as: UTF8.self) }
    }
}
