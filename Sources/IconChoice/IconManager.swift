import Foundation
import IconCatalog
import TerminalText

/// Why `setAlternateIconName` refused; the stored choice is left as it was.
public enum IconManagerError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The app declares no alternates for the idiom read, as UIKit's `supportsAlternateIcons` false.
    case alternateIconsNotSupported(app: String, iconsKey: String)
    /// No alternate of that name; `validNames` lists those there are, for the message.
    case unknownIcon(name: String, app: String, validNames: [String])
    /// The name was valid but the state file could not be written.
    case cannotSave(StateError)

    /// One line naming the app and the problem (and the valid names), safe to print.
    public var description: String {
        switch self {
        case .alternateIconsNotSupported(let app, let key):
            return "\(TextSanitizer.clean(app)): the app declares no alternate icons in \(key)"
        case .unknownIcon(let name, let app, let valid):
            let names = MessageText.shortList(valid) { MessageText.abbreviated(TextSanitizer.clean($0)) }
            return "\(TextSanitizer.clean(app)): no alternate icon named “\(MessageText.abbreviated(TextSanitizer.clean(name)))”; "
                + "valid names: \(names) (or --primary)"
        case .cannotSave(let error):
            return error.description
        }
    }
}

/// UIKit's alternate-icon API (`supportsAlternateIcons`, `alternateIconName`,
/// `setAlternateIconName(_:)`) over a catalog and a store, so the chooser, the CLI and
/// the SSH server all change icons exactly as an iOS app does.
public struct IconManager: Sendable {
    /// The icons a name is checked against.
    public let catalog: AppIconCatalog
    /// Where the choice is kept: a file, or memory for tests and sessions that must not write.
    public let store: any ChoiceStore

    /// A manager for the catalog's icons, keeping the choice in `store`.
    public init(catalog: AppIconCatalog, store: any ChoiceStore) {
        self.catalog = catalog
        self.store = store
    }

    /// As UIKit's: false when the app declares no alternates.
    public var supportsAlternateIcons: Bool { catalog.supportsAlternateIcons }

    /// The current alternate's name, nil for the primary icon.
    public var alternateIconName: String? { currentChoice().name }

    /// The stored name checked against the catalog: a name the plist no longer declares
    /// reads as the primary icon, with a warning.
    public func currentChoice() -> StoredChoice {
        var stored = store.load()
        if let name = stored.name, catalog.alternate(named: name) == nil {
            stored.warnings.append(CatalogWarning(subject: (store as? FileChoiceStore)?.path ?? "state",
                message: "remembers “\(name)”, which \(catalog.path) no longer declares; using the primary icon"))
            stored.name = nil
        }
        return stored
    }

    /// Makes `name` (nil = primary) the current icon and persists it.
    public func setAlternateIconName(_ name: String?) async throws(IconManagerError) {
        if let name {
            guard supportsAlternateIcons else {
                throw .alternateIconsNotSupported(app: catalog.path, iconsKey: catalog.iconsKey)
            }
            guard catalog.alternate(named: name) != nil else {
                throw .unknownIcon(name: name, app: catalog.path, validNames: catalog.alternateNames)
            }
        }
        do {
            try store.save(name)
        } catch {
            throw .cannotSave(error)
        }
    }
}
