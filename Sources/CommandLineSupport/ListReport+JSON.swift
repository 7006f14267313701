import IconCatalog

extension ListReport {
    /// `list --json`: the text `Encodable` gives through `JSONEncoder` (sorted keys, pretty, slashes
    /// as they are, unsafe scalars escaped), written directly. Each object's keys are written here
    /// in sorted order; the tests hold the two forms to the same bytes.
    public func json() throws -> String {
        var writer = PrettyJSONWriter()
        try writer.object { writer in
            writer.key("alternateIconName"); writer.string(alternateIconName)
            writer.key("app"); app.write(to: &writer)
            writer.key("icons")
            try writer.array { writer in for icon in icons { try icon.write(to: &writer) } }
            writer.key("supportsAlternateIcons"); writer.bool(supportsAlternateIcons)
            writer.key("warnings"); writer.array(warnings)
        }
        return writer.text
    }
}

extension ListReport.App {
    func write(to writer: inout PrettyJSONWriter) {
        writer.object { writer in
            writer.key("appearance"); writer.string(appearance.rawValue)
            writer.key("bundleIdentifier"); writer.string(bundleIdentifier)
            writer.key("configuration"); writer.string(configuration)
            writer.key("configurations")
            if let configurations { writer.array(configurations) } else { writer.null() }
            writer.key("idiom"); writer.string(idiom.rawValue)
            writer.key("name"); writer.string(name)
            writer.key("path"); writer.string(path)
            writer.key("plist"); writer.string(plist)
            writer.key("project"); writer.string(project)
            writer.key("source"); writer.string(source.rawValue)
            writer.key("target"); writer.string(target)
        }
    }
}

extension ListReport.Icon {
    func write(to writer: inout PrettyJSONWriter) throws {
        try writer.object { writer in
            writer.key("appearances"); writer.array(appearances.map(\.rawValue))
            writer.key("assetName"); writer.string(assetName)
            writer.key("assetPath"); writer.string(assetPath)
            writer.key("declaredIn")
            writer.object { writer in
                if let keyPath = declaration.keyPath { writer.key("keyPath"); writer.string(keyPath) }
                writer.key("path"); writer.string(declaration.path)
                if let setting = declaration.setting { writer.key("setting"); writer.string(setting) }
            }
            writer.key("fallbackSet"); writer.string(fallbackSet)
            writer.key("iconFiles"); writer.array(iconFiles)
            writer.key("images")
            try writer.array { writer in for image in images { try image.write(to: &writer) } }
            writer.key("isCurrent"); writer.bool(isCurrent)
            writer.key("isPrimary"); writer.bool(isPrimary)
            writer.key("name"); writer.string(name)
            writer.key("ordinal"); writer.int(ordinal)
            writer.key("source"); writer.string(source.rawValue)
        }
    }
}

extension IconImage {
    /// As `encode(to:)`: optional members only where known.
    func write(to writer: inout PrettyJSONWriter) throws {
        try writer.object { writer in
            writer.key("appearance"); writer.string(appearance.rawValue)
            if let derivation { writer.key("derived"); writer.string(derivation.rawValue) }
            writer.key("height"); writer.int(height)
            if let idiom { writer.key("idiom"); writer.string(idiom.rawValue) }
            writer.key("path"); writer.string(path)
            if let scale { writer.key("scale"); writer.int(scale) }
            if let pointSize { writer.key("size"); try writer.double(pointSize) }
            writer.key("width"); writer.int(width)
        }
    }
}
