import TerminalText

/// The warnings of one read, readable however many a hostile plist causes: the first
/// `shownPerCode` of each kind (each `code`) are kept, the rest are only counted and said in
/// one line per kind ("… and 379,990 more files not found"). A warning beyond the cap is never
/// even built, so memory and time stay bounded by what is shown.
package struct WarningList: Sendable {
    package static let shownPerCode = 10
    /// The code of the lines that count what was left out, as the asset-catalog readers use it.
    package static let omittedCode = ProblemCode.warningsOmitted

    private var kept: [CatalogWarning] = []
    private var counts: [ProblemCode?: Int] = [:]
    /// Codes in the order they first came, for the counting lines.
    private var codes: [ProblemCode?] = []

    package init() {}

    /// Starts with warnings another reader made and capped its own way (an archive's entries):
    /// kept as they are, ahead of everything added later.
    package init(capped warnings: [CatalogWarning]) {
        kept = warnings
    }

    /// Adds a warning of the kind `code`; `subject` and `message` are only made when it is kept.
    package mutating func add(code: ProblemCode, subject: @autoclosure () -> String, _ message: @autoclosure () -> String) {
        if count(code) <= Self.shownPerCode {
            kept.append(CatalogWarning(subject: subject(), message: message(), code: code))
        }
    }

    package mutating func append(_ warning: CatalogWarning) {
        if count(warning.code) <= Self.shownPerCode { kept.append(warning) }
    }

    /// Everything `other` kept and counted, as if it had been added here.
    package mutating func append(contentsOf other: WarningList) {
        for warning in other.kept { append(warning) }
        for code in other.codes {
            let left = other.counts[code, default: 0] - min(other.counts[code, default: 0], Self.shownPerCode)
            if left > 0 { _ = count(code, by: left) }
        }
    }

    /// Counts one more (or `by` more) warning of `code`; the new total.
    private mutating func count(_ code: ProblemCode?, by more: Int = 1) -> Int {
        if counts[code] == nil { codes.append(code) }
        counts[code, default: 0] += more
        return counts[code, default: 0]
    }

    /// The kept warnings in the order they came, then one line per kind that had more.
    package var warnings: [CatalogWarning] {
        kept + codes.compactMap { code in
            let more = counts[code, default: 0] - Self.shownPerCode
            guard more > 0 else { return nil }
            return CatalogWarning(subject: "", message: "… and \(MessageText.grouped(more)) more \(Self.plural(code))",
                                  code: Self.omittedCode)
        }
    }

    package var isEmpty: Bool { kept.isEmpty }

    /// What the warnings of one code are, counted.
    static func plural(_ code: ProblemCode?) -> String {
        switch code {
        case .fileNotFound?: return "files not found"
        case .unsafeFileEntry?: return "unsafe file entries"
        case .fileInAssetCatalog?: return "files only inside an asset catalog"
        case .unreadableImage?: return "unreadable image files"
        case .malformedIconEntry?: return "malformed icon entries"
        case .ordinalNotInteger?: return "ordinals that are not integers"
        case .prerenderedNotBoolean?: return "UIPrerenderedIcon values that are not booleans"
        case let code?: return "\(code) warnings"
        case nil: return "warnings"
        }
    }
}
