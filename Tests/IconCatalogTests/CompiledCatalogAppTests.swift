import Foundation
import IconCatalog
import Testing
import TestSupport

/// Built apps whose icons are in their compiled asset catalog (`Assets.car`), written by the
/// tests' `CarWriter`: alternates only there, in light, dark and tinted.
@Suite struct CompiledCatalogAppTests {
    let app = BuiltAppFixture().withIconsInCar()

    @Test func iconsNamedByCFBundleIconNameTakeTheirImagesFromTheCar() throws {
        let folder = TemporaryFolder()
        for path in [app.writeApp(in: folder), try app.writeIPA(in: folder)] {
            let catalog = try CatalogReader.read(app: path)
            #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
            for icon in catalog.icons {
                #expect(icon.picturesFrom == .car, "\(icon.displayName)")
                #expect(icon.assetPath?.hasSuffix("Sample.app/Assets.car") == true, "\(String(describing: icon.assetPath))")
            }
            let primary = catalog.primary
            #expect(primary.images.map(\.width) == [120, 180, 1024])
            #expect(primary.images.map(\.idiom) == [.iphone, .iphone, .iosMarketing])
            #expect(primary.images.map(\.scale) == [2, 3, 1])
            #expect(primary.images.first?.pointSize == 60)
            let dark = try #require(catalog.alternate(named: "Dark"))
            #expect(dark.ownAppearances == [.light, .dark, .tinted])
            #expect(dark.images(for: .dark, idiom: .phone).allSatisfy { !$0.isDerived && $0.appearance == .dark })
            #expect(dark.images.count == 6)
        }
    }

    @Test func theCarsPicturesDecode() throws {
        let folder = TemporaryFolder()
        let catalog = try CatalogReader.read(app: try app.writeIPA(in: folder))
        for (icon, colour) in [(catalog.primary, [220, 30, 30, 255]), (try #require(catalog.alternate(named: "Blue")), [30, 60, 220, 255])] {
            for image in icon.images {
                guard case .compiled(let compiled) = image.storage else { Issue.record("\(image.path) is not in the car"); continue }
                let pixels = try compiled.pixels()
                #expect(pixels.width == image.width && Array(pixels.rgba.prefix(4)).map(Int.init) == colour, "\(image.path)")
            }
        }
        let dark = try #require(catalog.alternate(named: "Dark"))
        let darkImage = try #require(dark.images.first { $0.appearance == .dark })
        guard case .compiled(let compiled) = darkImage.storage else { Issue.record("not in the car"); return }
        #expect(Array(try compiled.pixels().rgba.prefix(4)) == [0, 0, 0, 255])
    }

    /// A car thinned by `carutil` leaves the slots it emptied as all ones; other unused slots are
    /// zero. Nothing uses them, so the car reads whole: every icon has its images, with no warning.
    @Test func aThinnedCarsFreeSlotsAreNotRefused() throws {
        let thinned = BuiltAppFixture().withIconsInCar(freeSlots: [(0xFFFF_FFFF, 0xFFFF_FFFF), (0, 0), (0xFFFF_FFFF, 0xFFFF_FFFF)])
        let folder = TemporaryFolder()
        for path in [thinned.writeApp(in: folder), try thinned.writeIPA(in: folder)] {
            let catalog = try CatalogReader.read(app: path)
            #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
            #expect(catalog.primary.images.map(\.width) == [120, 180, 1024])
            #expect(try #require(catalog.alternate(named: "Dark")).images.count == 6)
            let blue = try #require(catalog.alternate(named: "Blue"))
            for image in blue.images {
                guard case .compiled(let compiled) = image.storage else { Issue.record("\(image.path) is not in the car"); continue }
                #expect(Array(try compiled.pixels().rgba.prefix(4)) == [30, 60, 220, 255], "\(image.path)")
            }
        }
    }

    /// An app whose alternates are all one asset of the car.
    static func sharedAsset(alternates: Int, images: [CarWriter.Image]) -> BuiltAppFixture {
        var app = BuiltAppFixture()
        let names = (0..<alternates).map { "Alt\($0)" }
        app.plist["CFBundleIcons"] = [
            "CFBundlePrimaryIcon": ["CFBundleIconName": "Base"],
            "CFBundleAlternateIcons": Dictionary(uniqueKeysWithValues: names.map { ($0, ["CFBundleIconName": $0]) }),
        ] as [String: Any]
        app.plist["CFBundleIcons~ipad"] = nil
        var writer = CarWriter(images: images)
        writer.aliases = Dictionary(uniqueKeysWithValues: names.map { ($0, "Base") })
        app.files["Assets.car"] = writer.build()
        return app
    }

    /// 200 alternates whose names the car maps to one asset of 5,000 identical renditions: the
    /// renditions are one image, and the asset is read once for all the names.
    @Test func identicalRenditionsOfOneSharedAssetAreOneImage() throws {
        let images = (0..<5_000).map { _ in CarWriter.Image(asset: "Base", size: 8, scale: 2, idiom: 1, colour: (90, 20, 200, 255)) }
        let folder = TemporaryFolder()
        let catalog = try CatalogReader.read(app: Self.sharedAsset(alternates: 200, images: images).writeApp(in: folder))
        #expect(catalog.warnings.isEmpty, "\(catalog.warnings)")
        #expect(catalog.icons.count == 201)
        #expect(catalog.icons.allSatisfy { $0.images.count == 1 })
    }

    /// An icon of more distinct renditions than an icon set has is cut, with one warning naming the car.
    @Test func anIconOfTooManyRenditionsIsCutWithAWarning() throws {
        let images = (0..<300).map { k in
            CarWriter.Image(asset: "Base", size: 8, scale: 2, idiom: 1, colour: (UInt8(k % 256), UInt8(k / 256), 7, 255))
        }
        let folder = TemporaryFolder()
        let catalog = try CatalogReader.read(app: Self.sharedAsset(alternates: 3, images: images).writeApp(in: folder))
        #expect(catalog.primary.images.count == 256)
        #expect(catalog.icons.allSatisfy { $0.images.count == 256 })
        #expect(catalog.warnings.filter { $0.code == .carTruncated }.count == 1)
        #expect(catalog.warnings.filter { $0.code == .carTruncated }.allSatisfy { $0.subject.hasSuffix("Assets.car") })
    }

    /// The app's folder bounds what is read of it: a car that is a link leading out of it is not
    /// read, and the warning names the link; a link to a car inside the app is read.
    @Test func aCarLinkedFromOutsideTheAppIsNotRead() throws {
        let folder = TemporaryFolder()
        var app = self.app
        let removed = app.files.removeValue(forKey: "Assets.car")
        let car = try #require(removed)
        let outside = folder.write("elsewhere/Assets.car", car)
        let path = app.writeApp(in: folder)
        let link = (path as NSString).appendingPathComponent("Assets.car")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
        let catalog = try CatalogReader.read(app: path)
        let refusals = catalog.warnings.filter { $0.code == .pathOutsideProject }
        #expect(refusals.map(\.subject) == [link], "\(catalog.warnings)")
        #expect(catalog.icons.allSatisfy { $0.picturesFrom != .car })

        let inside = folder.write("\(app.name).app/Resources/Assets.car", car)
        try FileManager.default.removeItem(atPath: link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: inside)
        let linkedInside = try CatalogReader.read(app: path)
        #expect(!linkedInside.warnings.contains { $0.code == .pathOutsideProject }, "\(linkedInside.warnings)")
        #expect(linkedInside.primary.picturesFrom == .car)
    }

    /// A built app's loose icon files are read within its folder too: one that is a link leading
    /// out of it is left out, with a warning naming the link; the icon's other files are read.
    @Test func aLooseIconLinkedFromOutsideTheAppIsNotRead() throws {
        let folder = TemporaryFolder()
        var app = BuiltAppFixture()
        let removed = app.files.removeValue(forKey: "AppIcon60x60@3x.png")
        let png = try #require(removed)
        let outside = folder.write("elsewhere/AppIcon60x60@3x.png", png)
        let path = app.writeApp(in: folder)
        let link = (path as NSString).appendingPathComponent("AppIcon60x60@3x.png")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside)
        let catalog = try CatalogReader.read(app: path)
        let refusals = catalog.warnings.filter { $0.code == .pathOutsideProject }
        #expect(refusals.count == 1 && refusals.allSatisfy { $0.message.contains(link) }, "\(catalog.warnings)")
        #expect(catalog.primary.images.map(\.width) == [120])
    }

    @Test func anIPadReadsThePadRenditions() throws {
        let folder = TemporaryFolder()
        let catalog = try CatalogReader.read(app: app.writeApp(in: folder), options: CatalogOptions(idiom: .pad))
        #expect(catalog.primary.images.map(\.width) == [152, 167, 1024])
        #expect(try #require(catalog.alternate(named: "Dark")).images.filter { $0.appearance == .tinted }.map(\.width) == [152, 167, 1024])
    }

    @Test func anUnreadableCarIsOneWarningNamingIt() throws {
        for (bytes, reason) in [(Data("not a car".utf8), "not a compiled asset catalog"),
                                (Self.cyclicCar(), "its RENDITIONS tree loops back on itself")] {
            var broken = app
            broken.files["Assets.car"] = bytes
            let folder = TemporaryFolder()
            let path = broken.writeApp(in: folder)
            let catalog = try CatalogReader.read(app: path)
            let warnings = catalog.warnings.filter { $0.code == .unreadableAssetCatalog }
            #expect(warnings.count == 1)
            #expect(warnings.first?.subject == path + "/Assets.car")
            #expect(warnings.first?.message.contains(reason) == true, "\(warnings)")
            // The loose files still show the primary and Blue; Dark is a placeholder with its note.
            #expect(catalog.primary.picturesFrom == .plist && !catalog.primary.images.isEmpty)
            #expect(catalog.warnings.contains { $0.code == .iconNameOnly })
        }
    }

    /// An image in an encoding not decoded gives way to the icon's other images, with one warning naming it.
    @Test func anEncodingNotDecodedFallsBackToTheNextImage() throws {
        var app = BuiltAppFixture()
        app.files["Assets.car"] = CarWriter(images: [
            .init(asset: "AppIcon", size: 120, scale: 2, idiom: 1, encoding: .deepmap, colour: (1, 2, 3, 255)),
            .init(asset: "AppIcon", size: 180, scale: 3, idiom: 1, colour: (1, 2, 3, 255)),
            .init(asset: "Dark", size: 1024, encoding: .deepmap, colour: (1, 2, 3, 255)),
        ]).build()
        let folder = TemporaryFolder()
        let path = app.writeApp(in: folder)
        let catalog = try CatalogReader.read(app: path)
        #expect(catalog.primary.picturesFrom == .car && catalog.primary.images.map(\.width) == [180])
        #expect(try #require(catalog.alternate(named: "Dark")).isAssetCatalogOnly)
        let notes = catalog.warnings.filter { $0.code == .carEncodingNotDecoded }
        #expect(notes.map(\.description) == ["\(path)/Assets.car: icon images stored as deepmap (LZFSE) are not decoded; "
            + "each icon shows its other images, or a placeholder where it has none"])
    }

    /// A single-size icon (Xcode 14 and later, Icon Composer): one 1024 px universal image in
    /// each appearance, on iPhone and iPad alike, each drawn from its own rendition.
    @Test func aSingleSizeIconWithDarkAndTintedImages() throws {
        let app = BuiltAppFixture().withSingleSizeDark()
        let colours = BuiltAppFixture.singleSizeColours
        let folder = TemporaryFolder()
        let path = app.writeApp(in: folder)
        for idiom in [Idiom.phone, .pad] {
            let dark = try #require(try CatalogReader.read(app: path, options: CatalogOptions(idiom: idiom)).alternate(named: "Dark"))
            #expect(dark.picturesFrom == .car && dark.ownAppearances == [.light, .dark, .tinted])
            #expect(dark.images.map(\.width) == [1024, 1024, 1024] && dark.images.allSatisfy { $0.idiom == .universal && $0.scale == 1 })
            for (appearance, colour) in zip([IconAppearance.light, .dark, .tinted], colours.map(\.colour)) {
                let image = try #require(dark.images(for: appearance, idiom: idiom).first)
                #expect(!image.isDerived && image.appearance == appearance)
                guard case .compiled(let compiled) = image.storage else { Issue.record("not in the car"); continue }
                #expect(Array(try compiled.pixels().rgba.prefix(4)) == [colour.0, colour.1, colour.2, colour.3], "\(appearance)")
            }
        }
    }

    /// A palette image is decoded like any other: the icon shows it.
    @Test func aPaletteImageIsAnImageOfTheIcon() throws {
        var app = BuiltAppFixture()
        app.files["Assets.car"] = CarWriter(images: [
            .init(asset: "Dark", size: 120, scale: 2, idiom: 1, encoding: .paletteImage, colour: (30, 200, 60, 255)),
        ]).build()
        let folder = TemporaryFolder()
        let catalog = try CatalogReader.read(app: app.writeApp(in: folder))
        let dark = try #require(catalog.alternate(named: "Dark"))
        #expect(dark.picturesFrom == .car && dark.images.map(\.width) == [120])
        guard case .compiled(let compiled) = try #require(dark.images.first).storage else { Issue.record("not in the car"); return }
        #expect(Array(try compiled.pixels().rgba.prefix(4)) == [30, 200, 60, 255])
        #expect(!catalog.warnings.contains { $0.code == .carEncodingNotDecoded })
    }

    /// Packed images whose links are broken give way to the icon's other images, with one warning
    /// naming the car and the first of them.
    @Test func brokenAtlasLinksFallBackWithOneWarning() throws {
        guard ReferenceLZFSE.available else { print(ReferenceLZFSE.skipMessage); return }
        var outside = CarWriter.Image(asset: "AppIcon", size: 120, scale: 2, idiom: 1, colour: (1, 2, 3, 255))
        outside.placement = .init(atlas: 1, x: 100, y: 2)
        var missing = CarWriter.Image(asset: "Dark", size: 120, scale: 2, idiom: 1, colour: (1, 2, 3, 255))
        missing.placement = .init(atlas: 7, x: 2, y: 2)
        var app = BuiltAppFixture()
        app.files["Assets.car"] = CarWriter(images: [
            outside, .init(asset: "AppIcon", size: 180, scale: 3, idiom: 1, colour: (1, 2, 3, 255)), missing,
        ], atlases: [.init(number: 1, width: 124, height: 124, scale: 2, idiom: 1)]).build()
        let folder = TemporaryFolder()
        let path = app.writeApp(in: folder)
        let catalog = try CatalogReader.read(app: path)
        #expect(catalog.primary.picturesFrom == .car && catalog.primary.images.map(\.width) == [180])
        #expect(try #require(catalog.alternate(named: "Dark")).isAssetCatalogOnly)
        let notes = catalog.warnings.filter { $0.code == .unreadableImage }
        #expect(notes.map(\.description) == ["\(path)/Assets.car: icon images not read: the image “AppIcon-120.png” links to a "
            + "rectangle outside its atlas (and 1 more); each icon shows its other images, or a placeholder where it has none"])
    }

    static func cyclicCar() -> Data {
        var writer = CarWriter(images: (0..<6).map { .init(asset: "Icon\($0)", size: 4, colour: (1, 2, 3, 255)) })
        writer.leafSize = 2
        writer.cycle = true
        return writer.build()
    }
}

/// A car opened twice while the first opening holds it is read once; a car changed on disk is read again.
@Suite struct SharedCarOpeningTests {
    @Test func aSecondReadingOfAHeldCarSharesItsImages() throws {
        let folder = TemporaryFolder()
        let path = BuiltAppFixture().withIconsInCar().writeApp(in: folder)
        let first = try CatalogReader.read(app: path)
        let second = try CatalogReader.read(app: path)
        let blue = { (catalog: AppIconCatalog) in catalog.alternate(named: "Blue")?.images.first?.storage }
        guard case .compiled(let a)? = blue(first), case .compiled(let b)? = blue(second) else {
            Issue.record("Blue's images are not from the car"); return
        }
        #expect(a.car === b.car)

        // The car rewritten (another size, so another identity) is read afresh.
        var changed = BuiltAppFixture().withIconsInCar()
        changed.files["Assets.car"] = CarWriter(images: [.init(asset: "Blue", size: 120, scale: 2, idiom: 1, colour: (1, 2, 3, 255))]).build()
        try changed.files["Assets.car"]!.write(to: URL(fileURLWithPath: path + "/Assets.car"))
        let third = try CatalogReader.read(app: path)
        guard case .compiled(let c)? = blue(third) else { Issue.record("Blue's images are not from the car"); return }
        #expect(c.car !== a.car)
        #expect(third.alternate(named: "Blue")?.images.map(\.width) == [120])
    }
}
