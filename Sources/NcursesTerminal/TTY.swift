import FileAccess
import Foundation
import SystemPackage
import TerminalInput

/// The controlling terminal at the file-descriptor level: opening it, its size, its modes.
enum TTY {
    /// `/dev/tty` read-write (so stdout stays free for results), else a duplicate of stdin
    /// when that is a terminal; nil and the reason when there is none.
    static func open() -> (descriptor: Int32?, reason: String) {
        var descriptor: Int32
        do throws(SystemCallError) {
            descriptor = try systemCall("open") { Foundation.open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC) }
        } catch {
            let reason = "/dev/tty: " + error.message
            guard isatty(STDIN_FILENO) == 1 else { return (nil, reason) }
            descriptor = (try? Descriptors.duplicate(STDIN_FILENO)) ?? -1
        }
        guard descriptor >= 0, isatty(descriptor) == 1 else {
            if descriptor >= 0 { Foundation.close(descriptor) }
            return (nil, "/dev/tty is not a terminal")
        }
        return (descriptor, "")
    }

    /// TIOCGWINSZ: cells, and pixels where the terminal (or the SSH client) reports them.
    static func size(of descriptor: Int32) -> TerminalSize? {
        guard let size = try? Descriptors.windowSize(of: descriptor) else { return nil }
        return TerminalSize(columns: Int(size.ws_col), rows: Int(size.ws_row),
                            pixelWidth: Int(size.ws_xpixel), pixelHeight: Int(size.ws_ypixel))
    }

    /// Writes all of `bytes`, retrying after interruptions and short writes; false when the
    /// terminal has gone.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        var offset = 0
        while offset < bytes.count {
            do {
                offset += try systemCall("write") { bytes[offset...].withUnsafeBytes { Foundation.write(descriptor, $0.baseAddress, $0.count) } }
            } catch let error where error.code == .resourceTemporarilyUnavailable {
                continue
            } catch {
                return false
            }
        }
        return true
    }
}

/// Milliseconds on a clock that never jumps, for the input decoder's waits.
enum Monotonic {
    static func milliseconds() -> Int {
        Int(DispatchTime.now().uptimeNanoseconds / 1_000_000)
    }
}
