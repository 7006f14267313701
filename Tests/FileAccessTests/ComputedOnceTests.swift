import Dispatch
import FileAccess
import Synchronization
import Testing

@Suite struct ComputedOnceTests {
    /// How many times a value was made.
    final class Counter: Sendable {
        private let count = Mutex(0)
        func add() -> Int { count.withLock { $0 += 1; return $0 } }
        var value: Int { count.withLock { $0 } }
    }

    struct Refused: Error, Equatable { let attempt: Int }

    @Test func manyCallersAtOnceGetOneValueMadeOnce() {
        let made = Counter()
        let once = ComputedOnce<Int, Never> { made.add() * 10 }
        let seen = Mutex<[Int]>([])
        DispatchQueue.concurrentPerform(iterations: 64) { _ in
            let value = once.value()
            seen.withLock { $0.append(value) }
        }
        #expect(made.value == 1)
        #expect(seen.withLock { $0 } == Array(repeating: 10, count: 64))
    }

    @Test func nothingIsMadeUntilAskedFor() {
        let made = Counter()
        let once = ComputedOnce<Int, Never> { made.add() }
        #expect(made.value == 0)
        #expect(once.value() == 1)
        #expect(once.value() == 1)
        #expect(made.value == 1)
    }

    /// A failure is kept like a value: every caller gets the same error, and the work is not
    /// tried again.
    @Test func aFailureIsMadeOnceAndThrownToEveryCaller() {
        let made = Counter()
        let once = ComputedOnce<Int, Refused> { () throws(Refused) -> Int in throw Refused(attempt: made.add()) }
        let errors = Mutex<[Refused]>([])
        DispatchQueue.concurrentPerform(iterations: 16) { _ in
            do throws(Refused) {
                _ = try once.value()
            } catch {
                errors.withLock { $0.append(error) }
            }
        }
        #expect(made.value == 1)
        #expect(errors.withLock { $0 } == Array(repeating: Refused(attempt: 1), count: 16))
    }

    /// Work started ahead runs without being asked for, and whoever asks while it runs waits
    /// for it rather than making it again.
    @Test func workStartedNowIsWaitedForNotMadeAgain() {
        let made = Counter()
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let once = ComputedOnce<String, Never>.startingNow {
            _ = made.add()
            started.signal()
            release.wait()
            return "made ahead"
        }
        started.wait()  // the other thread is making it now
        let waiting = DispatchSemaphore(value: 0)
        let got = Mutex<String?>(nil)
        DispatchQueue.global().async {
            got.withLock { $0 = once.value() }
            waiting.signal()
        }
        release.signal()
        waiting.wait()
        #expect(got.withLock { $0 } == "made ahead")
        #expect(once.value() == "made ahead")
        #expect(made.value == 1)
    }

    @Test func aValueGivenIsNeverMade() throws {
        let once = ComputedOnce<[Int], any Error>(made: [1, 2])
        #expect(try once.value() == [1, 2])
    }

    /// Work started ahead finishes on its own even when nobody asks for it.
    @Test func workStartedNowRunsUnasked() {
        let done = DispatchSemaphore(value: 0)
        let once = ComputedOnce<Int, Never>.startingNow {
            done.signal()
            return 1
        }
        done.wait()
        #expect(once.value() == 1)
    }
}
