import Foundation
import IconCatalog

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// An icon image is not square.
    public static let nonSquareImage = ProblemCode(rawValue: "non-square-image")
    /// An icon lacks a standard size for its idiom (iPhone 120 and 180 px, iPad 152 and 167 px).
    public static let missingStandardSize = ProblemCode(rawValue: "missing-standard-size")
    /// An image's pixel size disagrees with its file name (…60x60@2x must be 120 px).
    public static let sizeNameMismatch = ProblemCode(rawValue: "size-name-mismatch")
    /// An icon image has transparent or translucent pixels.
    public static let imageHasAlpha = ProblemCode(rawValue: "image-has-alpha")
}

/// Rules about the image files found: readable, square, the right sizes, opaque.
extension LintRules {
    /// Pixel sizes iOS asks for: iPhone 60 pt at 2× and 3×, iPad 76 pt at 2× and iPad Pro 83.5 pt at 2×.
    package static func standardSizes(for idiom: Idiom) -> [Int] {
        idiom == .phone ? [120, 180] : [152, 167]
    }

    private static func used(_ use: LintContext.ImageUse) -> String { "used by \(use.icon.label)" }

    static let unreadableImage = LintRule(
        id: .unreadableImage, severity: .error,
        summary: "An icon file is not a PNG that can be decoded.",
        explanation: """
            iOS shows an icon only when its file is a valid PNG. A JPEG renamed to .png, a truncated download or a \
            damaged file leaves a blank icon, and setAlternateIconName(_:) may still report success. (Xcode's \
            crushed "CgBI" PNGs from built apps are fine.) Fix: re-export the image as PNG from the design tool, \
            e.g. `sips -s format png in.jpg --out Blue@2x.png` on a Mac, and check it opens.
            """
    ) { context, hits in
        for use in context.imageUses {
            guard case .unreadable(let reason)? = context.images[use.path] else { continue }
            hits.add(use.icon.subject, idiom: use.idiom, file: use.path, "not a readable PNG (\(reason)); \(used(use))")
        }
    }

    static let nonSquareImage = LintRule(
        id: .nonSquareImage, severity: .error,
        summary: "An icon image is not square.",
        explanation: """
            App icons are square; iOS draws the rounded corners itself. A non-square file is squeezed or cropped \
            on the home screen, and App Store validation rejects the build. Fix: export the icon at the exact \
            square size (e.g. 120×120 pixels for 60 pt at @2x).
            """
    ) { context, hits in
        for use in context.imageUses {
            guard case .picture(let width, let height, _)? = context.images[use.path], width != height else { continue }
            hits.add(use.icon.subject, idiom: use.idiom, file: use.path, "is \(width)×\(height) pixels, not square; \(used(use))")
        }
    }

    static let missingStandardSize = LintRule(
        id: .missingStandardSize, severity: .warning,
        summary: "An icon lacks a standard size for its idiom (iPhone 120 and 180 px, iPad 152 and 167 px).",
        explanation: """
            Home-screen icons are 60 pt on iPhone (120×120 pixels at @2x, 180×180 at @3x) and 76 pt on iPad \
            (152×152 at @2x) or 83.5 pt on iPad Pro (167×167). Without the size a device needs, iOS scales another \
            file, which looks blurry or jagged. Fix: add the missing files, e.g. Blue@2x.png (120) and Blue@3x.png \
            (180) for an entry Blue in CFBundleIcons, and Blue-ipad@2x.png (152) and Blue-ipadpro@2x.png (167) \
            listed as Blue-ipad and Blue-ipadpro in CFBundleIcons~ipad.
            """
    ) { context, hits in
        for set in context.iconSets {
            for idiom in set.readBy {
                for icon in set.icons {
                    let sizes = icon.imagePaths(for: idiom).compactMap { path -> Int? in
                        guard case .picture(let width, let height, _)? = context.images[path], width == height else { return nil }
                        return width
                    }
                    guard !sizes.isEmpty else { continue }
                    let missing = standardSizes(for: idiom).filter { !sizes.contains($0) }
                    guard !missing.isEmpty else { continue }
                    let wanted = LintText.list(missing.map { "\($0)×\($0)" }, quoted: false)
                    let found = Array(Set(sizes)).sorted().map { "\($0)×\($0)" }.joined(separator: ", ")
                    let fallback = idiom != set.idiom ? "; iPads read \(set.key) because the app has no \(LintContext.padKey)" : ""
                    hits.add(icon.subject, idiom: idiom,
                        "\(icon.label) has no \(wanted) image for \(idiom.deviceName) (found \(found))\(fallback)")
                }
            }
        }
    }

    static let sizeNameMismatch = LintRule(
        id: .sizeNameMismatch, severity: .warning,
        summary: "An image's pixel size disagrees with its file name (…60x60@2x must be 120 px).",
        explanation: """
            A file named like Icon-60x60@2x.png promises 60 points at 2×, i.e. 120×120 pixels. When the pixels \
            say otherwise, the file was exported at the wrong size or renamed, and iOS shows it scaled where the \
            name says it fits. Fix: re-export the image at points × scale pixels (83.5x83.5@2x is 167×167), or \
            rename it to what it is.
            """
    ) { context, hits in
        for use in context.imageUses {
            guard case .picture(let width, let height, _)? = context.images[use.path],
                  let promise = sizePromise(in: (use.path as NSString).lastPathComponent),
                  Double(width) != promise.pixels || Double(height) != promise.pixels else { continue }
            // Exact: a promise is at most PNG's largest side, so it converts to Int without trapping.
            let pixels = promise.pixels.rounded() == promise.pixels ? String(Int(promise.pixels)) : String(promise.pixels)
            hits.add(use.icon.subject, idiom: use.idiom, file: use.path,
                     "is \(width)×\(height) pixels, but its name says \(promise.name), which is \(pixels)×\(pixels); \(used(use))")
        }
    }

    /// The size a file name promises: `Icon-60x60@2x.png` → ("60x60@2x", 120). nil when the
    /// name has no `NxN` with equal sides (the last such counts), or promises more pixels than a
    /// PNG can have (2^31 - 1 a side): a number that long is part of a name, not a size.
    static func sizePromise(in fileName: String) -> (name: String, pixels: Double)? {
        let bytes = Array(fileName.utf8)
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (0x30...0x39).contains(bytes[index]) }
        /// The end of `digits(.digits)?` starting at `start`, or nil when no digit is there.
        func number(from start: Int) -> Int? {
            guard isDigit(start) else { return nil }
            var end = start
            while isDigit(end) { end += 1 }
            if end < bytes.count, bytes[end] == UInt8(ascii: "."), isDigit(end + 1) {
                end += 1
                while isDigit(end) { end += 1 }
            }
            return end
        }
        var found: (name: Range<Int>, points: Range<Int>, scale: UInt8?)?
        var start = 0
        while start < bytes.count {
            // A side must not continue a longer number on the left.
            guard isDigit(start), start == 0 || !(isDigit(start - 1) || bytes[start - 1] == UInt8(ascii: ".")),
                  let first = number(from: start), first < bytes.count, bytes[first] == UInt8(ascii: "x"),
                  let second = number(from: first + 1), !isDigit(second) else {
                start += 1
                continue
            }
            var end = second
            var scale: UInt8?
            if second + 2 < bytes.count, bytes[second] == UInt8(ascii: "@"), (0x31...0x39).contains(bytes[second + 1]),
               bytes[second + 2] == UInt8(ascii: "x") {
                scale = bytes[second + 1] - 0x30
                end = second + 3
            }
            if bytes[start ..< first].elementsEqual(bytes[first + 1 ..< second]) {
                found = (start ..< end, start ..< first, scale)
            }
            // The next promise starts after this one and a separating character.
            start = end + 1
        }
        guard let found, let points = Double(String(decoding: bytes[found.points], as: UTF8.self)), points > 0 else { return nil }
        let pixels = points * Double(found.scale ?? 1)
        guard pixels <= Double(Int32.max) else { return nil }
        return (String(decoding: bytes[found.name], as: UTF8.self), pixels)
    }

    static let imageHasAlpha = LintRule(
        id: .imageHasAlpha, severity: .warning,
        summary: "An icon image has transparent or translucent pixels.",
        explanation: """
            iOS app icons are opaque: transparent pixels show as black on the home screen, and App Store \
            validation refuses an app icon with an alpha channel. Rounded corners are added by iOS, so there is \
            nothing to cut out. In an Expo project the light images are checked: Expo and most plugins flatten \
            them onto white at prebuild (a transparent corner becomes a white one), expo-alternate-app-icons keeps \
            the alpha; either way the icon is not what was drawn, which is worth a warning. Fix: flatten the image \
            onto its background colour and export it without an alpha channel (e.g. "Alpha" unticked in the \
            Preview export dialog, or `magick in.png -background white -alpha remove -alpha off out.png`).
            """
    ) { context, hits in
        for use in context.imageUses {
            guard case .picture(let width, let height, let translucent)? = context.images[use.path], translucent > 0 else { continue }
            let share = Double(translucent) * 100 / Double(max(1, width * height))
            let percent = share < 1 ? "under 1%" : "\(Int(share.rounded()))%"
            hits.add(use.icon.subject, idiom: use.idiom, file: use.path,
                     "has \(translucent) transparent or translucent pixels (\(percent) of \(width)×\(height)); iOS shows them black; \(used(use))")
        }
        // An Expo icon's light images; its dark and tinted ones go on iOS's own backgrounds.
        for image in context.expo?.images ?? [] where image.appearance == .light {
            guard case .picture(let width, let height, let translucent)? = context.expo?.facts[image.path], translucent > 0 else { continue }
            let share = Double(translucent) * 100 / Double(max(1, width * height))
            let percent = share < 1 ? "under 1%" : "\(Int(share.rounded()))%"
            let icon = image.icon.name.map { "“\($0)”" } ?? "the primary icon"
            // expo-alternate-app-icons keeps alpha (1.3.1 and later); Expo and the other plugins flatten the light image onto white.
            let fate = context.expo?.kind(of: image.icon) == .alternateAppIcons
                ? "prebuild keeps them and iOS shows them black" : "prebuild flattens them onto white"
            hits.add(expoSubject(image.icon), idiom: nil, file: image.path,
                     "has \(translucent) transparent or translucent pixels (\(percent) of \(width)×\(height)); "
                     + "\(fate); the light image of \(icon)")
        }
    }
}
