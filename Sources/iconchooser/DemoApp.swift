import FileAccess
import Foundation
import IconCatalog

/// Finds the bundled demo app ("Colourful"): beside an installed binary under
/// `share/iconchooser/demo`, or in the source tree's `Assets/` for a development build.
enum DemoApp {
    static func plistPath() -> String? {
        var candidates: [String] = []
        if let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() {
            let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
            candidates.append(prefix.appendingPathComponent("share/iconchooser/demo/Info.plist").path)
        }
        let sourceTree = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(sourceTree.appendingPathComponent("Assets/Info.plist").path)
        return candidates.first { FileKind.following($0) == .regularFile }
    }
}
