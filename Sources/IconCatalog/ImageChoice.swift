/// Picking by size means decoding one file, and the right one: an icon lists several
/// sizes (60, 76, 83.5 points at @2x and @3x), and scaling down from just above the tile's
/// size keeps the most detail per byte decoded, while scaling up from a tiny file blurs.
extension IconImage {
    /// Whether fitting this image into `width`×`height` (keeping its aspect ratio) only
    /// ever scales it down. For a square image in a square box that is simply "at least
    /// as large"; for a wider box it does not demand more width than the fit will use.
    public func covers(width boxWidth: Int, height boxHeight: Int) -> Bool {
        // The fit's scale is min(boxWidth / width, boxHeight / height); it is ≤ 1 when either term is.
        width > 0 && height > 0 && (width >= boxWidth || height >= boxHeight)
    }

    /// The smallest image that covers the box (`covers(width:height:)`), else the
    /// largest; by pixel count, the earlier one on a tie. Nil only for no images.
    public static func best(in images: [IconImage], width: Int, height: Int) -> IconImage? {
        let area = { (image: IconImage) in
            let (product, overflow) = max(0, image.width).multipliedReportingOverflow(by: max(0, image.height))
            return overflow ? Int.max : product
        }
        let large = images.filter { $0.covers(width: width, height: height) }
        if let smallest = large.min(by: { area($0) < area($1) }) { return smallest }
        return images.max { area($0) < area($1) }  // min and max keep the first of equals
    }
}
