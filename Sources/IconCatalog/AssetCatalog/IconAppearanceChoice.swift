/// Which images iOS picks from for a device and an appearance, over a set's entries or an
/// icon's images alike.
enum IconAppearanceChoice {
    /// The device's own images for `appearance`, else the universal ones, else those for no
    /// idiom in particular (loose files); where there are none for `appearance`, the light
    /// ones, with how they stand in. Empty when nothing is shown on that device.
    static func candidates<Image>(_ images: [Image], for idiom: Idiom, appearance: IconAppearance,
                                  idiom idiomOf: (Image) -> AppIconSetImage.Idiom?,
                                  appearance appearanceOf: (Image) -> IconAppearance)
        -> (images: [Image], derivation: IconDerivation?) {
        let own: AppIconSetImage.Idiom = idiom == .pad ? .ipad : .iphone
        func find(_ wanted: IconAppearance) -> [Image] {
            for setIdiom in [own, .universal, nil] as [AppIconSetImage.Idiom?] {
                let found = images.filter { idiomOf($0) == setIdiom && appearanceOf($0) == wanted }
                if !found.isEmpty { return found }
            }
            return []
        }
        let exact = find(appearance)
        if !exact.isEmpty || appearance == .light { return (exact, nil) }
        let light = find(.light)
        guard !light.isEmpty else { return ([], nil) }
        return (light, appearance == .dark ? .lightInsteadOfDark : .tintedFromLight)
    }
}
