import Foundation
import FuzzHarness
import Testing
import TestSupport

/// Every input a fuzz target ever crashed on, hung on or blew up with (Fuzz/crashes/TARGET/,
/// committed with its fix) runs through the same harness again: a fixed crash stays fixed.
/// A crash here ends the test run, which is the failure.
@Suite struct FuzzReplayTests {
    static let folder = Repository.root.appendingPathComponent("Fuzz/crashes")

    /// (target, file name) of every saved input.
    static let savedInputs: [SavedInput] = {
        let manager = FileManager.default
        let targets = ((try? manager.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.hasPrefix(".") }
        return targets.sorted().flatMap { target in
            let files = (try? manager.contentsOfDirectory(atPath: folder.appendingPathComponent(target).path)) ?? []
            return files.filter { !$0.hasPrefix(".") }.sorted().map { SavedInput(target: target, file: $0) }
        }
    }()

    struct SavedInput: CustomTestStringConvertible, Sendable {
        let target: String
        let file: String
        var testDescription: String { "\(target)/\(file)" }
    }

    @Test func everyFolderIsATarget() throws {
        let folders = Set(Self.savedInputs.map(\.target))
        for name in folders {
            #expect(FuzzHarness.targets[name] != nil, "Fuzz/crashes/\(name) belongs to no fuzz target")
        }
    }

    @Test(arguments: savedInputs)
    func replays(_ input: SavedInput) throws {
        let run = try #require(FuzzHarness.targets[input.target])
        let path = Self.folder.appendingPathComponent(input.target).appendingPathComponent(input.file)
        let bytes = [UInt8](try Data(contentsOf: path))
        let started = Date()
        run(bytes)
        // The fuzzer gives up on a unit after 10 s; one saved as a hang must now be quick.
        #expect(Date().timeIntervalSince(started) < 5, "\(input.testDescription) took \(Date().timeIntervalSince(started)) s")
    }

    /// The structure-aware targets build documents, projects and SVG layers from a few fixed
    /// choices (all zeros, a ramp, a run of large counts) as the fuzzer's first inputs do, and
    /// each ends quickly: what they build is what the readers must bound.
    @Test(arguments: ["icon-composer", "svg-precheck", "preprocessor", "pbxproj-graph", "xcodegen-graph", "car-graph"])
    func structuredTargetsRunOnFixedChoices(_ name: String) throws {
        let run = try #require(FuzzHarness.targets[name])
        let choices: [[UInt8]] = [
            [UInt8](repeating: 0, count: 64), (0..<128).map { UInt8($0 * 2) }, [UInt8]([0xF0, 0x30]).flatMap { [$0] } + Array(repeating: 0xFE, count: 300),
        ]
        for bytes in choices {
            let started = Date()
            run(bytes)
            #expect(Date().timeIntervalSince(started) < 5, "\(name) took \(Date().timeIntervalSince(started)) s")
        }
    }
}
