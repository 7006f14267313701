/// The home-screen appearances of iOS 18 and later. An icon may have an image for each;
/// where it has none, iOS shows a stand-in (see `IconDerivation`), and so do we.
public enum IconAppearance: String, Sendable, CaseIterable, Codable {
    /// The default look, and what stands in for a missing dark or tinted image.
    case light
    /// iOS 18's dark home screen (`"luminosity": "dark"`).
    case dark
    /// iOS 18's tinted home screen: a greyscale image the system tints.
    case tinted
}

/// How a picture for an appearance the icon has no image for is made, as iOS makes it.
public enum IconDerivation: String, Sendable, Codable {
    /// No dark image: iOS shows the light one.
    case lightInsteadOfDark = "light-instead-of-dark"
    /// No tinted image: iOS shows the light one in greys, tinted with the chosen colour.
    case tintedFromLight = "tinted-from-light"
    /// An Icon Composer bundle with no specialization for the appearance: the system derives
    /// the dark or tinted rendition itself, which is approximated (see `IconComposerComposition`).
    case systemRendition = "system-rendition"
}
