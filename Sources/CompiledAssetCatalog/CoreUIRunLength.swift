/// CoreUI's own run-length coding of 32-bit pixels (compression type 1): a 12-byte header
/// (bytes a pixel, width, height), one 32-bit offset a row to where that row's runs start
/// (rows that are alike share them), then the runs: a 32-bit word whose high bit set means
/// "the next pixel, this many times", clear "this many pixels follow as they are".
public enum CoreUIRunLength {
    /// Decodes `input` into `width × height` pixels of 4 bytes, rows top to bottom.
    public static func decompress(_ input: [UInt8], width: Int, height: Int) throws(DecompressionError) -> [UInt8] {
        let data = Bytes(input)
        guard let pixelBytes = data.intLE(0), let storedWidth = data.intLE(4), let storedHeight = data.intLE(8) else {
            throw .truncated
        }
        guard pixelBytes == 4, storedWidth == width, storedHeight == height else {
            throw .malformed(.badHeader("run-length header says \(pixelBytes) bytes a pixel, \(storedWidth)×\(storedHeight)"))
        }
        let (rowBytes, o1) = width.multipliedReportingOverflow(by: 4)
        let (total, o2) = rowBytes.multipliedReportingOverflow(by: height)
        guard !o1, !o2 else { throw .exceedsLimit(Int.max) }
        // Each row needs a 4-byte offset, and every run word covers at least one pixel.
        guard height <= (data.count - 12) / 4 else { throw .truncated }
        return try withOutput(capacity: total) { (output: inout OutputBuffer) throws(DecompressionError) in
            try input.withUnsafeBufferPointer { (source: UnsafeBufferPointer<UInt8>) throws(DecompressionError) in
                let base = source.baseAddress!
                for row in 0..<height {
                    guard var at = data.intLE(12 + 4 * row) else { throw .truncated }
                    var left = width
                    while left > 0 {
                        guard let word = data.uint32LE(at) else { throw .truncated }
                        at += 4
                        let run = Int(word & 0x7FFF_FFFF)
                        guard run > 0, run <= left else { throw .malformed(.badRun) }
                        if word & 0x8000_0000 != 0 {
                            guard at <= source.count - 4 else { throw .truncated }
                            try output.append(base + at, 4)
                            if run > 1 { try output.copyMatch(distance: 4, length: 4 * (run - 1), start: 0) }
                            at += 4
                        } else {
                            guard run <= (source.count - at) / 4 else { throw .truncated }
                            try output.append(base + at, 4 * run)
                            at += 4 * run
                        }
                        left -= run
                    }
                }
            }
        }
    }
}
