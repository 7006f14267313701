import Foundation
import IconCatalog

/// Checks SVG text before librsvg sees it, for what makes drawing cost far more than the
/// file's size and that librsvg and libxml2 do not bound on their own. libxml2 already
/// refuses nesting over 256 levels, entity loops and external entities, and librsvg loads
/// nothing without a base URL; measured on librsvg 2.54, these still cost seconds or
/// gigabytes from a few kilobytes:
/// - `<use>` elements instancing each other (a "use bomb": 10 s before librsvg's own limit);
/// - an embedded `data:` image declaring a huge size (gdk-pixbuf allocated 4.9 GB);
/// - cairo stroking very many segments with absurd widths, or a dash pattern far finer than
///   the path is long.
/// - text (pango shaping 220 KB of emoji and Arabic took 473 MB; an entity of 50,000
///   characters used 15 times in `<text>`, 3.9 GB and minutes), style sheets matched against
///   every element (5,000 rules over 2,000 elements: over 10 s), filter primitives whose cost
///   grows with a parameter (`feTurbulence numOctaves="100000"`: over 10 s), filter regions
///   many times the drawing, and thousands of filtered or blended groups, each an offscreen
///   surface (5,000: 2.4 s).
/// What it costs to draw is bounded, not the file's size: the markup (all but the payloads of
/// `data:` URLs) stays within the size the scan and librsvg were measured and fuzzed on, and an
/// embedded PNG (an Icon Composer layer may be a 1024-pixel picture wrapped in SVG, 1.5 MB of
/// base64) costs its pixels, read from its header, counted over every image of the document.
/// An icon layer needs none of these beyond a little: a few letters of text, a small style
/// sheet, a few effects. What is past that is refused, and what the scan misses is bounded by
/// the rasterizer's own time and memory budget (see `SVGDocument`).
/// The scan reads tags and attributes only (a tokenizer, not an XML parser): anything it
/// cannot follow is left to libxml2, which refuses malformed documents.
struct SVGPreflight {
    struct Limits {
        /// Elements after every `<use>` is expanded; icon art has hundreds, detailed art a few thousand.
        var maximumInstances = 20_000
        /// Coordinates pairs in `d` and `points`; a detailed illustration has a few tens of thousands.
        var maximumSegments = 40_000
        /// Dashes the longest possible stroking of the paths could make.
        var maximumDashes = 200_000
        /// Width and height of an embedded PNG image.
        var maximumEmbeddedDimension = 4096
        /// Pixels of every embedded PNG image together: librsvg decodes each into a bitmap
        /// (4 bytes a pixel) and again into a cairo surface, so 16 Mpx hold 128 MB at most.
        var maximumEmbeddedPixels = 4096 * 4096
        /// Bytes of the document outside the payloads of its `data:` URLs: what libxml2 parses
        /// and the scan reads, and where every costly construct is written. The pre-check and
        /// librsvg were measured and fuzzed on documents of up to this size; an embedded
        /// image's payload costs its pixels, bounded above, not its bytes.
        var maximumMarkupBytes = 1 << 20
        /// A filter region's area, in times the drawing's own (`width` × `height` of a
        /// `<filter>`, in user units or as a fraction of the filtered element): a shadow or a
        /// glow reaches a little past its element, never sixteen drawings' worth.
        var maximumFilterAreaRatio = 16.0
        /// Bytes of character data in text elements, entities expanded: a monogram or a word.
        var maximumTextBytes = 1024
        /// Bytes of `<style>` sheets.
        var maximumStyleSheetBytes = 16 * 1024
        /// Filter primitives (`fe…` elements) in the document.
        var maximumFilterPrimitives = 64
        /// Elements drawn through an offscreen surface: `filter`, `mask` or `mix-blend-mode` set
        /// on them (every element, when a style sheet sets one).
        var maximumEffects = 100
        /// `feTurbulence`'s octaves (each one a pass over every pixel).
        var maximumOctaves = 10
        /// `feConvolveMatrix`'s order, each way (its cost is the square per pixel).
        var maximumConvolutionOrder = 9
        /// `feMorphology`'s radius, in user units.
        var maximumMorphologyRadius = 100.0

        static let standard = Limits()
    }

    enum Refusal: Error, Equatable, CustomStringConvertible {
        case entityWithMarkup(String)
        case externalEntity(String)
        case tooManyInstances(Int)
        case useCycle
        case embeddedImage(String)
        case tooComplex(segments: Int)
        case strokeTooWide(Double)
        case dashesTooFine
        case textTooLong(Int)
        case entityExpansion(Int)
        case styleSheetTooLarge(Int)
        case tooManyFilterPrimitives(Int)
        case filterTooCostly(String)
        case tooManyEffects(Int)
        case embeddedPixels(limit: Int)
        case markupTooLarge(bytes: Int, limit: Int)
        case filterRegionTooLarge(ratio: Double, limit: Double)

        var description: String {
            switch self {
            case .entityWithMarkup(let name): return "its entity “\(name)” holds markup or other entities (entity expansion is refused)"
            case .externalEntity(let name): return "its entity “\(name)” names an external file (never loaded)"
            case .tooManyInstances(let count): return "it has over \(count) elements, counting what its <use> elements repeat"
            case .useCycle: return "its <use> elements refer to each other in a cycle"
            case .embeddedImage(let reason): return "it embeds \(reason)"
            case .tooComplex(let segments): return "its paths have over \(segments) segments"
            case .strokeTooWide(let width): return "a stroke \(width) wide is far wider than the drawing"
            case .dashesTooFine: return "its dash pattern is far finer than its paths are long"
            case .textTooLong(let limit): return "it has over \(limit) bytes of text (an icon layer's text is drawn as paths)"
            case .entityExpansion(let limit): return "its entities expand to more than the file's own \(limit) bytes"
            case .styleSheetTooLarge(let limit): return "its style sheets are over \(limit) bytes"
            case .tooManyFilterPrimitives(let limit): return "it has over \(limit) filter primitives"
            case .filterTooCostly(let what): return "its filter has \(what)"
            case .tooManyEffects(let limit): return "over \(limit) of its elements are filtered, masked or blended"
            case .embeddedPixels(let limit): return "its embedded images have over \(limit) pixels in all"
            case .markupTooLarge(let bytes, let limit):
                return "it has \(bytes) bytes of markup besides its embedded images; over \(limit) is refused"
            case .filterRegionTooLarge(let ratio, let limit):
                return "a filter region is \(ratio >= 1e6 ? String(format: "%.3g", ratio) : String(Int(ratio.rounded()))) times the drawing's area; over \(Int(limit)) is refused"
            }
        }
    }

    let limits: Limits
    private let bytes: [UInt8]
    private var position = 0
    // Elements in document order.
    private var parents: [Int] = []
    private var useTargets: [String?] = []
    private var ids: [String: Int] = [:]
    private var open: [Int] = []
    private var numbers = 0
    private var largestCoordinate = 0.0
    private var referenceSize = 0.0
    /// Entities of the internal subset: name → length of the value.
    private var entities: [String: Int] = [:]
    /// Where the document's body starts (after the DOCTYPE), for counting entity references.
    private var bodyStart = 0
    /// Per element: whether it holds text (`text`, `tspan`, `textPath`) or a style sheet.
    private var holdsText: [Bool] = []
    private var holdsStyle: [Bool] = []
    private var openText = 0
    private var openStyle = 0
    private var textBytes = 0
    private var styleBytes = 0
    private var filterPrimitives = 0
    private var effects = 0
    private var styleSheetSetsEffects = false
    /// Pixels of the embedded images so far, and bytes of their `data:` payloads.
    private var embeddedPixels = 0
    private var payloadBytes = 0

    private init(bytes: [UInt8], limits: Limits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// Throws the first reason the SVG must not be drawn.
    static func check(_ bytes: [UInt8], limits: Limits = .standard) throws(Refusal) {
        var scan = SVGPreflight(bytes: bytes, limits: limits)
        try scan.tokenize()
        let markup = bytes.count - scan.payloadBytes
        guard markup <= limits.maximumMarkupBytes else { throw .markupTooLarge(bytes: markup, limit: limits.maximumMarkupBytes) }
        try scan.checkEntities()
        try scan.checkEffects()
        try scan.checkInstances()
        try scan.checkStrokes()
    }

    // MARK: - Tokens

    private mutating func tokenize() throws(Refusal) {
        while let start = find("<", from: position) {
            // Stopped as soon as the markup passes its limit: a 16 MB file is not scanned whole to refuse it.
            guard start - payloadBytes <= limits.maximumMarkupBytes else {
                throw .markupTooLarge(bytes: bytes.count - payloadBytes, limit: limits.maximumMarkupBytes)
            }
            try characterData(position, start)
            position = start
            if hasPrefix("<!--") { skip(past: "-->"); continue }
            if hasPrefix("<![CDATA[") { skip(past: "]]>"); continue }
            if hasPrefix("<?") { skip(past: "?>"); continue }
            if hasPrefix("<!DOCTYPE") || hasPrefix("<!doctype") { try doctype(); continue }
            if hasPrefix("</") {
                if let closed = open.popLast() {
                    if holdsText[closed] { openText -= 1 }
                    if holdsStyle[closed] { openStyle -= 1 }
                }
                skip(past: ">")
                continue
            }
            try element()
        }
        try characterData(position, bytes.count)
    }

    /// Text between tags: counted (entities expanded) inside text elements and style sheets.
    private mutating func characterData(_ start: Int, _ end: Int) throws(Refusal) {
        guard start < end, openText > 0 || openStyle > 0 else { return }
        var size = end - start
        if openText > 0 {
            var cursor = start
            while let ampersand = find(UInt8(ascii: "&"), from: cursor, before: end) {
                guard let semicolon = find(UInt8(ascii: ";"), from: ampersand + 1, before: min(end, ampersand + 256)) else { break }
                size += entities[text(ampersand + 1, semicolon)] ?? 0
                cursor = semicolon + 1
            }
            textBytes += size
            guard textBytes <= limits.maximumTextBytes else { throw .textTooLong(limits.maximumTextBytes) }
        }
        if openStyle > 0 {
            styleBytes += end - start
            guard styleBytes <= limits.maximumStyleSheetBytes else { throw .styleSheetTooLarge(limits.maximumStyleSheetBytes) }
            if !styleSheetSetsEffects {
                styleSheetSetsEffects = ["filter", "mask", "mix-blend-mode"].contains { find($0, from: start, before: end) != nil }
            }
        }
    }

    /// The internal subset's entity declarations: plain text values (Illustrator's namespace
    /// entities) are fine; values with markup or references, parameter entities and external
    /// ones are refused.
    private mutating func doctype() throws(Refusal) {
        guard let end = doctypeEnd() else { position = bytes.count; return }
        var cursor = position
        while let declaration = find("<!ENTITY", from: cursor, before: end) {
            cursor = declaration + 8
            skipSpaces(&cursor)
            if cursor < end, bytes[cursor] == UInt8(ascii: "%") { throw .entityWithMarkup("%") }
            let nameStart = cursor
            while cursor < end, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
            let name = text(nameStart, cursor)
            skipSpaces(&cursor)
            guard cursor < end else { break }
            let quote = bytes[cursor]
            guard quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else { throw .externalEntity(name) }
            let valueEnd = find(quote, from: cursor + 1, before: end) ?? end
            entities[name] = valueEnd - cursor - 1
            if bytes[(cursor + 1)..<valueEnd].contains(where: { $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "%") }) {
                throw .entityWithMarkup(name)
            }
            cursor = valueEnd + 1
        }
        position = end + 1
        bodyStart = position
    }

    /// References to the internal subset's entities, anywhere in the body (attributes too),
    /// may expand to no more than the file's own size: a file never needs to say more than
    /// it holds, and librsvg keeps every expansion.
    private func checkEntities() throws(Refusal) {
        guard !entities.isEmpty else { return }
        var expanded = 0
        var cursor = bodyStart
        while let ampersand = find(UInt8(ascii: "&"), from: cursor) {
            cursor = ampersand + 1
            guard let semicolon = find(UInt8(ascii: ";"), from: cursor, before: min(bytes.count, cursor + 256)),
                  let length = entities[text(cursor, semicolon)] else { continue }
            expanded += length
            guard expanded <= bytes.count else { throw .entityExpansion(bytes.count) }
            cursor = semicolon + 1
        }
    }

    private func checkEffects() throws(Refusal) {
        guard filterPrimitives <= limits.maximumFilterPrimitives else {
            throw .tooManyFilterPrimitives(limits.maximumFilterPrimitives)
        }
        let total = styleSheetSetsEffects ? max(effects, parents.count) : effects
        guard total <= limits.maximumEffects else { throw .tooManyEffects(limits.maximumEffects) }
    }

    /// Where `<!DOCTYPE …>` ends: the `>` after its internal subset `[…]`, if any.
    private func doctypeEnd() -> Int? {
        var cursor = position
        var inSubset = false
        while cursor < bytes.count {
            switch bytes[cursor] {
            case UInt8(ascii: "["): inSubset = true
            case UInt8(ascii: "]"): inSubset = false
            case UInt8(ascii: ">") where !inSubset: return cursor
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                cursor = find(bytes[cursor], from: cursor + 1) ?? bytes.count
            default: break
            }
            cursor += 1
        }
        return nil
    }

    private mutating func element() throws(Refusal) {
        var cursor = position + 1
        let nameStart = cursor
        while cursor < bytes.count, !isSpace(bytes[cursor]), bytes[cursor] != UInt8(ascii: ">"),
              bytes[cursor] != UInt8(ascii: "/") { cursor += 1 }
        let isUse = localName(nameStart, cursor, is: "use")
        let isText = localName(nameStart, cursor, is: "text") || localName(nameStart, cursor, is: "tspan")
            || localName(nameStart, cursor, is: "textPath")
        let isStyle = localName(nameStart, cursor, is: "style")
        let filter = filterPrimitive(nameStart, cursor)
        if filter != nil { filterPrimitives += 1 }
        let isFilterElement = localName(nameStart, cursor, is: "filter")
        var region = FilterRegion()
        let index = parents.count
        parents.append(open.last ?? -1)
        useTargets.append(nil)
        holdsText.append(isText)
        holdsStyle.append(isStyle)
        var selfClosing = false
        while cursor < bytes.count {
            skipSpaces(&cursor)
            guard cursor < bytes.count else { break }
            if bytes[cursor] == UInt8(ascii: ">") { cursor += 1; break }
            if bytes[cursor] == UInt8(ascii: "/") { selfClosing = true; cursor += 1; continue }
            let attributeStart = cursor
            while cursor < bytes.count, bytes[cursor] != UInt8(ascii: "="), !isSpace(bytes[cursor]),
                  bytes[cursor] != UInt8(ascii: ">") { cursor += 1 }
            let attributeEnd = cursor
            skipSpaces(&cursor)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "=") else { continue }
            cursor += 1
            skipSpaces(&cursor)
            guard cursor < bytes.count, bytes[cursor] == UInt8(ascii: "\"") || bytes[cursor] == UInt8(ascii: "'") else { continue }
            let valueEnd = find(bytes[cursor], from: cursor + 1) ?? bytes.count
            try attributeValue(name: attributeStart..<attributeEnd, isUse: isUse, element: index, from: cursor + 1, to: valueEnd)
            if let filter { try checkFilter(filter, attribute: attributeStart..<attributeEnd, from: cursor + 1, to: valueEnd) }
            if isFilterElement { noteRegion(&region, attribute: attributeStart..<attributeEnd, from: cursor + 1, to: valueEnd) }
            cursor = valueEnd + 1
        }
        if isFilterElement { try checkRegion(region) }
        if !selfClosing {
            open.append(index)
            if isText { openText += 1 }
            if isStyle { openStyle += 1 }
        }
        position = cursor
        guard parents.count <= limits.maximumInstances else { throw .tooManyInstances(limits.maximumInstances) }
    }

    private mutating func attributeValue(name: Range<Int>, isUse: Bool, element index: Int,
                                         from start: Int, to end: Int) throws(Refusal) {
        if localName(name.lowerBound, name.upperBound, is: "filter") || localName(name.lowerBound, name.upperBound, is: "mask")
            || localName(name.lowerBound, name.upperBound, is: "mix-blend-mode") {
            effects += 1
        } else if localName(name.lowerBound, name.upperBound, is: "style") {
            if ["filter", "mask", "mix-blend-mode"].contains(where: { find($0, from: start, before: end) != nil }) { effects += 1 }
        }
        if localName(name.lowerBound, name.upperBound, is: "id") {
            ids[text(start, end)] = index
        } else if localName(name.lowerBound, name.upperBound, is: "href") {
            if hasPrefix("data:", at: start) { try checkEmbedded(from: start, to: end) }
            if isUse, start < end, bytes[start] == UInt8(ascii: "#") {
                useTargets[index] = text(start + 1, end)
            }
        } else if localName(name.lowerBound, name.upperBound, is: "d") || localName(name.lowerBound, name.upperBound, is: "points") {
            countNumbers(from: start, to: end)
        } else if parents.count == 1, ["width", "height", "viewBox"].contains(where: { localName(name.lowerBound, name.upperBound, is: $0) }) {
            noteReferenceSize(from: start, to: end)
        }
    }

    // MARK: - Filters

    enum FilterPrimitive { case turbulence, convolution, morphology, other }

    /// The kind of filter primitive an element name is, or nil when it is none (`fe…`).
    private func filterPrimitive(_ start: Int, _ end: Int) -> FilterPrimitive? {
        if localName(start, end, is: "feTurbulence") { return .turbulence }
        if localName(start, end, is: "feConvolveMatrix") { return .convolution }
        if localName(start, end, is: "feMorphology") { return .morphology }
        var local = start
        for cursor in start..<end where bytes[cursor] == UInt8(ascii: ":") { local = cursor + 1 }
        guard end - local > 2, bytes[local] == UInt8(ascii: "f"), bytes[local + 1] == UInt8(ascii: "e"),
              bytes[local + 2] >= UInt8(ascii: "A"), bytes[local + 2] <= UInt8(ascii: "Z") else { return nil }
        return .other
    }

    /// The parameters that make a primitive's cost grow past any icon's need.
    private func checkFilter(_ primitive: FilterPrimitive, attribute: Range<Int>, from start: Int, to end: Int) throws(Refusal) {
        func numbers() -> [Double] {
            text(start, min(end, start + 512)).split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" || $0 == "\n" })
                .map { Double($0) ?? .infinity }
        }
        switch primitive {
        case .turbulence where localName(attribute.lowerBound, attribute.upperBound, is: "numOctaves"):
            if let octaves = numbers().first, !(octaves <= Double(limits.maximumOctaves)) {
                throw .filterTooCostly("feTurbulence numOctaves over \(limits.maximumOctaves)")
            }
        case .convolution where localName(attribute.lowerBound, attribute.upperBound, is: "order"):
            if numbers().contains(where: { !($0 <= Double(limits.maximumConvolutionOrder)) }) {
                throw .filterTooCostly("feConvolveMatrix order over \(limits.maximumConvolutionOrder)")
            }
        case .morphology where localName(attribute.lowerBound, attribute.upperBound, is: "radius"):
            if numbers().contains(where: { !(abs($0) <= limits.maximumMorphologyRadius) }) {
                throw .filterTooCostly("feMorphology radius over \(Int(limits.maximumMorphologyRadius))")
            }
        default:
            break
        }
    }

    /// What a `<filter>` says of its region: its units, width and height as written.
    private struct FilterRegion {
        var userSpace = false
        var width: String?
        var height: String?
    }

    private func noteRegion(_ region: inout FilterRegion, attribute: Range<Int>, from start: Int, to end: Int) {
        let value = text(start, min(end, start + 64)).trimmingCharacters(in: .whitespaces)
        if localName(attribute.lowerBound, attribute.upperBound, is: "filterUnits") {
            region.userSpace = value == "userSpaceOnUse"
        } else if localName(attribute.lowerBound, attribute.upperBound, is: "width") {
            region.width = value
        } else if localName(attribute.lowerBound, attribute.upperBound, is: "height") {
            region.height = value
        }
    }

    /// A filter's region against the drawing: each primitive works over the region, so a
    /// region of many drawings only costs and never shows more. In user units it is measured against the document's size; as a fraction of
    /// the filtered element (the default, 120 % each way), against the element filling the
    /// drawing, the most it may. Lengths it cannot read are left to librsvg.
    private func checkRegion(_ region: FilterRegion) throws(Refusal) {
        // Each side as a fraction of the drawing's (or the element's): a percentage is one in
        // either units, a number in user units is measured against the document's size.
        let scale = max(referenceSize, 1)
        func fraction(_ written: String?) -> Double? {
            guard let written else { return 1.2 }
            if written.hasSuffix("%") { return Double(written.dropLast()).map { $0 / 100 } }
            let number = Double(written.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" || $0 == "e" || $0 == "E" })
            return region.userSpace ? number.map { $0 / scale } : number
        }
        guard let width = fraction(region.width), let height = fraction(region.height) else { return }
        // Magnitudes only; a product of doubles never traps, and NaN or infinity is refused.
        let ratio = abs(width) * abs(height)
        guard ratio <= limits.maximumFilterAreaRatio else {
            throw .filterRegionTooLarge(ratio: ratio.isFinite ? ratio : .greatestFiniteMagnitude, limit: limits.maximumFilterAreaRatio)
        }
    }

    // MARK: - Embedded images

    /// `data:` URLs are all librsvg loads without a base URL: a PNG must declare a size the
    /// decoders accept, and all of them together no more pixels than a drawing may hold; other
    /// embedded formats (JPEG, GIF, nested SVG) are refused. Only the PNG's header is decoded
    /// here: the payload's bytes are not markup (see `Limits.maximumMarkupBytes`).
    private mutating func checkEmbedded(from start: Int, to end: Int) throws(Refusal) {
        let header = text(start, min(end, start + 64)).lowercased()
        guard header.hasPrefix("data:image/png;base64,") else {
            throw .embeddedImage("an image other than a base64 PNG (\(header.prefix(24))…)")
        }
        let payloadStart = start + "data:image/png;base64,".utf8.count
        let prefix = bytes[payloadStart..<min(end, payloadStart + 256)].filter { !isSpace($0) }.prefix(44)
        guard let decoded = Data(base64Encoded: Data(prefix.prefix(prefix.count / 4 * 4))),
              let size = PNGHeader.size(of: decoded) else {
            throw .embeddedImage("a PNG image whose header cannot be read")
        }
        guard size.width <= limits.maximumEmbeddedDimension, size.height <= limits.maximumEmbeddedDimension else {
            throw .embeddedImage("a PNG image of \(size.width)×\(size.height) pixels")
        }
        // Both at most maximumEmbeddedDimension: the product and the sum cannot overflow.
        embeddedPixels += size.width * size.height
        guard embeddedPixels <= limits.maximumEmbeddedPixels else { throw .embeddedPixels(limit: limits.maximumEmbeddedPixels) }
        payloadBytes += end - payloadStart
    }

    // MARK: - Instances

    /// Elements drawn once every `<use>` stands for its target's whole subtree, counted
    /// without recursion (a chain of uses may be as long as the file allows).
    private func checkInstances() throws(Refusal) {
        guard useTargets.contains(where: { $0 != nil }) else { return }
        var children = [[Int]](repeating: [], count: parents.count)
        for (index, parent) in parents.enumerated() where parent >= 0 { children[parent].append(index) }
        var edges = children
        for (index, target) in useTargets.enumerated() {
            if let target, let referenced = ids[target] { edges[index].append(referenced) }
        }
        let cap = limits.maximumInstances + 1
        var cost = [Int](repeating: -1, count: parents.count)  // -1 unvisited, -2 in progress
        for root in parents.indices where cost[root] == -1 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            cost[root] = -2
            while let top = stack.last {
                if top.next < edges[top.node].count {
                    stack[stack.count - 1].next += 1
                    let child = edges[top.node][top.next]
                    if cost[child] == -2 { throw .useCycle }
                    if cost[child] == -1 {
                        cost[child] = -2
                        stack.append((child, 0))
                    }
                } else {
                    stack.removeLast()
                    let total = edges[top.node].reduce(1) { min(cap, $0 + cost[$1]) }
                    cost[top.node] = total
                    if parents[top.node] == -1, total >= cap { throw .tooManyInstances(limits.maximumInstances) }
                }
            }
        }
    }

    // MARK: - Strokes

    private mutating func countNumbers(from start: Int, to end: Int) {
        var cursor = start
        while cursor < end {
            let byte = bytes[cursor]
            guard isNumberStart(byte) else { cursor += 1; continue }
            var numberEnd = cursor + 1
            while numberEnd < end, isNumberPart(bytes[numberEnd], previous: bytes[numberEnd - 1]) { numberEnd += 1 }
            if let value = Double(text(cursor, numberEnd)), value.isFinite {
                largestCoordinate = max(largestCoordinate, abs(value))
            }
            numbers += 1
            cursor = numberEnd
        }
    }

    private mutating func noteReferenceSize(from start: Int, to end: Int) {
        for part in text(start, end).split(whereSeparator: { $0 == " " || $0 == "," }) {
            if let value = Double(part.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" }), value.isFinite {
                referenceSize = max(referenceSize, abs(value))
            }
        }
    }

    /// Stroke widths and dash patterns are read wherever they are written (attributes,
    /// `style`, `<style>` sheets): every `stroke-width` and `stroke-dasharray` in the text.
    private func checkStrokes() throws(Refusal) {
        let segments = numbers / 2
        guard segments <= limits.maximumSegments else { throw .tooComplex(segments: limits.maximumSegments) }
        let scale = max(referenceSize, largestCoordinate, 1)
        for width in values(after: "stroke-width") where width > 10 * scale {
            throw .strokeTooWide(width)
        }
        // A path can be no longer than its segments, each at most a few times the largest coordinate.
        let longestPath = Double(max(segments, 1)) * 4 * scale
        for pattern in lists(after: "stroke-dasharray") {
            let period = pattern.reduce(0) { $0 + abs($1) } * (pattern.count % 2 == 1 ? 2 : 1)
            if period <= 0 { continue }  // an all-zero pattern draws a solid line
            if longestPath / period > Double(limits.maximumDashes) { throw .dashesTooFine }
        }
    }

    private func values(after name: String) -> [Double] { lists(after: name).compactMap(\.first) }

    /// For each `name` in the text followed by `=` or `:`, the numbers after it up to the end of the value.
    private func lists(after name: String) -> [[Double]] {
        var result: [[Double]] = []
        var cursor = 0
        while let found = find(name, from: cursor) {
            cursor = found + name.utf8.count
            var valueStart = cursor
            while valueStart < bytes.count, isSpace(bytes[valueStart]) || bytes[valueStart] == UInt8(ascii: "=")
                    || bytes[valueStart] == UInt8(ascii: ":") || bytes[valueStart] == UInt8(ascii: "\"")
                    || bytes[valueStart] == UInt8(ascii: "'") { valueStart += 1 }
            var valueEnd = valueStart
            while valueEnd < bytes.count, valueEnd - valueStart < 512, !"\"';<>}".utf8.contains(bytes[valueEnd]) { valueEnd += 1 }
            let list = text(valueStart, valueEnd).split(whereSeparator: { $0 == " " || $0 == "," })
                .compactMap { Double($0.prefix { $0.isNumber || $0 == "." || $0 == "-" || $0 == "e" || $0 == "E" || $0 == "+" }) }
                .filter(\.isFinite)
            if !list.isEmpty { result.append(list) }
        }
        return result
    }

    // MARK: - Bytes

    private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 }

    private func isNumberStart(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "+")
    }

    private func isNumberPart(_ byte: UInt8, previous: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
            || byte == UInt8(ascii: "E")
            || ((byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")) && (previous == UInt8(ascii: "e") || previous == UInt8(ascii: "E")))
    }

    private func text(_ start: Int, _ end: Int) -> String {
        String(decoding: bytes[min(start, end)..<end], as: UTF8.self)
    }

    /// Whether the name in `start..<end`, after any `prefix:`, is `expected`; compared as bytes,
    /// without making a string for every element and attribute of a large file.
    private func localName(_ start: Int, _ end: Int, is expected: StaticString) -> Bool {
        var local = start
        var cursor = start
        while cursor < end {
            if bytes[cursor] == UInt8(ascii: ":") { local = cursor + 1 }
            cursor += 1
        }
        let count = expected.utf8CodeUnitCount
        guard end - local == count else { return false }
        return expected.withUTF8Buffer { needle in
            var i = 0
            while i < count {
                if bytes[local + i] != needle[i] { return false }
                i += 1
            }
            return true
        }
    }

    private func hasPrefix(_ prefix: String, at index: Int? = nil) -> Bool {
        let start = index ?? position
        let needle = Array(prefix.utf8)
        guard start + needle.count <= bytes.count else { return false }
        return bytes[start..<start + needle.count].elementsEqual(needle)
    }

    private mutating func skip(past terminator: String) {
        position = find(terminator, from: position + 1).map { $0 + terminator.utf8.count } ?? bytes.count
    }

    private func skipSpaces(_ cursor: inout Int) {
        while cursor < bytes.count, isSpace(bytes[cursor]) { cursor += 1 }
    }

    private func find(_ byte: UInt8, from start: Int, before end: Int? = nil) -> Int? {
        let limit = end ?? bytes.count
        var cursor = start
        while cursor < limit {
            if bytes[cursor] == byte { return cursor }
            cursor += 1
        }
        return nil
    }

    private func find(_ needle: String, from start: Int, before end: Int? = nil) -> Int? {
        let pattern = Array(needle.utf8)
        let limit = (end ?? bytes.count) - pattern.count
        var cursor = start
        while cursor <= limit {
            if bytes[cursor] == pattern[0], bytes[cursor..<cursor + pattern.count].elementsEqual(pattern) { return cursor }
            cursor += 1
        }
        return nil
    }
}
