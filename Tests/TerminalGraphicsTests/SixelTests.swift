import CellCanvas
import CSixel
import Foundation
import IconArt
@testable import TerminalGraphics
import Testing
import TerminalStreams

struct SixelTests {
    @Test func redAndBlueHalvesComeOutExactly() throws {
        let picture = Pictures.redBlue(columns: 4, rows: 2)  // 40×40 pixels
        let decoded = try decodeSixel(Sixel().encode(picture))
        #expect(decoded.width == 40 && decoded.height == 40)
        #expect(decoded.drawnWidth == 40 && decoded.drawnHeight == 40)
        #expect(decoded.registersDefined == 2)
        for y in 0..<40 {
            for x in 0..<40 {
                let expected: (UInt8, UInt8, UInt8) = x < 20 ? (255, 0, 0) : (0, 0, 255)
                let got = try #require(decoded[x, y], "(\(x), \(y)) not drawn")
                #expect(got == expected, "(\(x), \(y))")
            }
        }
    }

    /// Cells 20 pixels tall make pictures that are no multiple of six: the last band must
    /// stop at the picture's last row, or it would draw into the cell row below.
    @Test(arguments: [(4, 2, 20), (3, 3, 17), (5, 1, 13), (2, 2, 18)])
    func theLastBandStopsAtThePicturesLastRow(columns: Int, rows: Int, cellHeight: Int) throws {
        let cell = CellPixelSize(width: 9, height: cellHeight)!
        let picture = Pictures.redBlue(columns: columns, rows: rows, cell: cell)
        let decoded = try decodeSixel(Sixel().encode(picture))
        #expect(decoded.width == columns * 9 && decoded.height == rows * cellHeight)
        #expect(decoded.drawnHeight == rows * cellHeight && decoded.drawnWidth == columns * 9)
        #expect(decoded.pixels.allSatisfy { $0 != nil })
    }

    @Test func outsideTheIconNothingIsDrawnAndTheEdgeMeetsTheBackground() throws {
        let orange = RGBABitmap(width: 64, height: 64, filledWith: (250, 140, 20, 255))
        let picture = PixelPicture(icon: orange, geometry: TileGeometry(columns: 8, rows: 4, cell: Pictures.cell)!)
        let background: (red: UInt8, green: UInt8, blue: UInt8) = (30, 60, 90)
        let decoded = try decodeSixel(Sixel(background: background).encode(picture))
        #expect(decoded.transparentBackground)
        let reference = picture.flattened(onto: background)
        var edgePixels = 0, edgeError = 0
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                let alpha = picture.bitmap[x, y].a
                if alpha == 0 {
                    #expect(decoded[x, y] == nil, "(\(x), \(y)) is outside the icon")
                    continue
                }
                // The colour mixed with the background, within the palette's error.
                let got = try #require(decoded[x, y]), want = reference[x, y]
                let error = max(abs(Int(got.0) - Int(want.r)), abs(Int(got.1) - Int(want.g)), abs(Int(got.2) - Int(want.b)))
                #expect(error <= 12, "(\(x), \(y))")
                if alpha < 255 { edgePixels += 1; edgeError += error }
            }
        }
        #expect(edgePixels > 100)
        #expect(Double(edgeError) / Double(edgePixels) < 5)
        // The middle is the icon's own colour, within sixel's percent steps.
        let middle = try #require(decoded[40, 40])
        #expect(abs(Int(middle.0) - 250) <= 2 && abs(Int(middle.1) - 140) <= 2 && abs(Int(middle.2) - 20) <= 2)
    }

    /// A gradient of 6,400 colours in 256 registers: far from exact per pixel, but faithful overall.
    @Test func aGradientWithMoreColoursThanRegisters() throws {
        let picture = Pictures.gradientIcon()
        let decoded = try decodeSixel(Sixel().encode(picture))
        let reference = picture.flattened(onto: (0, 0, 0))
        var squares = 0.0, samples = 0.0
        for y in 0..<picture.height {
            for x in 0..<picture.width where picture.bitmap[x, y].a > 0 {
                let got = try #require(decoded[x, y]), want = reference[x, y]
                for (a, b) in [(got.0, want.r), (got.1, want.g), (got.2, want.b)] {
                    squares += pow(Double(a) - Double(b), 2)
                    samples += 1
                }
            }
        }
        let psnr = 10 * log10(255 * 255 / (squares / samples))
        #expect(psnr > 32, "PSNR \(psnr) dB")
        #expect(decoded.registersDefined <= 256)
    }

    @Test func theRegisterLimitIsKept() throws {
        let picture = Pictures.gradientIcon()
        for limit in [2, 16, 64] {
            let decoded = try decodeSixel(Sixel(maxColors: limit).encode(picture))
            #expect(decoded.registersDefined <= limit && decoded.registersDefined >= limit / 2)
        }
    }

    /// With too few registers for the target the error is diffused: a gradient seen from a
    /// distance (averaged over 8×8 blocks) is then closer to the original than with each
    /// pixel mapped to its nearest colour, which shows bands.
    @Test func ditheringKeepsGradientsWhenColoursRunOut() throws {
        let picture = Pictures.gradientIcon(columns: 16, rows: 8)
        let reference = picture.flattened(onto: (0, 0, 0))
        func blockError(_ sixel: Sixel) throws -> Double {
            let decoded = try decodeSixel(sixel.encode(picture))
            var total = 0.0, blocks = 0
            for by in stride(from: 40, to: picture.height - 40, by: 8) {
                for bx in stride(from: 40, to: picture.width - 40, by: 8) {
                    var sums = [0.0, 0.0, 0.0, 0.0, 0.0, 0.0]
                    for y in by..<by + 8 {
                        for x in bx..<bx + 8 {
                            let got = try #require(decoded[x, y]), want = reference[x, y]
                            sums[0] += Double(got.0); sums[1] += Double(got.1); sums[2] += Double(got.2)
                            sums[3] += Double(want.r); sums[4] += Double(want.g); sums[5] += Double(want.b)
                        }
                    }
                    total += (0..<3).map { pow((sums[$0] - sums[$0 + 3]) / 64, 2) }.reduce(0, +)
                    blocks += 1
                }
            }
            return total / Double(blocks)
        }
        let dithered = try blockError(Sixel(maxColors: 8))
        let nearest = try blockError(Sixel(maxColors: 8, diffusion: 0))
        #expect(dithered < nearest / 2)
    }

    @Test func aFlatPictureUsesFewRegistersAndLongRuns() throws {
        let picture = Pictures.redBlue(columns: 16, rows: 8)  // 160×160, two colours
        let bytes = Sixel().encode(picture)
        // Two colours, 27 bands: a few bytes a band, not a byte a column.
        #expect(bytes.count < 27 * 30 + 100)
        #expect(try decodeSixel(bytes).registersDefined == 2)
    }

    /// libsixel's decoder, a second reader written by others, sees the same picture.
    @Test func libsixelReadsTheSamePicture() throws {
        let picture = Pictures.gradientIcon()
        var bytes = Sixel().encode(picture)
        let ours = try decodeSixel(bytes)
        var pixels: UnsafeMutablePointer<UInt8>?, palette: UnsafeMutablePointer<UInt8>?
        var width: Int32 = 0, height: Int32 = 0, colors: Int32 = 0
        let status = sixel_decode_raw(&bytes, Int32(bytes.count), &pixels, &width, &height, &palette, &colors, nil)
        #expect(status == SIXEL_OK)
        let indexed = try #require(pixels), registers = try #require(palette)
        defer { free(indexed); free(registers) }
        #expect(Int(width) == picture.width && Int(height) >= picture.height)
        for y in 0..<picture.height {
            for x in 0..<picture.width {
                guard let mine = ours[x, y] else { continue }
                let i = Int(indexed[y * Int(width) + x]) * 3
                #expect(abs(Int(registers[i]) - Int(mine.0)) <= 1 && abs(Int(registers[i + 1]) - Int(mine.1)) <= 1
                        && abs(Int(registers[i + 2]) - Int(mine.2)) <= 1, "(\(x), \(y))")
            }
        }
    }
}

struct ITerm2ImageTests {
    @Test func anInlineImageCarriesThePictureAsPNG() throws {
        let picture = Pictures.gradientIcon()
        let decoded = try decodeITerm2(ITerm2Image.encode(picture))
        #expect(decoded.sequences == 1)
        #expect(decoded.arguments == ["inline": "1", "size": "\(decoded.file.count)", "width": "\(picture.width)px",
                                      "height": "\(picture.height)px", "preserveAspectRatio": "0"])
        #expect(try PNGDecoder.decode(decoded.file, name: "iTerm2 file") == picture.bitmap)
    }

    @Test func aLargePictureGoesInParts() throws {
        let picture = Pictures.gradientIcon(columns: 16, rows: 8)
        let whole = try ITerm2Image.encode(picture)
        // A limit just under the whole sequence forces the multipart form.
        let parts = try decodeITerm2(ITerm2Image.encode(picture, maxSequenceBytes: whole.count - 1, partBytes: 1024))
        #expect(parts.sequences > 3)
        #expect(parts.longestSequence <= 1024 + 20)
        #expect(parts.arguments["inline"] == "1" && parts.arguments["size"] == "\(parts.file.count)")
        #expect(try PNGDecoder.decode(parts.file, name: "iTerm2 parts") == picture.bitmap)
        // At the real limit, a 160×160 icon is sent whole.
        #expect(try decodeITerm2(whole).sequences == 1)
        #expect(whole.count < ITerm2Image.maxSequenceBytes)
    }
}
