import FileAccess
import Foundation
import IconArt
import IconCatalog

/// A picture an icon's images are made from: the PNG `add` was given for one appearance, or
/// the largest image of a set `lint --fix` completes. Decoded once, checked, flattened onto
/// a background when asked; every size is then resampled from it (`png(pixels:)`). A new
/// icon's picture larger than `minimumPixels` is kept at that size, made by one Lanczos step
/// as soon as it is checked: no image of an icon is larger, `add --dark --tinted` of 4096 px
/// pictures held three 64 MB bitmaps at once, and every size was a reduction of 4096 px
/// (bench/NOTES.md). Each size is made from that picture, not from a smaller size already
/// made: a chain of Lanczos steps of 2× or more fell below `IconImagePSNRTests`' 40 dB
/// against ImageMagick's single step at sizes where one step holds to it.
package struct IconSourceImage: Sendable {
    /// What a picture must be to be used.
    package enum Requirement: Sendable {
        /// A new icon's image: square, at least `minimumPixels` a side, and, for the light
        /// appearance, opaque (or flattened onto the background given).
        case newIcon
        /// An image already in the project: square, any size; transparency is kept unless a
        /// background is given (flattening would change how the icon looks).
        case existingImage
    }

    /// The smallest side a new icon's image may have: the App Store's 1024 px, from which every
    /// other size is made by shrinking; no image of an icon is larger.
    package static let minimumPixels = 1024

    package let path: String
    package let appearance: IconAppearance
    /// 8-bit sRGB, straight alpha; already flattened when a background was given.
    package let bitmap: RGBABitmap
    /// Whether any pixel is not fully opaque (after flattening: never).
    package let hasTransparency: Bool
    /// The file's own bytes, where they already are what `png(pixels:)` makes at the picture's
    /// own size (see `plainRGBFile`): written as given, as Xcode copies an image dropped into a
    /// set, rather than decoded and encoded again to the same pixels.
    package let fileAsGiven: Data?

    package init(path: String, appearance: IconAppearance, bitmap: RGBABitmap, fileAsGiven: Data? = nil) {
        self.path = path
        self.appearance = appearance
        self.bitmap = bitmap
        self.hasTransparency = Self.translucentPixels(in: bitmap) > 0
        self.fileAsGiven = hasTransparency ? nil : fileAsGiven
    }

    /// The side in pixels.
    package var pixels: Int { bitmap.width }

    /// Reads the PNG at `path` (through `changes`, so an image staged by an earlier edit is the
    /// one read, without the set keeping it; a symbolic link given as the source is followed first) with IconArt's decoder
    /// and its limits, and checks it against `requirement`.
    package static func load(_ path: String, appearance: IconAppearance, background: IconBackground? = nil,
                             requirement: Requirement = .newIcon, changes: ChangeSet) throws(IconImageError) -> IconSourceImage {
        let readPath = requirement == .newIcon ? URL(fileURLWithPath: path).resolvingSymlinksInPath().path : path
        let data: Data?
        do { data = try changes.peek(readPath) } catch { throw IconImageError(error) }
        guard let data else { throw IconImageError(path: path, kind: .unreadable("does not exist")) }
        let bytes = [UInt8](data)
        let decoded: RGBABitmap
        do {
            decoded = try PNGDecoder.decode(bytes, name: path)
        } catch {
            throw IconImageError(path: path, kind: .unreadable(Self.reason(error, path: path)))
        }
        // A picture `check` shrinks is never written as given: no copy of its file is made.
        let shrinks = requirement == .newIcon && decoded.width > minimumPixels
        return try check(consume decoded, path: path, appearance: appearance, background: background, requirement: requirement,
                         fileAsGiven: shrinks ? nil : plainRGBFile(bytes, name: path))
    }

    /// The ancillary chunks a file written as given may carry: none changes what its pixels
    /// look like (`sRGB` says what the samples already are; the rest is metadata).
    static let chunksKeptAsGiven: Set<String> = ["IHDR", "IDAT", "IEND", "sRGB", "pHYs", "tEXt", "zTXt", "iTXt", "tIME"]

    /// The `sRGB` chunk libpng's encoder writes (perceptual intent), with its CRC: put after
    /// `IHDR` in a file written as given that lacks one, so it is marked as the encoded ones are.
    static let sRGBChunk: [UInt8] = [0, 0, 0, 1] + Array("sRGB".utf8) + [0, 0xAE, 0xCE, 0x1C, 0xE9]

    /// The PNG `bytes` (already decoded without error) as the encoder would have written their
    /// pixels, where they are that already: 8-bit RGB without alpha, not interlaced, no chunk
    /// that changes colour (`gAMA`, `cHRM`, `iCCP`, `cICP`: such pixels are converted to sRGB
    /// and encoded again), every chunk's CRC right; marked sRGB. nil: encode the pixels.
    package static func plainRGBFile(_ bytes: [UInt8], name: String) -> Data? {
        guard let file = try? PNGChunks(bytes, name: name), let header = file.chunks.first, header.type == "IHDR",
              header.body.count == 13, file.chunks.last?.type == "IEND" else { return nil }
        let bitDepth = bytes[header.body.lowerBound + 8], colourType = bytes[header.body.lowerBound + 9]
        let interlace = bytes[header.body.lowerBound + 12]
        guard bitDepth == 8, colourType == 2, interlace == 0,
              file.chunks.allSatisfy({ chunksKeptAsGiven.contains($0.type) && file.hasValidCRC($0) }) else { return nil }
        let end = file.chunks.last!.whole.upperBound
        guard !file.chunks.contains(where: { $0.type == "sRGB" }) else { return Data(bytes[..<end]) }
        var marked = Data(capacity: end + sRGBChunk.count)
        marked.append(contentsOf: bytes[..<header.whole.upperBound])
        marked.append(contentsOf: sRGBChunk)
        marked.append(contentsOf: bytes[header.whole.upperBound ..< end])
        return marked
    }

    /// `bitmap` checked against `requirement` and flattened onto `background` when it has
    /// transparency; a new icon's larger than `minimumPixels` then shrunk to that size.
    /// `fileAsGiven` is kept where the picture is used unchanged.
    package static func check(_ bitmap: consuming RGBABitmap, path: String, appearance: IconAppearance, background: IconBackground?,
                              requirement: Requirement, fileAsGiven: Data? = nil) throws(IconImageError) -> IconSourceImage {
        guard bitmap.width == bitmap.height else {
            throw IconImageError(path: path, kind: .notSquare(width: bitmap.width, height: bitmap.height))
        }
        if requirement == .newIcon && bitmap.width < minimumPixels {
            throw IconImageError(path: path, kind: .tooSmall(width: bitmap.width, height: bitmap.height, minimum: minimumPixels))
        }
        guard bitmap.width > 0 else { throw IconImageError(path: path, kind: .unreadable("the image is empty")) }
        let translucent = translucentPixels(in: bitmap)
        // Taken over, not copied: flattening then changes the decoded picture's own bytes.
        var picture = consume bitmap, asGiven = fileAsGiven
        if translucent > 0, let background {
            flatten(&picture, onto: background)
            asGiven = nil
        } else if translucent > 0 && requirement == .newIcon && appearance == .light {
            throw IconImageError(path: path, kind: .transparentLightImage(pixels: translucent))
        }
        if requirement == .newIcon && picture.width > minimumPixels {
            picture = picture.lanczosResampled(width: minimumPixels, height: minimumPixels)
            asGiven = nil
        }
        return IconSourceImage(path: path, appearance: appearance, bitmap: picture, fileAsGiven: asGiven)
    }

    /// The picture at `pixels`×`pixels` as a PNG: Lanczos-3 in linear light (`lanczosResampled`),
    /// 8-bit sRGB, libpng at `.fast` effort (`.small` spends its time on bytes the build does
    /// not ship: the asset compiler stores images its own way, and Xcode recompresses loose
    /// PNGs it copies); RGB without an alpha channel (colour type 2) unless
    /// the picture has transparency, which only a dark or tinted image or an existing image keeps.
    /// At the picture's own size, a file already in that form is written as given (`fileAsGiven`).
    package func png(pixels side: Int) throws(IconImageError) -> Data {
        precondition(side > 0, "png(pixels:) needs a positive size")
        if side == pixels, let fileAsGiven { return fileAsGiven }
        let resized = bitmap.lanczosResampled(width: side, height: side)
        do {
            return Data(try PNGEncoder.encode(resized, channels: hasTransparency ? .rgba : .rgb, effort: .fast))
        } catch {
            throw IconImageError(path: path, kind: .encodingFailed(error.reason))
        }
    }

    /// Pixels whose alpha is below 255.
    static func translucentPixels(in bitmap: RGBABitmap) -> Int {
        bitmap.pixels.withUnsafeBufferPointer { pixels in
            var count = 0
            for i in stride(from: 3, to: pixels.count, by: 4) where pixels[i] != 255 { count += 1 }
            return count
        }
    }

    /// `bitmap` composited over an opaque `background`, in sRGB as image tools flatten; in
    /// place, so a 4096 px picture is not held twice.
    static func flatten(_ bitmap: inout RGBABitmap, onto background: IconBackground) {
        let under = [Int(background.red), Int(background.green), Int(background.blue)]
        bitmap.pixels.withUnsafeMutableBufferPointer { pixels in
            for i in stride(from: 0, to: pixels.count, by: 4) {
                let alpha = Int(pixels[i + 3])
                for c in 0..<3 {
                    pixels[i + c] = UInt8((Int(pixels[i + c]) * alpha + under[c] * (255 - alpha) + 127) / 255)
                }
                pixels[i + 3] = 255
            }
        }
    }

    /// The decoder's message without the path it starts with (the error names the file itself).
    private static func reason(_ error: PNGDecodeError, path: String) -> String {
        let text = error.description
        return text.hasPrefix(path + ": ") ? String(text.dropFirst(path.count + 2)) : text
    }
}
