import Foundation

/// Per-address connection limiting, a token bucket per client address: a burst of
/// `burst` connections, then one more every `refillInterval`. Keeps a public demo usable
/// when one address hammers it; other addresses are unaffected. Not thread-safe: the
/// server calls it from one event loop.
public struct ConnectionRateLimiter: Sendable {
    public let burst: Double
    public let refillInterval: TimeInterval
    private var buckets: [String: (tokens: Double, updated: TimeInterval)] = [:]

    public init(burst: Int = 30, refillInterval: TimeInterval = 2) {
        self.burst = Double(burst)
        self.refillInterval = refillInterval
    }

    /// Takes a token for `address` at time `now` (seconds); false when it has none left.
    public mutating func admit(_ address: String, now: TimeInterval) -> Bool {
        var bucket = buckets[address] ?? (tokens: burst, updated: now)
        bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.updated) / refillInterval)
        bucket.updated = now
        let admitted = bucket.tokens >= 1
        if admitted { bucket.tokens -= 1 }
        buckets[address] = bucket
        if buckets.count > 10_000 { forgetFull(now: now) }
        return admitted
    }

    /// Drops addresses whose buckets have refilled, so memory stays bounded.
    private mutating func forgetFull(now: TimeInterval) {
        buckets = buckets.filter { _, bucket in bucket.tokens + (now - bucket.updated) / refillInterval < burst }
    }

    var trackedAddresses: Int { buckets.count }
}
