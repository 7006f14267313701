import Foundation
import FuzzHarness
import Testing
import TestSupport

/// The compiled-catalog fuzz targets on their seeds' sources, the corpus's real cars, whole and
/// cut short: each target's own checks (an image has the pixels it declares, no decoder writes
/// past its limit) hold there, and every run ends quickly.
@Suite(.enabled(if: FileManager.default.fileExists(atPath: Repository.corpus.appendingPathComponent("assets-car").path),
                "skipped: ../shared/corpus/assets-car is absent"))
struct CompiledCatalogTargetTests {
    static let cars: [String] = {
        let root = Repository.corpus.appendingPathComponent("assets-car").path
        let found = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return found.filter { $0.hasSuffix(".car") }.sorted().map { "\(root)/\($0)" }
    }()

    @Test(arguments: ["assets-car", "lzfse", "lzvn", "coreui-rle", "palette-image"])
    func runsOnTheCorpusCars(_ name: String) throws {
        let run = try #require(FuzzHarness.targets[name])
        #expect(Self.cars.count >= 8)
        for path in Self.cars {
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            for input in [bytes, Array(bytes.prefix(bytes.count / 2)), Array(bytes.dropFirst(bytes.count / 3))] {
                let started = Date()
                run(input)
                #expect(Date().timeIntervalSince(started) < 5, "\(name) on \(path) took \(Date().timeIntervalSince(started)) s")
            }
        }
    }
}
