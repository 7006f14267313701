import CellCanvas
import IconCatalog

/// An icon's image as iOS 18 draws it on the dark or tinted home screen. A dark image is
/// the artwork alone, as Apple asks, and is drawn on the system's dark backing, which shows
/// wherever the image is transparent. A tinted image, or the light one standing in for it, is
/// put on the same backing and reduced to its luminance in the tint colour: the asset compiler
/// stores tinted renditions as grey and alpha (GA8), so whatever colours the file has, only
/// its luminance reaches the screen. The backing's colours and where they come from are
/// `HomeScreenBacking`'s; a light image is drawn as it is, transparency and all.
public enum HomeScreenRendition {
    /// `bitmap` (uncut, straight alpha) as iOS draws it in `appearance` with `tint`: opaque on
    /// its backing for dark and tinted, unchanged for light.
    public static func rendered(_ bitmap: RGBABitmap, appearance: IconAppearance,
                                tint: IconColor = TintedIcon.defaultTint) -> RGBABitmap {
        guard let backing = HomeScreenBacking.gradient(for: appearance) else { return bitmap }
        let backed = onBacking(bitmap, top: backing.top, bottom: backing.bottom)
        return appearance == .tinted ? TintedIcon.tinted(backed, with: tint) : backed
    }

    /// `bitmap` composited source-over onto a vertical gradient from `top` to `bottom`, in
    /// gamma-encoded values, as Core Graphics composites an icon's layers (see
    /// `IconComposerRenderer`), so antialiased edges blend as on the device.
    static func onBacking(_ bitmap: RGBABitmap, top: IconColor, bottom: IconColor) -> RGBABitmap {
        var pixels = bitmap.pixels
        let width = bitmap.width, height = bitmap.height
        let from = [top.red, top.green, top.blue].map { Float($0 * 255) }
        let to = [bottom.red, bottom.green, bottom.blue].map { Float($0 * 255) }
        pixels.withUnsafeMutableBufferPointer { p in
            for y in 0..<height {
                // The gradient's value at the middle of the row.
                let t = height > 1 ? (Float(y) + 0.5) / Float(height) : 0.5
                let backing = (0..<3).map { from[$0] + (to[$0] - from[$0]) * t }
                for x in 0..<width {
                    let i = (y * width + x) * 4
                    let alpha = Float(p[i + 3]) / 255
                    guard alpha < 1 else { continue }
                    for c in 0..<3 {
                        p[i + c] = UInt8((Float(p[i + c]) * alpha + backing[c] * (1 - alpha)).rounded())
                    }
                    p[i + 3] = 255
                }
            }
        }
        return RGBABitmap(width: width, height: height, pixels: pixels)
    }
}
