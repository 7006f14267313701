import TerminalText

/// Whether a name can be a new alternate icon, the way the asset compiler and iOS take one:
/// it becomes a folder name (`NAME.appiconset`), a plist key and the argument of
/// `setAlternateIconName(_:)`.
package enum IconNameCheck {
    package enum Problem: Equatable, Sendable {
        case empty
        case slash
        /// A control character, or a leading dot (a hidden folder the asset compiler skips).
        case unusable
        /// Longer than a file name may be, with `.appiconset` after it.
        case tooLong
        /// An icon of the app (an alternate's name, or a set's or bundle's) already has it.
        case taken
    }

    /// The longest name: a file name is at most 255 bytes and `.appiconset` takes 11.
    package static let maximumBytes = 255 - ".appiconset".utf8.count

    package static func problem(with name: String, taken: Set<String>) -> Problem? {
        if name.isEmpty { return .empty }
        if name.contains("/") { return .slash }
        if name.hasPrefix(".") || name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return .unusable }
        if name.utf8.count > maximumBytes { return .tooLong }
        // The asset compiler and file systems on macOS match names without regard to case.
        if taken.contains(where: { $0.lowercased() == name.lowercased() }) { return .taken }
        return nil
    }

    /// One line for the problem, naming the name.
    package static func message(_ problem: Problem, name: String) -> String {
        let shown = "“\(TextSanitizer.clean(name))”"
        switch problem {
        case .empty: return "an icon's name cannot be empty"
        case .slash: return "the icon name \(shown) contains “/”, which the asset compiler reads as a folder"
        case .unusable: return "the icon name \(shown) starts with a dot or holds a control character"
        case .tooLong: return "the icon name \(shown) is longer than \(maximumBytes) bytes"
        case .taken: return "the app already has an icon named \(shown)"
        }
    }
}
