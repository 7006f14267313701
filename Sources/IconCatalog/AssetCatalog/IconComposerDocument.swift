/// A value of an Icon Composer document that may differ per appearance: a key such as
/// `opacity` gives the light (base) value, and `opacity-specializations` may override it
/// for `dark` and `tinted`. An appearance without an override shows the base value.
package struct AppearanceValues<Value: Equatable & Sendable>: Equatable, Sendable {
    package var light: Value
    package var dark: Value?
    package var tinted: Value?

    package init(_ light: Value, dark: Value? = nil, tinted: Value? = nil) {
        self.light = light
        self.dark = dark
        self.tinted = tinted
    }

    package func value(for appearance: IconAppearance) -> Value {
        switch appearance {
        case .light: return light
        case .dark: return dark ?? light
        case .tinted: return tinted ?? light
        }
    }

    /// The value given for `appearance` itself: nil for dark or tinted without an override.
    package func own(for appearance: IconAppearance) -> Value? {
        switch appearance {
        case .light: return light
        case .dark: return dark
        case .tinted: return tinted
        }
    }
}

/// A point of a gradient's `orientation`, in the unit square of what it fills (x right, y down).
package struct GradientPoint: Equatable, Hashable, Sendable {
    package var x: Double
    package var y: Double

    package init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    package static let top = GradientPoint(x: 0.5, y: 0)
    package static let bottom = GradientPoint(x: 0.5, y: 1)
}

/// A fill of the canvas or of a layer, as `icon.json` writes it.
package enum IconFill: Equatable, Hashable, Sendable {
    /// `"none"`: nothing (the canvas stays transparent; a layer keeps its artwork's colours).
    case none
    /// `"automatic"`: the system's choice for the appearance.
    case automatic
    case systemLight
    case systemDark
    case solid(IconColor)
    /// From the first colour at `start` to the second at `stop`.
    case linearGradient(IconColor, IconColor, start: GradientPoint, stop: GradientPoint)
    /// One colour from which the system derives a gradient.
    case automaticGradient(IconColor)

    /// The system's dark canvas: the backing iOS draws behind dark icons (`HomeScreenBacking`).
    package static let systemDarkGradient = IconFill.linearGradient(
        HomeScreenBacking.dark.top, HomeScreenBacking.dark.bottom, start: .top, stop: .bottom)

    /// This fill as something drawable: `.none`, `.solid` or `.linearGradient`.
    ///
    /// Approximations, since Apple documents none of these: `automatic` is the system light
    /// canvas (white) in the light appearance and the system dark one otherwise;
    /// `automaticGradient(c)` runs from `c` lightened a quarter of the way to white at the top
    /// to `c` at the bottom (what home-assistant's bundles show side by side: one written with
    /// `automatic-gradient`, its twin with the gradient spelled out).
    package func drawable(in appearance: IconAppearance) -> IconFill {
        switch self {
        case .none, .solid, .linearGradient:
            return self
        case .automatic:
            return appearance == .light ? IconFill.systemLight.drawable(in: appearance) : Self.systemDarkGradient
        case .systemLight:
            return .solid(.white)
        case .systemDark:
            return Self.systemDarkGradient
        case .automaticGradient(let color):
            return .linearGradient(color.mixed(with: .white, amount: 0.25), color, start: .top, stop: .bottom)
        }
    }
}

/// Where a layer (or group) sits on the 1024-point canvas: scaled about its centre, which
/// is the canvas's centre moved by `translation` points (x right, y down).
package struct IconPosition: Equatable, Hashable, Sendable {
    package var scale: Double
    package var translationX: Double
    package var translationY: Double

    package init(scale: Double = 1, translationX: Double = 0, translationY: Double = 0) {
        self.scale = scale
        self.translationX = translationX
        self.translationY = translationY
    }

    package static let identity = IconPosition()

    /// A layer's position inside a group at `self`.
    package func applied(to inner: IconPosition) -> IconPosition {
        IconPosition(scale: scale * inner.scale, translationX: translationX + scale * inner.translationX,
                     translationY: translationY + scale * inner.translationY)
    }
}

/// Effects of Icon Composer that a flat picture does not show. Listed so a tool can say
/// once that they are not simulated, rather than pretend the picture is what iOS draws.
package enum IconComposerEffect: String, Sendable, CaseIterable, Codable, Comparable {
    case glass
    case shadow
    case translucency
    case specular
    case blur = "blur-material"
    case blendMode = "blend-mode"
    case refractivity

    package static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}

/// The parsed `icon.json`: a canvas fill and groups of layers, each listed topmost first
/// (Icon Composer's sidebar order).
package struct IconComposerDocument: Equatable, Sendable {
    package struct Layer: Equatable, Sendable {
        package var name: String?
        /// Its place in `icon.json`, e.g. `groups[0].layers[1]`, for messages.
        package var key: String
        /// The file in `Assets/`, per appearance (`image-name`, `image-name-specializations`).
        package var imageName: AppearanceValues<String?>
        package var hidden: AppearanceValues<Bool>
        package var opacity: AppearanceValues<Double>
        package var position: AppearanceValues<IconPosition>
        /// Replaces the artwork's colours, keeping its shape (nil: the artwork's own colours).
        package var fill: AppearanceValues<IconFill?>
        package var effects: Set<IconComposerEffect>
    }

    package struct Group: Equatable, Sendable {
        package var name: String?
        package var key: String
        package var hidden: AppearanceValues<Bool>
        package var opacity: AppearanceValues<Double>
        package var position: AppearanceValues<IconPosition>
        package var layers: [Layer]
        package var effects: Set<IconComposerEffect>
    }

    /// nil where the document gives none (the system's automatic canvas).
    package var fill: AppearanceValues<IconFill?>
    package var groups: [Group]
    /// The appearances some key of the document is specialized for.
    package var specializedAppearances: Set<IconAppearance>

    package static let empty = IconComposerDocument(fill: AppearanceValues(nil), groups: [], specializedAppearances: [])

    /// Every effect used anywhere, for a note that they are not drawn.
    package var effects: Set<IconComposerEffect> {
        groups.reduce(into: Set()) { all, group in
            all.formUnion(group.effects)
            for layer in group.layers { all.formUnion(layer.effects) }
        }
    }
}
