import Foundation
import IconCatalog
import SystemPackage

extension Linter {
    /// `lint(app:options:disabled:inspector:)` for a file URL, as `CatalogReader.read(app:)` takes one.
    public static func lint(app: URL, options: CatalogOptions = CatalogOptions(), disabled: Set<ProblemCode> = [],
                            inspector: any ImageInspector = DecodingImageInspector()) throws(CatalogError) -> LintReport {
        try lint(app: try AppPath.string(app), options: options, disabled: disabled, inspector: inspector)
    }

    /// `lint(app:options:disabled:inspector:)` for swift-system's `FilePath`.
    public static func lint(app: FilePath, options: CatalogOptions = CatalogOptions(), disabled: Set<ProblemCode> = [],
                            inspector: any ImageInspector = DecodingImageInspector()) throws(CatalogError) -> LintReport {
        try lint(app: app.string, options: options, disabled: disabled, inspector: inspector)
    }
}
