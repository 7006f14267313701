import Foundation

/// One piece of work started on another thread now and waited for later: an edit lints the
/// app as it is while it reads and plans, on the second core.
package final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    /// Set once, before `done` is signalled.
    private var outcome: Result<Value, any Error>?

    package init(_ work: @escaping @Sendable () throws -> Value) {
        DispatchQueue.global(qos: .userInitiated).async { [self] in
            outcome = Result { try work() }
            done.signal()
        }
    }

    /// The value, waiting for it; nil when the work failed.
    package func result() -> Value? {
        done.wait()
        done.signal()
        return try? outcome?.get()
    }
}
