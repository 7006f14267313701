import Foundation

/// An SVG layer as Icon Composer writes one around a picture: a 1024-pixel PNG, embedded as a
/// base64 `data:` URL in an `<image>` filling a 1024-point canvas. Its pixels are red with noise
/// in every channel (12 random bits a pixel), so it does not compress: the layer is 2 MB, past
/// any byte limit made for drawn art, as real apps' layers are.
public enum PictureLayerSVG {
    public static let side = 1024

    /// The layer's text; `side` pixels each way.
    public static func text(side: Int = side) -> String {
        var state: UInt32 = 0x9E37_79B9
        let png = PNGWriter.png(width: side, height: side, alpha: false) { _, _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            let noise = state >> 20
            return (UInt8(192 + (noise & 31)), UInt8((noise >> 5) & 15), UInt8((noise >> 9) & 7), 255)
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"1024\" height=\"1024\" viewBox=\"0 0 1024 1024\">"
            + "<image width=\"1024\" height=\"1024\" xlink:href=\"data:image/png;base64,\(png.base64EncodedString())\"/></svg>"
    }
}
