import Foundation
import IconCatalog

/// One image slot of an app icon set as `Contents.json` declares it: the device, the size in
/// points and scale, the appearance, and the file that fills it.
package struct IconSetEntry: Equatable, Hashable, Sendable {
    package var idiom: AppIconSetImage.Idiom
    /// `"ios"` for the single-size form's universal image; nil where Xcode writes no platform.
    package var platform: String?
    /// The size in points: 20 … 83.5, or 1024 for the App Store and single-size images.
    package var points: Double
    /// 1 to 3; nil where Xcode writes no scale (the single-size form).
    package var scale: Int?
    package var appearance: IconAppearance
    package var filename: String?

    package init(idiom: AppIconSetImage.Idiom, platform: String? = nil, points: Double, scale: Int?,
                 appearance: IconAppearance = .light, filename: String? = nil) {
        self.idiom = idiom
        self.platform = platform
        self.points = points
        self.scale = scale
        self.appearance = appearance
        self.filename = filename
    }

    /// points × scale, rounded: the side of the file (167 for 83.5 pt at 2×).
    package var pixels: Int { Int((points * Double(scale ?? 1)).rounded()) }

    /// `"83.5x83.5"`, `"1024x1024"`.
    package var sizeText: String {
        let side = points.rounded() == points ? String(Int(points)) : String(points)
        return "\(side)x\(side)"
    }

    /// The entry as Xcode writes it (its keys are sorted when written).
    package var json: JSONValue {
        var members: [String: JSONValue] = ["idiom": .string(idiom.rawValue), "size": .string(sizeText)]
        if let platform { members["platform"] = .string(platform) }
        if let scale { members["scale"] = .string("\(scale)x") }
        if let filename { members["filename"] = .string(filename) }
        if appearance != .light {
            members["appearances"] = .array([.object(["appearance": .string("luminosity"), "value": .string(appearance.rawValue)])])
        }
        return .object(members)
    }

    /// The entry `json` declares, when it is an image of the iOS app icon in a form this module
    /// writes (an iPhone, iPad, universal or App Store image for iOS, light, dark or tinted).
    package init?(json: JSONValue) {
        guard case .object(let members) = json,
              case .string(let idiomName)? = members["idiom"], let idiom = AppIconSetImage.Idiom(rawValue: idiomName),
              case .string(let sizeText)? = members["size"] else { return nil }
        var platform: String?
        if let value = members["platform"] {
            guard case .string(let name) = value, name == "ios" else { return nil }
            platform = name
        }
        let sides = sizeText.split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, sides[0] == sides[1], let points = Double(sides[0]), points > 0, points <= 10_000 else { return nil }
        var scale: Int?
        if let value = members["scale"] {
            guard case .string(let text) = value, text.hasSuffix("x"), let parsed = Int(text.dropLast()), (1...4).contains(parsed)
            else { return nil }
            scale = parsed
        }
        var appearance = IconAppearance.light
        if let value = members["appearances"] {
            guard case .array(let items) = value, items.count <= 1 else { return nil }
            if let item = items.first {
                guard case .string("luminosity")? = item["appearance"], case .string(let name)? = item["value"],
                      let parsed = IconAppearance(rawValue: name) else { return nil }
                appearance = parsed
            }
        }
        var filename: String?
        if case .string(let name)? = members["filename"] { filename = name }
        self.init(idiom: idiom, platform: platform, points: points, scale: scale, appearance: appearance, filename: filename)
    }

    /// The same slot for another appearance, with no file yet.
    func `for`(_ appearance: IconAppearance) -> IconSetEntry {
        var entry = self
        entry.appearance = appearance
        entry.filename = nil
        return entry
    }

    /// Whether two entries are the same slot (device, size, scale, appearance), whatever their files.
    func isSameSlot(as other: IconSetEntry) -> Bool {
        idiom == other.idiom && points == other.points && (scale ?? 1) == (other.scale ?? 1) && appearance == other.appearance
    }
}

extension IconSetEntry {
    /// The single-size form of Xcode 14 and later: one 1024 px universal image for iOS.
    package static let singleSize = IconSetEntry(idiom: .universal, platform: "ios", points: 1024, scale: nil)

    /// Every slot of Xcode's legacy iOS app icon (before Xcode 14's single size): iPhone 20, 29,
    /// 40 and 60 pt at 2× and 3×, iPad 20, 29, 40 and 76 pt at 1× and 2× and 83.5 pt at 2×, and
    /// the App Store's 1024 pt, in the order Xcode lists them.
    package static let legacySlots: [IconSetEntry] =
        [20.0, 29, 40, 60].flatMap { points in [2, 3].map { IconSetEntry(idiom: .iphone, points: points, scale: $0) } }
        + [20.0, 29, 40, 76].flatMap { points in [1, 2].map { IconSetEntry(idiom: .ipad, points: points, scale: $0) } }
        + [IconSetEntry(idiom: .ipad, points: 83.5, scale: 2), IconSetEntry(idiom: .iosMarketing, points: 1024, scale: 1)]

    /// The slots App Store Connect wants of an alternate's multi-size set: iPhone 60 pt at 2×
    /// (120 px, ITMS-90890), and for an app on iPad 76 pt and 83.5 pt at 2× (152 and 167 px, ITMS-90892).
    package static func alternateSlots(includesPad: Bool) -> [IconSetEntry] {
        [IconSetEntry(idiom: .iphone, points: 60, scale: 2)]
            + (includesPad ? [IconSetEntry(idiom: .ipad, points: 76, scale: 2), IconSetEntry(idiom: .ipad, points: 83.5, scale: 2)] : [])
    }
}
