import CNcurses
import CTerminalSignals
import CellCanvas
import FileAccess
import Foundation
import Synchronization
import TerminalDetection
import TerminalInput
import TerminalInterface

/// The only place that talks to ncurses: opens the user's terminal (`/dev/tty`, so stdout
/// stays free for results), draws frames with colour pairs allocated on demand, pictures
/// after the text, and always gives the terminal back as it found it.
///
/// ncurses only draws. Input is read by an `InputReader` on a thread of its own, straight
/// from the terminal: ncurses' reading (one call at a time, on the thread that also draws)
/// could neither wake the loop the moment a picture is decoded nor tell a query's answer
/// from a key. Size changes come through its SIGWINCH flag, so ncurses is resized here.
public final class NcursesTerminal: Terminal {
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

    public private(set) var colorDepth: ColorDepth
    public let isUTF8: Bool
    public let environment: [String: String]
    public let canQuery = true
    public private(set) var size: TerminalSize
    public let symbolLimit: SymbolLimit

    private var screen: OpaquePointer
    /// The terminfo entry ncurses draws with: TERM, or its direct-colour sibling.
    public private(set) var terminfoName: String
    /// `--color`: the depth asked for, which no answer changes; nil follows the terminal.
    private let askedDepth: ColorDepth?
    private let input: UnsafeMutablePointer<FILE>
    private let output: UnsafeMutablePointer<FILE>
    private let descriptor: Int32
    private var directColor: Bool
    private var pairs: [PairKey: Int32] = [:]
    private var shown: CellGrid?
    private var reader: InputReader?
    private var encoder: (any PictureEncoder)?
    private var pictures: PictureScreen?
    /// A picture was placed whose removal needs the screen wiped (text-erased pictures).
    private var needsWipe = false
    /// When the last queries went out, and until when after that their answers may come.
    private var answersDue: Date?
    private var closed = false
    private let mouse: Bool
    /// Set by the reader when the window changes size: the next frame is drawn whole, even
    /// at the size it had before (the terminal may have reflowed what it showed meanwhile).
    private let resized = Flag()

    private struct PairKey: Hashable {
        let foreground: TerminalColor
        let background: TerminalColor
    }

    /// Opens the controlling terminal, or says plainly why there is none to use.
    /// `colorDepth`: `--color`, a depth to draw with whatever the terminal says (nil: follow
    /// NO_COLOR, COLORTERM, terminfo, and the terminal's answers).
    public static func open(environment: [String: String] = ProcessInfo.processInfo.environment,
                            mouse: Bool = true, colorDepth asked: ColorDepth? = nil) throws(OpenError) -> NcursesTerminal {
        setlocale(LC_ALL, "")
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty, term != "dumb" else { throw .unknownTerminal(term) }
        let (opened, reason) = TTY.open()
        guard let descriptor = opened else { throw .noTerminal(reason) }
        guard let output = fdopen((try? Descriptors.duplicate(descriptor)) ?? -1, "w"),
              let input = fdopen((try? Descriptors.duplicate(descriptor)) ?? -1, "r") else {
            Foundation.close(descriptor)
            throw .noTerminal("cannot open the terminal for reading and writing")
        }
        iconchooser_crash_restore_install(descriptor)
        // Before ncurses starts, so that it leaves SIGINT, SIGTERM and SIGWINCH to these handlers.
        iconchooser_signals_install()
        let noColor = asked == nil && !(environment["NO_COLOR"] ?? "").isEmpty
        let wantsDirect = asked.map { $0 == .truecolor } ?? (!noColor && TerminalEnvironment(environment).saysDirectColor)
        let entry = (wantsDirect ? DirectColorTerminfo.entry(for: term, descriptor: descriptor) : nil) ?? term
        guard let screen = newterm(entry, output, input) ?? (entry == term ? nil : newterm(term, output, input)) else {
            iconchooser_signals_restore()
            fclose(output)
            fclose(input)
            Foundation.close(descriptor)
            throw .unknownTerminal(term)
        }
        return NcursesTerminal(screen: screen, terminfoName: entry, input: input, output: output, descriptor: descriptor,
                               environment: environment, mouse: mouse, colorDepth: asked)
    }

    private init(screen: OpaquePointer, terminfoName: String, input: UnsafeMutablePointer<FILE>,
                 output: UnsafeMutablePointer<FILE>, descriptor: Int32, environment: [String: String], mouse: Bool,
                 colorDepth asked: ColorDepth?) {
        self.screen = screen
        self.terminfoName = terminfoName
        self.input = input
        self.output = output
        self.descriptor = descriptor
        self.environment = environment
        self.mouse = mouse
        askedDepth = asked
        (directColor, colorDepth) = Self.configure(screen, mouse: mouse, environment: environment, asked: asked)
        let codeset = String(cString: nl_langinfo(Int32(CODESET)))
        isUTF8 = codeset.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
        symbolLimit = Self.symbolLimit(insideTmux: !(environment["TMUX"] ?? "").isEmpty)
        let pixels = TTY.size(of: descriptor)
        // ncurses takes LINES and COLUMNS from the environment over the terminal's own size; a
        // script that exported them for a wider window would have every frame drawn too wide.
        if let pixels, pixels.columns > 0, pixels.rows > 0 {
            resizeterm(Int32(clamping: pixels.rows), Int32(clamping: pixels.columns))
        }
        var rows: Int32 = 0, columns: Int32 = 0
        iconchooser_getmaxyx(iconchooser_stdscr(), &rows, &columns)
        size = TerminalSize(columns: Int(columns), rows: Int(rows),
                            pixelWidth: pixels?.pixelWidth ?? 0, pixelHeight: pixels?.pixelHeight ?? 0)
    }

    deinit { close() }

    /// Makes `screen` current and sets it up: raw keys, no echo, no cursor, mouse clicks, and
    /// colours; returns whether it draws direct colour and the depth frames are drawn in.
    private static func configure(_ screen: OpaquePointer, mouse: Bool, environment: [String: String],
                                  asked: ColorDepth?) -> (direct: Bool, depth: ColorDepth) {
        set_term(screen)
        raw()  // Ctrl-C arrives as a key, so leaving is always orderly
        noecho()
        nonl()
        curs_set(0)
        typeahead(-1)  // nobody reads through ncurses: never hold a frame back for pending input
        if mouse {
            mousemask(iconchooser_button1_events(), nil)
            mouseinterval(0)
        }
        let noColor = asked == .noColor || (asked == nil && !(environment["NO_COLOR"] ?? "").isEmpty)
        guard !noColor && has_colors() else { return (false, .noColor) }
        start_color()
        use_default_colors()
        let colors = Int(iconchooser_colors())
        let direct = colors >= 1 << 24 || tigetflag("RGB") > 0
        let depth: ColorDepth = direct ? .truecolor : colors >= 256 ? .palette256 : colors >= 16 ? .ansi16 : colors >= 8 ? .ansi8 : .noColor
        return (direct, asked.map { min($0, depth) } ?? depth)
    }

    /// Draws in 24-bit colour from the next frame on, the terminal having said it takes it
    /// (its answers, over SSH where COLORTERM does not travel) though TERM's terminfo entry
    /// has 256 colours or fewer. ncurses writes colours only as terminfo tells it, so the
    /// screen is started again with TERM's direct-colour sibling (`DirectColorTerminfo`) and
    /// the next frame repaints it whole. False, changing nothing, where there is no such
    /// entry, the depth was asked for with `--color`, or colour is off.
    public func upgradeToDirectColor() -> Bool {
        guard !closed, !directColor, askedDepth == nil, colorDepth != .noColor,
              let entry = DirectColorTerminfo.entry(for: terminfoName, descriptor: descriptor) else { return false }
        // The new screen keeps the terminal modes it starts in as the ones to give back when
        // leaving: the user's, not the chooser's raw ones.
        reset_shell_mode()
        guard let upgraded = newterm(entry, output, input) else {
            reset_prog_mode()
            return false
        }
        // The old screen is left allocated, once per run: delscreen frees windows by the
        // screen ncurses made them on, which after a second newterm takes the new screen's
        // own (its stdscr) with them.
        (directColor, colorDepth) = Self.configure(upgraded, mouse: mouse, environment: environment, asked: nil)
        screen = upgraded
        terminfoName = entry
        pairs = [:]
        resize(columns: size.columns, rows: size.rows)
        return true
    }

    /// ncurses writes only characters the C library gives a width, and tmux draws only those
    /// its own width table knows, which may be older than this program's.
    private static func symbolLimit(insideTmux: Bool) -> SymbolLimit {
        // The first character of each set that Unicode added after the half blocks.
        if iconchooser_wcwidth(0x1FB00) != 1 {
            return SymbolLimit(finest: .quadrant, reason: "the C library's character widths predate Unicode 13, so ncurses would drop sextants and octants")
        }
        if iconchooser_wcwidth(0x1CD00) != 1 {
            return SymbolLimit(finest: .sextant, reason: "the C library's character widths predate Unicode 16, so ncurses would drop octants")
        }
        if insideTmux {
            return SymbolLimit(finest: .sextant, reason: "tmux may not know Unicode 16's octants and would drop them")
        }
        return .none
    }

    public var tmuxQuestion: (@Sendable () -> TmuxReport)? {
        guard !(environment["TMUX"] ?? "").isEmpty else { return nil }
        let environment = environment
        return { TmuxQuestion.ask(environment: environment) }
    }

    public func startEvents(_ sink: @escaping @Sendable (TerminalEvent) -> Void) {
        guard !closed, reader == nil else { return }
        let resized = resized
        reader = InputReader(descriptor: descriptor, takesSignals: true) { event in
            if case .resize = event { resized.set() }
            sink(event)
        }
        reader?.start()
    }

    /// Shows the frame, sending only the cells that changed since the last one, then
    /// places, moves or deletes its pictures.
    public func draw(_ frame: Frame) {
        guard !closed else { return }
        let grid = frame.text(with: encoder)
        if resized.take() || grid.width != size.columns || grid.height != size.rows {
            resize(columns: grid.width, rows: grid.height)
        }
        let previous = shown?.width == grid.width && shown?.height == grid.height ? shown : nil
        if previous == nil { werase(iconchooser_stdscr()) }
        let changed = RepaintedCells.changes(from: previous, to: grid)
        for y in 0..<min(grid.height, size.rows) {
            for x in 0..<min(grid.width, size.columns) where changed.contains(x: x, y: y) {
                put(grid[x, y], x: x, y: y)
            }
        }
        shown = grid
        var commands: [PictureCommand] = []
        if encoder != nil, var screen = pictures {
            let update = screen.update(to: frame.pictures, repainted: changed)
            for rows in update.rowsToRedraw where !rows.isEmpty {
                wredrawln(iconchooser_stdscr(), Int32(rows.lowerBound), Int32(rows.count))
            }
            commands = update.commands
            pictures = screen
            if encoder?.textErasesPictures == true && !screen.shown.isEmpty { needsWipe = true }
        }
        wnoutrefresh(iconchooser_stdscr())
        doupdate()
        if let encoder, !commands.isEmpty {
            fflush(output)
            TTY.write(encoder.encode(commands), to: descriptor)
        }
    }

    /// Follows a size change (the reader reported it; ncurses has no SIGWINCH handler of
    /// its own here): new screen size, and everything repainted, as the terminal may have
    /// reflowed what it showed.
    private func resize(columns: Int, rows: Int) {
        resizeterm(Int32(rows), Int32(columns))
        clearok(iconchooser_curscr(), true)
        let pixels = TTY.size(of: descriptor)
        size = TerminalSize(columns: columns, rows: rows,
                            pixelWidth: pixels?.pixelWidth ?? 0, pixelHeight: pixels?.pixelHeight ?? 0)
        shown = nil
    }

    public func pictureReply(_ reply: TerminalReply) {
        _ = encoder?.receive(reply)
    }

    public var awaitsPictureConfirmation: Bool { encoder?.awaitsConfirmation ?? false }

    public func placeUnconfirmedPictures() {
        guard !closed, let encoder else { return }
        let bytes = encoder.placeUnconfirmed(now: .now)
        guard !bytes.isEmpty else { return }
        fflush(output)
        TTY.write(bytes, to: descriptor)
    }

    public func placeShownPicturesAgain() {
        guard !closed, let encoder else { return }
        let bytes = encoder.placeShownAgain()
        guard !bytes.isEmpty else { return }
        fflush(output)
        TTY.write(bytes, to: descriptor)
    }

    public func forgetPictures(_ pictures: [PictureID]) {
        guard !closed, let encoder, !pictures.isEmpty else { return }
        let bytes = encoder.encode(pictures.map { .forget($0) })
        guard !bytes.isEmpty else { return }
        fflush(output)
        TTY.write(bytes, to: descriptor)
    }

    public func sendQueries(_ plan: QueryPlan) {
        guard !closed, !plan.isEmpty else { return }
        fflush(output)
        reader?.expectPrimaryAnswers(plan.primaryAttributesExpected)
        let window = plan.answerWindowMilliseconds(in: TerminalEnvironment(environment))
        answersDue = max(answersDue ?? .distantPast, Date().addingTimeInterval(Double(window) / 1000))
        TTY.write(plan.bytes, to: descriptor)
    }

    /// Takes the old encoder's pictures away (and, leaving, frees what it sent), then uses
    /// `encoder` from the next frame on.
    public func usePictures(_ encoder: (any PictureEncoder)?) {
        if let old = self.encoder, var screen = pictures {
            let bytes = old.encode(screen.removeAll()) + old.release()
            if !bytes.isEmpty {
                fflush(output)
                TTY.write(bytes, to: descriptor)
            }
            if needsWipe {
                // Pictures in the cells go when the cells are written: the whole screen is.
                wclear(iconchooser_stdscr())
                shown = nil
                needsWipe = false
            }
        }
        self.encoder = encoder
        pictures = encoder.map { PictureScreen(textErasesPictures: $0.textErasesPictures) }
    }

    /// Puts the terminal back (pictures, modes, cursor, main screen), after waiting a
    /// bounded time for answers still out so that none is typed into the shell. Safe to
    /// call more than once.
    public func close() {
        guard !closed else { return }
        if encoder?.awaitsConfirmation == true {
            // kitty answers every placement, and an answer still on its way would reach the
            // shell: a DA1 question after them is answered after them, and is waited for below.
            sendQueries(.settling)
        }
        let wipe = needsWipe
        usePictures(nil)
        if wipe { wrefresh(iconchooser_stdscr()) }
        closed = true
        var answered = true
        if let reader, let answersDue {
            answered = reader.waitForAnswers(until: answersDue)
        }
        reader?.stop()
        reader = nil
        set_term(screen)
        endwin()
        delscreen(screen)
        fclose(output)
        fclose(input)
        // Whatever part of a late answer arrived is dropped rather than read by the shell.
        if !answered { tcflush(descriptor, TCIFLUSH) }
        Foundation.close(descriptor)
        iconchooser_signals_restore()
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
}

/// A flag one thread sets and another takes.
private final class Flag: Sendable {
    private let isSet = Atomic(false)

    func set() { isSet.store(true, ordering: .releasing) }

    /// Whether it was set, clearing it.
    func take() -> Bool {
        isSet.exchange(false, ordering: .acquiringAndReleasing)
    }
}
