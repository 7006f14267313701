/// The attributes a rendition key is made of, by the numbers CoreUI gives them. A car's
/// `KEYFORMAT` lists which of them its keys hold, in which order: that differs between cars.
public enum RenditionAttribute: UInt32, Sendable, CaseIterable {
    case look = 0, element, part, size, direction, placeholder, value, appearance, dimension1, dimension2, state, layer,
         scale, localization, presentationState, idiom, subtype, identifier, previousValue, previousState,
         sizeClassHorizontal, sizeClassVertical, memoryClass, graphicsClass, displayGamut, deploymentTarget,
         glyphWeight, glyphSize
}

/// The device family a rendition is for (the `idiom` attribute).
public enum RenditionIdiom: Int, Sendable {
    case universal = 0, phone, pad, tv, carPlay, watch, marketing, mac, vision
}

/// The home-screen appearances app icons come in, from the names a car's `APPEARANCEKEYS` gives
/// its appearance numbers (which differ between cars).
public enum RenditionAppearance: String, Sendable, CaseIterable {
    case light, dark, tinted

    /// Appearance names as CoreUI and Icon Composer write them.
    static let byName: [String: RenditionAppearance] = [
        "UIAppearanceAny": .light, "UIAppearanceLight": .light, "NSAppearanceNameAqua": .light, "ISAppearanceAny": .light,
        "ISAppearanceLight": .light,
        "UIAppearanceDark": .dark, "NSAppearanceNameDarkAqua": .dark, "ISAppearanceDark": .dark,
        "ISAppearanceTintable": .tinted, "ISAppearanceTinted": .tinted, "UIAppearanceTinted": .tinted,
    ]

    public init?(appearanceName: String) {
        guard let known = Self.byName[appearanceName] else { return nil }
        self = known
    }
}
