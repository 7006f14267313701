import Foundation
@testable import IconArt

/// The five designs of the bundled demo app (Assets/make-demo-icons.py), drawn in code so
/// tile tests need no PNG decoding: a thick rainbow, black or white "C" on a plain or
/// rainbow ground. Sampled at pixel centres (no antialiasing): close enough to the real
/// files for telling the designs apart.
enum DemoIcons {
    static let names = ["default", "black-white", "white-black", "multi-black", "black-multi"]

    static func bitmap(_ name: String, size: Int = 120) -> RGBABitmap {
        var bitmap = RGBABitmap(width: size, height: size, filledWith: (0, 0, 0, 255))
        for py in 0..<size {
            for px in 0..<size {
                let x = (Double(px) + 0.5) / Double(size), y = (Double(py) + 0.5) / Double(size)
                let inMark = markDistance(x, y) < 0
                let colour: (Double, Double, Double)
                switch (name, inMark) {
                case ("default", true), ("multi-black", true): colour = rainbow(markPosition(x, y))
                case ("default", false): colour = (250, 244, 232)
                case ("black-white", true), ("white-black", false), ("multi-black", false), ("black-multi", true):
                    colour = (0, 0, 0)
                case ("black-white", false), ("white-black", true): colour = (255, 255, 255)
                case ("black-multi", false): colour = rainbow(min(max((x + y) / 2, 0), 1))
                default: preconditionFailure("no demo icon \(name)")
                }
                bitmap[px, py] = (UInt8(colour.0.rounded()), UInt8(colour.1.rounded()), UInt8(colour.2.rounded()), 255)
            }
        }
        return bitmap
    }

    private static let rainbowStops: [(Double, Double, Double)] = [
        (232, 52, 58), (246, 134, 30), (248, 192, 24), (52, 172, 76), (26, 136, 222), (138, 66, 184),
    ]
    private static let centre = 0.5, arcRadius = 0.275, halfWidth = 0.135, gap = 45.0 * Double.pi / 180

    private static func rainbow(_ t: Double) -> (Double, Double, Double) {
        let scaled = t * Double(rainbowStops.count - 1)
        let i = min(Int(scaled), rainbowStops.count - 2), f = scaled - Double(i)
        let a = rainbowStops[i], b = rainbowStops[i + 1]
        return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f, a.2 + (b.2 - a.2) * f)
    }

    private static func angle(_ x: Double, _ y: Double) -> Double {
        let a = atan2(centre - y, x - centre)
        return a < 0 ? a + 2 * Double.pi : a
    }

    private static func markDistance(_ x: Double, _ y: Double) -> Double {
        let a = angle(x, y)
        if a >= gap && a <= 2 * Double.pi - gap {
            return abs(hypot(x - centre, y - centre) - arcRadius) - halfWidth
        }
        let ends = [gap, -gap].map { (centre + arcRadius * cos($0), centre - arcRadius * sin($0)) }
        return ends.map { hypot(x - $0.0, y - $0.1) }.min()! - halfWidth
    }

    private static func markPosition(_ x: Double, _ y: Double) -> Double {
        min(max((angle(x, y) - gap) / (2 * Double.pi - 2 * gap), 0), 1)
    }
}
