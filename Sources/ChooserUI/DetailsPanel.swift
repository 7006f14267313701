import CellCanvas
import IconArt
import IconCatalog
import SymbolArt
import TerminalText

/// The details panel (`i`): whether it is open, and what has arrived for it. It follows
/// the focus; what it shows of an icon comes in pieces (its files, the app's lint findings,
/// its large picture), each asked for once and shown as it comes, so a key press never waits.
public struct DetailsState: Hashable, Sendable {
    public internal(set) var isOpen = false
    /// Each icon's files and declaration, once found.
    public internal(set) var known: [IconKey: IconDetails] = [:]
    var requested: Set<IconKey> = []
    /// The app's lint findings, once checked (asked for the first time the panel opens).
    public internal(set) var findings: AppFindings?
    var findingsRequested = false
    /// The large picture in symbols: the latest asked for, and the latest arrived.
    var pictureRequested: DetailsPicture?
    public internal(set) var picture: DetailsPictureGrid?
    /// The large pixel picture last asked for (a newer request replaces one not yet started),
    /// those the terminal can be given, and those that could not be made (not asked again).
    var pixelRequested: DetailsPicture?
    public internal(set) var pixelsReady: Set<DetailsPicture> = []
    var pixelsFailed: Set<DetailsPicture> = []

    /// Forgets every picture (the appearance changed); files and findings stay.
    mutating func dropPictures() {
        dropSymbolPicture()
        dropPixelPictures()
    }

    mutating func dropSymbolPicture() {
        pictureRequested = nil
        picture = nil
    }

    mutating func dropPixelPictures() {
        pixelRequested = nil
        pixelsReady = []
        pixelsFailed = []
    }
}

/// The large picture of one icon at one size in cells (square in pixels: twice as many
/// columns as rows).
public struct DetailsPicture: Hashable, Sendable {
    public let icon: IconKey
    public let columns: Int
    public let rows: Int

    public init(icon: IconKey, columns: Int, rows: Int) {
        self.icon = icon
        self.columns = columns
        self.rows = rows
    }
}

/// A large picture in symbols, and which it is.
public struct DetailsPictureGrid: Hashable, Sendable {
    public let key: DetailsPicture
    public let grid: CellGrid
}

/// Where the panel goes: beside the grid on a wide terminal, so the grid stays usable, or
/// over it as a box on a narrow one. Pure geometry, shared by the layout, `view` and the
/// pixel-picture placement.
public struct DetailsPanelFrame: Hashable, Sendable {
    /// A terminal at least this wide shows the panel beside the grid.
    public static let besideMinimumWidth = 90
    /// The panel beside the grid takes 44% of the width (at 100 columns, what three large
    /// tiles leave), within these bounds.
    static let besideWidths = 36...60
    /// The large picture's rows at most: a large tile's twice over.
    static let maximumPictureRows = 16
    /// Fewer rows than this and the picture would not be recognisable: none is drawn.
    static let minimumPictureRows = 3

    public let beside: Bool
    public let x, y, width, height: Int

    /// The panel's frame on `screen`: beside the grid when the screen is wide enough (and
    /// `allowBeside`), else over it.
    public init(screen: ScreenSize, allowBeside: Bool = true) {
        beside = allowBeside && screen.width >= Self.besideMinimumWidth
        if beside {
            width = min(Self.besideWidths.upperBound, max(Self.besideWidths.lowerBound, screen.width * 11 / 25))
            x = screen.width - width
        } else {
            width = max(0, screen.width - 4)
            x = (screen.width - width) / 2
        }
        // Below the title, above the status line and the key hints.
        y = 1
        height = max(0, screen.height - 3 - y)
    }

    /// The screen left to the grid.
    func gridScreen(of screen: ScreenSize) -> ScreenSize {
        beside ? ScreenSize(width: screen.width - width, height: screen.height) : screen
    }

    /// Text inside the border, one column of padding on each side.
    var textX: Int { x + 2 }
    var textWidth: Int { max(0, width - 4) }
    /// The rows inside the border.
    var innerTop: Int { y + 1 }
    var innerHeight: Int { max(0, height - 2) }

    /// Rows kept for the text below the picture where the panel is tall enough.
    static let textRows = 14

    /// The large picture's size: as large as the panel allows while leaving the text three
    /// fifths of its rows, or `textRows` on a tall panel; square in pixels; nil when the
    /// panel is too small for one.
    var pictureSize: (columns: Int, rows: Int)? {
        let rows = min(textWidth / 2, max((innerHeight - 2) * 2 / 5, innerHeight - 3 - Self.textRows), Self.maximumPictureRows)
        return rows >= Self.minimumPictureRows ? (rows * 2, rows) : nil
    }

    /// Where the picture goes: centred, below the name line and a blank row.
    var pictureOrigin: (x: Int, y: Int)? {
        guard let size = pictureSize else { return nil }
        return (textX + (textWidth - size.columns) / 2, innerTop + 2)
    }

    func intersects(x left: Int, y top: Int, width: Int, height: Int) -> Bool {
        x < left + width && left < x + self.width && y < top + height && top < y + self.height
    }
}

/// A line of the panel's text and how it is drawn.
struct PanelLine: Equatable {
    var text: String
    var style: CellStyle = .plain
    /// Columns to the left of the text (an entry under its heading, a wrapped line's hang).
    var indent = 0
}

/// Draws the panel for the focused item: its name and whether it is current, the large
/// picture (or a placeholder until it arrives, blank cells when the terminal draws it in
/// pixels), where it is declared, its images and its lint findings. Sections that do not
/// fit are cut with a line counting what is left out, the findings last.
struct DetailsPanel: Widget {
    let frame: DetailsPanelFrame
    let glyphs: Glyphs
    let theme: Theme
    let item: ChooserItem
    let isCurrent: Bool
    let details: IconDetails?
    let findings: AppFindings?
    /// The findings listed for the item (see `ChooserState.findings(of:)`).
    let own: [IconFinding]
    let picture: Picture
    let renderer: TileRenderer
    /// `f` is bound (`KeyBindings`): the findings' heading says what it fixes.
    let offersFix: Bool

    var area: (x: Int, y: Int, width: Int, height: Int) { (frame.x, frame.y, frame.width, frame.height) }

    enum Picture {
        case symbols(CellGrid?)
        case pixels
    }

    func draw(into grid: inout CellGrid) {
        grid.drawBox(x: frame.x, y: frame.y, width: frame.width, height: frame.height, glyphs: glyphs.box, filled: true)
        guard frame.innerHeight > 0, frame.textWidth > 0 else { return }
        let heading = " Details \(glyphs.dash) i closes "
        if DisplayWidth.of(heading) + 4 <= frame.width { grid.write(heading, x: frame.x + 2, y: frame.y, style: theme.subtle) }

        // The name (UIKit's: the primary is nil) and whether it is current.
        let name = item.name.map { glyphs.shown($0) } ?? "primary"
        let mark = isCurrent ? "\(glyphs.badge.trimmingCharacters(in: .whitespaces)) current" : "not current"
        let nameRoom = max(1, frame.textWidth - DisplayWidth.of(mark) - 2)
        let shownName = DisplayWidth.truncate(name, to: nameRoom, ellipsis: glyphs.ellipsis)
        grid.write(shownName, x: frame.textX, y: frame.innerTop, style: theme.title)
        grid.write(mark, x: frame.textX + frame.textWidth - DisplayWidth.of(mark), y: frame.innerTop,
                   style: isCurrent ? theme.badge : theme.subtle)

        var top = frame.innerTop + 2
        if let size = frame.pictureSize, let origin = frame.pictureOrigin {
            switch picture {
            case .symbols(let tile):
                grid.draw(tile ?? renderer.placeholder(name: item.title, columns: size.columns, rows: size.rows),
                          x: origin.x, y: origin.y)
            case .pixels:
                grid.fill(x: origin.x, y: origin.y, width: size.columns, height: size.rows)
            }
            top = origin.y + size.rows + 1
        }
        let room = frame.innerTop + frame.innerHeight - top
        for (offset, line) in fitted(details: details, findings: findings, own: own, rows: room).enumerated() {
            let width = frame.textWidth - line.indent
            grid.write(DisplayWidth.truncate(line.text, to: width, ellipsis: glyphs.ellipsis),
                       x: frame.textX + line.indent, y: top + offset, style: line.style)
        }
    }

    // MARK: The text

    /// One section of the text: a heading, then entries (a place, an image, a finding) of one
    /// or more lines each, cut only between entries.
    struct Section {
        var heading: PanelLine
        var entries: [[PanelLine]]
        /// What an entry is, for the line that counts those cut ("3 more images").
        var noun: String

        var lineCount: Int { 1 + entries.reduce(0) { $0 + $1.count } }

        /// The section in at most `rows` lines, its last line counting the entries left out.
        /// Entries are shown whole (an image's name without its size says too little), except
        /// the first where it alone does not fit: it loses its last lines, its last line shown
        /// ending in an ellipsis.
        func lines(in rows: Int, glyphs: Glyphs, theme: Theme) -> [PanelLine] {
            guard rows > 0 else { return [] }
            let all = [heading] + entries.flatMap { $0 }
            guard all.count > rows else { return all }
            guard rows >= 3 else { return Array(all.prefix(rows)) }
            var shown = [heading]
            var started = 0
            for (offset, entry) in entries.enumerated() where shown.count < rows - 1 {
                // The last entry needs no row for a count of those after it.
                let room = rows - shown.count - (offset == entries.count - 1 ? 0 : 1)
                if entry.count <= room {
                    shown += entry
                    started += 1
                    continue
                }
                guard started == 0 else { break }
                var part = Array(entry.prefix(rows - shown.count - (entries.count > 1 ? 1 : 0)))
                part[part.count - 1].text += glyphs.ellipsis
                shown += part
                started += 1
                break
            }
            let hidden = entries.count - started
            guard hidden > 0 else { return shown }
            return shown + [PanelLine(text: "\(glyphs.ellipsis) \(hidden) more \(noun)\(hidden == 1 ? "" : "s")", style: theme.subtle,
                                      indent: 2)]
        }
    }

    /// The three sections in `rows` lines. Each first gets up to a few lines (the findings
    /// before the images, which are the likeliest to be long), then what is left goes to the
    /// declaration, the findings and the images, in that order, up to what each needs.
    func fitted(details: IconDetails?, findings: AppFindings?, own: [IconFinding], rows: Int) -> [PanelLine] {
        guard rows > 0 else { return [] }
        let sections = [declarationSection(details), imageSection(details), findingSection(findings, own: own)]
        let needs = sections.map { $0?.lineCount ?? 0 }
        var given = [0, 0, 0]
        var left = rows
        for (section, share) in [(0, 4), (2, 4), (1, 4), (0, Int.max), (2, Int.max), (1, Int.max)] {
            let more = min(left, max(0, min(needs[section], share) - given[section]))
            given[section] += more
            left -= more
        }
        return Array(zip(sections, given).flatMap { section, rows in
            section?.lines(in: rows, glyphs: glyphs, theme: theme) ?? []
        }.prefix(rows))
    }

    private func heading(_ text: String) -> PanelLine { PanelLine(text: text, style: theme.title) }

    private func subtle(_ text: String) -> [PanelLine] {
        Self.wrap(text, to: max(1, frame.textWidth - 2)).map { PanelLine(text: $0, style: theme.subtle, indent: 2) }
    }

    /// A label and a value after it, or under it where it does not fit, broken as `wrap` breaks.
    private func labelled(_ label: String, _ value: String) -> [PanelLine] {
        let value = glyphs.shown(value)
        let oneLine = "\(label) \(value)"
        if DisplayWidth.of(oneLine) <= frame.textWidth - 2 { return [PanelLine(text: oneLine, indent: 2)] }
        // Under the label, indented, unless one line holds the value only without the indent.
        let indent = DisplayWidth.of(value) > frame.textWidth - 4 && DisplayWidth.of(value) <= frame.textWidth - 2 ? 2 : 4
        let width = max(1, frame.textWidth - indent)
        return [PanelLine(text: label, indent: 2)] + Self.wrap(value, to: width).map { PanelLine(text: $0, indent: indent) }
    }

    /// `text` in lines of at most `width` columns, broken at a space or after a slash or an
    /// underscore, so paths and build-setting names (`ASSETCATALOG_COMPILER_…`) part between
    /// their components; a component longer than a line is cut wherever it must be.
    static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0 else { return [] }
        // Pieces that each end where a line may: after "/" or "_", or before a space (dropped at a break).
        var pieces: [(text: String, spaceBefore: Bool)] = []
        var piece = "", spaceBefore = false
        for character in text {
            if character == " " {
                if !piece.isEmpty { pieces.append((piece, spaceBefore)) }
                piece = ""
                spaceBefore = true
                continue
            }
            piece.append(character)
            if character == "/" || character == "_" {
                pieces.append((piece, spaceBefore))
                piece = ""
                spaceBefore = false
            }
        }
        if !piece.isEmpty { pieces.append((piece, spaceBefore)) }
        var lines: [String] = []
        var line = ""
        for (piece, spaceBefore) in pieces {
            let joined = line.isEmpty ? piece : line + (spaceBefore ? " " : "") + piece
            if !line.isEmpty && DisplayWidth.of(joined) > width {
                lines.append(line)
                line = piece
            } else {
                line = joined
            }
            // A piece longer than a line is cut wherever it must be.
            while DisplayWidth.of(line) > width {
                let head = DisplayWidth.wrap(line, to: width).first ?? line
                lines.append(head)
                line = String(line.dropFirst(max(1, head.count)))
            }
        }
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    func declarationSection(_ details: IconDetails?) -> Section {
        var section = Section(heading: heading("Declared"), entries: [], noun: "place")
        guard let details else {
            section.entries = [subtle("looking\(glyphs.ellipsis)")]
            return section
        }
        for place in details.places {
            switch place {
            case let .plistKey(keys, file):
                section.entries.append(labelled("key", keys.joined(separator: " \(glyphs.keyPathSeparator) "))
                                       + labelled("in", file))
            case let .iconSet(path):
                section.entries.append(labelled("icon set", path))
            case let .iconBundle(path, older):
                section.entries.append(labelled("Icon Composer", path)
                                       + (older.map { labelled("before iOS 26", $0) } ?? []))
            case let .setting(name):
                section.entries.append(labelled("ships by", name))
            case let .configEntry(keyPath, file, plugin, key):
                section.entries.append(labelled("config", keyPath) + labelled("in", file)
                                       + (plugin.map { labelled("plugin", $0) } ?? labelled("made by", "Expo (prebuild)"))
                                       + (key.map { labelled("config key", $0) } ?? []))
            }
        }
        if details.places.isEmpty { section.entries = [subtle("nowhere known")] }
        return section
    }

    /// The images, or nil while they are looked for.
    func imageSection(_ details: IconDetails?) -> Section? {
        guard let details else { return nil }
        var section = Section(heading: heading("Images"), entries: [], noun: "image")
        guard !details.images.isEmpty else {
            section.entries = [subtle(details.note ?? "none found")]
            return section
        }
        // The facts in aligned columns after the file names where they fit beside them, else
        // each name above its facts; a size or idiom every image shares goes in the heading.
        var facts = details.images.map { image -> [String] in
            let size = image.width.flatMap { w in image.height.map { "\(w)\(glyphs.times)\($0)" } } ?? "vector"
            return [size, image.idiom ?? "", image.appearance.rawValue, image.derived ? "derived" : ""]
        }
        // (A loose file has no idiom: it serves whichever device reads the key it was found through.)
        let shared = (0..<2).filter { column in Set(facts.map { $0[column] }).count == 1 }
        let sharedText = shared.map { facts[0][$0] }.filter { !$0.isEmpty }
        if !sharedText.isEmpty { section.heading.text += "  " + sharedText.joined(separator: " ") }
        if !shared.isEmpty {
            for column in shared { facts = facts.map { var row = $0; row[column] = ""; return row } }
        }
        let widths = (0..<4).map { column in facts.map { DisplayWidth.of($0[column]) }.max() ?? 0 }
        let factsWidth = widths.reduce(0, +) + 2 * widths.filter { $0 > 0 }.count
        let names = details.images.map { glyphs.shown($0.file) }
        let longest = names.map { DisplayWidth.of($0) }.max() ?? 0
        let oneLine = longest + factsWidth <= frame.textWidth - 2
        for (name, fact) in zip(names, facts) {
            let columns = zip(fact, widths).filter { $0.1 > 0 }.map { DisplayWidth.pad($0.0, to: $0.1) }
            let factsText = trimmedTrailingSpaces(columns.joined(separator: "  "))
            if oneLine {
                section.entries.append([PanelLine(text: DisplayWidth.pad(name, to: longest) + "  " + factsText, indent: 2)])
            } else {
                section.entries.append([
                    PanelLine(text: DisplayWidth.truncate(name, to: frame.textWidth - 2, ellipsis: glyphs.ellipsis), indent: 2),
                    PanelLine(text: factsText, style: theme.subtle, indent: 4),
                ])
            }
        }
        return section
    }

    private func trimmedTrailingSpaces(_ text: String) -> String {
        String(text.reversed().drop { $0 == " " }.reversed())
    }

    func findingSection(_ findings: AppFindings?, own: [IconFinding]) -> Section {
        var section = Section(heading: heading("Lint"), entries: [], noun: "finding")
        guard let findings else {
            section.entries = [subtle("checking the app\(glyphs.ellipsis)")]
            return section
        }
        if let failure = findings.failure {
            section.entries = [subtle("not checked: \(glyphs.shown(failure))")]
            return section
        }
        // Said in the heading, which always shows, where a long finding's end may be cut.
        let fixable = own.count(where: \.fixable)
        if fixable > 0, offersFix { section.heading = heading("Lint \(glyphs.dash) f fixes \(fixable == own.count ? (fixable == 1 ? "it" : "them") : "\(fixable)")") }
        if own.isEmpty { section.entries.append([PanelLine(text: "nothing found", indent: 2)]) }
        for finding in own {
            let style: CellStyle
            switch finding.severity {
            case .error: style = theme.error
            case .warning: style = theme.warning
            case .note: style = .plain
            }
            let text = "\(finding.severity.rawValue): \(glyphs.shown(finding.message)) [\(finding.rule)\(finding.fixable ? ", fixable" : "")]"
            section.entries.append(Self.wrap(text, to: max(1, frame.textWidth - 4)).enumerated().map { offset, line in
                PanelLine(text: line, style: offset == 0 ? style : .plain, indent: offset == 0 ? 2 : 4)
            })
        }
        if findings.elsewhere > 0 {
            // The command that shows them, and fixes those it can.
            let command = switch findings.elsewhereFixable {
            case 0: "iconchooser lint"
            case findings.elsewhere: "iconchooser lint --fix"
            default: "iconchooser lint (--fix: \(findings.elsewhereFixable))"
            }
            section.entries.append(subtle("+\(findings.elsewhere) about the whole app: \(command)"))
        }
        return section
    }
}
