import IconCatalog
import TerminalText

/// How much a finding matters: errors break alternate icons on some device or in App
/// Review, warnings are likely mistakes, notes are worth knowing. `lint` fails on errors
/// (and, with `--strict`, on warnings); notes never fail it.
public enum LintSeverity: String, Sendable, Codable, CaseIterable, Comparable {
    /// Breaks alternate icons on some device, or gets the upload refused: `lint` exits 1.
    case error
    /// Most likely a mistake; fails `lint --strict`.
    case warning
    /// Worth knowing; never fails a run.
    case note

    /// Errors sort first: the order findings and totals are listed in.
    public static func < (a: LintSeverity, b: LintSeverity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// "1 error", "2 warnings", "100,776 notes".
    public func counted(_ count: Int) -> String {
        "\(MessageText.grouped(count)) \(rawValue)\(count == 1 ? "" : "s")"
    }
}

/// What part of the app a finding is about; it decides where the finding sorts and
/// what its JSON `icon` and `key` say.
public enum LintSubject: Hashable, Sendable {
    /// The app as a whole (a missing `CFBundleIcons`, file entries across every set).
    case app
    /// One icon set: `CFBundleIcons` or `CFBundleIcons~ipad`.
    case iconSet(String)
    /// One icon in a set: the primary (name nil) or an alternate.
    case icon(set: String, name: String?)

    /// The alternate's name; nil for the primary icon and for findings about a whole set or the app.
    public var iconName: String? {
        if case .icon(_, let name) = self { return name }
        return nil
    }

    /// The Info.plist key the finding is about, e.g. `CFBundleIcons~ipad.CFBundleAlternateIcons.blue`.
    public var key: String? { key(name: { $0 }) }

    /// `key` with the alternate's name passed through `name` (to abbreviate it).
    func key(name: (String) -> String) -> String? {
        switch self {
        case .app: return nil
        case .iconSet(let set): return set
        case .icon(let set, nil): return "\(set).CFBundlePrimaryIcon"
        case .icon(let set, let alternate?): return "\(set).CFBundleAlternateIcons.\(name(alternate))"
        }
    }

    var iconSet: String? {
        switch self {
        case .app: return nil
        case .iconSet(let set), .icon(let set, _): return set
        }
    }

    /// Equal as the synthesized comparison has it, names compared as strings compare, but only
    /// from where they start to differ (`sameName`): a hostile plist names many icons with the
    /// same few thousand characters, and findings about them are compared while they are deduplicated.
    public static func == (a: LintSubject, b: LintSubject) -> Bool {
        switch (a, b) {
        case (.app, .app): return true
        case let (.iconSet(x), .iconSet(y)): return x == y
        case let (.icon(set: x, name: m), .icon(set: y, name: n)):
            guard x == y else { return false }
            switch (m, n) {
            case (nil, nil): return true
            case let (m?, n?): return sameName(m, n)
            default: return false
            }
        default: return false
        }
    }

    /// `a == b`, comparing only from the last ASCII character of the bytes both start with. An
    /// ASCII character composes with nothing before it and is never reordered, so two strings
    /// sharing what precedes it are canonically equivalent exactly when what follows is.
    static func sameName(_ a: String, _ b: String) -> Bool {
        var (a, b) = (a, b)
        // The byte offset of that character; nil when the bytes are the same, -1 when there is no such character.
        let start: Int? = a.withUTF8 { x in
            b.withUTF8 { y in
                var end = 0
                while end < x.count, end < y.count, x[end] == y[end] { end += 1 }
                if end == x.count, end == y.count { return nil }
                var start = end - 1
                while start >= 0, x[start] >= 0x80 { start -= 1 }
                return start
            }
        }
        guard let start else { return true }
        guard start >= 0 else { return a == b }
        let (x, y) = (a.utf8.index(a.startIndex, offsetBy: start), b.utf8.index(b.startIndex, offsetBy: start))
        return Substring(a.unicodeScalars[x...]) == Substring(b.unicodeScalars[y...])
    }
}

/// One problem found by one rule. Its JSON form (`rule`, `severity`, `message`, `icon`,
/// `idiom`, `file`, `key`) is a stable interface for scripts.
public struct LintFinding: Hashable, Sendable, Encodable {
    /// The id of the rule that found it (`LintRules.ids`), stable for scripts and `--disable`.
    public let rule: ProblemCode
    /// The rule's severity.
    public let severity: LintSeverity
    /// One line, already free of control and bidi characters.
    public let message: String
    /// The part of the app it is about, which decides where it sorts.
    public let subject: LintSubject
    /// The idiom whose devices the finding concerns, when it concerns one.
    public let idiom: Idiom?
    /// The file the finding is about: the Info.plist, or an image file.
    public let file: String
    /// For a finding about the app that compares icons (some have dark images, some not): the
    /// icons it is about, all of them however few the message names (nil: the primary). It
    /// lets a tool show the finding with each of them; JSON does not carry it.
    public let icons: [String?]

    package init(rule: ProblemCode, severity: LintSeverity, message: String, subject: LintSubject, idiom: Idiom?, file: String,
                 icons: [String?] = []) {
        self.rule = rule
        self.severity = severity
        self.message = TextSanitizer.clean(message)
        self.subject = subject
        self.idiom = idiom
        self.file = file
        self.icons = icons
    }

    /// The alternate's name, nil for the primary and for findings about a set or the app.
    public var icon: String? { subject.iconName }

    /// Hashes every field but the subject, which `==` tells apart: the subject holds an icon's
    /// whole name, which a hostile plist makes thousands of characters long, and hashing a string
    /// normalises all of it, where comparing two stops soon after they differ (`LintSubject.sameName`).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(rule)
        hasher.combine(severity)
        hasher.combine(message)
        hasher.combine(idiom)
        hasher.combine(file)
        hasher.combine(icons)
    }

    enum CodingKeys: String, CodingKey { case rule, severity, message, icon, idiom, file, key, fixable }

    /// The JSON `lint --format json` prints: `rule`, `severity`, `message`, `icon`, `idiom`, `file`, `key`,
    /// and `fixable` (whether `lint --fix` has a fix for the rule).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(rule, forKey: .rule)
        try container.encode(severity, forKey: .severity)
        try container.encode(message, forKey: .message)
        // Names are data here, but a megabyte-long one is abbreviated as in the message.
        try container.encode(icon.map { MessageText.abbreviated($0) }, forKey: .icon)
        try container.encode(idiom, forKey: .idiom)
        try container.encode(file, forKey: .file)
        try container.encode(subject.key(name: { MessageText.abbreviated($0) }), forKey: .key)
        try container.encode(LintFix.fix(for: rule) != nil, forKey: .fixable)
    }
}
