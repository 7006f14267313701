import Foundation

/// A value made once, by whichever thread asks for it first; the others wait for it.
final class OnceOnDemand<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var make: (() throws -> Value)?
    private var made: Result<Value, any Error>?

    init(_ make: @escaping () throws -> Value) {
        self.make = make
    }

    func value() throws -> Value {
        try lock.withLock {
            if let made { return made }
            let result = Result { try make!() }
            made = result
            make = nil
            return result
        }.get()
    }
}
