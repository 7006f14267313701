import Foundation

/// A layer's artwork in a bundle's `Assets/` folder, checked to be a file inside the boundary.
package struct IconLayerAsset: Equatable, Hashable, Sendable {
    package enum Format: String, Sendable, Codable {
        case png
        case svg
    }

    package let imageName: String
    package let path: String
    package let format: Format

    package init(imageName: String, path: String, format: Format) {
        self.imageName = imageName
        self.path = path
        self.format = format
    }
}

/// An Xcode 26 Icon Composer bundle (`NAME.icon`: `icon.json` and an `Assets/` folder of PNG
/// and SVG layers). Reading only: the document is parsed and every layer's file is checked,
/// nothing is decoded; IconArt draws a `composition(for:)`.
package struct IconComposerBundle: Sendable {
    /// The folder's name without `.icon`, as the asset compiler names the icon.
    package let name: String
    package let path: String
    package let document: IconComposerDocument
    /// The layers' files that can be drawn, by `image-name`.
    package let assets: [String: IconLayerAsset]
    package let warnings: [CatalogWarning]

    /// Real documents are 1 to 3 KB.
    package static let maximumDocumentBytes = 256 << 10

    package init(name: String, path: String, document: IconComposerDocument, assets: [String: IconLayerAsset],
                 warnings: [CatalogWarning]) {
        self.name = name
        self.path = path
        self.document = document
        self.assets = assets
        self.warnings = warnings
    }

    /// Reads the bundle at `path`. `boundary` (default: the bundle itself) is where its files
    /// may lie, links included. Never throws: problems are warnings naming the bundle's file
    /// and key (`icon-json-missing`, `icon-json-malformed`, `icon-layer-missing`,
    /// `icon-layer-unsafe`, `icon-layer-undrawable`), and the icon keeps what could be read.
    package static func read(at path: String, name: String? = nil, boundary: PathBoundary? = nil) -> IconComposerBundle {
        let name = name ?? ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        let file = (path as NSString).appendingPathComponent("icon.json")
        var warnings = WarningCollector()
        guard let boundary = boundary ?? PathBoundary(root: path) else {
            warnings.add(file: path, "the bundle's folder cannot be read", code: .iconJsonMissing)
            return IconComposerBundle(name: name, path: path, document: .empty, assets: [:], warnings: warnings.finished(subject: path))
        }
        var document = IconComposerDocument.empty
        switch FileCheck.check(file, boundary: boundary) {
        case .regularFile:
            switch JSONFile.load(file, limit: maximumDocumentBytes) {
            case .success(let json):
                var parser = IconComposerParser(file: file, warnings: warnings)
                document = parser.parse(json)
                warnings = parser.warnings
            case .failure(.missing):
                warnings.add(file: file, "is missing; the icon has nothing to draw", code: .iconJsonMissing)
            case .failure(let failure):
                warnings.add(file: file, "\(failure)", code: .iconJsonMalformed)
            }
        case .missing:
            warnings.add(file: file, "is missing; the icon has nothing to draw", code: .iconJsonMissing)
        case .outside:
            warnings.add(file: file, "is a link leading outside \(boundary.root); never read", code: .iconLayerUnsafe)
        case .notAFile(let kind):
            warnings.add(file: file, "is \(kind), not a file", code: .iconJsonMalformed)
        }
        let assets = checkAssets(of: document, bundle: path, file: file, boundary: boundary, warnings: &warnings)
        return IconComposerBundle(name: name, path: path, document: document, assets: assets,
                                  warnings: warnings.finished(subject: path))
    }

    /// Every image name the document uses, in any appearance, looked up once in `Assets/`.
    private static func checkAssets(of document: IconComposerDocument, bundle: String, file: String,
                                    boundary: PathBoundary, warnings: inout WarningCollector) -> [String: IconLayerAsset] {
        let folder = (bundle as NSString).appendingPathComponent("Assets")
        var assets: [String: IconLayerAsset] = [:]
        var checked = Set<String>()
        for group in document.groups {
            for layer in group.layers {
                let names = [layer.imageName.light, layer.imageName.dark ?? nil, layer.imageName.tinted ?? nil]
                for imageName in names.compactMap({ $0 }) where checked.insert(imageName).inserted {
                    let key = "\(layer.key).image-name"
                    if let problem = IconFileResolver.unsafeReason(imageName) {
                        warnings.add(file: file, key: key, "“\(imageName)” \(problem); never read", code: .iconLayerUnsafe)
                        continue
                    }
                    let path = (folder as NSString).appendingPathComponent(imageName)
                    switch FileCheck.check(path, boundary: boundary) {
                    case .regularFile:
                        switch (imageName as NSString).pathExtension.lowercased() {
                        case "png": assets[imageName] = IconLayerAsset(imageName: imageName, path: path, format: .png)
                        case "svg": assets[imageName] = IconLayerAsset(imageName: imageName, path: path, format: .svg)
                        default:
                            warnings.add(file: file, key: key, "“\(imageName)” is neither PNG nor SVG; not drawn",
                                         code: .iconLayerUndrawable)
                        }
                    case .missing:
                        warnings.add(file: file, key: key, "“\(imageName)” is not in \(folder); the layer is not drawn",
                                     code: .iconLayerMissing)
                    case .outside:
                        warnings.add(file: file, key: key, "“\(imageName)” is a link leading outside \(boundary.root); never read",
                                     code: .iconLayerUnsafe)
                    case .notAFile(let kind):
                        warnings.add(file: file, key: key, "“\(imageName)” is \(kind), not an image file",
                                     code: .iconLayerUndrawable)
                    }
                }
            }
        }
        return assets
    }

    /// What to draw for `appearance`, bottom layer first. Effects in `unsimulatedEffects` are left out.
    package func composition(for appearance: IconAppearance) -> IconComposerComposition {
        // Without a fill of its own for dark or tinted, iOS puts the icon on its dark canvas.
        let canvas = (document.fill.own(for: appearance) ?? nil) ?? .automatic
        var groups: [IconComposerComposition.Group] = []
        for group in document.groups.reversed() where !group.hidden.value(for: appearance) {
            let groupPosition = group.position.value(for: appearance)
            var layers: [IconComposerComposition.Layer] = []
            for layer in group.layers.reversed() where !layer.hidden.value(for: appearance) {
                let opacity = layer.opacity.value(for: appearance)
                guard opacity > 0, let imageName = layer.imageName.value(for: appearance),
                      let asset = assets[imageName] else { continue }
                let fill = layer.fill.value(for: appearance).map { $0.drawable(in: appearance) }
                layers.append(IconComposerComposition.Layer(
                    name: layer.name, key: layer.key, asset: asset, opacity: opacity,
                    position: groupPosition.applied(to: layer.position.value(for: appearance)),
                    fill: fill == IconFill.none ? nil : fill))
            }
            let opacity = group.opacity.value(for: appearance)
            if !layers.isEmpty && opacity > 0 {
                groups.append(IconComposerComposition.Group(opacity: opacity, layers: layers))
            }
        }
        let derivation: IconDerivation? = appearance == .light || document.specializedAppearances.contains(appearance)
            ? nil : .systemRendition
        return IconComposerComposition(appearance: appearance, background: canvas.drawable(in: appearance),
                                       groups: groups, derivation: derivation)
    }

    /// Effects the document uses that a flat picture does not show.
    package var unsimulatedEffects: Set<IconComposerEffect> { document.effects }
}

/// An Icon Composer icon reduced to what a flat picture shows for one appearance: a canvas
/// fill, then groups of layers composited in order, bottom first. Glass, shadows, blur,
/// specular highlights and translucency are not part of it.
///
/// For `dark` and `tinted`, a document without a canvas fill of its own for that appearance
/// is put on the system's dark canvas, as iOS does; for `tinted`, IconArt draws the result
/// in greys tinted with the chosen colour. `derivation` is `.systemRendition` when the
/// document has no specialization at all for the appearance, so the picture is only this
/// approximation of what the system derives.
package struct IconComposerComposition: Equatable, Sendable {
    package struct Layer: Equatable, Sendable {
        package let name: String?
        package let key: String
        package let asset: IconLayerAsset
        package let opacity: Double
        /// The layer's position with its group's applied.
        package let position: IconPosition
        /// `.solid` or `.linearGradient` replacing the artwork's colours; nil keeps them.
        package let fill: IconFill?
    }

    package struct Group: Equatable, Sendable {
        package let opacity: Double
        package let layers: [Layer]
    }

    package let appearance: IconAppearance
    /// `.none`, `.solid` or `.linearGradient`.
    package let background: IconFill
    package let groups: [Group]
    package let derivation: IconDerivation?
}
