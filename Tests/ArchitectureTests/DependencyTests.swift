import Foundation
import Synchronization
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
        let data = try SourceScan.swiftOutput(["package", "--ignore-lock", "--package-path", Repository.root.path]
            + (lean ? ["--disable-default-traits"] : []) + ["describe", "--type", "json"])
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

    /// The `swift` on the PATH, as the tests run it.
    /// A dependency's manifest as `swift package dump-package` prints it: its products and its
    /// targets with what each depends on.
    struct Manifest: Decodable {
        struct Product: Decodable { let name: String; let targets: [String] }
        struct Target: Decodable {
            let name: String
            let dependencies: [Dependency]
        }
        /// `{"byName": [name, condition]}`, `{"target": [name, condition]}` or
        /// `{"product": [name, package, aliases, condition]}`.
        struct Dependency: Decodable {
            let target: String?
            let product: String?
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Key.self)
                func first(_ key: Key) -> String? {
                    guard var list = try? container.nestedUnkeyedContainer(forKey: key) else { return nil }
                    return try? list.decode(String.self)
                }
                target = first(.byName) ?? first(.target)
                product = first(.product)
            }
            enum Key: String, CodingKey { case byName, target, product }
        }
        let products: [Product]
        let targets: [Target]
    }

    /// Every module each product of the package's dependencies (theirs included) lets its user
    /// import: the product's targets and every target they depend on, in their package or
    /// through another product. Read from the resolved packages' own manifests
    /// (`swift package show-dependencies`, then `dump-package` of each), never from a list kept here.
    static func dependencyProducts() throws -> [String: Set<String>] {
        struct Node: Decodable { let path: String; let dependencies: [Node] }
        let root = try JSONDecoder().decode(Node.self, from: SourceScan.swiftOutput(["package", "--ignore-lock", "--package-path", Repository.root.path,
                                                                          "show-dependencies", "--format", "json"]))
        var paths: Set<String> = []
        var queue = root.dependencies
        while let next = queue.popLast() {
            if paths.insert(next.path).inserted { queue += next.dependencies }
        }
        let ordered = paths.sorted()
        let manifests = Mutex<[Manifest?]>(Array(repeating: nil, count: ordered.count))
        DispatchQueue.concurrentPerform(iterations: ordered.count) { index in
            let manifest = try? JSONDecoder().decode(Manifest.self, from: SourceScan.swiftOutput(["package", "--package-path", ordered[index], "dump-package"]))
            manifests.withLock { $0[index] = manifest }
        }
        let read = manifests.withLock { $0 }
        for (path, manifest) in zip(ordered, read) where manifest == nil {
            Issue.record("swift package dump-package could not read \(path)")
        }
        // Each target's modules within its package, and the products of other packages it uses.
        var targetsOf: [String: (package: Int, targets: Set<String>, products: Set<String>)] = [:]
        for (index, manifest) in read.enumerated() {
            guard let manifest else { continue }
            let byName = Dictionary(manifest.targets.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
            for product in manifest.products {
                var seen: Set<String> = [], products: Set<String> = [], pending = product.targets
                while let name = pending.popLast() {
                    guard seen.insert(name).inserted, let target = byName[name] else { continue }
                    for dependency in target.dependencies {
                        if let other = dependency.target {
                            if byName[other] != nil { pending.append(other) } else { products.insert(other) }
                        }
                        if let other = dependency.product { products.insert(other) }
                    }
                }
                targetsOf[product.name] = (index, seen, products)
            }
        }
        // Products that use products, followed to the end.
        var modules: [String: Set<String>] = [:]
        for name in targetsOf.keys {
            var result: Set<String> = [], visited: Set<String> = [], pending = [name]
            while let next = pending.popLast() {
                guard visited.insert(next).inserted, let entry = targetsOf[next] else { continue }
                result.formUnion(entry.targets)
                pending += entry.products
            }
            modules[name] = result
        }
        return modules
    }

    /// The modules each Swift file of a target imports (`import X`, `@testable import X`,
    /// `public import X`, indented under `#if canImport(X)` too).
    static func imports(of target: Target) throws -> [(file: String, module: String)] {
        let folder = Repository.root.appendingPathComponent(target.path)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        var found: [(String, String)] = []
        for file in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                let words = line.split(separator: " ")
                guard let index = words.firstIndex(of: "import"),
                      words[..<index].allSatisfy({ $0.hasPrefix("@") || ["public", "package", "internal", "private", "fileprivate"].contains($0) }),
                      index + 1 < words.count else { continue }
                found.append((file, String(words[index + 1])))
            }
        }
        return found
    }

    /// What the sources import, against what the target declares and what ARCHITECTURE.md lets
    /// it import: a module of the package only where the target declares it; a module of a
    /// dependency (Yams' `CYaml`, swift-nio's `NIOCore`) only through a product the target
    /// declares; and either only where the table lists it. Every dependency declared is imported.
    @Test func everyImportIsDeclaredAndAllowed() throws {
        let table = try Self.table()
        let targets = try Self.targets()
        let names = Set(targets.map(\.name))
        let products = try Self.dependencyProducts()
        let dependencyModules = products.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        for target in targets where FileManager.default.fileExists(atPath: Repository.root.appendingPathComponent(target.path).path) {
            let imports = try Self.imports(of: target)
            guard !imports.isEmpty, let allowed = table[target.name]?.mayImport else { continue }
            let reachable = target.dependencies.reduce(into: Set<String>()) { $0.formUnion(products[$1] ?? []) }
            for (file, imported) in imports where names.contains(imported) || dependencyModules.contains(imported) {
                let at = "\(target.path)/\(file) imports \(imported)"
                if names.contains(imported) {
                    #expect(target.dependencies.contains(imported), "\(at), which \(target.name) does not declare")
                } else {
                    #expect(reachable.contains(imported), "\(at), which no product \(target.name) declares brings")
                }
                #expect(allowed.contains(imported), "\(at), which ARCHITECTURE.md does not let \(target.name) import")
            }
            let imported = Set(imports.map(\.module))
            for dependency in target.dependencies {
                let modules = products[dependency] ?? [dependency]
                #expect(!modules.isDisjoint(with: imported), "\(target.name) declares \(dependency) and never imports it")
            }
        }
    }

    /// The products are read from the dependencies' manifests, with the modules behind them.
    @Test func dependencyProductsBringTheirModules() throws {
        let products = try Self.dependencyProducts()
        #expect(products["Yams"]?.isSuperset(of: ["Yams", "CYaml"]) == true, "Yams brings \(products["Yams"] ?? [])")
        #expect(products["NIOPosix"]?.isSuperset(of: ["NIOPosix", "NIOCore", "CNIOLinux", "Atomics"]) == true)
        #expect(products["ArgumentParser"]?.contains("ArgumentParser") == true)
        #expect(products["SystemPackage"]?.contains("SystemPackage") == true)
    }
}
