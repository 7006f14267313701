// Only with ISA-L (the ISAL trait): without it, libpng decodes every file.
#if ISAL
import CISAL
import Foundation

/// The image data of a `PNGRowDecoder` file inflated (ISA-L) and unfiltered a batch of rows at
/// a time, into a ring of batch buffers: each batch's first row is unfiltered against the last
/// row of the batch before, still in the ring, so no row is ever copied. Rows go to a sink on the
/// calling thread after each batch is inflated (`serial`), or to it on a thread of their own
/// while the calling thread inflates the next batches (`pipelined`).
///
/// Only the calling thread uses the inflater's state; in `pipelined` the ring's semaphores hand
/// each batch from it to the handing thread and back, and the calling thread returns only once
/// the handing thread is done, so the sink, the emitter and the ring outlive it.
final class RowInflater: @unchecked Sendable {
    private let data: UnsafeBufferPointer<UInt8>
    private let imageData: [Range<Int>]
    private let crushed: Bool
    private let height: Int
    private let channels: Int
    /// Bytes a row: its filter type, then the samples.
    private let stride: Int
    private let batchRows: Int
    private let batches: Int
    /// `ringSize` batch buffers, and a row of zeros (the row above the first).
    private let ringSize: Int
    private let ring: UnsafeMutableBufferPointer<UInt8>
    private let zeros: UnsafeMutableBufferPointer<UInt8>
    private let state: UnsafeMutablePointer<inflate_state>
    /// What is left of image data chunk number `chunk`.
    private var chunk = 0
    private var input: Range<Int>
    /// `pipelined`'s hand-over: set by the inflating (calling) thread before it signals, each read
    /// by the handing thread after the matching wait (one element a batch, so never both at once).
    private let inflatedBatch: UnsafeMutableBufferPointer<Bool>
    /// Whether the stream ended where it should (see `finish`), set by the inflating thread.
    private var finished = false
    /// Batches the handing thread of `pipelined` has handed on, read after it is done.
    private var handed = 0

    /// Batches in flight in `pipelined` (about 512 KiB): room for the inflating thread to run ahead
    /// while the handing thread is still being scheduled, each page of it touched for the first
    /// time at a cost. `serial` needs only the batch it hands on and the one before (its last row).
    static let pipelinedRingSize = 8
    static let serialRingSize = 2

    /// nil when the zlib header is not one zlib would accept (libpng then decides the file).
    /// `pipelined`: whether `pipelined` or `serial` will be called (the ring is sized for it).
    init?(_ data: UnsafeBufferPointer<UInt8>, imageData: [Range<Int>], crushed: Bool, width: Int, height: Int, channels: Int,
          pipelined: Bool) {
        ringSize = pipelined ? Self.pipelinedRingSize : Self.serialRingSize
        self.data = data
        self.imageData = imageData
        self.crushed = crushed
        self.height = height
        self.channels = channels
        input = imageData[0]
        stride = 1 + width * channels
        // About 64 KiB a batch: large enough that handing batches between threads costs nothing.
        batchRows = max(1, (1 << 16) / stride)
        batches = (height + batchRows - 1) / batchRows
        ring = .allocate(capacity: ringSize * batchRows * stride)
        zeros = .allocate(capacity: stride)
        zeros.initialize(repeating: 0)
        inflatedBatch = .allocate(capacity: batches)
        inflatedBatch.initialize(repeating: false)
        state = .allocate(capacity: 1)
        isal_inflate_init(state)
        if crushed {
            // Raw deflate: no header to check, no checksum to verify, the largest window.
            state.pointee.crc_flag = UInt32(ISAL_DEFLATE)
            state.pointee.hist_bits = 15
        } else {
            // The zlib header, checked as zlib checks it; ISA-L then inflates the raw deflate data
            // with the window the header declares, and verifies the Adler-32 trailer itself.
            guard let cmf = nextByte(), let flg = nextByte(),
                  cmf & 0x0F == 8, cmf >> 4 <= 7, (Int(cmf) << 8 | Int(flg)) % 31 == 0, flg & 0x20 == 0 else { return nil }
            state.pointee.crc_flag = UInt32(ISAL_ZLIB_NO_HDR_VER)
            state.pointee.hist_bits = UInt32(cmf >> 4) + 8
        }
        guard refill() else { return nil }
    }

    deinit {
        ring.deallocate()
        zeros.deallocate()
        inflatedBatch.deallocate()
        state.deallocate()
    }

    /// Inflates and hands on each batch in turn.
    func serial<Sink: RGBARowSink>(into sink: inout Sink, emitter: inout RowEmitter) -> Bool {
        for batch in 0 ..< batches {
            guard inflate(batch) else { return false }
            emit(batch, into: &sink, emitter: &emitter)
        }
        return finish()
    }

    /// Inflates on this thread, up to `ringSize` batches ahead of a thread of its own that hands
    /// the inflated batches on. Inflating is the longer half and starts at once; the new thread,
    /// which a busy machine may take a few milliseconds to schedule, catches up from the ring.
    func pipelined<Sink: RGBARowSink>(into sink: inout Sink, emitter: inout RowEmitter) -> Bool {
        precondition(ringSize == Self.pipelinedRingSize, "RowInflater: made for serial")
        let free = DispatchSemaphore(value: ringSize), inflated = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        var started = 0
        withUnsafeMutablePointer(to: &sink) { sink in
            withUnsafeMutablePointer(to: &emitter) { emitter in
                // The sink and emitter stay with this call: it returns only after `done`, when the
                // handing thread has let go of them.
                let handOn = HandOn { [self] batch in emit(batch, into: &sink.pointee, emitter: &emitter.pointee) }
                Thread { [self] in
                    handed = 0
                    while handed < batches {
                        inflated.wait()
                        guard inflatedBatch[handed] else { break }
                        handOn.rows(handed)
                        handed += 1
                        free.signal()
                    }
                    done.signal()
                }.start()
                for batch in 0 ..< batches {
                    free.wait()
                    started = batch + 1
                    guard inflate(batch) else { break }
                    inflatedBatch[batch] = true
                    inflated.signal()
                }
                // A batch that failed is not marked inflated: this signal stops the handing thread there.
                if started < batches || !inflatedBatch[batches - 1] { inflated.signal() }
                finished = started == batches && inflatedBatch[batches - 1] && finish()
                done.wait()
            }
        }
        // A semaphore must end with at least its first value.
        for _ in handed ..< started { free.signal() }
        return handed == batches && finished
    }

    /// What the handing thread does with each inflated batch: hands its rows to the sink of one
    /// `pipelined` call, which outlives the thread's use of it.
    private struct HandOn: @unchecked Sendable {
        let rows: (Int) -> Void
    }

    /// The first row of `batch` in the ring (its filter type byte).
    private func rowStart(batch: Int, row: Int) -> UnsafeMutablePointer<UInt8> {
        ring.baseAddress! + ((batch % ringSize) * batchRows + row) * stride
    }

    private func rows(in batch: Int) -> Int { min(batchRows, height - batch * batchRows) }

    /// Inflates and unfilters `batch` into its place in the ring; false if the data is damaged or short.
    private func inflate(_ batch: Int) -> Bool {
        let rows = rows(in: batch)
        let first = rowStart(batch: batch, row: 0)
        state.pointee.next_out = first
        state.pointee.avail_out = UInt32(rows * stride)
        while state.pointee.avail_out > 0 {
            if state.pointee.avail_in == 0, !refill() { return false }  // not enough image data
            guard isal_inflate(state) == ISAL_DECOMP_OK else { return false }
            // ISA-L returns with room left only to ask for more input; input left over, or
            // a finished stream, means the image data ended before the rows did.
            if state.pointee.avail_out > 0,
               state.pointee.avail_in > 0 || state.pointee.block_state == ISAL_BLOCK_FINISH {
                return false
            }
        }
        // The previous batch's last row is still in the ring, unfiltered.
        var above = batch == 0 ? UnsafePointer(zeros.baseAddress!) : UnsafePointer(rowStart(batch: batch - 1, row: batchRows - 1) + 1)
        for r in 0 ..< rows {
            let row = first + r * stride
            guard PNGRowDecoder.unfilter(row[0], row + 1, above: above, count: stride - 1, channels: channels) else { return false }
            above = UnsafePointer(row + 1)
        }
        return true
    }

    private func emit<Sink: RGBARowSink>(_ batch: Int, into sink: inout Sink, emitter: inout RowEmitter) {
        for r in 0 ..< rows(in: batch) {
            emitter.emit(UnsafePointer(rowStart(batch: batch, row: r) + 1), into: &sink)
        }
    }

    /// After the last row: the deflate stream must end there, with a good Adler-32, and no image
    /// data may follow it (libpng would warn about extra data; libpng decides such files).
    private func finish() -> Bool {
        var spare: UInt8 = 0
        while state.pointee.block_state != ISAL_BLOCK_FINISH {
            if state.pointee.avail_in == 0, !refill() { return false }  // the stream is cut short
            let status = withUnsafeMutablePointer(to: &spare) { out -> Int32 in
                state.pointee.next_out = out
                state.pointee.avail_out = 1
                return isal_inflate(state)
            }
            guard status == ISAL_DECOMP_OK, state.pointee.avail_out == 1 else { return false }  // damaged, or more pixels
            if state.pointee.block_state != ISAL_BLOCK_FINISH && state.pointee.avail_in > 0 { return false }
        }
        return state.pointee.avail_in == 0 && !refill()
    }

    /// Moves on to the next image data chunk with bytes left; false when there is none.
    private func nextStretch() -> Bool {
        while input.isEmpty {
            chunk += 1
            guard chunk < imageData.count else { return false }
            input = imageData[chunk]
        }
        return true
    }

    private func nextByte() -> UInt8? {
        guard nextStretch() else { return nil }
        defer { input = input.dropFirst() }
        return data[input.lowerBound]
    }

    /// Points ISA-L at the next stretch of image data; false when there is none left.
    private func refill() -> Bool {
        guard nextStretch() else { return false }
        state.pointee.next_in = UnsafeMutablePointer(mutating: data.baseAddress! + input.lowerBound)
        state.pointee.avail_in = UInt32(input.count)
        input = input.upperBound ..< input.upperBound
        return true
    }
}

/// Turns unfiltered rows into the sink's RGBA rows: blue and red swapped and alpha divided out
/// for crushed files, the gamma table applied, the colour of transparent pixels cleared. An RGBA
/// row that needs none of that goes to a sink that ignores that colour as it is.
struct RowEmitter {
    private let width: Int
    private let channels: Int
    private let crushed: Bool
    private let table: [UInt8]?
    private let asItIs: Bool
    private var rgba: [UInt8]

    init(width: Int, channels: Int, crushed: Bool, gamma: Gamma?, readsTransparentColor: Bool) {
        self.width = width
        self.channels = channels
        self.crushed = crushed
        table = gamma.map { gamma in (0 ... 255).map { gamma.encode(Double($0) / 255) } }
        asItIs = channels == 4 && !crushed && table == nil && !readsTransparentColor
        rgba = [UInt8](repeating: 255, count: width * 4)  // alpha of RGB files stays 255
    }

    mutating func emit<Sink: RGBARowSink>(_ row: UnsafePointer<UInt8>, into sink: inout Sink) {
        if asItIs {
            sink.take(row: UnsafeBufferPointer(start: row, count: width * 4))
            return
        }
        rgba.withUnsafeMutableBufferPointer { rgba in
            if crushed {
                PNGRowDecoder.expandCrushed(row, channels: channels, width: width, into: rgba.baseAddress!)
            } else {
                PNGRowDecoder.expand(row, channels: channels, width: width, into: rgba.baseAddress!, table: table)
            }
            sink.take(row: UnsafeBufferPointer(rgba))
        }
    }
}
#endif
