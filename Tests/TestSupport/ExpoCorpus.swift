import Foundation

/// The Expo apps and plugin examples in `../shared/corpus/expo`, each with its `app.json` and the images it names.
public enum ExpoCorpus {
    public static let root = Repository.corpus.appendingPathComponent("expo")
    public static var available: Bool { FileManager.default.fileExists(atPath: root.appendingPathComponent("FORMATS.md").path) }
    public static let skipMessage = "skipped: ../shared/corpus/expo is absent"

    public static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
}
