import Foundation

/// A colour of an Icon Composer document (`srgb:0.1,0.7,0.9,1`, `display-p3:…`,
/// `extended-srgb:…`, `gray:W,A`, `extended-gray:W,A`), converted to the sRGB a terminal and
/// an 8-bit bitmap show. Display P3 is converted through linear light with the standard
/// P3-to-sRGB matrix; what falls outside sRGB (wide-gamut or extended components) is
/// clipped per channel in linear light, the plain gamut mapping a display of sRGB does.
public struct IconColor: Equatable, Hashable, Sendable {
    /// Gamma-encoded sRGB components and straight alpha, each 0…1.
    public let red: Double
    /// Green, gamma-encoded sRGB, 0…1.
    public let green: Double
    /// Blue, gamma-encoded sRGB, 0…1.
    public let blue: Double
    /// Straight (not premultiplied) alpha, 0…1.
    public let alpha: Double

    /// A colour from sRGB components; each is clamped to 0…1, so a colour is always drawable.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = Self.unit(red)
        self.green = Self.unit(green)
        self.blue = Self.unit(blue)
        self.alpha = Self.unit(alpha)
    }

    package static let white = IconColor(red: 1, green: 1, blue: 1)
    package static let black = IconColor(red: 0, green: 0, blue: 0)

    /// Why a colour's text gives no colour.
    package enum ParseFailure: Error, Equatable, Sendable {
        /// Not one of the forms above (an unknown space, a wrong count, a word where a number goes).
        case notAColor
        /// The numbers are numbers, but converting them to sRGB gives no finite colour
        /// (`display-p3:1e300,0,0`: the transfer curve overflows and the matrix makes NaN).
        case notFinite
    }

    /// The colour `text` writes, or nil when it is not one of the forms above or not finite.
    package init?(parsing text: String) {
        guard case .success(let color) = Self.parse(text) else { return nil }
        self = color
    }

    /// The colour `text` writes, or why there is none. Every component is checked finite after
    /// the conversion as well as before it, so no NaN or infinity ever reaches a clamp (which
    /// lets NaN through) or a pixel.
    package static func parse(_ text: String) -> Result<IconColor, ParseFailure> {
        guard text.utf8.count <= 200, let colon = text.firstIndex(of: ":") else { return .failure(.notAColor) }
        let space = text[..<colon]
        let numbers = text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingSpaces) }
        guard !numbers.contains(where: { $0 == nil }) else { return .failure(.notAColor) }
        let c = numbers.map { $0! }
        guard c.allSatisfy(\.isFinite) else { return .failure(.notFinite) }
        let components: (red: Double, green: Double, blue: Double, alpha: Double)
        switch space {
        case "srgb", "extended-srgb":
            guard c.count == 3 || c.count == 4 else { return .failure(.notAColor) }
            // Clipping each channel in linear light is clipping it encoded: the transfer curve is monotonic.
            components = (c[0], c[1], c[2], c.count == 4 ? c[3] : 1)
        case "display-p3", "extended-display-p3":
            guard c.count == 3 || c.count == 4 else { return .failure(.notAColor) }
            let linear = (decode(c[0]), decode(c[1]), decode(c[2]))
            let m = displayP3ToSRGB
            components = (encode(m[0] * linear.0 + m[1] * linear.1 + m[2] * linear.2),
                          encode(m[3] * linear.0 + m[4] * linear.1 + m[5] * linear.2),
                          encode(m[6] * linear.0 + m[7] * linear.1 + m[8] * linear.2),
                          c.count == 4 ? c[3] : 1)
        case "gray", "extended-gray":
            // Taken on the sRGB curve, as the extended grey space is; the generic grey's 2.2 gamma differs by under 1%.
            guard c.count == 1 || c.count == 2 else { return .failure(.notAColor) }
            components = (c[0], c[0], c[0], c.count == 2 ? c[1] : 1)
        default:
            return .failure(.notAColor)
        }
        guard components.red.isFinite, components.green.isFinite, components.blue.isFinite, components.alpha.isFinite else {
            return .failure(.notFinite)
        }
        return .success(IconColor(red: components.red, green: components.green, blue: components.blue, alpha: components.alpha))
    }

    /// A colour as a person types it for `--tint`: `#RRGGBB`, `#RGB`, or any form `icon.json`
    /// uses (`srgb:1,0.5,0`, `display-p3:…`, `gray:0.7`); nil for anything else.
    public init?(userText text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("#") else {
            self.init(parsing: trimmed)
            return
        }
        var digits = Array(trimmed.dropFirst())
        if digits.count == 3 { digits = digits.flatMap { [$0, $0] } }
        guard digits.count == 6, digits.allSatisfy(\.isHexDigit), let value = Int(String(digits), radix: 16) else { return nil }
        self.init(red: Double(value >> 16 & 0xFF) / 255, green: Double(value >> 8 & 0xFF) / 255,
                  blue: Double(value & 0xFF) / 255)
    }

    /// `self` mixed with `other`: `amount` 0 is `self`, 1 is `other` (in encoded sRGB, as the
    /// system's gradients mix).
    package func mixed(with other: IconColor, amount: Double) -> IconColor {
        IconColor(red: red + (other.red - red) * amount, green: green + (other.green - green) * amount,
                  blue: blue + (other.blue - blue) * amount, alpha: alpha + (other.alpha - alpha) * amount)
    }

    /// Linear Display P3 to linear sRGB (both D65), row by row.
    static let displayP3ToSRGB: [Double] = [
        1.224940176280560, -0.224940176280560, 0,
        -0.042056954709688, 1.042056954709688, 0,
        -0.019637554590334, -0.078636045550632, 1.098273600140966,
    ]

    /// The sRGB transfer curve, extended to negative values by symmetry, to linear light.
    static func decode(_ value: Double) -> Double {
        let magnitude = abs(value)
        let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
        return value < 0 ? -linear : linear
    }

    /// Linear light to the sRGB curve, clipped to 0…1, to ten decimals (far below what any
    /// output resolves) so that P3 white comes out exactly white. NaN stays NaN, for the caller
    /// to refuse: `min` and `max` would pass it through as if it were in range.
    static func encode(_ linear: Double) -> Double {
        guard !linear.isNaN else { return .nan }
        let clipped = min(max(linear, 0), 1)
        let encoded = clipped <= 0.0031308 ? clipped * 12.92 : 1.055 * pow(clipped, 1 / 2.4) - 0.055
        return (encoded * 1e10).rounded() / 1e10
    }

    /// Clamped to 0…1; NaN, which `min` and `max` let through, is 0.
    private static func unit(_ value: Double) -> Double { value.isNaN ? 0 : min(max(value, 0), 1) }
}

extension StringProtocol {
    /// Without the spaces and tabs (any white space but line breaks) at either end: what
    /// `trimmingCharacters(in: .whitespaces)` gives, without Foundation's bridging, which was
    /// most of the time spent reading xcconfig files.
    package var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0.isWhitespace && !$0.isNewline }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
