import Foundation
import TestSupport
import Testing

/// The architecture document's table of modules (`ARCHITECTURE.md`) against the package's
/// target graph as SwiftPM sees it: every dependency a target declares must be one the table
/// allows, within its own layer or a lower one, and every `import` in a module's sources must
/// be a dependency it declares (or a system module).
@Suite struct DependencyTests {
    struct Module {
        let layer: String
        let mayImport: Set<String>
    }

    static let layers = ["base", "catalog", "pictures", "terminal", "checks", "state", "io", "program"]

    /// The table's rows: "| `Module` | layer | `A`, `B` | job |".
    static func table() throws -> [String: Module] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        var modules: [String: Module] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 5 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let allowed = cells[3].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
                .filter { !$0.isEmpty && $0 != "—" }
            modules[name] = Module(layer: cells[2], mayImport: Set(allowed))
        }
        return modules
    }

    struct Target: Decodable {
        let name: String
        let type: String
        let path: String
        let target_dependencies: [String]?
        let product_dependencies: [String]?
        var dependencies: Set<String> { Set((target_dependencies ?? []) + (product_dependencies ?? [])) }
    }

    /// `swift package describe`, with the lock ignored: `swift test` holds it while the tests run.
    /// `lean`: the graph a tool gets that depends on the package with `traits: []`.
    static func targets(lean: Bool = false) throws -> [Target] {
        let swift = ProcessInfo.processInfo.environment["PATH"].flatMap { path in
            path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        } ?? "/opt/swift/usr/bin/swift"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swift)
        process.arguments = ["package", "--ignore-lock", "--package-path", Repository.root.path]
            + (lean ? ["--disable-default-traits"] : []) + ["describe", "--type", "json"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        struct Description: Decodable { let targets: [Target] }
        return try JSONDecoder().decode(Description.self, from: data).targets.filter { $0.type != "test" && !$0.path.hasPrefix("Tests/") }
    }

    @Test func everyDependencyIsOneTheArchitectureAllows() throws {
        let table = try Self.table()
        let targets = try Self.targets()
        #expect(targets.count > 20, "swift package describe listed \(targets.count) targets")
        for target in targets {
            guard let module = table[target.name] else {
                Issue.record("\(target.name) is not in ARCHITECTURE.md's table of modules")
                continue
            }
            let forbidden = target.dependencies.subtracting(module.mayImport)
            #expect(forbidden.isEmpty, "\(target.name) depends on \(forbidden.sorted()), which ARCHITECTURE.md does not allow")
            let rank = try #require(Self.layers.firstIndex(of: module.layer), "\(target.name)'s layer \(module.layer) is no layer")
            for dependency in module.mayImport {
                guard let other = table[dependency] else { continue }  // a package's product
                let otherRank = try #require(Self.layers.firstIndex(of: other.layer))
                #expect(otherRank <= rank, "\(target.name) (\(module.layer)) may import \(dependency) of a higher layer (\(other.layer))")
            }
        }
        // No module in the table that the package no longer has.
        #expect(Set(table.keys).subtracting(targets.map(\.name)).isEmpty)
    }

    /// The document's "- `A` never reaches `B`, `C`: why" lines, as (A, [B, C]); with `lean`, its
    /// "- Without the default traits, `A` never reaches `B`: why" lines.
    static func unreachable(lean: Bool = false) throws -> [(from: String, never: [String])] {
        let text = try String(contentsOf: Repository.root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let prefix = lean ? "- Without the default traits, `" : "- `"
        return text.split(separator: "\n").compactMap { line -> (String, [String])? in
            guard line.hasPrefix(prefix), let range = line.range(of: "` never reaches ") else { return nil }
            let from = String(line[line.index(line.startIndex, offsetBy: prefix.count) ..< range.lowerBound])
            let rest = line[range.upperBound...].split(separator: ":", maxSplits: 1)[0]
            let never = rest.split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `.")) }
            return (from, never)
        }
    }

    /// Every module `name` depends on, directly or through others.
    static func reach(from name: String, in targets: [String: Target]) -> Set<String> {
        var seen: Set<String> = [], queue = [name]
        while let next = queue.popLast() {
            for dependency in targets[next]?.dependencies ?? [] where seen.insert(dependency).inserted {
                queue.append(dependency)
            }
        }
        return seen
    }

    @Test(arguments: [false, true])
    func noModuleReachesWhatTheArchitectureKeepsFromIt(lean: Bool) throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.targets(lean: lean).map { ($0.name, $0) })
        let rules = try Self.unreachable(lean: lean)
        #expect(rules.count >= (lean ? 2 : 5), "ARCHITECTURE.md names \(rules.count) modules that must not reach others")
        for (from, never) in rules {
            #expect(targets[from] != nil, "ARCHITECTURE.md keeps \(from) from others, but the package has no such module")
            let reached = Self.reach(from: from, in: targets)
            for module in never {
                #expect(targets[module] != nil, "ARCHITECTURE.md keeps \(from) from \(module), which the package does not have")
                #expect(!reached.contains(module), "\(from) reaches \(module), which ARCHITECTURE.md forbids")
            }
        }
    }

    /// The walk follows chains, not only direct edges.
    @Test func reachFollowsChains() throws {
        let targets = Dictionary(uniqueKeysWithValues: try Self.targets().map { ($0.name, $0) })
        #expect(Self.reach(from: "IconArt", in: targets).contains("CompiledAssetCatalog"))
        #expect(Self.reach(from: "iconchooser", in: targets).contains("Pixels"))
        // The program is built with ISA-L; a tool that turns the default traits off is not.
        #expect(Self.reach(from: "IconLint", in: targets).contains("CISAL"))
        let lean = Dictionary(uniqueKeysWithValues: try Self.targets(lean: true).map { ($0.name, $0) })
        #expect(Self.reach(from: "IconArt", in: lean).contains("CPNG"))
    }

    /// What the sources import: a module of the package only where the target declares it.
    @Test func everyImportIsADeclaredDependency() throws {
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        let packageProducts: Set<String> = ["ArgumentParser", "SystemPackage", "ZIPFoundation", "Crypto", "NIOCore", "NIOPosix", "NIOSSH"]
        for target in targets where FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent(target.path).path) {
            let folder = Repository.root.appendingPathComponent(target.path)
            let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") {
                    let words = line.split(separator: " ")
                    guard let index = words.firstIndex(of: "import"), words[..<index].allSatisfy({ $0.hasPrefix("@") }),
                          index + 1 < words.count else { continue }
                    let imported = String(words[index + 1])
                    guard names.contains(imported) || packageProducts.contains(imported) else { continue }
                    #expect(target.dependencies.contains(imported), "\(target.path)/\(file) imports \(imported), which \(target.name) does not declare")
                }
            }
        }
    }
}
