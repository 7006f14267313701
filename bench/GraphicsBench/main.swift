// graphics-bench: the bytes, time and fidelity of iconchooser's terminal pictures, for
// bench/run-bench.sh to compare with chafa and libsixel.
//
//   graphics-bench FORMAT CELL SIZE RUNS FILE...
//     FORMAT  kitty (sent and shown, a=T, as sent: zlib'd RGBA) | kitty-png | sixel | sixel@PSNR (our encoder aiming
//             at PSNR dB instead of its default) | libsixel | iterm2
//     CELL    cell size in pixels, e.g. 10x20;  SIZE  tile size in cells, e.g. 16x8
//     RUNS    how many times each picture is encoded; the fastest run counts
//
// Writes every picture's encoding to stdout, one after another, and one line to stderr:
//   encode_ms=<sum over files of the fastest encode> psnr_db=<sixel only: decoded by
//   libsixel against the picture it was made from, over the pixels inside the icon>
import CellCanvas
import CSixel
import Foundation
import IconArt
import TerminalGraphics

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("graphics-bench: \(message)\n".utf8))
    exit(2)
}

func pair(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "x").compactMap { Int($0) }
    return parts.count == 2 ? (parts[0], parts[1]) : nil
}

let arguments = CommandLine.arguments
guard arguments.count >= 6, let (cellWidth, cellHeight) = pair(arguments[2]),
      let cell = CellPixelSize(width: cellWidth, height: cellHeight),
      let (columns, rows) = pair(arguments[3]), let geometry = TileGeometry(columns: columns, rows: rows, cell: cell),
      let runs = Int(arguments[4]), runs > 0 else {
    fail("usage: graphics-bench FORMAT CELLWxH COLSxROWS RUNS FILE...")
}
let format = String(arguments[1].split(separator: "@")[0])
let targetText = arguments[1].split(separator: "@").dropFirst().first
guard targetText == nil || Double(targetText!) != nil else { fail("bad PSNR in \(arguments[1])") }
let target = targetText.flatMap { Double($0) } ?? Sixel.defaultTargetPSNR
let background: (red: UInt8, green: UInt8, blue: UInt8) = (0, 0, 0)

func encode(_ picture: PixelPicture) throws -> [UInt8] {
    switch format {
    case "kitty": return try KittyGraphics.transmitAndPlace(picture)
    case "kitty-png": return try KittyGraphics.transmitAndPlace(picture, format: .png)
    case "sixel": return Sixel(background: background, targetPSNR: target).encode(picture)
    case "libsixel": return try LibSixel.encode(picture, background: background, maxColors: Sixel.defaultMaxColors)
    case "iterm2": return try ITerm2Image.encode(picture)
    default: fail("unknown format \(format)")
    }
}

/// PSNR of a sixel picture, decoded by libsixel, against `picture` made opaque over the
/// background, over the pixels with any alpha (outside the icon our encoder draws nothing).
func psnr(_ sixel: [UInt8], of picture: PixelPicture) -> (psnr: Double, width: Int, height: Int) {
    var input = sixel
    var pixels: UnsafeMutablePointer<UInt8>?, palette: UnsafeMutablePointer<UInt8>?
    var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
    let status = sixel_decode_raw(&input, Int32(input.count), &pixels, &width, &height, &palette, &colors, nil)
    guard status == SIXEL_OK, let pixels, let palette else { fail("libsixel could not decode: \(status)") }
    defer { free(pixels); free(palette) }
    let reference = picture.flattened(onto: background)
    var squares = 0.0, samples = 0
    for y in 0..<min(Int(height), picture.height) {
        for x in 0..<min(Int(width), picture.width) where picture.bitmap[x, y].a > 0 {
            let index = Int(pixels[y * Int(width) + x])
            let expected = reference[x, y]
            for (c, value) in [expected.r, expected.g, expected.b].enumerated() {
                let d = Double(palette[index * 3 + c]) - Double(value)
                squares += d * d
            }
            samples += 3
        }
    }
    let mse = squares / Double(max(samples, 1))
    return (mse == 0 ? 99 : 10 * log10(255 * 255 / mse), Int(width), Int(height))
}

var totalMilliseconds = 0.0
var psnrs: [Double] = []
for path in arguments[5...] {
    let picture: PixelPicture
    do { picture = try PixelPicture(iconPNGAt: path, geometry: geometry) } catch { fail("\(error)") }
    var best = Double.infinity
    var bytes: [UInt8] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        do { bytes = try encode(picture) } catch { fail("\(path): \(error)") }
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    totalMilliseconds += best
    FileHandle.standardOutput.write(Data(bytes))
    if format.contains("sixel") {
        let decoded = psnr(bytes, of: picture)
        guard decoded.width == picture.width, decoded.height >= picture.height else {
            fail("\(path): decoded as \(decoded.width)×\(decoded.height), made \(picture.width)×\(picture.height)")
        }
        psnrs.append(decoded.psnr)
    }
}
let meanPSNR = psnrs.isEmpty ? "-" : String(format: "%.2f", psnrs.reduce(0, +) / Double(psnrs.count))
FileHandle.standardError.write(Data(String(format: "encode_ms=%.2f psnr_db=%@\n", totalMilliseconds, meanPSNR).utf8))
