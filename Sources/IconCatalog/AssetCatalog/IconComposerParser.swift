/// Turns `icon.json` into an `IconComposerDocument`, leniently: a key of the wrong type or
/// out of range is a warning (`icon-json-malformed`, naming the key) and reads as absent,
/// so the icon still shows what could be understood.
struct IconComposerParser {
    /// `actool` refuses more than four groups; Apple's own icons have up to 19 layers.
    static let maximumGroups = 16
    static let maximumLayers = 256
    /// Scales seen in real documents span 0.24 to 32.
    static let maximumScale = 100.0
    /// The canvas is 1024 points; nothing moved further than this could still show.
    static let maximumTranslation = 100_000.0

    let file: String
    var warnings: WarningCollector
    private var specialized = Set<IconAppearance>()

    init(file: String, warnings: WarningCollector = WarningCollector()) {
        self.file = file
        self.warnings = warnings
    }

    mutating func parse(_ root: JSONValue) -> IconComposerDocument {
        guard case .object = root else {
            warnings.add(file: file, "is \(root.kindDescription), expected an object", code: .iconJsonMalformed)
            return .empty
        }
        let fill = specializedValue(root, "fill", key: "", default: nil) { parser, value, key in
            parser.fill(value, key: key)
        }
        var groups: [IconComposerDocument.Group] = []
        var layerCount = 0
        for (index, value) in array(root, "groups", key: "").enumerated() {
            guard groups.count < Self.maximumGroups, layerCount < Self.maximumLayers else {
                warnings.add(file: file, key: "groups[\(index)]",
                             "more than \(Self.maximumGroups) groups or \(Self.maximumLayers) layers; the rest are not drawn",
                             code: .iconTooManyLayers)
                break
            }
            if let group = group(value, key: "groups[\(index)]", layerBudget: Self.maximumLayers - layerCount) {
                layerCount += group.layers.count
                groups.append(group)
            }
        }
        return IconComposerDocument(fill: fill, groups: groups, specializedAppearances: specialized)
    }

    private mutating func group(_ value: JSONValue, key: String, layerBudget: Int) -> IconComposerDocument.Group? {
        guard case .object = value else {
            malformed(key, "is \(value.kindDescription), expected an object")
            return nil
        }
        let layerValues = array(value, "layers", key: key)
        if layerValues.count > layerBudget {
            warnings.add(file: file, key: "\(key).layers",
                         "more than \(Self.maximumLayers) layers in all; the rest are not drawn", code: .iconTooManyLayers)
        }
        var layers: [IconComposerDocument.Layer] = []
        for (index, layerValue) in layerValues.prefix(layerBudget).enumerated() {
            if let layer = layer(layerValue, key: "\(key).layers[\(index)]") { layers.append(layer) }
        }
        return IconComposerDocument.Group(
            name: string(value, "name", key: key),
            key: key,
            hidden: boolean(value, "hidden", key: key),
            opacity: opacity(value, key: key),
            position: position(value, key: key),
            layers: layers,
            effects: groupEffects(value, key: key))
    }

    private mutating func layer(_ value: JSONValue, key: String) -> IconComposerDocument.Layer? {
        guard case .object = value else {
            malformed(key, "is \(value.kindDescription), expected an object")
            return nil
        }
        let imageName = specializedValue(value, "image-name", key: key, default: nil) { parser, value, key -> String?? in
            guard case .string(let name) = value else {
                parser.malformed(key, "is \(value.kindDescription), expected a string")
                return nil
            }
            return .some(name)
        }
        if imageName.light == nil && imageName.dark == nil && imageName.tinted == nil {
            malformed(key, "has no image-name; nothing to draw")
        }
        var effects = Set<IconComposerEffect>()
        if anyTrue(value, "glass", key: key) { effects.insert(.glass) }
        if usesBlendMode(value, key: key) { effects.insert(.blendMode) }
        return IconComposerDocument.Layer(
            name: string(value, "name", key: key),
            key: key,
            imageName: imageName,
            hidden: boolean(value, "hidden", key: key),
            opacity: opacity(value, key: key),
            position: position(value, key: key),
            fill: specializedValue(value, "fill", key: key, default: nil) { parser, value, key in parser.fill(value, key: key) },
            effects: effects)
    }

    // MARK: - Values

    /// A fill: `"automatic"`, `"none"`, `"system-light"`, `"system-dark"`, or an object with
    /// `solid`, `linear-gradient` (two colours, optional `orientation`) or `automatic-gradient`.
    private mutating func fill(_ value: JSONValue, key: String) -> IconFill?? {
        switch value {
        case .string("automatic"): return .some(.automatic)
        case .string("none"): return .some(IconFill.none)
        case .string("system-light"): return .some(.systemLight)
        case .string("system-dark"): return .some(.systemDark)
        case .object:
            if let solid = value["solid"] {
                return color(solid, key: "\(key).solid").map { .some(.solid($0)) }
            }
            if let gradient = value["linear-gradient"] {
                guard case .array(let stops) = gradient, stops.count == 2 else {
                    malformed("\(key).linear-gradient", "is \(gradient.kindDescription), expected two colours")
                    return nil
                }
                guard let first = color(stops[0], key: "\(key).linear-gradient[0]"),
                      let second = color(stops[1], key: "\(key).linear-gradient[1]") else { return nil }
                let (start, stop) = orientation(value["orientation"], key: "\(key).orientation")
                return .some(.linearGradient(first, second, start: start, stop: stop))
            }
            if let automatic = value["automatic-gradient"] {
                return color(automatic, key: "\(key).automatic-gradient").map { .some(.automaticGradient($0)) }
            }
            malformed(key, "has none of solid, linear-gradient, automatic-gradient")
            return nil
        default:
            malformed(key, "is \(value.kindDescription), expected a fill")
            return nil
        }
    }

    private mutating func color(_ value: JSONValue, key: String) -> IconColor? {
        guard case .string(let text) = value else {
            malformed(key, "is \(value.kindDescription), expected a colour such as “srgb:1,1,1,1”")
            return nil
        }
        switch IconColor.parse(text) {
        case .success(let color):
            return color
        case .failure(.notAColor):
            malformed(key, "“\(text.prefix(60))” is not a colour such as “srgb:1,1,1,1” or “display-p3:…”")
            return nil
        case .failure(.notFinite):
            malformed(key, "“\(text.prefix(60))” gives no finite colour in sRGB (its components are too large); not drawn")
            return nil
        }
    }

    private mutating func orientation(_ value: JSONValue?, key: String) -> (GradientPoint, GradientPoint) {
        guard let value else { return (.top, .bottom) }
        func point(_ name: String) -> GradientPoint? {
            guard case .number(let x)? = value[name]?["x"], case .number(let y)? = value[name]?["y"],
                  x.isFinite, y.isFinite, abs(x) <= 100, abs(y) <= 100 else { return nil }
            return GradientPoint(x: x, y: y)
        }
        guard let start = point("start"), let stop = point("stop") else {
            malformed(key, "needs start and stop points with numbers x and y; read as top to bottom")
            return (.top, .bottom)
        }
        return (start, stop)
    }

    private mutating func opacity(_ object: JSONValue, key: String) -> AppearanceValues<Double> {
        specializedValue(object, "opacity", key: key, default: 1) { parser, value, key -> Double? in
            guard let number = parser.number(value, key: key) else { return nil }
            guard (0...1).contains(number) else {
                parser.malformed(key, "\(number) is outside 0…1; clamped")
                return min(max(number, 0), 1)
            }
            return number
        }
    }

    private mutating func position(_ object: JSONValue, key: String) -> AppearanceValues<IconPosition> {
        specializedValue(object, "position", key: key, default: .identity) { parser, value, key -> IconPosition? in
            guard case .object = value else {
                parser.malformed(key, "is \(value.kindDescription), expected an object")
                return nil
            }
            var position = IconPosition.identity
            if let scaleValue = value["scale"], let scale = parser.number(scaleValue, key: "\(key).scale") {
                if scale < 0 || scale > Self.maximumScale {
                    parser.malformed("\(key).scale", "\(scale) is outside 0…\(Int(Self.maximumScale)); clamped")
                }
                position.scale = min(max(scale, 0), Self.maximumScale)
            }
            if let translation = value["translation-in-points"] {
                let limit = Self.maximumTranslation
                if case .array(let items) = translation, items.count == 2,
                   case .number(let x) = items[0], case .number(let y) = items[1], x.isFinite, y.isFinite {
                    if abs(x) > limit || abs(y) > limit {
                        parser.malformed("\(key).translation-in-points", "moves the layer over \(Int(limit)) points; clamped")
                    }
                    position.translationX = min(max(x, -limit), limit)
                    position.translationY = min(max(y, -limit), limit)
                } else {
                    parser.malformed("\(key).translation-in-points", "is \(translation.kindDescription), expected two numbers")
                }
            }
            return position
        }
    }

    private mutating func boolean(_ object: JSONValue, _ name: String, key: String) -> AppearanceValues<Bool> {
        specializedValue(object, name, key: key, default: false) { parser, value, key -> Bool? in
            guard case .bool(let flag) = value else {
                parser.malformed(key, "is \(value.kindDescription), expected true or false")
                return nil
            }
            return flag
        }
    }

    private mutating func number(_ value: JSONValue, key: String) -> Double? {
        guard case .number(let number) = value, number.isFinite else {
            malformed(key, "is \(value.kindDescription), expected a number")
            return nil
        }
        return number
    }

    private mutating func string(_ object: JSONValue, _ name: String, key: String) -> String? {
        switch object[name] {
        case nil: return nil
        case .string(let text)?: return text
        case let other?:
            malformed(join(key, name), "is \(other.kindDescription), expected a string")
            return nil
        }
    }

    private mutating func array(_ object: JSONValue, _ name: String, key: String) -> [JSONValue] {
        switch object[name] {
        case nil: return []
        case .array(let items)?: return items
        case let other?:
            malformed(join(key, name), "is \(other.kindDescription), expected an array")
            return []
        }
    }

    // MARK: - Effects that are not drawn

    private mutating func groupEffects(_ group: JSONValue, key: String) -> Set<IconComposerEffect> {
        var effects = Set<IconComposerEffect>()
        if anyValue(group, "shadow", where: { shadow in
            if case .string(let kind)? = shadow["kind"], kind == "none" { return false }
            if case .number(let opacity)? = shadow["opacity"], opacity <= 0 { return false }
            return shadow["kind"] != nil
        }) { effects.insert(.shadow) }
        if anyValue(group, "translucency", where: { translucency in
            translucency["enabled"] == .bool(true) && translucency["value"] != .number(0)
        }) { effects.insert(.translucency) }
        if anyValue(group, "specular", where: { $0 != .bool(false) && $0 != .null }) { effects.insert(.specular) }
        if anyValue(group, "blur-material", where: { $0 != .null }) { effects.insert(.blur) }
        if anyValue(group, "refractivity", where: { $0["enabled"] == .bool(true) }) { effects.insert(.refractivity) }
        if usesBlendMode(group, key: key) { effects.insert(.blendMode) }
        return effects
    }

    private func anyTrue(_ object: JSONValue, _ name: String, key: String) -> Bool {
        anyValue(object, name) { $0 == .bool(true) }
    }

    private func usesBlendMode(_ object: JSONValue, key: String) -> Bool {
        anyValue(object, "blend-mode") { $0 != .string("normal") }
    }

    /// Whether the key, or any of its specializations, has a value meeting `test`.
    private func anyValue(_ object: JSONValue, _ name: String, where test: (JSONValue) -> Bool) -> Bool {
        if let value = object[name], test(value) { return true }
        guard case .array(let entries)? = object["\(name)-specializations"] else { return false }
        return entries.prefix(16).contains { entry in entry["value"].map(test) ?? false }
    }

    // MARK: - Specializations

    /// `object[name]` as the light value and `object["name-specializations"]` as overrides:
    /// an entry without `appearance` replaces the light value, one with `dark` or `tinted`
    /// adds that appearance's. Entries for another idiom than `square` (the watch's circles)
    /// are not for iOS and are skipped; a `square` entry wins over a general one.
    /// `parse` returns nil for a value it warned about.
    private mutating func specializedValue<Value: Equatable & Sendable>(
        _ object: JSONValue, _ name: String, key: String, default defaultValue: Value,
        parse: (inout IconComposerParser, JSONValue, String) -> Value?
    ) -> AppearanceValues<Value> {
        var result = AppearanceValues(defaultValue)
        let baseKey = join(key, name)
        if let value = object[name], let parsed = parse(&self, value, baseKey) { result.light = parsed }
        let listKey = "\(baseKey)-specializations"
        guard let list = object["\(name)-specializations"] else { return result }
        guard case .array(let entries) = list else {
            malformed(listKey, "is \(list.kindDescription), expected an array")
            return result
        }
        for squareOnly in [false, true] {
            for (index, entry) in entries.prefix(16).enumerated() {
                let entryKey = "\(listKey)[\(index)]"
                let idiom = entry["idiom"]
                guard (idiom == .string("square")) == squareOnly else { continue }
                guard idiom == nil || idiom == .string("square") else { continue }
                guard case .object = entry, let value = entry["value"] else {
                    if !squareOnly { malformed(entryKey, "needs a value") }
                    continue
                }
                guard let parsed = parse(&self, value, "\(entryKey).value") else { continue }
                switch entry["appearance"] {
                case nil: result.light = parsed
                case .string("dark")?: result.dark = parsed; specialized.insert(.dark)
                case .string("tinted")?: result.tinted = parsed; specialized.insert(.tinted)
                default: continue
                }
            }
        }
        return result
    }

    private mutating func malformed(_ key: String, _ message: String) {
        warnings.add(file: file, key: key, message, code: .iconJsonMalformed)
    }

    private func join(_ key: String, _ name: String) -> String {
        key.isEmpty ? name : "\(key).\(name)"
    }
}
