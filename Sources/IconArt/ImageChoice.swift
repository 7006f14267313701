/// One image file an icon offers, with its pixel size. Icons list several sizes
/// (60, 76, 83.5 points at @2x and @3x); picking by size means decoding one file, and the
/// right one: scaling down from just above the tile's size keeps the most detail per
/// byte decoded, scaling up from a tiny file would blur.
public struct ImageCandidate: Hashable, Sendable {
    public var path: String
    public var width: Int
    public var height: Int

    public init(path: String, width: Int, height: Int) {
        self.path = path
        self.width = width
        self.height = height
    }

    /// Whether fitting this image into `width`×`height` (keeping its aspect ratio) only
    /// ever scales it down. For a square image in a square box that is simply "at least
    /// as large"; for a wider box it does not demand more width than the fit will use.
    public func covers(width boxWidth: Int, height boxHeight: Int) -> Bool {
        // The fit's scale is min(boxWidth / width, boxHeight / height); it is ≤ 1 when either term is.
        width > 0 && height > 0 && (width >= boxWidth || height >= boxHeight)
    }

    /// The smallest candidate that covers the box (`covers(width:height:)`), else the
    /// largest; by pixel count, the earlier one on a tie. Nil only for no candidates.
    public static func best(in candidates: [ImageCandidate], width: Int, height: Int) -> ImageCandidate? {
        let area = { (candidate: ImageCandidate) in max(0, candidate.width) * max(0, candidate.height) }
        let large = candidates.filter { $0.covers(width: width, height: height) }
        if let smallest = large.min(by: { area($0) < area($1) }) { return smallest }
        return candidates.max { area($0) < area($1) }  // min and max keep the first of equals
    }
}
