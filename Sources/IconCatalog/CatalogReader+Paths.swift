import Foundation
import SystemPackage

extension CatalogReader {
    /// `read(app:options:)` for a file URL, the way Foundation-based tools (and open panels) hold paths.
    public static func read(app: URL, options: CatalogOptions = CatalogOptions()) throws(CatalogError) -> AppIconCatalog {
        try read(app: try AppPath.string(app), options: options)
    }

    /// `read(app:options:)` for swift-system's `FilePath`, for tools that already work in it.
    public static func read(app: FilePath, options: CatalogOptions = CatalogOptions()) throws(CatalogError) -> AppIconCatalog {
        try read(app: app.string, options: options)
    }

    /// `readDeclared(app:options:)` for a file URL: the icons' names at once, their images later
    /// through an `IconImageFinder`.
    public static func readDeclared(app: URL, options: CatalogOptions = CatalogOptions()) throws(CatalogError) -> AppIconCatalog {
        try readDeclared(app: try AppPath.string(app), options: options)
    }

    /// `readDeclared(app:options:)` for swift-system's `FilePath`.
    public static func readDeclared(app: FilePath, options: CatalogOptions = CatalogOptions()) throws(CatalogError) -> AppIconCatalog {
        try readDeclared(app: app.string, options: options)
    }
}

/// The one place a URL becomes the path every reader takes, so a web URL is refused with a
/// clear error instead of being read as a file named after its path.
package enum AppPath {
    /// The file URL's path; `CatalogError.notAFileURL` for any other scheme.
    package static func string(_ url: URL) throws(CatalogError) -> String {
        guard url.isFileURL else { throw .notAFileURL(url: url.absoluteString) }
        return url.path
    }
}
