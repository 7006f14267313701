import Foundation

/// Time and peak memory of one piece of work inside the test process, for the "within a
/// second and 200 MB" checks on hostile input. The time is the CPU time of the calling
/// thread, which the work runs on: other tests and builds on the machine do not inflate it
/// as they do the wall-clock time. On Linux the process's peak resident size
/// is reset (`/proc/self/clear_refs`) before the work, so `peakGrowthBytes` is how far the
/// resident size rose above where it stood, at its highest during the work rather than at
/// its end. Tests running at the same time can add to the figure, so bounds stay generous.
public struct ResourceUse: Sendable, CustomStringConvertible {
    public let seconds: Double
    public let peakGrowthBytes: Int

    public var description: String {
        String(format: "%.3f s, peak +%d MiB", seconds, peakGrowthBytes >> 20)
    }

    private static let lock = NSLock()

    /// Runs `body` once, measured; measurements never overlap each other.
    public static func measure<T>(_ body: () throws -> T) rethrows -> (T, ResourceUse) {
        lock.lock()
        defer { lock.unlock() }
        resetPeak()
        let before = residentBytes()
        let start = threadCPUSeconds()
        let result = try body()
        let seconds = threadCPUSeconds() - start
        let growth = max(0, peakBytes() - before)
        return (result, ResourceUse(seconds: seconds, peakGrowthBytes: growth))
    }

    private static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    private static func resetPeak() {
        // "5" resets VmHWM to the current resident size (Linux 4.0 and later).
        let fd = open("/proc/self/clear_refs", O_WRONLY)
        guard fd >= 0 else { return }
        _ = write(fd, "5", 1)
        close(fd)
    }

    private static func residentBytes() -> Int { statusField("VmRSS:") ?? peakBytes() }

    private static func peakBytes() -> Int {
        if let peak = statusField("VmHWM:") { return peak }
        var usage = rusage()
        #if canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss)
        #else
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// A `kB` field of `/proc/self/status`, in bytes.
    private static func statusField(_ name: String) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name) }),
              let kilobytes = Int(line.dropFirst(name.count).trimmingCharacters(in: .whitespaces).dropLast(3)
                .trimmingCharacters(in: .whitespaces)) else { return nil }
        return kilobytes * 1024
    }
}
