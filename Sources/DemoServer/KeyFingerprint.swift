import Crypto
import Foundation
import NIOSSH

/// The name OpenSSH shows for a key (`ssh-keygen -l`): `SHA256:` and the unpadded base64
/// of the SHA-256 of the key's wire form. Users recognise keys by it, so logs and per-user
/// state use it too.
public struct KeyFingerprint: Hashable, Sendable, CustomStringConvertible {
    /// The 32-byte digest.
    public let digest: [UInt8]

    public init(_ key: NIOSSHPublicKey) {
        self.init(wireBytes: Self.wireBytes(of: key))
    }

    init(wireBytes: [UInt8]) {
        digest = Array(SHA256.hash(data: wireBytes))
    }

    public var description: String {
        var base64 = Data(digest).base64EncodedString()
        while base64.hasSuffix("=") { base64.removeLast() }
        return "SHA256:" + base64
    }

    /// Lower-case hex of the digest: safe as a file name on every system.
    public var hex: String { digest.map { String(format: "%02x", $0) }.joined() }

    /// The key's SSH wire encoding, which is the base64 part of its OpenSSH public-key line.
    static func wireBytes(of key: NIOSSHPublicKey) -> [UInt8] {
        let line = String(openSSHPublicKey: key)
        let fields = line.split(separator: " ")
        guard fields.count >= 2, let data = Data(base64Encoded: String(fields[1])) else { return Array(line.utf8) }
        return Array(data)
    }
}
