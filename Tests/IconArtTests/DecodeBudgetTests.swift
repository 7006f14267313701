import Foundation
import Testing
@testable import IconArt

/// One budget for every decode running at once.
@Suite("DecodeBudget")
struct DecodeBudgetTests {
    @Test("decodes running at once never hold more than the budget, and all of them run")
    func parallelReservationsStayWithin() {
        let budget = DecodeBudget(bytes: 100)
        let lock = NSLock()
        nonisolated(unsafe) var held = 0, most = 0, finished = 0
        DispatchQueue.concurrentPerform(iterations: 16) { index in
            budget.withReservation(index % 2 == 0 ? 40 : 25) {
                lock.withLock { held += index % 2 == 0 ? 40 : 25; most = max(most, held) }
                usleep(2_000)
                lock.withLock { held -= index % 2 == 0 ? 40 : 25; finished += 1 }
            }
        }
        #expect(finished == 16)
        #expect(most <= 100 && most >= 40)
        #expect(budget.reservedBytes == 0)
    }

    @Test("a decode larger than the whole budget runs, alone")
    func oversizedRunsAlone() {
        let budget = DecodeBudget(bytes: 100)
        let lock = NSLock()
        nonisolated(unsafe) var running = 0, alone = true
        DispatchQueue.concurrentPerform(iterations: 6) { index in
            budget.withReservation(index == 3 ? 1_000 : 10) {
                lock.withLock { running += 1; if index == 3 && running > 1 { alone = false } }
                usleep(3_000)
                lock.withLock { if index == 3 && running > 1 { alone = false }; running -= 1 }
            }
        }
        #expect(alone)
    }

    @Test("what a decode reserves follows the file and its header, within the limits")
    func workingBytesFromTheHeader() throws {
        try PNGTestSupport.withTemporaryDirectory { dir in
            let big = PNGFixture.oversized(width: 4096, height: 4096)
            try Data(big).write(to: URL(fileURLWithPath: dir + "/big.png"))
            #expect(PNGDecoder.workingBytes(of: .file(dir + "/big.png"), limits: .standard) == 2 * big.count + 4096 * 4096 * 4)
            let huge = PNGFixture.oversized(width: 1 << 30, height: 1 << 30)
            try Data(huge).write(to: URL(fileURLWithPath: dir + "/huge.png"))
            #expect(PNGDecoder.workingBytes(of: .file(dir + "/huge.png"), limits: .standard)
                    == 2 * huge.count + PNGDecoder.Limits.standard.maxDecodedBytes * 3 / 2)
            #expect(PNGDecoder.workingBytes(of: .file(dir + "/missing.png"), limits: .standard) == 0)
        }
    }
}
