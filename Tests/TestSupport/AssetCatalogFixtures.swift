import Foundation

/// Asset catalogs, icon sets and Icon Composer bundles written by the tests, in the shapes
/// Xcode writes them.
extension TemporaryFolder {
    @discardableResult
    public func writeJSON(_ relative: String, _ object: Any) -> String {
        write(relative, try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]))
    }

    /// An `.appiconset` with these `images` entries; every file named by an entry is written as
    /// a PNG of `size × scale` pixels unless listed in `leaveOut`.
    @discardableResult
    public func writeIconSet(_ relative: String, _ entries: [[String: Any]], leaveOut: Set<String> = []) -> String {
        writeJSON("\(relative)/Contents.json", ["images": entries, "info": ["author": "xcode", "version": 1]])
        for entry in entries {
            guard let file = entry["filename"] as? String, !leaveOut.contains(file), !file.contains("/"),
                  let size = (entry["size"] as? String)?.split(separator: "x").first.flatMap({ Double($0) }) else { continue }
            let scale = (entry["scale"] as? String).flatMap { Int($0.dropLast()) } ?? 1
            writePNGHeader("\(relative)/\(file)", width: Int(size * Double(scale)), height: Int(size * Double(scale)))
        }
        return url(relative)
    }

    /// A group folder's `Contents.json`, with or without a namespace.
    public func writeGroup(_ relative: String, namespace: Bool) {
        writeJSON("\(relative)/Contents.json", namespace
            ? ["info": ["author": "xcode", "version": 1], "properties": ["provides-namespace": true]]
            : ["info": ["author": "xcode", "version": 1]])
    }
}

public enum SetEntries {
    public static func single(_ file: String, appearance: String? = nil, platform: String = "ios") -> [String: Any] {
        var entry: [String: Any] = ["filename": file, "idiom": "universal", "platform": platform, "size": "1024x1024"]
        if let appearance { entry["appearances"] = [["appearance": "luminosity", "value": appearance]] }
        return entry
    }

    public static func legacy(_ idiom: String, _ size: String, _ scale: String, _ file: String? = nil) -> [String: Any] {
        var entry: [String: Any] = ["idiom": idiom, "size": size, "scale": scale]
        if let file { entry["filename"] = file }
        return entry
    }
}
