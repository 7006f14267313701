import Foundation

/// The chooser running in tmux (`TERM=xterm-256color` unless `environment` says otherwise),
/// and the folder where its shell records the exit status (`status.txt`) and `stty -g`
/// before and after.
struct ChooserWindow {
    let tmux: Tmux
    let folder: TemporaryFolder
    var statusFile: String { folder.url("status.txt") }

    init(cli: CLI, _ arguments: [String] = [], width: Int = 100, height: Int = 30,
         environment: [String: String] = [:]) throws {
        var env = cli.environment
        env["TERM"] = "xterm-256color"
        env.merge(environment) { $1 }
        let folder = TemporaryFolder()
        let command = ([CLI.binary] + arguments).map(shellQuote).joined(separator: " ")
        tmux = try Tmux(command: "stty -g > \(shellQuote(folder.url("stty-before"))); \(command); "
            + "echo $? > \(shellQuote(folder.url("status.tmp"))); "
            + "stty -g > \(shellQuote(folder.url("stty-after"))); "
            + "mv \(shellQuote(folder.url("status.tmp"))) \(shellQuote(folder.url("status.txt")))",
            width: width, height: height, environment: env)
        self.folder = folder
    }
}

// Reading the chooser's screen: the focus plate, its caption, the SGR codes used.

/// Every SGR parameter in a `capture-pane -e` screen.
func sgrParameters(_ styled: String) -> [Int] {
    styled.matches(of: /\x1B\[([0-9;:]*)m/).flatMap { match in
        match.output.1.split(whereSeparator: { $0 == ";" || $0 == ":" }).compactMap { Int($0) }
    }
}

/// The focused tile's name plate: where it is and the caption on it.
struct Plate: Equatable {
    let row: Int
    let columns: Range<Int>
    let caption: String
}

/// The one run of highlighted cells in a single style, at least a small slot wide (10),
/// with a caption on it; nil when there is none or more than one. Pictures are
/// highlighted too (coloured cells) but carry no lowercase letters, the badge is three
/// cells, and placeholders show capital initials.
func focusPlate(_ cells: [[ScreenCell]]) -> Plate? {
    var plates: [Plate] = []
    for (y, row) in cells.enumerated() {
        var x = 0
        while x < row.count {
            guard row[x].highlighted else { x += 1; continue }
            let start = x
            while x < row.count && row[x].reverse == row[start].reverse && row[x].background == row[start].background { x += 1 }
            let text = String(row[start..<x].map(\.character)).trimmingCharacters(in: .whitespaces)
            if x - start >= 10, text.contains(where: \.isLowercase) {
                plates.append(Plate(row: y, columns: start..<x, caption: text))
            }
        }
    }
    return plates.count == 1 ? plates[0] : nil
}

func focusedCaption(_ cells: [[ScreenCell]]) -> String? { focusPlate(cells)?.caption }

/// The rows of the details panel below its heading, between its side borders, joined by
/// spaces (so a phrase wrapped across rows is found whole).
func detailsPanelText(_ screen: [String]) -> String {
    guard let top = screen.firstIndex(where: { $0.contains("Details") }) else { return "" }
    return screen[top...].compactMap { line -> String? in
        let characters = Array(line)
        guard let close = characters.lastIndex(of: "│"), let open = characters[..<close].lastIndex(of: "│") else { return nil }
        return String(characters[(open + 1)..<close]).trimmingCharacters(in: .whitespaces)
    }.joined(separator: " ")
}
