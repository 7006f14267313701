import TerminalText

/// The warnings of one read, readable however many a hostile plist causes: the first
/// `shownPerKind` of each kind are kept, the rest are only counted and said in one line
/// ("… and 379,990 more files not found"). A warning beyond the cap is never even built, so
/// memory and time stay bounded by what is shown.
public struct WarningList: Sendable {
    public static let shownPerKind = 10

    /// What a warning is about, for counting; the plural names the repeats.
    public enum Kind: String, Sendable, CaseIterable {
        case malformedEntry = "malformed entries"
        case unsafeFileEntry = "unsafe file entries"
        case fileNotFound = "files not found"
        case onlyInAssetCatalog = "files only inside an asset catalog"
        case unreadableImage = "unreadable image files"
        case other = "warnings"
    }

    private var kept: [CatalogWarning] = []
    private var counts: [Kind: Int] = [:]

    public init() {}

    /// Adds a warning of `kind`; `subject` and `message` are only made when it is kept.
    public mutating func add(_ kind: Kind, subject: @autoclosure () -> String, _ message: @autoclosure () -> String) {
        let count = counts[kind, default: 0] + 1
        counts[kind] = count
        if count <= Self.shownPerKind {
            kept.append(CatalogWarning(subject: subject(), message: message()))
        }
    }

    /// The kept warnings in the order they came, then one line per kind that had more.
    public var warnings: [CatalogWarning] {
        kept + Kind.allCases.compactMap { kind in
            let more = counts[kind, default: 0] - Self.shownPerKind
            guard more > 0 else { return nil }
            return CatalogWarning(subject: "", message: "… and \(MessageText.grouped(more)) more \(kind.rawValue)")
        }
    }

    public var isEmpty: Bool { kept.isEmpty }
}
