/// What iOS 18 draws behind an icon's image on the home screen, one entry per appearance:
/// the one table of these colours, read by Icon Composer's `system-dark` and `automatic`
/// canvases and by the dark and tinted pictures of icon sets alike.
///
/// Where the numbers come from: Apple's Human Interface Guidelines (App icons, iOS 18) ask
/// for a dark image whose background is left transparent, because the system draws its own
/// dark backing behind it, and for a tinted image that the system reduces to greys, tints and
/// puts on its tinted backing; they give no colours. Apple's iOS 18 icon templates (Apple
/// Design Resources) draw the dark backing as a vertical near-black gradient, lighter at the
/// top. Those templates could not be consulted where this was written, so the values are
/// chosen, conservatively: a gradient from #333333 at the top to #141414 at the bottom, dark
/// enough that no artwork meant for the dark home screen loses contrast and light enough to
/// stay apart from a black terminal. The tinted backing is the same gradient seen through the
/// tint (IconArt's `HomeScreenRendition`): iOS 18's tinted home screen shows near-black
/// backings with a cast of the tint, which the luminance rule gives.
public enum HomeScreenBacking {
    /// The dark backing's top and bottom colours (gamma-encoded sRGB; the gradient mixes
    /// between them in encoded values, as Core Graphics' gradients do).
    public static let dark = (top: IconColor(red: 0.2, green: 0.2, blue: 0.2),
                              bottom: IconColor(red: 0.08, green: 0.08, blue: 0.08))

    /// The backing iOS draws for `appearance`, top and bottom; nil for light, where an icon's
    /// own image is all there is (a transparent light image stays transparent).
    public static func gradient(for appearance: IconAppearance) -> (top: IconColor, bottom: IconColor)? {
        switch appearance {
        case .light: nil
        // Tinted starts from the same backing; its tint is applied with the image's (see `tinted`).
        case .dark, .tinted: dark
        }
    }
}
