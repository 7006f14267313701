/// Takes a picture a row at a time, top to bottom, so a decoder can hand rows to whatever
/// uses them (a bitmap, the tile resampler) without holding the whole picture itself.
///
/// Rows are in `RGBABitmap`'s layout: 8-bit sRGB samples, straight alpha, R, G, B, A.
/// `start` always comes first. A decoder may call `start` again part-way through (when its
/// fast path gives up on a file and another decoder starts over), so `start` must forget
/// every row taken before it.
public protocol RGBARowSink {
    mutating func start(width: Int, height: Int)
    /// The next row: `width * 4` bytes, valid only for the duration of the call.
    mutating func take(row: UnsafeBufferPointer<UInt8>)
    /// The whole picture at once, from a decoder that had to hold it anyway (libpng's): a sink
    /// that wants a bitmap keeps it instead of copying it row by row. By default, `start` and
    /// every row.
    mutating func take(whole bitmap: RGBABitmap)
    /// false for a sink that never looks at the colour of a pixel whose alpha is 0: a decoder may
    /// then hand it rows without clearing that colour (or copying them to clear it). By default, true.
    var readsColorOfTransparentPixels: Bool { get }
}

extension RGBARowSink {
    public mutating func take(whole bitmap: RGBABitmap) {
        bitmap.feed(into: &self)
    }

    public var readsColorOfTransparentPixels: Bool { true }
}

/// Collects the rows into an `RGBABitmap`.
struct BitmapSink: RGBARowSink {
    private(set) var width = 0
    private(set) var height = 0
    private var pixels: [UInt8] = []

    mutating func start(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = []
        pixels.reserveCapacity(width * height * 4)
    }

    mutating func take(row: UnsafeBufferPointer<UInt8>) {
        pixels.append(contentsOf: row)
    }

    mutating func take(whole bitmap: RGBABitmap) {
        width = bitmap.width
        height = bitmap.height
        pixels = bitmap.pixels
    }

    /// The picture; precondition: every row was taken.
    var bitmap: RGBABitmap { RGBABitmap(width: width, height: height, pixels: pixels) }
}

extension RGBABitmap {
    /// Hands this picture to `sink` row by row, as a decoder would.
    public func feed<Sink: RGBARowSink>(into sink: inout Sink) {
        sink.start(width: width, height: height)
        pixels.withUnsafeBufferPointer { all in
            let rowBytes = width * 4
            for y in 0..<height {
                sink.take(row: UnsafeBufferPointer(rebasing: all[y * rowBytes ..< (y + 1) * rowBytes]))
            }
        }
    }
}
