import CellCanvas
import TerminalDetection
import TerminalInput

/// A terminal as the chooser's loop drives it: frames out, events in, queries asked and
/// answered apart from the keys. The ncurses terminal draws on the user's terminal; the
/// in-memory one (in the tests) records frames and takes scripted events, so the loop,
/// pictures, queries and replies are tested without a tty.
///
/// Calls come from one task at a time; only the event sink is called from another thread.
public protocol Terminal: AnyObject {
    /// The size when it was opened or last changed (cells, and pixels where reported).
    var size: TerminalSize { get }
    var colorDepth: ColorDepth { get }
    /// Whether the locale is UTF-8; otherwise screens use ASCII only.
    var isUTF8: Bool { get }
    /// The environment the terminal was opened with: what detection reads.
    var environment: [String: String] { get }
    /// False when nothing can be asked (no terminal answers).
    var canQuery: Bool { get }
    /// Asks tmux about its passthrough, when running inside tmux: slow (it starts tmux),
    /// so called off the loop; nil outside tmux.
    var tmuxQuestion: (@Sendable () -> TmuxReport)? { get }
    /// The finest block symbols this terminal layer can put on screen, whatever the
    /// terminal itself draws.
    var symbolLimit: SymbolLimit { get }

    /// Starts reading: from now on every key, click, resize, signal, hang-up and reply goes
    /// to `sink`, from a thread of the terminal's own, in the order it happened.
    func startEvents(_ sink: @escaping @Sendable (TerminalEvent) -> Void)
    /// Shows the frame: its text, sending only the cells that changed, then its pictures,
    /// placed, moved or deleted with the encoder given to `usePictures`.
    func draw(_ frame: Frame)
    /// Writes the queries in one write. Their answers come as `.reply` events, never as
    /// keys; `close` waits a bounded time for those still out, so none reaches the shell.
    func sendQueries(_ plan: QueryPlan)
    /// The encoder for pictures in frames from now on (nil: frames' pictures are ignored).
    func usePictures(_ encoder: (any PictureEncoder)?)
    /// Draws in 24-bit colour from the next frame on, once the terminal has said it takes it
    /// though `colorDepth` is less; false where this terminal layer cannot (`colorDepth` then
    /// stays as it was).
    func upgradeToDirectColor() -> Bool
    /// The terminal's answer about a picture (kitty's `OK` or error for an image id), for
    /// the picture encoder in use.
    func pictureReply(_ reply: TerminalReply)
    /// Whether pictures placed are still waiting for the terminal to confirm them.
    var awaitsPictureConfirmation: Bool { get }
    /// Places again the pictures the terminal has not confirmed in time (see
    /// `PictureEncoder.placeUnconfirmed`).
    func placeUnconfirmedPictures()
    /// Places every picture shown again where the last frame put it (see
    /// `PictureEncoder.placeShownAgain`): called once the screen has been still a while.
    func placeShownPicturesAgain()
    /// Frees what was sent for pictures that will not be placed again (`PictureCommand.forget`).
    func forgetPictures(_ pictures: [PictureID])
    /// Gives the terminal back as it was: pictures deleted, late answers swallowed, modes
    /// restored. Safe to call more than once.
    func close()
}

extension Terminal {
    public func upgradeToDirectColor() -> Bool { false }
    public func pictureReply(_ reply: TerminalReply) {}
    public var awaitsPictureConfirmation: Bool { false }
    public func placeUnconfirmedPictures() {}
    public func placeShownPicturesAgain() {}
    public func forgetPictures(_ pictures: [PictureID]) {}
}

/// A screen as the program wants it: the text, and pixel pictures over it.
public struct Frame: Hashable, Sendable {
    public var grid: CellGrid
    /// Pictures drawn after the text; the cells under them should be blank in `grid`.
    public var pictures: [PicturePlacement]

    public init(grid: CellGrid, pictures: [PicturePlacement] = []) {
        self.grid = grid
        self.pictures = pictures
    }
}

/// The finest block symbols a terminal layer can write, and why it cannot write finer ones:
/// ncurses measures every character with the C library's `wcwidth`, and drops those it
/// does not know (octants, Unicode 16, are unknown to glibc 2.36), as tmux does.
public struct SymbolLimit: Hashable, Sendable {
    public var finest: SymbolSet
    /// Why nothing finer is possible; nil when `finest` is the finest set there is.
    public var reason: String?

    public init(finest: SymbolSet, reason: String? = nil) {
        self.finest = finest
        self.reason = reason
    }

    /// No limit: every set can be written.
    public static let none = SymbolLimit(finest: .octant)
}
