import Foundation
import IconCatalog

/// Makes the changes to a binary plist: decoded by Foundation (after the catalog's guard),
/// changed as values, encoded binary again. The same rules as the text editor: dictionaries
/// made on the way, and dropped when a removal leaves them with nothing to say.
enum BinaryPlistEditor {
    static func apply(_ changes: [InfoPlistChange], to data: Data, path: String) throws(InfoPlistEditError) -> Data {
        var plist = try InfoPlistEditor.parse(data, path: path)
        for change in changes {
            try apply(change, to: &plist, path: path)
        }
        do {
            return try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        } catch {
            throw InfoPlistEditError(path: path, kind: .cannotEncode(reason: PlistLoader.foundationReason(error)))
        }
    }

    private static func apply(_ change: InfoPlistChange, to plist: inout [String: Any], path: String) throws(InfoPlistEditError) {
        func failure(_ kind: InfoPlistEditProblem) -> InfoPlistEditError { InfoPlistEditError(path: path, kind: kind) }
        switch change {
        case .addAlternate(let entry, let idiom):
            try addAlternate(entry.name, value(of: entry), idiom: idiom, to: &plist, path: path)
        case .copyAlternateToPad(let name):
            let keys = [Idiom.phone.iconsKey, "CFBundleAlternateIcons", name]
            guard let entry = try value(at: keys, in: plist, path: path) else {
                throw failure(.noSuchAlternate(name: name, keyPath: keys.dropLast().joined(separator: ".")))
            }
            try addAlternate(name, entry, idiom: .pad, to: &plist, path: path)
        case .removeAlternate(let name, let idiom):
            let keys = [idiom.iconsKey, "CFBundleAlternateIcons", name]
            guard try value(at: keys, in: plist, path: path) != nil else {
                throw failure(.noSuchAlternate(name: name, keyPath: keys.dropLast().joined(separator: ".")))
            }
            plist = try removing(keys[...], from: plist, path: path, depth: 0) ?? [:]
        case .removeNewsstandIcon(let idiom):
            let keys = [idiom.iconsKey, "UINewsstandIcon"]
            guard try value(at: keys, in: plist, path: path) != nil else { throw failure(.noSuchKey(keyPath: keys.joined(separator: "."))) }
            plist = try removing(keys[...], from: plist, path: path, depth: 0) ?? [:]
        case .setPrimaryIconName(let name, let place):
            switch place {
            case .topLevel: plist["CFBundleIconName"] = name
            case .primaryIcon(let idiom):
                if idiom == .pad, plist[idiom.iconsKey] == nil { throw failure(.noSuchKey(keyPath: idiom.iconsKey)) }
                plist = try setting(name, at: [idiom.iconsKey, "CFBundlePrimaryIcon", "CFBundleIconName"][...], in: plist, path: path, depth: 0)
            }
        }
    }

    private static func value(of entry: AlternateIconEntry) -> [String: Any] {
        var value: [String: Any] = [:]
        if let files = entry.iconFiles { value["CFBundleIconFiles"] = files }
        if let name = entry.iconName { value["CFBundleIconName"] = name }
        if let prerendered = entry.prerendered { value["UIPrerenderedIcon"] = prerendered }
        if let ordinal = entry.ordinal { value["ordinal"] = ordinal }
        return value
    }

    private static func addAlternate(_ name: String, _ entry: Any, idiom: Idiom, to plist: inout [String: Any], path: String) throws(InfoPlistEditError) {
        let keys = [idiom.iconsKey, "CFBundleAlternateIcons", name]
        guard try value(at: keys, in: plist, path: path) == nil else {
            throw InfoPlistEditError(path: path, kind: .alternateExists(name: name, keyPath: keys.dropLast().joined(separator: ".")))
        }
        if idiom == .pad, plist[idiom.iconsKey] == nil,
           let primary = try value(at: [Idiom.phone.iconsKey, "CFBundlePrimaryIcon"], in: plist, path: path) {
            plist[idiom.iconsKey] = ["CFBundlePrimaryIcon": primary]
        }
        plist = try setting(entry, at: keys[...], in: plist, path: path, depth: 0)
    }

    /// The value at `keys`; nil when a key is missing on the way.
    private static func value(at keys: [String], in plist: [String: Any], path: String) throws(InfoPlistEditError) -> Any? {
        var dictionary = plist
        for (depth, key) in keys.enumerated() {
            guard let value = dictionary[key] else { return nil }
            if depth == keys.count - 1 { return value }
            guard let inner = value as? [String: Any] else { throw wrongType(keys[...depth], value, path: path) }
            dictionary = inner
        }
        return nil
    }

    private static func setting(_ value: Any, at keys: ArraySlice<String>, in dictionary: [String: Any], path: String,
                                depth: Int) throws(InfoPlistEditError) -> [String: Any] {
        var dictionary = dictionary
        let key = keys[keys.startIndex]
        if keys.count == 1 {
            dictionary[key] = value
            return dictionary
        }
        let existing = dictionary[key] ?? [String: Any]()
        guard let inner = existing as? [String: Any] else {
            throw wrongType(keys.prefix(depth + 1), existing, path: path)
        }
        dictionary[key] = try setting(value, at: keys.dropFirst(), in: inner, path: path, depth: depth + 1)
        return dictionary
    }

    /// `dictionary` without the value at `keys`, nil when nothing worth keeping is left.
    private static func removing(_ keys: ArraySlice<String>, from dictionary: [String: Any], path: String,
                                 depth: Int) throws(InfoPlistEditError) -> [String: Any]? {
        var dictionary = dictionary
        let key = keys[keys.startIndex]
        if keys.count == 1 {
            dictionary[key] = nil
        } else if let inner = dictionary[key] as? [String: Any] {
            dictionary[key] = try removing(keys.dropFirst(), from: inner, path: path, depth: depth + 1)
            if depth == 0, key == Idiom.pad.iconsKey, let pad = dictionary[key] as? [String: Any], pad.count == 1,
               let padPrimary = pad["CFBundlePrimaryIcon"], let phone = dictionary[Idiom.phone.iconsKey] as? [String: Any],
               let phonePrimary = phone["CFBundlePrimaryIcon"], NSDictionary(dictionary: ["v": padPrimary]).isEqual(to: ["v": phonePrimary]) {
                dictionary[key] = nil
            }
        }
        return dictionary.isEmpty && depth > 0 ? nil : dictionary
    }

    private static func wrongType(_ keys: ArraySlice<String>, _ value: Any, path: String) -> InfoPlistEditError {
        InfoPlistEditError(path: path, kind: .wrongType(keyPath: keys.joined(separator: "."), found: PlistValue.typeName(value)))
    }
}
