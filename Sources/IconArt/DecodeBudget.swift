import Foundation

/// Memory that picture decoding may hold at once, shared by every decode that runs in
/// parallel. `preview` decodes on every core; without a budget its peak grew with the number
/// of cores (a few 4096×4096 icons on a 64-core machine would need gigabytes), with one it stays
/// the same on any machine. Each decode reserves what it may hold at most before it reads a
/// byte, and waits while that does not fit in what is free; a decode larger than the whole
/// budget waits until it is alone, so every file is still decoded.
public final class DecodeBudget: @unchecked Sendable {
    /// The budget every decode draws from unless told otherwise: with the program itself,
    /// peak memory stays under 150 MB.
    public static let shared = DecodeBudget(bytes: 96 << 20)

    public let capacity: Int
    private let condition = NSCondition()
    private var reserved = 0
    private var holders = 0

    public init(bytes: Int) {
        capacity = max(0, bytes)
    }

    /// Runs `body` holding `bytes` of the budget.
    public func withReservation<T, Failure: Error>(_ bytes: Int, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        // Capped at the capacity: more than everything waits for the same thing as everything.
        let amount = min(max(0, bytes), capacity)
        condition.lock()
        while holders > 0 && reserved + amount > capacity { condition.wait() }
        reserved += amount
        holders += 1
        condition.unlock()
        defer {
            condition.lock()
            reserved -= amount
            holders -= 1
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// What is held now, for tests.
    var reservedBytes: Int { condition.withLock { reserved } }
}
