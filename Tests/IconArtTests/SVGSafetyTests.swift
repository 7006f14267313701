import CSVGRasterizerInterface
import Foundation
import IconCatalog
import Testing
import TestSupport
@testable import IconArt

/// Hostile SVG layers: each is refused or drawn harmlessly within a second and 200 MB,
/// measured here, and nothing outside the file is ever read.
@Suite struct SVGSafetyTests {
    private func expectCheap(_ use: ResourceUse, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(use.seconds < 1, "\(use)", sourceLocation: sourceLocation)
        #expect(use.peakGrowthBytes < 200 << 20, "\(use)", sourceLocation: sourceLocation)
    }

    /// Loads and draws `text` into a 64-pixel frame; the failure if it is refused.
    private func draw(_ text: String) -> (Result<RGBABitmap, SVGDocument.Failure>, ResourceUse) {
        ResourceUse.measure {
            do throws(SVGDocument.Failure) {
                let document = try SVGDocument(bytes: Array(text.utf8))
                var canvas = CompositeCanvas(width: 64, height: 64)
                if let patch = try document.draw(in: LayerFrame(x: 0, y: 0, width: 64, height: 64), clip: canvas.bounds) {
                    canvas.composite(patch, opacity: 1)
                }
                return .success(canvas.bitmap)
            } catch {
                return .failure(error)
            }
        }
    }

    private func refusal(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> SVGDocument.Failure? {
        let (result, use) = draw(text)
        expectCheap(use, sourceLocation: sourceLocation)
        if case .failure(let failure) = result { return failure }
        return nil
    }

    private static let redPNG = PNGWriter.png(width: 8, height: 8, alpha: false) { _, _ in (255, 0, 0, 255) }

    @Test func hugeDeclaredDimensionsAreRefused() {
        let failure = refusal("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100000000\" height=\"100000000\"><rect width=\"10\" height=\"10\"/></svg>")
        #expect(failure == .tooLarge(width: 100_000_000, height: 100_000_000))
        #expect(failure?.description == "declares 100000000×100000000 points; over 16384 is refused")
        let viewBox = refusal("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1e9 5\"/>")
        #expect(viewBox == .tooLarge(width: 1e9, height: 5))
    }

    /// A size past what an `Int` holds is refused with a message, not a trap converting it.
    @Test func sizesBeyondAnyIntegerAreRefusedWithoutATrap() {
        // librsvg keeps sizes as floats: 1e19 comes back as 9.99999998e18.
        let width = refusal("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1e19\" height=\"10\"/>")
        #expect(width?.description == "declares 1e+19×10 points; over 16384 is refused")
        #expect(SVGDocument.Failure.tooLarge(width: 1e300, height: -1e19).description
                == "declares 1e+300×-1e+19 points; over 16384 is refused")
        let viewBox = refusal("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 1e19 -1e300\"/>")
        #expect(viewBox?.description.isEmpty == false)
        let both = refusal("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 9.3e18 9.3e18\"/>")
        #expect(both?.description == "declares 9.3e+18×9.3e+18 points; over 16384 is refused")
    }

    @Test func entityExpansionIsRefused() {
        var laughs = "<?xml version=\"1.0\"?>\n<!DOCTYPE svg [\n<!ENTITY a \"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\">\n"
        for level in 1...10 {
            let previous = Character(UnicodeScalar(UInt8(96 + level)))
            laughs += "<!ENTITY \(Character(UnicodeScalar(UInt8(97 + level)))) \"\(String(repeating: "&\(previous);", count: 10))\">\n"
        }
        laughs += "]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text>&k;</text></svg>"
        #expect(refusal(laughs) == .refused("its entity “b” holds markup or other entities (entity expansion is refused)"))

        let markup = "<!DOCTYPE svg [<!ENTITY shapes \"<rect width='9' height='9'/>\">]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">&shapes;</svg>"
        #expect(refusal(markup) == .refused("its entity “shapes” holds markup or other entities (entity expansion is refused)"))
        let parameter = "<!DOCTYPE svg [<!ENTITY % p \"x\">]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>"
        #expect(refusal(parameter) != nil)
    }

    @Test func plainEntitiesAsIllustratorWritesThemAreFine() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
            <!ENTITY ns_svg "http://www.w3.org/2000/svg">
            ]>
            <svg xmlns="&ns_svg;" width="10" height="10"><rect width="10" height="10" fill="#00f"/></svg>
            """
        let (result, use) = draw(text)
        expectCheap(use)
        #expect(try result.get().at(32, 32) == [0, 0, 255, 255])
    }

    @Test func externalEntitiesAreRefused() throws {
        let folder = TemporaryFolder()
        let secret = folder.write("secret.txt", "the secret")
        let text = "<!DOCTYPE svg [<!ENTITY x SYSTEM \"file://\(secret)\">]><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><text>&x;</text></svg>"
        #expect(refusal(text) == .refused("its entity “x” names an external file (never loaded)"))
    }

    /// Every way an SVG may point at another file: none is loaded. The same picture as a
    /// `data:` URL is drawn, so an empty result means a refusal, not a broken image.
    @Test func externalReferencesAreNeverLoaded() throws {
        let folder = TemporaryFolder()
        let red = folder.write("red.png", Self.redPNG)
        folder.write("art/red.png", Self.redPNG)
        let references = [
            "href=\"\(red)\"", "xlink:href=\"file://\(red)\"", "href=\"red.png\"", "href=\"art/red.png\"",
            "href=\"/etc/passwd\"", "xlink:href=\"file:///etc/passwd\"",
        ]
        for reference in references {
            let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\" width=\"64\" height=\"64\"><image \(reference) width=\"64\" height=\"64\"/></svg>"
            let (result, use) = draw(text)
            expectCheap(use)
            #expect(try result.get().pixels.allSatisfy { $0 == 0 }, "\(reference) was drawn")
        }
        let embedded = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"><image href=\"data:image/png;base64,\(Self.redPNG.base64EncodedString())\" width=\"64\" height=\"64\"/></svg>"
        #expect(try draw(embedded).0.get().at(32, 32) == [255, 0, 0, 255])
        let used = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"64\" height=\"64\"><use href=\"\(folder.url("other.svg"))#shape\"/></svg>"
        #expect(try draw(used).0.get().pixels.allSatisfy { $0 == 0 })
    }

    @Test func httpReferencesMakeNoConnection() throws {
        let listener = try LocalListener()
        let text = """
            <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="64" height="64">
            <image href="http://127.0.0.1:\(listener.port)/a.png" width="64" height="64"/>
            <image xlink:href="http://127.0.0.1:\(listener.port)/b.png" width="9" height="9"/>
            <style>@import url("http://127.0.0.1:\(listener.port)/c.css");</style>
            <use href="http://127.0.0.1:\(listener.port)/d.svg#x"/>
            </svg>
            """
        let (result, use) = draw(text)
        expectCheap(use)
        #expect(try result.get().pixels.allSatisfy { $0 == 0 })
        #expect(!listener.wasContacted)
    }

    @Test func deepNestingIsRefused() {
        let depth300 = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">" + String(repeating: "<g>", count: 300)
            + String(repeating: "</g>", count: 300) + "</svg>"
        guard case .invalid(let reason)? = refusal(depth300) else { Issue.record("300 levels were not refused"); return }
        #expect(reason.contains("Excessive depth"))
        let deep = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">" + String(repeating: "<g>", count: 100_000)
            + String(repeating: "</g>", count: 100_000) + "</svg>"
        #expect(refusal(deep) == .refused("it has over 20000 elements, counting what its <use> elements repeat"))
    }

    @Test func useBombsAndCyclesAreRefused() {
        var levels = "<g id=\"l0\"><rect width=\"1\" height=\"1\"/></g>"
        for level in 1..<10 {
            levels += "<g id=\"l\(level)\">" + String(repeating: "<use href=\"#l\(level - 1)\"/>", count: 10) + "</g>"
        }
        let bomb = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><defs>\(levels)</defs><use href=\"#l9\"/></svg>"
        #expect(refusal(bomb) == .refused("it has over 20000 elements, counting what its <use> elements repeat"))
        let cycle = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><g id=\"a\"><use xlink:href=\"#b\" xmlns:xlink=\"http://www.w3.org/1999/xlink\"/></g><g id=\"b\"><use href=\"#a\"/></g></svg>"
        #expect(refusal(cycle) == .refused("its <use> elements refer to each other in a cycle"))
        // A few uses, as icon art has them, are drawn.
        let few = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><rect id=\"r\" width=\"10\" height=\"10\" fill=\"#0f0\"/><use href=\"#r\"/><use href=\"#r\"/></svg>"
        #expect(refusal(few) == nil)
    }

    @Test func embeddedImagesMustBeSmallPNGs() {
        func embedding(_ payload: Data, type: String = "png") -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><image width=\"10\" height=\"10\" href=\"data:image/\(type);base64,\(payload.base64EncodedString())\"/></svg>"
        }
        // A 100-byte PNG declaring 30000×30000 pixels: gdk-pixbuf would allocate gigabytes.
        var huge = Data(PNGWriter.png(width: 1, height: 1, alpha: true) { _, _ in (0, 0, 0, 0) })
        huge.replaceSubrange(16..<24, with: [0, 0, 0x75, 0x30, 0, 0, 0x75, 0x30])
        #expect(refusal(embedding(huge)) == .refused("it embeds a PNG image of 30000×30000 pixels"))
        #expect(refusal(embedding(Data([0xFF, 0xD8, 0xFF, 0xE0]), type: "jpeg")) != nil)
        #expect(refusal(embedding(Data("<svg/>".utf8), type: "svg+xml")) != nil)
    }

    @Test func strokesThatWouldTakeCairoSecondsAreRefused() {
        let path = String(repeating: "M0,0 L100,100 ", count: 15_000)
        let wide = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><path d=\"\(path)\" stroke=\"red\" stroke-width=\"1e6\"/></svg>"
        #expect(refusal(wide) == .refused("a stroke 1000000.0 wide is far wider than the drawing"))
        let dashed = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><path d=\"\(path)\" style=\"stroke:red; stroke-dasharray: 1 1\"/></svg>"
        #expect(refusal(dashed) == .refused("its dash pattern is far finer than its paths are long"))
        let long = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><path d=\"\(String(repeating: path, count: 2))\"/></svg>"
        #expect(refusal(long) == .refused("its paths have over 40000 segments"))
        // A dashed circle, as icons have them, is drawn.
        let circle = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\"><circle cx=\"50\" cy=\"50\" r=\"40\" fill=\"none\" stroke=\"#000\" stroke-width=\"4\" stroke-dasharray=\"6 3\"/></svg>"
        #expect(refusal(circle) == nil)
    }

    private static let open = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"100\" height=\"100\">"

    /// Text past a word or two (pango shapes it, at gigabytes for emoji and Arabic), counting
    /// what entities add, is refused; a short label is drawn.
    @Test func textPastASmallSizeIsRefused() {
        let long = Self.open + "<text y=\"50\">" + String(repeating: "😀مرحبا", count: 20_000) + "</text></svg>"
        #expect(refusal(long) == .refused("it has over 1024 bytes of text (an icon layer's text is drawn as paths)"))
        let value = String(repeating: "x", count: 50_000)
        let entity = "<!DOCTYPE svg [<!ENTITY big \"\(value)\">]>" + Self.open
            + String(repeating: "<desc>&big;</desc>", count: 15) + "</svg>"
        #expect(refusal(entity) == .refused("its entities expand to more than the file's own \(entity.utf8.count) bytes"))
        let inText = entity.replacingOccurrences(of: "desc>", with: "text>")
        #expect(refusal(inText) == .refused("it has over 1024 bytes of text (an icon layer's text is drawn as paths)"))
        let once = "<!DOCTYPE svg [<!ENTITY big \"\(String(repeating: "x", count: 2_000))\">]>" + Self.open
            + "<text y=\"50\"><tspan>&big;</tspan></text></svg>"
        #expect(refusal(once) == .refused("it has over 1024 bytes of text (an icon layer's text is drawn as paths)"))
        let label = Self.open + "<text x=\"10\" y=\"50\" font-size=\"20\">Beta</text></svg>"
        #expect(refusal(label) == nil)
    }

    /// Filter primitives whose cost grows with a parameter, too many of them, and too many
    /// filtered or blended groups are refused; a blur or a shadow, as icons have them, is drawn.
    @Test func costlyFiltersAndEffectsAreRefused() {
        let turbulence = Self.open + "<filter id=\"f\"><feTurbulence baseFrequency=\"0.05\" numOctaves=\"100000\"/></filter>"
            + "<rect width=\"100\" height=\"100\" filter=\"url(#f)\"/></svg>"
        #expect(refusal(turbulence) == .refused("its filter has feTurbulence numOctaves over 10"))
        let convolution = Self.open + "<filter id=\"f\"><feConvolveMatrix order=\"3 400\" kernelMatrix=\"1\"/></filter></svg>"
        #expect(refusal(convolution) == .refused("its filter has feConvolveMatrix order over 9"))
        let morphology = Self.open + "<filter id=\"f\"><feMorphology radius=\"1e9\"/></filter></svg>"
        #expect(refusal(morphology) == .refused("its filter has feMorphology radius over 100"))
        let primitives = Self.open + "<filter id=\"f\">" + String(repeating: "<feOffset dx=\"1\"/>", count: 100) + "</filter></svg>"
        #expect(refusal(primitives) == .refused("it has over 64 filter primitives"))
        let groups = Self.open + "<filter id=\"b\"><feGaussianBlur stdDeviation=\"2\"/></filter>"
            + String(repeating: "<g filter=\"url(#b)\" style=\"mix-blend-mode: multiply\"><rect width=\"50\" height=\"50\"/></g>", count: 5_000)
            + "</svg>"
        #expect(refusal(groups) == .refused("over 100 of its elements are filtered, masked or blended"))
        let sheet = Self.open + "<style>rect { filter: url(#b) }</style><filter id=\"b\"><feGaussianBlur stdDeviation=\"2\"/></filter>"
            + String(repeating: "<rect width=\"5\" height=\"5\"/>", count: 200) + "</svg>"
        #expect(refusal(sheet) == .refused("over 100 of its elements are filtered, masked or blended"))
        let shadow = Self.open + "<filter id=\"s\"><feGaussianBlur stdDeviation=\"3\"/><feOffset dx=\"2\" dy=\"2\"/>"
            + "<feTurbulence numOctaves=\"4\" baseFrequency=\"0.1\"/></filter><circle cx=\"50\" cy=\"50\" r=\"30\" filter=\"url(#s)\"/></svg>"
        #expect(refusal(shadow) == nil)
    }

    /// Style sheets past 16 KB are refused (5,000 rules over 2,000 elements took over 10 s).
    @Test func largeStyleSheetsAreRefused() {
        let rules = (0..<5_000).map { ".c\($0) { fill: #\(String(format: "%06x", $0)) }" }.joined(separator: "\n")
        let sheet = Self.open + "<style>\(rules)</style>" + String(repeating: "<rect class=\"c1\" width=\"1\" height=\"1\"/>", count: 2_000) + "</svg>"
        #expect(refusal(sheet) == .refused("its style sheets are over 16384 bytes"))
        let small = Self.open + "<style>.a { fill: #f00 }</style><rect class=\"a\" width=\"100\" height=\"100\"/></svg>"
        #expect(refusal(small) == nil)
    }

    /// librsvg runs in a child process held to a time and a memory budget: what the pre-check
    /// misses costs at most that. Shown with budgets far below what a plain drawing needs.
    @Test func drawingIsHeldToItsBudget() throws {
        // 1024 units square, drawn at 1024 pixels: each of the blur's surfaces is 4 MB.
        let blurred = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"1024\">"
            + "<filter id=\"b\"><feGaussianBlur stdDeviation=\"200\"/></filter>"
            + "<rect width=\"1024\" height=\"1024\" fill=\"#0f0\" filter=\"url(#b)\"/></svg>"
        let frame = LayerFrame(x: 0, y: 0, width: 1024, height: 1024)
        let clip = PixelRect(x: 0, y: 0, width: 1024, height: 1024)
        let document = try SVGDocument(bytes: Array(blurred.utf8))
        // Out of time: stopped at the deadline, long before the drawing would end.
        let (late, lateUse) = ResourceUse.measure { () -> SVGDocument.Failure? in
            do throws(SVGDocument.Failure) {
                _ = try document.draw(in: frame, clip: clip, budget: iconchooser_svg_budget(seconds: 0.001, memory_bytes: 128 << 20))
                return nil
            } catch { return error }
        }
        #expect(late == .overBudget("drawing it took longer than 0.001 s; stopped"))
        expectCheap(lateUse)
        // Out of memory: drawn at 4096×4096 pixels, each of the blur's surfaces is 64 MB, which
        // glibc always maps afresh (blocks past 32 MB never come from the heap the test process
        // freed before, whatever ran beside it), so the limit sees every one.
        var tight: SVGDocument.Failure?
        let large = LayerFrame(x: 0, y: 0, width: 4096, height: 4096)
        do throws(SVGDocument.Failure) {
            _ = try document.draw(in: large, clip: PixelRect(x: 0, y: 0, width: 4096, height: 4096),
                                  budget: iconchooser_svg_budget(seconds: 5, memory_bytes: 1 << 20))
        } catch { tight = error }
        // librsvg says so itself where cairo's allocation fails; where glib's does, the child ends.
        let reason = tight?.description ?? "drawn"
        #expect(reason == "not a valid SVG (rendering error: NoMemory)" || reason.hasPrefix("drawing it needed more than 1 MB, or failed"),
                "\(reason)")
        // Within the standard budget it is drawn, in the parent's memory.
        let patch = try #require(try document.draw(in: frame, clip: clip))
        #expect(patch.samples[(512 * 1024 + 512) * 4 + 1] > 0.5)
    }

    /// A 1024-pixel picture wrapped in SVG, as Icon Composer layers of real apps are (2 MB of
    /// base64, more than all the markup an icon has): drawn, its own red showing. Its cost is
    /// its pixels, not its bytes.
    @Test func aLayerEmbeddingALargePictureIsDrawn() throws {
        let text = PictureLayerSVG.text()
        #expect(text.utf8.count > 1 << 20)
        let (result, use) = ResourceUse.measure { () -> Result<LayerPatch?, SVGDocument.Failure> in
            do throws(SVGDocument.Failure) {
                let document = try SVGDocument(bytes: Array(text.utf8))
                return .success(try document.draw(in: LayerFrame(x: 0, y: 0, width: 64, height: 64),
                                                  clip: PixelRect(x: 0, y: 0, width: 64, height: 64)))
            } catch {
                return .failure(error)
            }
        }
        expectCheap(use)
        let patch = try #require(try result.get())
        let middle = (32 * 64 + 32) * 4
        #expect(patch.samples[middle] > 0.7 && patch.samples[middle + 1] < 0.1 && patch.samples[middle + 3] > 0.99,
                "\(patch.samples[middle..<middle + 4])")
    }

    /// Pictures are counted by their pixels, all together: four 4096-pixel ones (a few hundred
    /// bytes each, declared in their headers) are refused before librsvg decodes any.
    @Test func embeddedPicturesPastAPixelBudgetAreRefused() {
        var declared = Data(PNGWriter.png(width: 1, height: 1, alpha: true) { _, _ in (0, 0, 0, 0) })
        declared.replaceSubrange(16..<24, with: [0, 0, 0x10, 0, 0, 0, 0x10, 0])
        let image = "<image width=\"10\" height=\"10\" href=\"data:image/png;base64,\(declared.base64EncodedString())\"/>"
        #expect(refusal(Self.open + image + "</svg>") != .refused("its embedded images have over 16777216 pixels in all"))
        #expect(refusal(Self.open + String(repeating: image, count: 4) + "</svg>")
                == .refused("its embedded images have over 16777216 pixels in all"))
    }

    /// Markup is what libxml2 parses and the scan reads: past 1 MB of it (here a comment,
    /// which costs nothing to draw but is still markup) is refused, whatever pictures beside it
    /// weigh, and found before the rest of a large file is scanned.
    @Test func markupPastItsLimitIsRefused() {
        let padded = Self.open + "<!--" + String(repeating: "x", count: 1 << 20) + "--><rect width=\"9\" height=\"9\"/></svg>"
        #expect(refusal(padded) == .refused("it has \(padded.utf8.count) bytes of markup besides its embedded images; over 1048576 is refused"))
        let shapes = Self.open + String(repeating: "<!-- \(String(repeating: "y", count: 1000)) --><g/>", count: 2_000) + "</svg>"
        guard case .refused(let reason)? = refusal(shapes) else { Issue.record("2 MB of markup was drawn"); return }
        #expect(reason.hasSuffix("bytes of markup besides its embedded images; over 1048576 is refused"), "\(reason)")
    }

    /// A filter region many times the drawing is refused, in user units or as a fraction of the
    /// element; a shadow's region, a little past its element, is drawn.
    @Test func filterRegionsFarPastTheDrawingAreRefused() {
        let user = Self.open + "<filter id=\"f\" filterUnits=\"userSpaceOnUse\" x=\"-1e6\" y=\"-1e6\" width=\"2e6\" height=\"2e6\">"
            + "<feGaussianBlur stdDeviation=\"50\"/></filter><rect width=\"100\" height=\"100\" filter=\"url(#f)\"/></svg>"
        #expect(refusal(user) == .refused("a filter region is 4e+08 times the drawing's area; over 16 is refused"))
        let fraction = Self.open + "<filter id=\"f\" x=\"-50\" y=\"-50\" width=\"100\" height=\"10000%\"><feFlood flood-color=\"red\"/></filter></svg>"
        #expect(refusal(fraction) == .refused("a filter region is 10000 times the drawing's area; over 16 is refused"))
        let shadow = Self.open + "<filter id=\"s\" x=\"-20%\" y=\"-20%\" width=\"140%\" height=\"140%\"><feGaussianBlur stdDeviation=\"3\"/></filter>"
            + "<circle cx=\"50\" cy=\"50\" r=\"30\" filter=\"url(#s)\"/></svg>"
        #expect(refusal(shadow) == nil)
    }

    @Test func aFileOverTheSizeLimitIsNotRead() {
        let folder = TemporaryFolder()
        let path = folder.write("big.svg", Data(count: SVGDocument.maximumFileBytes + 1))
        let (result, use) = ResourceUse.measure { () -> SVGDocument.Failure? in
            do throws(SVGDocument.Failure) { _ = try SVGDocument(contentsOf: path); return nil } catch { return error }
        }
        expectCheap(use)
        #expect(result == .unreadable("is \(SVGDocument.maximumFileBytes + 1) bytes; over \(SVGDocument.maximumFileBytes) is refused"))
    }
}

/// A TCP socket on 127.0.0.1 that records whether anyone connected.
private final class LocalListener {
    let port: UInt16
    private let socketDescriptor: Int32

    init() throws {
        #if canImport(Glibc)
        let stream = Int32(SOCK_STREAM.rawValue)
        #else
        let stream = SOCK_STREAM
        #endif
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw POSIXError(.EIO) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { close(descriptor); throw POSIXError(.EADDRINUSE) }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
        port = UInt16(bigEndian: address.sin_port)
        socketDescriptor = descriptor
    }

    deinit { close(socketDescriptor) }

    /// Whether a connection is waiting to be accepted (it is taken and closed).
    var wasContacted: Bool {
        let connection = accept(socketDescriptor, nil, nil)
        guard connection >= 0 else { return false }
        close(connection)
        return true
    }
}
