import Foundation

/// The Info.plist XcodeGen writes for a target's `info:`: its default keys, with the spec's
/// `properties` over them (`CFBundleIcons` among them). XcodeGen writes the file afresh at
/// every generation, so this, not a copy on disk, is what the build processes.
enum SpecInfoPlist {
    /// The keys XcodeGen writes for an application, before the spec's properties.
    static let applicationDefaults: [(String, String)] = [
        ("CFBundleDevelopmentRegion", "$(DEVELOPMENT_LANGUAGE)"),
        ("CFBundleExecutable", "$(EXECUTABLE_NAME)"),
        ("CFBundleIdentifier", "$(PRODUCT_BUNDLE_IDENTIFIER)"),
        ("CFBundleInfoDictionaryVersion", "6.0"),
        ("CFBundleName", "$(PRODUCT_NAME)"),
        ("CFBundlePackageType", "$(PRODUCT_BUNDLE_PACKAGE_TYPE)"),
        ("CFBundleShortVersionString", "1.0"),
        ("CFBundleVersion", "1"),
    ]

    /// The generated file as XML plist bytes, or nil (with a warning) when `properties` is
    /// not a mapping.
    static func contents(properties: SpecValue?, key: String, file: String, warnings: inout [CatalogWarning]) -> Data? {
        var plist: [String: Any] = [:]
        for (name, value) in applicationDefaults { plist[name] = value }
        switch properties {
        case .dictionary(let written)?:
            var budget = maximumValues
            for (name, value) in written.entries {
                if let converted = plistValue(value, budget: &budget) { plist[name] = converted }
            }
            if budget < 0 {
                warnings.append(CatalogWarning(subject: "\(file): \(key).properties",
                    message: "holds more than \(maximumValues) values; the rest are left out", code: .malformedSpec))
            }
        case nil, .null?:
            break
        case let other?:
            warnings.append(CatalogWarning(subject: "\(file): \(key).properties",
                message: "is \(other.typeName), expected the Info.plist's keys and values", code: .malformedSpec))
        }
        return try? PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
    }

    /// Values an Info.plist's properties may hold, aliases expanded; a real one has a few hundred.
    static let maximumValues = 100_000

    /// A spec value as a property list value; null has none, nor anything past `budget`.
    static func plistValue(_ value: SpecValue, budget: inout Int) -> Any? {
        budget -= 1
        guard budget >= 0 else { return nil }
        switch value {
        case .string(let text): return text
        case .bool(let flag): return flag
        case .number(let text):
            if let integer = Int(text) { return integer }
            return Double(text) ?? text
        case .null: return nil
        case .array(let elements): return elements.compactMap { plistValue($0, budget: &budget) }
        case .dictionary(let dictionary):
            var result: [String: Any] = [:]
            for (name, element) in dictionary.entries { result[name] = plistValue(element, budget: &budget) }
            return result
        }
    }
}
