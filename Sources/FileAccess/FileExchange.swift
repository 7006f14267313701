import CFileExchange
import SystemPackage

/// Swaps the files at `a` and `b` in one atomic step (`renameat2(RENAME_EXCHANGE)`, macOS's
/// `renamex_np(RENAME_SWAP)`), so that what was at `b` is not lost but left at `a`: a writer can
/// look at what it replaced, and put it back, with no moment where `b` is missing. Throws
/// `.invalidArgument` or `.notSupported` where the file system cannot exchange.
public func exchangeFiles(_ a: String, _ b: String) throws(Errno) {
    do throws(SystemCallError) {
        try systemCall(exchangeCall) { iconchooser_exchange(a, b) }
    } catch {
        throw error.code
    }
}

/// The call `iconchooser_exchange` makes.
#if canImport(Darwin)
private let exchangeCall = "renamex_np"
#else
private let exchangeCall = "renameat2"
#endif

extension Errno {
    /// The answers of a file system (or a kernel) that cannot exchange two paths.
    public var meansNoExchange: Bool {
        self == .invalidArgument || self == .notSupported || self == .noFunction
    }
}
