import Dispatch
import Synchronization

/// A value made once: by the first caller that asks for it, or by work started ahead on another
/// thread (`startingNow`), whichever comes first. A caller that asks while it is being made
/// waits for it; every caller gets the same value, or the same error (`Failure`; with `Never`,
/// `value()` does not throw).
public final class ComputedOnce<Value: Sendable, Failure: Error>: Sendable {
    private enum State {
        case waiting(@Sendable () throws(Failure) -> Value)
        case made(Result<Value, Failure>)
    }

    /// Held while the value is made, so the callers that come meanwhile wait for it.
    private let state: Mutex<State>

    /// `make` runs when the value is first asked for, on the asking thread.
    public init(_ make: @escaping @Sendable () throws(Failure) -> Value) {
        state = Mutex(.waiting(make))
    }

    /// A value already made.
    public init(made value: Value) {
        state = Mutex(.made(.success(value)))
    }

    /// `make` starts now on another thread (another core, while the caller goes on); a caller
    /// that asks before that thread began makes it itself, and the thread finds it made.
    public static func startingNow(_ make: @escaping @Sendable () throws(Failure) -> Value) -> ComputedOnce {
        let once = ComputedOnce(make)
        DispatchQueue.global(qos: .userInitiated).async { _ = once.result() }
        return once
    }

    /// The value, made now if nobody made it yet.
    public func value() throws(Failure) -> Value {
        try result().get()
    }

    private func result() -> Result<Value, Failure> {
        state.withLock { state in
            switch state {
            case .made(let result):
                return result
            case .waiting(let make):
                let result = Result { () throws(Failure) -> Value in try make() }
                state = .made(result)
                return result
            }
        }
    }
}
