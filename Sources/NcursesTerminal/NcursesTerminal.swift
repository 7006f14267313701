import CNcurses
import CellCanvas
import Foundation

/// The only place that talks to ncurses: opens the user's terminal (`/dev/tty`, so stdout
/// stays free for results), draws `CellGrid`s with colour pairs allocated on demand,
/// turns input into `TerminalEvent`s, and always gives the terminal back as it found it.
public final class NcursesTerminal {
    public enum OpenError: Error, Equatable, CustomStringConvertible {
        case noTerminal(String)
        case unknownTerminal(String)

        public var description: String {
            switch self {
            case .noTerminal(let reason):
                return "no terminal to draw on (\(reason)); use `iconchooser list` and `iconchooser set NAME` in scripts"
            case .unknownTerminal(let term):
                return term.isEmpty
                    ? "TERM is not set; use `iconchooser list` and `iconchooser set NAME` without a terminal"
                    : "unknown terminal type “\(term)” (TERM); use `iconchooser list` and `iconchooser set NAME`"
            }
        }
    }

    /// The colours the screen can show, from terminfo (direct colour means truecolor) and `NO_COLOR`.
    public let colorDepth: ColorDepth
    /// Whether the locale is UTF-8; otherwise screens should use ASCII only.
    public let isUTF8: Bool
    public private(set) var width: Int
    public private(set) var height: Int

    private let screen: OpaquePointer
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let descriptor: Int32
    private let directColor: Bool
    private var pairs: [PairKey: Int32] = [:]
    private var shown: CellGrid?
    private var closed = false
    private var inputTimeout = 100

    private struct PairKey: Hashable {
        let foreground: TerminalColor
        let background: TerminalColor
    }

    /// Opens the controlling terminal, or says plainly why there is none to use.
    public static func open(environment: [String: String] = ProcessInfo.processInfo.environment,
                            mouse: Bool = true) throws(OpenError) -> NcursesTerminal {
        setlocale(LC_ALL, "")
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { throw .unknownTerminal(term) }
        var descriptor = Foundation.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
        if descriptor < 0 {
            let reason = String(cString: strerror(errno))
            guard isatty(STDIN_FILENO) == 1 else { throw .noTerminal("/dev/tty: \(reason)") }
            descriptor = dup(STDIN_FILENO)
        }
        guard isatty(descriptor) == 1 else {
            Foundation.close(descriptor)
            throw .noTerminal("/dev/tty is not a terminal")
        }
        guard let output = fdopen(dup(descriptor), "w"), let input = fdopen(descriptor, "r") else {
            Foundation.close(descriptor)
            throw .noTerminal("cannot open the terminal for reading and writing")
        }
        iconchooser_install_crash_restore(descriptor)
        guard let screen = newterm(term, output, input) else {
            fclose(output)
            fclose(input)
            throw .unknownTerminal(term)
        }
        return NcursesTerminal(screen: screen, input: input, output: output, descriptor: descriptor,
                               environment: environment, mouse: mouse)
    }

    private init(screen: OpaquePointer, input: UnsafeMutablePointer<FILE>, output: UnsafeMutablePointer<FILE>,
                 descriptor: Int32, environment: [String: String], mouse: Bool) {
        self.screen = screen
        self.input = input
        self.output = output
        self.descriptor = descriptor
        set_term(screen)
        raw()  // Ctrl-C arrives as a key, so leaving is always orderly
        noecho()
        nonl()
        keypad(iconchooser_stdscr(), true)
        curs_set(0)
        set_escdelay(25)
        wtimeout(iconchooser_stdscr(), 100)
        if mouse {
            mousemask(iconchooser_button1_events(), nil)
            mouseinterval(0)
        }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            let colors = Int(iconchooser_colors())
            directColor = colors >= 1 << 24 || tigetflag("RGB") > 0
            colorDepth = directColor ? .truecolor : colors >= 256 ? .palette256 : colors >= 16 ? .ansi16 : colors >= 8 ? .ansi8 : .noColor
        } else {
            directColor = false
            colorDepth = .noColor
        }
        let codeset = String(cString: nl_langinfo(Int32(CODESET)))
        isUTF8 = codeset.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
        var rows: Int32 = 0, columns: Int32 = 0
        iconchooser_getmaxyx(iconchooser_stdscr(), &rows, &columns)
        width = Int(columns)
        height = Int(rows)
        for number in [SIGINT, SIGTERM, SIGHUP] { iconchooser_catch_signal(number) }
    }

    deinit { close() }

    /// Puts the terminal back (modes, cursor, main screen). Safe to call more than once.
    public func close() {
        guard !closed else { return }
        closed = true
        set_term(screen)
        endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
    }

    /// Shows `grid`, sending only the cells that changed since the last frame.
    public func draw(_ grid: CellGrid) {
        guard !closed else { return }
        let previous = shown?.width == grid.width && shown?.height == grid.height ? shown : nil
        if previous == nil { werase(iconchooser_stdscr()) }
        for y in 0..<min(grid.height, height) {
            for x in 0..<min(grid.width, width) {
                let cell = grid[x, y]
                guard !cell.isContinuation, previous?[x, y] != cell else { continue }
                put(cell, x: x, y: y)
            }
        }
        shown = grid
        wnoutrefresh(iconchooser_stdscr())
        doupdate()
    }

    private func put(_ cell: Cell, x: Int, y: Int) {
        var text = cell.text.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        text.append(0)
        var attributes = iconchooser_a_normal()
        if cell.attributes.contains(.bold) { attributes |= iconchooser_a_bold() }
        if cell.attributes.contains(.dim) { attributes |= iconchooser_a_dim() }
        if cell.attributes.contains(.underline) { attributes |= iconchooser_a_underline() }
        if cell.attributes.contains(.reverse) { attributes |= iconchooser_a_reverse() }
        let pair = colorDepth == .noColor ? 0 : pairNumber(cell.foreground, cell.background)
        _ = text.withUnsafeBufferPointer { iconchooser_put_cell(iconchooser_stdscr(), Int32(y), Int32(x), $0.baseAddress, attributes, pair) }
    }

    /// An extended colour pair for the two colours, allocated the first time and reused after.
    private func pairNumber(_ foreground: TerminalColor, _ background: TerminalColor) -> Int32 {
        let key = PairKey(foreground: foreground, background: background)
        if let known = pairs[key] { return known }
        let pair = alloc_pair(colorNumber(foreground), colorNumber(background))
        let usable = pair < 0 ? 0 : pair
        pairs[key] = usable
        return usable
    }

    /// ncurses' number for a colour: -1 for the default, palette indices, or 0xRRGGBB on direct-colour terminals.
    private func colorNumber(_ color: TerminalColor) -> Int32 {
        switch colorDepth.reduce(color) {
        case .default:
            return -1
        case .indexed(let index):
            guard directColor, index >= 8 else { return Int32(index) }
            let rgb = Palette.xterm(index)
            return Self.direct(rgb.red, rgb.green, rgb.blue)
        case .rgb(let red, let green, let blue):
            return Self.direct(red, green, blue)
        }
    }

    /// Direct-colour terminfo treats values below 8 as the ANSI palette; nudge near-black up.
    private static func direct(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Int32 {
        max(8, Int32(red) << 16 | Int32(green) << 8 | Int32(blue))
    }

    /// The next event, or nil when none came within `timeoutMilliseconds`.
    public func nextEvent(timeoutMilliseconds: Int = 100) -> TerminalEvent? {
        guard !closed else { return .hangup }
        if timeoutMilliseconds != inputTimeout {
            inputTimeout = timeoutMilliseconds
            wtimeout(iconchooser_stdscr(), Int32(timeoutMilliseconds))
        }
        if let signal = takeSignal() { return signal }
        var character: wint_t = 0
        let result = wget_wch(iconchooser_stdscr(), &character)
        if let signal = takeSignal() { return signal }
        if result == ERR {
            return errno == EIO || iconchooser_terminal_gone(descriptor) != 0 ? .hangup : nil
        }
        if result == KEY_CODE_YES {
            return functionKey(Int32(character))
        }
        if character == 27 {
            let outcome = afterEscape()
            if let signal = takeSignal() { return signal }
            return outcome
        }
        return characterKey(UInt32(character))
    }

    /// A bare Esc from ncurses: the Esc key, or the start of a key or mouse report that
    /// ncurses did not recognise (see `EscapeSequence`), which must never quit the chooser.
    private func afterEscape() -> TerminalEvent? {
        defer { wtimeout(iconchooser_stdscr(), Int32(inputTimeout)) }
        let outcome = EscapeSequence.read { milliseconds in
            wtimeout(iconchooser_stdscr(), Int32(milliseconds))
            var next: wint_t = 0
            // Function keys inside a broken sequence count as its end: nothing to read on.
            guard wget_wch(iconchooser_stdscr(), &next) == OK else { return nil }
            return UInt32(next)
        }
        switch outcome {
        case .escape:
            return .key(.escape)
        case .event(let event):
            return event
        case .ignored:
            return nil
        case .escapeThen(let character):
            unget_wch(wchar_t(bitPattern: character))
            return .key(.escape)
        }
    }

    private func takeSignal() -> TerminalEvent? {
        let number = iconchooser_take_signal()
        return number == 0 ? nil : .signal(number)
    }

    private func functionKey(_ code: Int32) -> TerminalEvent? {
        switch code {
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_HOME, KEY_A1: return .key(.home)
        case KEY_END, KEY_C1: return .key(.end)
        case KEY_PPAGE, KEY_A3: return .key(.pageUp)
        case KEY_NPAGE, KEY_C3: return .key(.pageDown)
        case KEY_BTAB: return .key(.backTab)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_RESIZE:
            var rows: Int32 = 0, columns: Int32 = 0
            iconchooser_getmaxyx(iconchooser_stdscr(), &rows, &columns)
            width = Int(columns)
            height = Int(rows)
            shown = nil
            return .resize(width: width, height: height)
        case KEY_MOUSE:
            var event = MEVENT()
            guard getmouse(&event) == OK, iconchooser_is_button1_press(event.bstate) != 0 else { return nil }
            return .click(column: Int(event.x), row: Int(event.y))
        default:
            return nil
        }
    }

    private func characterKey(_ code: UInt32) -> TerminalEvent? {
        switch code {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 8, 127: return .key(.backspace)
        case 1...26: return .key(.control(Character(Unicode.Scalar(code + 96)!)))
        default:
            guard let scalar = Unicode.Scalar(code) else { return nil }
            return .key(.character(Character(scalar)))
        }
    }
}
