import CellCanvas
import ChooserRuntime
import ChooserUI
import Foundation
import Testing

/// The picture loader: one picture at a time, the tiles on screen first, and nothing
/// more once the chooser leaves.
@Suite struct PictureLoaderTests {
    /// Renders a letter tile per index, holding the first render until `release`.
    final class Gate: @unchecked Sendable {
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        private let lock = NSLock()
        private var delivered: [Int] = []
        private var rendering = 0
        private var mostAtOnce = 0

        func render(_ index: Int, _ size: TileSize) -> CellGrid {
            let first = lock.withLock {
                rendering += 1
                mostAtOnce = max(mostAtOnce, rendering)
                return delivered.isEmpty && rendering == 1 && index == 0
            }
            if first {
                started.signal()
                release.wait()
            }
            lock.withLock { rendering -= 1 }
            return CellGrid(width: size.columns, height: size.rows, filling: Cell(String(index)))
        }

        func record(_ picture: LoadedPicture) { lock.withLock { delivered.append(picture.index) } }
        var order: [Int] { lock.withLock { delivered } }
        var concurrency: Int { lock.withLock { mostAtOnce } }

        func waitFor(_ count: Int) -> Bool {
            let deadline = Date().addingTimeInterval(30)
            while Date() < deadline {
                if order.count >= count { return true }
                usleep(1_000)
            }
            return false
        }
    }

    @Test func theTilesOnScreenComeFirstOneAtATime() {
        let gate = Gate()
        let loader = PictureLoader(count: 6) { index, size, _ in gate.render(index, size) }
        loader.request([0, 1, 2, 3, 4, 5, 9], size: .small, symbols: .half, appearance: .light) { gate.record($0) }
        #expect(gate.started.wait(timeout: .now() + 30) == .success)
        // While the first is decoded, the user scrolls to the last ones.
        loader.prioritize([4, 5], size: .small)
        gate.release.signal()
        #expect(gate.waitFor(6))
        #expect(gate.order == [0, 4, 5, 1, 2, 3])  // index 9 is no icon: never asked for
        #expect(gate.concurrency == 1)
    }

    @Test func nothingMoreAfterLeaving() {
        let gate = Gate()
        let loader = PictureLoader(count: 5) { index, size, _ in gate.render(index, size) }
        loader.request([0, 1, 2, 3, 4], size: .medium, symbols: .half, appearance: .light) { gate.record($0) }
        #expect(gate.started.wait(timeout: .now() + 30) == .success)
        loader.cancelAll()
        gate.release.signal()
        #expect(gate.waitFor(1))
        usleep(50_000)
        #expect(gate.order == [0])
        // A new request after that is served.
        loader.request([3], size: .medium, symbols: .half, appearance: .light) { gate.record($0) }
        #expect(gate.waitFor(2))
        #expect(gate.order == [0, 3])
    }
}
