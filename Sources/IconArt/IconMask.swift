import Foundation
import Synchronization

/// The rounded-square outline iOS cuts every app icon to. Icon files are square and
/// opaque; the system rounds them, so a preview that showed the square would not look
/// like the icon on the home screen.
public enum IconMask {
    /// Corner radius as a fraction of the shorter side: iOS's icon corners are about
    /// 22.37% of the side (its "continuous" corners are approximated by circular arcs).
    public static let cornerRadiusFraction: Float = 0.2237

    /// For each pixel of a `width`×`height` picture, row-major, how much of it lies inside
    /// the rounded square (0...1): 1 inside, 0 outside, in between along the curved
    /// corners, so the outline is antialiased at any size. Computed from the distance of
    /// each pixel's centre to the outline, which is exact along straight edges and
    /// within a few percent on the arcs.
    ///
    /// `pixelAspect` is a pixel's height over its width, for pictures on a grid of
    /// sub-pixels that are not square (a quadrant is twice as tall as it is wide): the
    /// outline is round on screen, and the distance to it is measured in the pixel's own
    /// extent across the outline.
    public static func coverage(width: Int, height: Int, pixelAspect: Float = 1) -> [Float] {
        // On screen, in pixel widths: the picture is width × (height · pixelAspect).
        let screenHeight = Float(height) * pixelAspect
        let radius = cornerRadiusFraction * min(Float(width), screenHeight)
        let halfWidth = Float(width) / 2, halfHeight = screenHeight / 2
        var result = [Float](repeating: 0, count: width * height)
        for y in 0..<height {
            let qy = abs((Float(y) + 0.5) * pixelAspect - halfHeight) - (halfHeight - radius)
            // The left half, mirrored to the right: a column's distance from the middle is
            // exactly its mirror's (whole and half pixels are exact in floating point).
            for x in 0..<(width + 1) / 2 {
                // Signed distance from the pixel centre to the rounded rectangle (negative inside).
                let qx = abs(Float(x) + 0.5 - halfWidth) - (halfWidth - radius)
                let outsideX = max(qx, 0), outsideY = max(qy, 0)
                let outside = (outsideX * outsideX + outsideY * outsideY).squareRoot()
                let distance = outside + min(max(qx, qy), 0) - radius
                // The pixel's extent along the outline's normal: 1 for a square pixel.
                let (nx, ny): (Float, Float) = outside > 0 ? (outsideX / outside, outsideY / outside)
                                                           : (qx > qy ? (1, 0) : (0, 1))
                let extent = pixelAspect == 1 ? 1 : (nx * nx + ny * ny * pixelAspect * pixelAspect).squareRoot()
                let covered = min(max(0.5 - distance / extent, 0), 1)
                result[y * width + x] = covered
                result[y * width + width - 1 - x] = covered
            }
        }
        return result
    }

    /// `coverage(width:height:pixelAspect:)`, computed once per size: every picture and tile of
    /// one size has the same outline, and the chooser makes them by the screenful.
    package static func sharedCoverage(width: Int, height: Int, pixelAspect: Float = 1) -> [Float] {
        CoverageCache.shared.coverage(width: width, height: height, pixelAspect: pixelAspect)
    }
}

/// The outlines computed so far, by size. A program shows a few tile sizes (the chooser's small,
/// medium and large tiles, the details panel's, symbols and pixels), so the cache is small; past
/// `capacity` sizes (a terminal resized again and again) it starts over.
private final class CoverageCache: Sendable {
    static let shared = CoverageCache()
    static let capacity = 16

    private struct Key: Hashable {
        let width: Int
        let height: Int
        let pixelAspect: Float
    }

    private let outlines = Mutex<[Key: [Float]]>([:])

    func coverage(width: Int, height: Int, pixelAspect: Float) -> [Float] {
        let key = Key(width: width, height: height, pixelAspect: pixelAspect)
        if let known = outlines.withLock({ $0[key] }) { return known }
        // Computed outside the lock: two threads may both compute a new size, never wait on each other.
        let computed = IconMask.coverage(width: width, height: height, pixelAspect: pixelAspect)
        outlines.withLock { outlines in
            if outlines.count >= Self.capacity { outlines.removeAll() }
            outlines[key] = computed
        }
        return computed
    }
}
