import Foundation

/// Chooses few colours for a picture and maps each pixel to one, for formats with a
/// palette (sixel), where every colour costs bytes in every band it appears in. Errors are
/// squared differences of sRGB bytes, the measure PSNR is taken in.
///
/// Median cut splits the colour histogram into boxes, each time the box with the largest
/// squared error, at the cut that leaves the least error along its axis of greatest
/// spread, until the palette is within `targetPSNR` of the picture and no box strays far
/// from its colour (so the few pixels of an antialiased outline keep their shades), or
/// has `maxColors` colours; a few rounds of k-means then move each colour to the mean of
/// the pixels nearest it. Stopping there instead of always filling every register is
/// what keeps the bytes down: past about 45 dB more colours change nothing anyone can see
/// (an error of about one step in 255) but add a line to every band they appear in.
///
/// Only when the registers run out first (a 16-colour terminal) are pixels mapped with
/// Floyd–Steinberg error diffusion, in serpentine order, so a gradient becomes an even
/// mixture instead of bands. With enough colours the error left is too small to see, and
/// diffusing it only adds noise and bytes (on the demo icons: a lower PSNR and 5 to 16%
/// more bytes at 16, 32 and 64 colours).
struct ColorQuantizer {
    /// A colour as 0xRRGGBB.
    typealias RGB = UInt32

    let maxColors: Int
    /// The fidelity at which median cut stops adding colours.
    let targetPSNR: Double
    /// How much of each pixel's error is passed on when the registers run out, 0...1; 0
    /// maps every pixel to the nearest colour.
    let diffusion: Float

    /// The result: `palette` colours and, per pixel, an index into it.
    struct Indexed {
        var palette: [RGB]
        var width: Int
        var height: Int
        /// `width * height` entries; `transparentIndex` where the picture shows nothing.
        var indices: [UInt16]
        static let transparentIndex = UInt16.max
    }

    /// `pixels`: RGBA bytes; alpha 0 is transparent, anything else is taken as opaque (the
    /// caller has already blended partial alpha onto the background).
    func quantize(_ pixels: [UInt8], width: Int, height: Int) -> Indexed {
        // The distinct colours with their pixel counts, and each pixel's colour by number.
        var numbers = ColorNumbers(capacity: width * height)
        var entries: [Entry] = []
        var entryOfPixel = [Int32](repeating: -1, count: width * height)
        for i in 0..<width * height where pixels[i * 4 + 3] != 0 {
            let color = Self.rgb(pixels[i * 4], pixels[i * 4 + 1], pixels[i * 4 + 2])
            let number = numbers.number(of: color, next: entries.count)
            if number == entries.count { entries.append(Entry(color: color, count: 0)) }
            entries[number].count += 1
            entryOfPixel[i] = Int32(number)
        }
        var indices = [UInt16](repeating: Indexed.transparentIndex, count: width * height)
        guard !entries.isEmpty else { return Indexed(palette: [], width: width, height: height, indices: indices) }
        let (cut, reachedTarget) = medianCut(entries)
        let palette = Array(Set(refined(cut, entries: entries))).sorted()
        let nearest = NearestColor(palette)
        if reachedTarget || diffusion == 0 {
            // Each distinct colour looked up once, not each pixel.
            let paletteOfEntry = entries.map { UInt16(nearest.index(of: Self.channels($0.color))) }
            for i in 0..<width * height where entryOfPixel[i] >= 0 { indices[i] = paletteOfEntry[Int(entryOfPixel[i])] }
        } else {
            var exact = [Int32](repeating: -1, count: entries.count)
            for (i, color) in palette.enumerated() {
                if let entry = numbers.existingNumber(of: color) { exact[entry] = Int32(i) }
            }
            diffuse(pixels, width: width, palette: palette, nearest: nearest,
                    exact: { entryOfPixel[$0] >= 0 ? exact[Int(entryOfPixel[$0])] : -1 }, into: &indices)
        }
        return Indexed(palette: palette, width: width, height: height, indices: indices)
    }

    struct Entry {
        var color: RGB
        var count: Int
        subscript(channel: Int) -> Int { Int((color >> UInt32(16 - 8 * channel)) & 0xFF) }
    }

    static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> RGB { RGB(r) << 16 | RGB(g) << 8 | RGB(b) }

    static func channels(_ color: RGB) -> (Float, Float, Float) {
        (Float((color >> 16) & 0xFF), Float((color >> 8) & 0xFF), Float(color & 0xFF))
    }

    /// A box of the histogram with its weighted sums, so its mean and squared error are at hand.
    private struct Box {
        var entries: ArraySlice<Entry>
        var count = 0
        var sum: (Double, Double, Double) = (0, 0, 0)
        var squares: (Double, Double, Double) = (0, 0, 0)

        init(_ entries: ArraySlice<Entry>) {
            self.entries = entries
            for entry in entries {
                let n = Double(entry.count)
                let (r, g, b) = (Double(entry[0]), Double(entry[1]), Double(entry[2]))
                count += entry.count
                sum.0 += n * r; sum.1 += n * g; sum.2 += n * b
                squares.0 += n * r * r; squares.1 += n * g * g; squares.2 += n * b * b
            }
        }

        /// Squared error of each channel around the box's mean.
        var spread: (Double, Double, Double) {
            let n = Double(max(count, 1))
            return (squares.0 - sum.0 * sum.0 / n, squares.1 - sum.1 * sum.1 / n, squares.2 - sum.2 * sum.2 / n)
        }

        var error: Double { let s = spread; return s.0 + s.1 + s.2 }

        var mean: RGB {
            let n = Double(max(count, 1))
            func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v / n).rounded()))) }
            return ColorQuantizer.rgb(byte(sum.0), byte(sum.1), byte(sum.2))
        }
    }

    /// The largest mean squared error (summed over the channels) a box may keep: about six
    /// steps in 255 on each channel.
    static let maxPixelError = 3.0 * 6 * 6

    /// The palette, and whether it reached `targetPSNR` within `maxColors` colours.
    private func medianCut(_ entries: [Entry]) -> (palette: [RGB], reachedTarget: Bool) {
        var boxes = [Box(entries[...])]
        let samples = 3 * Double(boxes[0].count)
        let allowedError = samples * 255 * 255 / pow(10, targetPSNR / 10)
        var error = boxes[0].error
        while true {
            // A box of one colour has no error: all boxes so, the palette is exact.
            let splittable = boxes.indices.filter { boxes[$0].entries.count > 1 }
            let worst: Int?
            if error > allowedError {
                worst = splittable.max { boxes[$0].error < boxes[$1].error }
            } else {
                // Within the target overall; still, no pixel's colour may be far off, however
                // few such pixels there are (an outline's antialiased edge).
                worst = splittable.filter { boxes[$0].error > Self.maxPixelError * Double(boxes[$0].count) }
                    .max { boxes[$0].error / Double(boxes[$0].count) < boxes[$1].error / Double(boxes[$1].count) }
            }
            guard let worst else { break }
            guard boxes.count < maxColors else { return (boxes.map(\.mean), error <= allowedError) }
            let box = boxes[worst]
            let spread = box.spread
            let channel = spread.0 >= spread.1 && spread.0 >= spread.2 ? 0 : (spread.1 >= spread.2 ? 1 : 2)
            let sorted = box.entries.sorted { $0[channel] < $1[channel] }
            // The cut that leaves the least squared error along `channel`.
            var below = 0.0, belowSquares = 0.0, belowCount = 0.0
            let total = sorted.reduce(0.0) { $0 + Double($1.count) * Double($1[channel]) }
            let totalSquares = sorted.reduce(0.0) { $0 + Double($1.count) * Double($1[channel] * $1[channel]) }
            let totalCount = Double(box.count)
            var bestCut = 1, bestError = Double.infinity
            for cut in 1..<sorted.count {
                let entry = sorted[cut - 1], n = Double(entry.count), v = Double(entry[channel])
                below += n * v; belowSquares += n * v * v; belowCount += n
                guard entry[channel] != sorted[cut][channel] else { continue }
                let aboveCount = totalCount - belowCount
                let error = belowSquares - below * below / belowCount
                    + (totalSquares - belowSquares) - (total - below) * (total - below) / aboveCount
                if error < bestError { bestError = error; bestCut = cut }
            }
            let all = Array(sorted)
            error -= box.error
            boxes[worst] = Box(all[..<bestCut])
            boxes.append(Box(all[bestCut...]))
            error += boxes[worst].error + boxes[boxes.count - 1].error
        }
        return (boxes.map(\.mean), true)
    }

    /// Lloyd's k-means over the histogram, starting from median cut's colours.
    private func refined(_ start: [RGB], entries: [Entry], rounds: Int = 4) -> [RGB] {
        var palette = start
        for _ in 0..<rounds {
            var sums = [(Double, Double, Double, Double)](repeating: (0, 0, 0, 0), count: palette.count)
            let nearest = NearestColor(palette)
            for entry in entries {
                let i = nearest.index(of: Self.channels(entry.color))
                let n = Double(entry.count)
                sums[i].0 += n * Double(entry[0]); sums[i].1 += n * Double(entry[1])
                sums[i].2 += n * Double(entry[2]); sums[i].3 += n
            }
            for (i, s) in sums.enumerated() where s.3 > 0 {
                palette[i] = Self.rgb(UInt8((s.0 / s.3).rounded()), UInt8((s.1 / s.3).rounded()), UInt8((s.2 / s.3).rounded()))
            }
        }
        return palette
    }

    /// Every pixel to a palette index, diffusing what each one misses onto its unvisited
    /// neighbours (7/16 ahead, 3/16, 5/16, 1/16 on the next row), left to right on even rows
    /// and right to left on odd ones so the error does not drift one way.
    private func diffuse(_ pixels: [UInt8], width: Int, palette: [RGB], nearest: NearestColor,
                         exact: (Int) -> Int32, into indices: inout [UInt16]) {
        let height = indices.count / max(width, 1)
        // Error carried to this row and the next, three channels per pixel plus a margin each side.
        var current = [Float](repeating: 0, count: (width + 2) * 3)
        var next = current
        for y in 0..<height {
            let leftToRight = y % 2 == 0
            for step in 0..<width {
                let x = leftToRight ? step : width - 1 - step
                let p = (y * width + x) * 4
                guard pixels[p + 3] != 0 else { continue }
                let e = (x + 1) * 3
                let (r, g, b) = (Float(pixels[p]) + current[e], Float(pixels[p + 1]) + current[e + 1],
                                 Float(pixels[p + 2]) + current[e + 2])
                let index: Int
                let hit = exact(y * width + x)
                if hit >= 0 && abs(current[e]) < 0.5 && abs(current[e + 1]) < 0.5 && abs(current[e + 2]) < 0.5 {
                    index = Int(hit)
                } else {
                    index = nearest.index(of: (r, g, b))
                }
                indices[y * width + x] = UInt16(index)
                let (pr, pg, pb) = Self.channels(palette[index])
                let error = [(r - pr) * diffusion, (g - pg) * diffusion, (b - pb) * diffusion]
                let ahead = leftToRight ? 3 : -3
                for c in 0..<3 {
                    let share = error[c] / 16
                    current[e + ahead + c] += 7 * share
                    next[e - ahead + c] += 3 * share
                    next[e + c] += 5 * share
                    next[e + ahead + c] += share
                }
            }
            swap(&current, &next)
            for i in next.indices { next[i] = 0 }
        }
    }
}

/// The nearest palette colour by squared sRGB distance. A linear scan, but one that stops
/// early: colours sorted by green, searched outward from the closest green, and a side
/// abandoned once green alone is further than the best match so far.
struct NearestColor {
    private let greens: [Float]
    private let reds: [Float]
    private let blues: [Float]
    private let original: [Int]

    init(_ palette: [UInt32]) {
        let order = palette.indices.sorted { (palette[$0] >> 8) & 0xFF < (palette[$1] >> 8) & 0xFF }
        original = order
        reds = order.map { Float((palette[$0] >> 16) & 0xFF) }
        greens = order.map { Float((palette[$0] >> 8) & 0xFF) }
        blues = order.map { Float(palette[$0] & 0xFF) }
    }

    func index(of color: (Float, Float, Float)) -> Int {
        // The first colour with green ≥ the target's, by binary search.
        var low = 0, high = greens.count
        while low < high {
            let mid = (low + high) / 2
            if greens[mid] < color.1 { low = mid + 1 } else { high = mid }
        }
        var best = 0, bestDistance = Float.infinity
        var up = low, down = low - 1
        while up < greens.count || down >= 0 {
            if up < greens.count {
                let dg = greens[up] - color.1
                if dg * dg >= bestDistance {
                    up = greens.count
                } else {
                    let dr = reds[up] - color.0, db = blues[up] - color.2
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance { bestDistance = distance; best = up }
                    up += 1
                }
            }
            if down >= 0 {
                let dg = greens[down] - color.1
                if dg * dg >= bestDistance {
                    down = -1
                } else {
                    let dr = reds[down] - color.0, db = blues[down] - color.2
                    let distance = dr * dr + dg * dg + db * db
                    if distance < bestDistance { bestDistance = distance; best = down }
                    down -= 1
                }
            }
        }
        return original[best]
    }
}

/// Numbers for colours as they are first seen: an open-addressing table, since hashing
/// every pixel through `Dictionary` took a quarter of the encoder's time.
struct ColorNumbers {
    private var keys: [UInt32]
    private var values: [Int32]
    private let shift: UInt64
    private static let empty = UInt32.max  // no 24-bit colour is this

    init(capacity: Int) {
        var bits = 4
        while 1 << bits < 2 * capacity { bits += 1 }
        keys = [UInt32](repeating: Self.empty, count: 1 << bits)
        values = [Int32](repeating: 0, count: 1 << bits)
        shift = UInt64(64 - bits)
    }

    /// The colour's number; a colour not seen before gets `next`.
    mutating func number(of color: UInt32, next: Int) -> Int {
        let slot = self.slot(of: color)
        if keys[slot] == Self.empty {
            keys[slot] = color
            values[slot] = Int32(next)
            return next
        }
        return Int(values[slot])
    }

    /// The colour's number, nil if it was never seen.
    func existingNumber(of color: UInt32) -> Int? {
        let slot = self.slot(of: color)
        return keys[slot] == Self.empty ? nil : Int(values[slot])
    }

    /// Where the colour is, or the empty slot where it would go.
    private func slot(of color: UInt32) -> Int {
        let mask = keys.count - 1
        var slot = Int(truncatingIfNeeded: (UInt64(color) &* 0x9E37_79B9_7F4A_7C15) >> shift)
        while keys[slot] != color && keys[slot] != Self.empty { slot = (slot + 1) & mask }
        return slot
    }
}
