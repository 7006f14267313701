import Foundation
import IconCatalog
import ProjectWriting

extension FuzzHarness {
    /// The Info.plist editor on any bytes: every change either fails with its error or leaves a
    /// plist Foundation reads, holding the change; an alternate added then removed is gone again.
    public static func infoPlistEdit(_ bytes: [UInt8]) {
        let data = Data(bytes)
        let entry = AlternateIconEntry(name: "Fuzzed", iconFiles: ["Fuzzed"], prerendered: false, ordinal: 9)
        let sequences: [[InfoPlistChange]] = [
            [.addAlternate(entry, .phone), .addAlternate(entry, .pad)],
            [.copyAlternateToPad(name: "a")],
            [.removeNewsstandIcon(.phone), .setPrimaryIconName("AppIcon", .primaryIcon(.pad)), .setPrimaryIconName("AppIcon", .topLevel)],
        ]
        for changes in sequences {
            guard let edited = try? InfoPlistEditor.apply(changes, to: data, path: "fuzz/Info.plist") else { continue }
            guard !PlistPreprocessor.containsDirectives(edited), case .addAlternate = changes[0] else { continue }
            precondition(alternate("Fuzzed", in: edited) != nil, "an added alternate is read back")
            let removed = [InfoPlistChange.removeAlternate(name: "Fuzzed", .pad), .removeAlternate(name: "Fuzzed", .phone)]
            guard let back = try? InfoPlistEditor.apply(removed, to: edited, path: "fuzz/Info.plist") else {
                preconditionFailure("an alternate just added can be removed")
            }
            precondition(alternate("Fuzzed", in: back) == nil, "a removed alternate is gone")
        }
    }

    private static func alternate(_ name: String, in data: Data) -> Any? {
        guard let plist = try? PlistLoader.parse(data, path: "fuzz/Info.plist") else { preconditionFailure("an edited plist reads") }
        return ((plist["CFBundleIcons"] as? [String: Any])?["CFBundleAlternateIcons"] as? [String: Any])?[name]
    }
}
