import CompiledAssetCatalog
import Foundation
import Testing
import TestSupport

/// Dopamine 2.4.5's car (Xcode 16.3): five icons packed into shared LZFSE atlases, and their
/// 180 px sources from the app's repository (`../shared/corpus/assets-car/Dopamine`).
enum DopamineCorpus {
    static let folder = CarCorpus.folder.appendingPathComponent("Dopamine")
    static let car = folder.appendingPathComponent("Dopamine.app/Assets.car").path
    static let icons = ["AppIcon", "AppIcon_Blue", "AppIcon_ElleKit", "AppIcon_Purple", "AppIcon_Red"]
    static func source(_ icon: String) -> String { folder.appendingPathComponent("upstream-sources/\(icon)-Icon-60@3x.png").path }
    static var available: Bool { FileManager.default.fileExists(atPath: car) }
    /// The sizes (pixels) the car holds each icon at, for the iPhone and the iPad.
    static let sizes = [40, 58, 60, 76, 80, 87, 114, 120, 128, 136, 152, 167, 180, 192]
}

@Suite(.enabled(if: DopamineCorpus.available, "\(CarCorpus.skipMessage)"),
       .enabled(if: ReferenceLZFSE.available && ReferenceImages.available, "\(ReferenceImages.skipMessage)"))
struct DopamineCarTests {
    /// Each icon, at every size and idiom the car holds it, is its upstream source: cut from the
    /// atlas at the link's rectangle measured from the atlas's bottom-left corner. The source is
    /// converted from its profile (Apple's Generic RGB) to sRGB as `actool` does, and resampled by
    /// Pillow's Lanczos filter. The designer drew the small sizes by hand, so they differ from a
    /// resampled 180 px picture by up to about 29 dB; 27 dB is the floor, where a crop from the
    /// wrong place of the atlas measures 1–14 dB. The 180 px images are the source's own pixels
    /// and must match it but for rounding (over 55 dB).
    @Test(arguments: DopamineCorpus.icons)
    func iconsMatchTheirSourcesAtEverySize(_ icon: String) throws {
        let car = try CarCorpus.open(DopamineCorpus.car)
        let renditions = car.images(named: icon)
        #expect(Set(renditions.map(\.width)) == Set(DopamineCorpus.sizes))
        #expect(Set(renditions.compactMap(\.idiom)) == [.phone, .pad])
        let references = try ReferenceImages.srgb(DopamineCorpus.source(icon), sizes: DopamineCorpus.sizes, filter: .lanczos)
        for rendition in renditions {
            #expect(rendition.link != nil, "\(rendition.name) is packed into an atlas")
            let bitmap = try car.bitmap(of: rendition)
            #expect(bitmap.width == rendition.width && bitmap.height == rendition.height)
            let reference = try #require(references[bitmap.width])
            let psnr = ReferenceImages.psnr(ReferenceImages.rgb(fromRGBA: bitmap.rgba), reference)
            let floor = bitmap.width == 180 ? 55.0 : 27.0
            #expect(psnr >= floor, "\(icon) \(rendition.name) (\(bitmap.width) px, idiom \(rendition.idiom.map { "\($0)" } ?? "-")): \(psnr) dB")
        }
    }
}
