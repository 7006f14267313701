import Foundation

/// Picking by size means decoding one file, and the right one: an icon lists several
/// sizes (60, 76, 83.5 points at @2x and @3x), and scaling down from just above the tile's
/// size keeps the most detail per byte decoded, while scaling up from a tiny file blurs.
extension IconImage {
    /// Whether fitting this image into `width`×`height` (keeping its aspect ratio) only
    /// ever scales it down. For a square image in a square box that is simply "at least
    /// as large"; for a wider box it does not demand more width than the fit will use.
    package func covers(width boxWidth: Int, height boxHeight: Int) -> Bool {
        // The fit's scale is min(boxWidth / width, boxHeight / height); it is ≤ 1 when either term is.
        width > 0 && height > 0 && (width >= boxWidth || height >= boxHeight)
    }

    /// The smallest image that covers the box (`covers(width:height:)`), else the
    /// largest; by pixel count, the earlier one on a tie. Nil only for no images.
    package static func best(in images: [IconImage], width: Int, height: Int) -> IconImage? {
        let area = { (image: IconImage) in
            let (product, overflow) = max(0, image.width).multipliedReportingOverflow(by: max(0, image.height))
            return overflow ? Int.max : product
        }
        let large = images.filter { $0.covers(width: width, height: height) }
        if let smallest = large.min(by: { area($0) < area($1) }) { return smallest }
        return images.max { area($0) < area($1) }  // min and max keep the first of equals
    }
}

extension IconImage {
    /// A loose file with the scale its name gives (`NAME@2x.png`, `NAME@3x~ipad.png`; 1× without
    /// one) and the point size that makes. Its idiom stays unknown: the file serves whichever
    /// device reads the Info.plist key it was found through.
    var describingItsName: IconImage {
        var stem = (path as NSString).lastPathComponent
        if stem.lowercased().hasSuffix(".png") { stem.removeLast(4) }
        if stem.hasSuffix("~ipad") { stem.removeLast(5) }
        var scale = 1
        if let at = stem.lastIndex(of: "@"), let parsed = Int(stem[stem.index(after: at)...].dropLast()),
           stem.hasSuffix("x"), (1...3).contains(parsed) {
            scale = parsed
        }
        return IconImage(storage: storage, width: width, height: height, idiom: idiom,
                         pointSize: Double(width) / Double(scale), scale: scale, appearance: appearance, derivation: derivation)
    }
}
