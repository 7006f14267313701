import FileAccess
import Foundation
import NIOSSH
import TerminalText

/// The public keys allowed in, read from an OpenSSH `authorized_keys` file. Each line is
/// `[options] type base64 [comment]`; options (`from=`, `command=`, `restrict`, …) are
/// not honoured here, so lines that carry them are reported. Key types swift-nio-ssh
/// cannot verify (RSA, DSA, security keys) are reported and skipped.
public struct AuthorizedKeys: Sendable {
    public let path: String
    public let keys: Set<NIOSSHPublicKey>
    /// One line per problem, to print at start: "FILE:LINE: …".
    public let notes: [String]

    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "\(TextSanitizer.clean(path)): authorized keys: \(reason)" }
    }

    static let knownTypes: Set<String> = [
        "ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384", "ecdsa-sha2-nistp521",
        "ssh-rsa", "ssh-dss", "sk-ssh-ed25519@openssh.com", "sk-ecdsa-sha2-nistp256@openssh.com",
        "ssh-ed25519-cert-v01@openssh.com", "ssh-rsa-cert-v01@openssh.com",
        "ecdsa-sha2-nistp256-cert-v01@openssh.com", "ecdsa-sha2-nistp384-cert-v01@openssh.com",
        "ecdsa-sha2-nistp521-cert-v01@openssh.com",
    ]

    public func allows(_ key: NIOSSHPublicKey) -> Bool { keys.contains(key) }

    /// Reads and parses the file; a file with no usable key is a problem, since the
    /// server would let nobody in.
    public static func load(from path: String) throws(Problem) -> AuthorizedKeys {
        let data: Data
        do {
            data = try BoundedFile.read(path, limit: 4 * 1024 * 1024)
        } catch {
            switch error {
            case .notFound: throw Problem(path: path, reason: "no such file")
            case .badLink(let problem): throw Problem(path: path, reason: "is \(problem)")
            case .tooLarge(let bytes): throw Problem(path: path, reason: "is \(bytes) bytes, more than 4 MiB")
            case .notARegularFile(let kind): throw Problem(path: path, reason: "is \(kind), not a file")
            case .system(let reason): throw Problem(path: path, reason: "cannot be read (\(reason))")
            }
        }
        let parsed = parse(String(decoding: data, as: UTF8.self), path: path)
        guard !parsed.keys.isEmpty else {
            let why = parsed.notes.isEmpty ? "" : " (" + parsed.notes.count.description + " lines skipped, see above)"
            throw Problem(path: path, reason: "no ed25519 or ECDSA key in it\(why); nobody could log in")
        }
        return parsed
    }

    static func parse(_ text: String, path: String) -> AuthorizedKeys {
        var keys = Set<NIOSSHPublicKey>()
        var notes: [String] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces.union(CharacterSet(charactersIn: "\r")))
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let place = "\(TextSanitizer.clean(path)):\(index + 1)"
            var fields = splitFields(line)
            var hasOptions = false
            if let first = fields.first, !knownTypes.contains(first) {
                hasOptions = true
                fields.removeFirst()
            }
            guard fields.count >= 2, knownTypes.contains(fields[0]) else {
                notes.append("\(place): not a public key line; skipped")
                continue
            }
            guard let key = try? NIOSSHPublicKey(openSSHPublicKey: fields[0] + " " + fields[1]) else {
                let supported = fields[0] == "ssh-ed25519" || fields[0].hasPrefix("ecdsa-sha2-nistp") && !fields[0].contains("cert")
                notes.append(supported
                    ? "\(place): the \(fields[0]) key is damaged; skipped"
                    : "\(place): \(TextSanitizer.clean(fields[0])) keys are not supported (use ed25519 or ECDSA); skipped")
                continue
            }
            if hasOptions { notes.append("\(place): options before the key are not honoured by iconchooser serve") }
            keys.insert(key)
        }
        return AuthorizedKeys(path: path, keys: keys, notes: notes)
    }

    /// Splits on blanks outside double quotes (options may hold quoted spaces: `command="a b"`).
    static func splitFields(_ line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" && quoted {
                current.append(character)
                escaped = true
            } else if character == "\"" {
                current.append(character)
                quoted.toggle()
            } else if (character == " " || character == "\t") && !quoted {
                if !current.isEmpty { fields.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { fields.append(current) }
        return fields
    }
}
