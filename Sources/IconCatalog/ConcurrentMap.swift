import Foundation

extension Collection where Index == Int {
    /// `map` spread over the machine's cores, for independent pieces of work such as reading
    /// the icon sets of a catalog: the results come in the elements' order, whatever order
    /// the work finishes in, so what is built from them is the same as from `map`. At most
    /// one thread per core (Dispatch's `concurrentPerform`); one element runs on the caller.
    package func concurrentMap<Result>(_ transform: (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        let slots = ConcurrentSlots<Result>(count: count)
        // The closure does not escape, and each index is written once: the captures stay with this call.
        withoutActuallyEscaping(transform) { transform in
            nonisolated(unsafe) let transform = transform
            nonisolated(unsafe) let elements = self
            DispatchQueue.concurrentPerform(iterations: count) { offset in
                slots.set(offset, transform(elements[elements.startIndex + offset]))
            }
        }
        return slots.values.map { $0! }
    }
}

/// Fixed slots filled from several threads at once.
private final class ConcurrentSlots<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value?]

    init(count: Int) { storage = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: Value) { lock.withLock { storage[index] = value } }

    var values: [Value?] { lock.withLock { storage } }
}
