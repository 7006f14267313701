import Foundation
import CellCanvas
import IconCatalog

/// The colouring step of iOS 18's tinted appearance: the picture in greys (its luminance),
/// then coloured with the tint the user chose, so white becomes the tint, black stays black
/// and alpha is kept. `HomeScreenRendition` puts the picture on its backing first.
public enum TintedIcon {
    /// A neutral grey, lighter than mid-grey so that light marks stay light.
    public static let defaultTint = IconColor(red: 0.75, green: 0.75, blue: 0.75)

    /// Luminance in linear light (Rec. 709 weights, sRGB's primaries) times the tint in linear
    /// light, encoded back to sRGB.
    public static func tinted(_ bitmap: RGBABitmap, with tint: IconColor = defaultTint) -> RGBABitmap {
        let tintRed = linear(tint.red), tintGreen = linear(tint.green), tintBlue = linear(tint.blue)
        var pixels = bitmap.pixels
        let table = SRGB.toLinear
        pixels.withUnsafeMutableBufferPointer { p in
            for i in stride(from: 0, to: p.count, by: 4) where p[i + 3] > 0 {
                let luminance = min(1, 0.2126 * table[Int(p[i])] + 0.7152 * table[Int(p[i + 1])] + 0.0722 * table[Int(p[i + 2])])
                p[i] = SRGB.encode(luminance * tintRed)
                p[i + 1] = SRGB.encode(luminance * tintGreen)
                p[i + 2] = SRGB.encode(luminance * tintBlue)
            }
        }
        return RGBABitmap(width: bitmap.width, height: bitmap.height, pixels: pixels)
    }

    private static func linear(_ encoded: Double) -> Float {
        Float(encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4))
    }
}

extension RGBABitmap {
    /// This picture as iOS derives a tinted icon from it (`TintedIcon.tinted`).
    public func tinted(with tint: IconColor = TintedIcon.defaultTint) -> RGBABitmap {
        TintedIcon.tinted(self, with: tint)
    }
}
