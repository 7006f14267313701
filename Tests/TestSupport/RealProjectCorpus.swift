import Foundation

/// `../shared/corpus/real-projects`: sparse copies of public iOS projects (their project
/// files, asset catalogs and `.icon` bundles). Tests that read it skip when it is absent.
public enum RealProjectCorpus {
    public static let root = Repository.corpus.appendingPathComponent("real-projects")
    public static var available: Bool { FileManager.default.fileExists(atPath: root.path) }
    public static let skipMessage = "skipped: ../shared/corpus/real-projects is absent"

    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
