@testable import DemoServer
import Foundation
import NIOSSH
import Testing
import TestSupport

/// Runs an OpenSSH tool (ssh-keygen) and returns its stdout, or nil when it is not installed.
func openSSHTool(_ arguments: [String]) throws -> String? {
    let path = "/usr/bin/" + arguments[0]
    guard FileManager.default.isExecutableFile(atPath: path) else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = Array(arguments.dropFirst())
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
}

let hasSSHKeygen = FileManager.default.isExecutableFile(atPath: "/usr/bin/ssh-keygen")

@Suite struct HostKeyFileTests {
    let folder = TemporaryFolder()

    @Test func aNewKeyIsCreatedPrivateAndReusedAfter() throws {
        let path = folder.url("serve/host_ed25519_key")
        let (first, created) = try HostKeyFile.loadOrCreate(at: path)
        #expect(created)
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o600)
        #expect(stat(folder.url("serve"), &info) == 0 && info.st_mode & 0o077 == 0)
        let (again, createdAgain) = try HostKeyFile.loadOrCreate(at: path)
        #expect(!createdAgain)
        #expect(again.fingerprint == first.fingerprint)
        #expect(again.privateKey.publicKey == first.privateKey.publicKey)
    }

    @Test(.enabled(if: hasSSHKeygen, "ssh-keygen is not installed (make test installs openssh-client)"))
    func ourFileIsOneOpenSSHReadsWithTheSameFingerprint() throws {
        let path = folder.url("host")
        let (key, _) = try HostKeyFile.loadOrCreate(at: path)
        let listed = try #require(try openSSHTool(["ssh-keygen", "-l", "-f", path]))
        #expect(listed.contains(key.fingerprint.description), "ssh-keygen said: \(listed)")
        #expect(listed.contains("(ED25519)"))
        // And OpenSSH derives the same public key from it.
        let publicLine = try #require(try openSSHTool(["ssh-keygen", "-y", "-f", path]))
        #expect(try NIOSSHPublicKey(openSSHPublicKey: publicLine.trimmingCharacters(in: CharacterSet.whitespacesAndNewlines)) == key.privateKey.publicKey)
    }

    @Test(.enabled(if: hasSSHKeygen, "ssh-keygen is not installed (make test installs openssh-client)"))
    func anSSHKeygenKeyIsUsedAsItIs() throws {
        let path = folder.url("made-by-ssh-keygen")
        _ = try openSSHTool(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", "test", "-f", path])
        let key = try HostKeyFile.load(from: path)
        let listed = try #require(try openSSHTool(["ssh-keygen", "-l", "-f", path + ".pub"]))
        #expect(listed.contains(key.fingerprint.description))
    }

    @Test(.enabled(if: hasSSHKeygen, "ssh-keygen is not installed (make test installs openssh-client)"))
    func encryptedAndNonEd25519KeysAreRefusedSayingWhy() throws {
        let encrypted = folder.url("encrypted")
        _ = try openSSHTool(["ssh-keygen", "-q", "-t", "ed25519", "-N", "secret words", "-f", encrypted])
        #expect(throws: HostKeyFile.Problem.self) { try HostKeyFile.load(from: encrypted) }
        do throws(HostKeyFile.Problem) { _ = try HostKeyFile.load(from: encrypted) } catch { #expect(error.reason.contains("passphrase")) }
        let ecdsa = folder.url("ecdsa")
        _ = try openSSHTool(["ssh-keygen", "-q", "-t", "ecdsa", "-N", "", "-f", ecdsa])
        do throws(HostKeyFile.Problem) {
            _ = try HostKeyFile.load(from: ecdsa)
            Issue.record("an ECDSA key was taken")
        } catch { #expect(error.reason.contains("ecdsa-sha2-nistp256") && error.reason.contains("ed25519")) }
    }

    @Test func aKeyOthersCanReadIsRefused() throws {
        let path = folder.url("host")
        _ = try HostKeyFile.loadOrCreate(at: path)
        chmod(path, 0o644)
        do throws(HostKeyFile.Problem) {
            _ = try HostKeyFile.load(from: path)
            Issue.record("a world-readable key was used")
        } catch {
            #expect(error.description.contains("0644") && error.description.contains("chmod 600"))
        }
    }

    @Test(arguments: [
        ("", "no “-----BEGIN OPENSSH PRIVATE KEY-----” line"),
        ("-----BEGIN RSA PRIVATE KEY-----\nAAAA\n-----END RSA PRIVATE KEY-----\n", "PEM keys are not supported"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\n!!!!\n-----END OPENSSH PRIVATE KEY-----\n", "base64 is damaged"),
        ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----\n", "truncated"),
    ])
    func damagedFilesGetAReason(_ text: String, _ reason: String) throws {
        let path = folder.write("bad", text)
        chmod(path, 0o600)
        do throws(HostKeyFile.Problem) {
            _ = try HostKeyFile.load(from: path)
            Issue.record("a damaged key was used")
        } catch {
            #expect(error.description.contains(reason), "said: \(error.description)")
            #expect(error.description.hasPrefix(path))
        }
    }

    @Test func aTamperedKeyIsCaught() throws {
        let path = folder.url("host")
        _ = try HostKeyFile.loadOrCreate(at: path)
        // Flip one byte of the private half: the public half no longer matches.
        var text = try String(contentsOfFile: path, encoding: .utf8)
        var lines = text.split(separator: "\n").map(String.init)
        var body = try #require(Data(base64Encoded: lines[1...(lines.count - 2)].joined()))
        body[body.count - 40] ^= 0xFF
        let encoded = body.base64EncodedString()
        lines = [lines[0], encoded, lines[lines.count - 1]]
        text = lines.joined(separator: "\n") + "\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: HostKeyFile.Problem.self) { try HostKeyFile.load(from: path) }
    }
}

@Suite struct AuthorizedKeysTests {
    let ed25519 = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOfRIR1F1I6uuS7KH/6XVBhP6UKJbqcLkf2qTvOtNMXl"

    @Test func keysCommentsOptionsAndUnsupportedTypes() throws {
        let text = """
            # a comment

            \(ed25519) alice@laptop
            command="echo hi there",no-pty \(ed25519.replacingOccurrences(of: "OtNMXl", with: "OtNMXk")) bob
            ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 carol
            not a key at all
            ssh-ed25519 AAAAdamaged
            """
        let keys = AuthorizedKeys.parse(text, path: "/k")
        #expect(keys.keys.count == 2)
        #expect(keys.keys.contains(try NIOSSHPublicKey(openSSHPublicKey: ed25519)))
        #expect(keys.notes.contains { $0.hasPrefix("/k:4:") && $0.contains("options") })
        #expect(keys.notes.contains { $0.hasPrefix("/k:5:") && $0.contains("ssh-rsa keys are not supported") })
        #expect(keys.notes.contains { $0.hasPrefix("/k:6:") && $0.contains("not a public key line") })
        #expect(keys.notes.contains { $0.hasPrefix("/k:7:") && $0.contains("damaged") })
    }

    @Test func aFileWithNoUsableKeyIsAProblem() throws {
        let folder = TemporaryFolder()
        let path = folder.write("authorized_keys", "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7 carol\n")
        do throws(AuthorizedKeys.Problem) {
            _ = try AuthorizedKeys.load(from: path)
            Issue.record("loaded")
        } catch {
            #expect(error.description.contains("nobody could log in"))
        }
        #expect(throws: AuthorizedKeys.Problem.self) { try AuthorizedKeys.load(from: folder.url("missing")) }
        #expect(throws: AuthorizedKeys.Problem.self) { try AuthorizedKeys.load(from: folder.path) }
    }

    @Test(.enabled(if: hasSSHKeygen, "ssh-keygen is not installed (make test installs openssh-client)"))
    func fingerprintsAreOpenSSHs() throws {
        let folder = TemporaryFolder()
        for type in ["ed25519", "ecdsa"] {
            let path = folder.url(type)
            _ = try openSSHTool(["ssh-keygen", "-q", "-t", type, "-N", "", "-f", path])
            let line = try String(contentsOfFile: path + ".pub", encoding: .utf8)
            let key = try #require(AuthorizedKeys.parse(line, path: "x").keys.first)
            let listed = try #require(try openSSHTool(["ssh-keygen", "-l", "-f", path + ".pub"]))
            #expect(listed.contains(KeyFingerprint(key).description), "\(type): \(listed)")
            #expect(KeyFingerprint(key).hex.count == 64)
        }
    }
}
