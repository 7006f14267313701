import Foundation
import TestSupport
import Testing

/// `make bench`'s layout: the driver (`bench/run-bench.sh`) keeps set-up and the report, every
/// section is one file in `bench/sections`, and the driver's lists name each file once. A section
/// file the lists forget would never run; a name without a file would stop the bench at set-up.
@Suite struct BenchLayoutTests {
    static let bench = Repository.root.appendingPathComponent("bench")
    static let driverLimit = 300

    /// The driver's section lists: `SECTION_ORDER=(a b)` (every section, in the order they run),
    /// `ALL_SECTIONS=" a b "` (those BENCH_SECTIONS may name), `ALWAYS_SECTIONS=" c "` (those
    /// that run whatever it says). Nil for a list the text does not set.
    struct Lists: Equatable {
        var order: [String]
        var selectable: [String]
        var always: [String]
    }

    static func lists(in driver: String) -> Lists? {
        func value(of name: String) -> [String]? {
            guard let line = driver.split(separator: "\n").first(where: { $0.hasPrefix("\(name)=") }) else { return nil }
            let text = line.dropFirst(name.count + 1).trimmingCharacters(in: CharacterSet(charactersIn: "()\""))
            return text.split(separator: " ").map(String.init)
        }
        guard let order = value(of: "SECTION_ORDER"), let selectable = value(of: "ALL_SECTIONS"),
              let always = value(of: "ALWAYS_SECTIONS") else { return nil }
        return Lists(order: order, selectable: selectable, always: always)
    }

    static func driver() throws -> String {
        try String(contentsOf: bench.appendingPathComponent("run-bench.sh"), encoding: .utf8)
    }

    @Test func theDriverStaysShort() throws {
        let lines = try Self.driver().split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= Self.driverLimit, "bench/run-bench.sh has \(lines) lines; a section belongs in bench/sections")
    }

    @Test func everySectionFileIsRunAndEveryRunSectionHasAFile() throws {
        let driver = try Self.driver()
        let lists = try #require(Self.lists(in: driver), "bench/run-bench.sh sets no SECTION_ORDER, ALL_SECTIONS or ALWAYS_SECTIONS")
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.bench.appendingPathComponent("sections").path)
            .filter { $0.hasSuffix(".sh") }.map { String($0.dropLast(3)) }
        #expect(files.count >= 10, "found \(files.count) section files in bench/sections")
        #expect(Set(lists.order).count == lists.order.count, "SECTION_ORDER names a section twice: \(lists.order)")
        #expect(Set(files) == Set(lists.order),
                "bench/sections has \(files.sorted()); SECTION_ORDER runs \(lists.order.sorted())")
        #expect(Set(lists.selectable).isDisjoint(with: lists.always), "a section is both selectable and always run")
        #expect(Set(lists.selectable).union(lists.always) == Set(lists.order),
                "ALL_SECTIONS \(lists.selectable) and ALWAYS_SECTIONS \(lists.always) are not SECTION_ORDER \(lists.order)")
        #expect(driver.contains("source \"$HERE/sections/$BENCH_SECTION.sh\""), "the driver does not source its sections from bench/sections")
    }

    /// `make bench` measures every section BENCH_SECTIONS may name.
    @Test func makeBenchRunsEverySection() throws {
        let makefile = try String(contentsOf: Repository.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let line = try #require(makefile.split(separator: "\n").first { $0.hasPrefix("BENCH_SECTIONS ?=") })
        let made = line.dropFirst("BENCH_SECTIONS ?=".count).split(separator: " ").map(String.init)
        let lists = try #require(Self.lists(in: try Self.driver()))
        #expect(Set(made) == Set(lists.selectable), "the Makefile's BENCH_SECTIONS \(made) is not the driver's ALL_SECTIONS \(lists.selectable)")
    }

    /// The reading of the lists sees each of them, and misses a list that is not set.
    @Test func theListsAreReadFromTheDriversAssignments() {
        let text = """
            # SECTION_ORDER=(not this)
            SECTION_ORDER=(preview car installed)
            ALL_SECTIONS=" preview car "
            ALWAYS_SECTIONS=" installed "
            """
        #expect(Self.lists(in: text) == Lists(order: ["preview", "car", "installed"], selectable: ["preview", "car"], always: ["installed"]))
        #expect(Self.lists(in: "SECTION_ORDER=(preview)\nALL_SECTIONS=\" preview \"\n") == nil)
    }
}
