import Foundation
import TestSupport
import Testing

/// ARCHITECTURE.md's "What touches the world" says, module by module, which of six kinds of
/// I/O its sources do. The test reads every module's Swift code (comments and string literals
/// left out) for the calls that do each kind and holds them to that list both ways: a module
/// that starts doing I/O the document does not name fails, and so does a kind the document
/// names that the code no longer does.
@Suite struct WorldAccessTests {
    enum Access: String, CaseIterable, Comparable {
        case readsFiles = "reads files"
        case writesFiles = "writes files"
        case threads = "threads"
        case processes = "processes"
        case terminal = "the terminal"
        case network = "the network"

        /// The calls that do this kind of I/O, as ICU patterns over one line of code.
        var pattern: String {
            switch self {
            case .readsFiles:
                #"FileManager\.default\.(?!createDirectory|removeItem|moveItem|copyItem|createFile|createSymbolicLink|linkItem|changeCurrentDirectoryPath)\w+|Data\(contentsOf|String\(contentsOf|FileDescriptor\.open\(|\bopendir\(|\bBoundedFile\.|\bFileKind\.(following|notFollowing)\(|\bFileIdentity\.of\(|(?<![.\w])realPath\(|(?<![.\w])l?stat\(|FileHandle\(forReading"#
            case .writesFiles:
                #"FileManager\.default\.(createDirectory|removeItem|moveItem|copyItem|createFile|createSymbolicLink|linkItem)|\.write\(to:|write\(toFile:|(?<![.\w])(?<!func )(mkdir|rename|renameat2?|unlink|rmdir|link|fsync|exchangeFiles)\(|FileHandle\(forWriting|\bO_CREAT\b|options:\s*\[[^\]]*\.create\b"#
            case .threads:
                #"\bDispatchQueue\b|\bThread\(|Thread\.detachNewThread|concurrentPerform|pthread_create|Task\.detached|\bDispatchGroup\b|\.startingNow\b"#
            case .processes:
                #"\bProcess\(\)|\bBoundedProcess\.run\(|posix_spawn|forkpty|(?<![.\w])execv\w*\(|(?<![.\w])(?<!func )(kill|waitpid)\("#
            case .terminal:
                #"(?<![.\w])(tcsetattr|tcgetattr|ioctl|isatty|newterm|initscr)\("#
            case .network:
                #"^\s*import NIO|(?<![.\w])socket\("#
            }
        }

        static func < (a: Access, b: Access) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    /// The kinds of I/O a module's sources do.
    static func accesses(in text: String) -> Set<Access> {
        let expressions = Access.allCases.map { ($0, try! NSRegularExpression(pattern: $0.pattern)) }
        var found: Set<Access> = []
        var inBlockComment = false
        for line in text.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inBlockComment { if trimmed.contains("*/") { inBlockComment = false }; continue }
            if trimmed.hasPrefix("/*") { inBlockComment = !trimmed.contains("*/"); continue }
            let code = SourceScan.code(of: line, emptyingStrings: true)
            let range = NSRange(code.startIndex..., in: code)
            for (access, expression) in expressions where expression.firstMatch(in: code, range: range) != nil {
                found.insert(access)
            }
        }
        return found
    }

    /// The document's list: "- `Module` — reads files, threads — why".
    static func declared() throws -> [String: Set<Access>] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## What touches the world\n") else {
            Issue.record("ARCHITECTURE.md has no section \"## What touches the world\"")
            return [:]
        }
        let section = text[start.upperBound...].components(separatedBy: "\n## ")[0]
        var modules: [String: Set<Access>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("- `") {
            let parts = line.components(separatedBy: " — ")
            guard parts.count >= 3 else {
                Issue.record("ARCHITECTURE.md: \"\(line)\" is not \"- `Module` — kinds — why\"")
                continue
            }
            let name = parts[0].dropFirst(2).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            var kinds: Set<Access> = []
            for word in parts[1].components(separatedBy: ", ") {
                guard let kind = Access(rawValue: word) else {
                    Issue.record("ARCHITECTURE.md: \(name) lists “\(word)”, not one of \(Access.allCases.map(\.rawValue))")
                    continue
                }
                kinds.insert(kind)
            }
            modules[name] = kinds
        }
        return modules
    }

    @Test func everyModuleDoesTheIOTheDocumentSays() throws {
        let declared = try Self.declared()
        var found: [String: Set<Access>] = [:]
        for (file, text) in try SourceScan.swiftFiles() {
            found[String(file.prefix { $0 != "/" }), default: []].formUnion(Self.accesses(in: text))
        }
        for (module, found) in found.sorted(by: { $0.key < $1.key }) {
            let said = declared[module] ?? []
            let unsaid = found.subtracting(said).sorted().map(\.rawValue)
            let untrue = said.subtracting(found).sorted().map(\.rawValue)
            #expect(unsaid.isEmpty, "Sources/\(module) does I/O ARCHITECTURE.md's \"What touches the world\" does not say: \(unsaid)")
            #expect(untrue.isEmpty, "ARCHITECTURE.md says \(module) does \(untrue), and its sources do not")
        }
        let scanned = found.count
        #expect(scanned > 20, "scanned \(scanned) Swift modules")
        for name in declared.keys {
            #expect(found[name] != nil, "ARCHITECTURE.md's \"What touches the world\" names \(name), which is not a module")
        }
    }

    /// The scan finds the calls, and not their names in comments, strings or other calls.
    @Test func theScanSeesCallsAndNotTheirNamesakes() {
        #expect(Self.accesses(in: "let data = try BoundedFile.read(path, limit: 8)") == [.readsFiles])
        #expect(Self.accesses(in: "guard rename(temporary, path) == 0 else { return }") == [.writesFiles])
        #expect(Self.accesses(in: "lock = try FileDescriptor.open(p, .readWrite, options: [.create, .closeOnExec])") == [.readsFiles, .writesFiles])
        #expect(Self.accesses(in: "DispatchQueue.global().async { work() }") == [.threads])
        #expect(Self.accesses(in: "let linting = ComputedOnce.startingNow { try lint() }") == [.threads])
        #expect(Self.accesses(in: "let process = Process()") == [.processes])
        #expect(Self.accesses(in: "guard tcgetattr(descriptor, &modes) == 0 else { return nil }") == [.terminal])
        #expect(Self.accesses(in: "import NIOSSH") == [.network])
        #expect(Self.accesses(in: "case 1010: link = Self.link(value)").isEmpty)
        #expect(Self.accesses(in: "private static func link(_ value: Bytes) -> AtlasLink? {").isEmpty)
        #expect(Self.accesses(in: "case .create: return \"create \\(path)\"").isEmpty)
        #expect(Self.accesses(in: "let text = \"TIOCGWINSZ gives no ioctl( size\"").isEmpty)
        #expect(Self.accesses(in: "    /// made by Process() and DispatchQueue").isEmpty)
        #expect(Self.accesses(in: "/*\n rename(a, b)\n*/\nlet x = 1").isEmpty)
    }
}
