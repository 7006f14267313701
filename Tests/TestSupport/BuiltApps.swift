import Foundation
import ZIPFoundation

/// A built iOS app as Xcode leaves it, made by the tests: a binary Info.plist with the
/// `CFBundleIcons` the build writes, crushed (CgBI) icon PNGs named as actool names them,
/// an `Assets.car`, written as an `.app` folder or zipped into an `.ipa` under `Payload/`.
///
/// The standard app: the primary `AppIcon` (red), an alternate `Blue` (blue) with loose
/// files in both sizes sets, and an alternate `Dark` named only by `CFBundleIconName`, as
/// Xcode 13 and later leave them, though its car (other images only) has none for it:
/// `withIconsInCar()` puts them there.
public struct BuiltAppFixture {
    public var name = "Sample"
    public var plist: [String: Any]
    /// File name → contents, at the top of the app folder.
    public var files: [String: Data]

    public static let bundleIdentifier = "com.example.built-sample"

    public init() {
        func icon(_ files: [String], _ name: String) -> [String: Any] { ["CFBundleIconFiles": files, "CFBundleIconName": name] }
        plist = [
            "CFBundleIdentifier": Self.bundleIdentifier,
            "CFBundleName": "Sample",
            "CFBundleIcons": [
                "CFBundlePrimaryIcon": icon(["AppIcon60x60"], "AppIcon"),
                "CFBundleAlternateIcons": ["Blue": icon(["Blue60x60"], "Blue"), "Dark": ["CFBundleIconName": "Dark"]],
            ] as [String: Any],
            "CFBundleIcons~ipad": [
                "CFBundlePrimaryIcon": icon(["AppIcon60x60", "AppIcon76x76", "AppIcon83.5x83.5"], "AppIcon"),
                "CFBundleAlternateIcons": [
                    "Blue": icon(["Blue60x60", "Blue76x76", "Blue83.5x83.5"], "Blue"), "Dark": ["CFBundleIconName": "Dark"],
                ],
            ] as [String: Any],
        ]
        files = ["Assets.car": CarWriter(images: [.init(asset: "Background", size: 8, colour: (10, 10, 10, 255))]).build(),
                 "Sample": Data([0xCF, 0xFA, 0xED, 0xFE])]
        for (base, colour) in [("AppIcon", (220, 30, 30)), ("Blue", (30, 60, 220))] as [(String, (UInt8, UInt8, UInt8))] {
            for (suffix, size) in [("60x60@2x", 120), ("60x60@3x", 180), ("76x76@2x~ipad", 152), ("83.5x83.5@2x~ipad", 167)] {
                files["\(base)\(suffix).png"] = PNGWriter.crushed(width: size, height: size) { _, _ in
                    (colour.0, colour.1, colour.2, 255)
                }
            }
        }
    }

    /// The same app with its icons in its car too, as Xcode 13 and later build it: `AppIcon` (red)
    /// and `Blue` with their iPhone, iPad and marketing images, and `Dark` only there, in
    /// light (green), dark (black) and tinted (grey) renditions at 120, 152, 167 and 1024 px.
    /// `freeSlots`: block-table slots nothing uses, as a thinned car has (see `CarWriter.freeSlots`).
    public func withIconsInCar(freeSlots: [(offset: UInt32, length: UInt32)] = []) -> BuiltAppFixture {
        var app = self
        var images: [CarWriter.Image] = []
        for (asset, colour) in [("AppIcon", (220, 30, 30)), ("Blue", (30, 60, 220))] as [(String, (UInt8, UInt8, UInt8))] {
            images += [
                .init(asset: asset, size: 120, scale: 2, idiom: 1, colour: (colour.0, colour.1, colour.2, 255)),
                .init(asset: asset, size: 180, scale: 3, idiom: 1, encoding: .lzfse, colour: (colour.0, colour.1, colour.2, 255)),
                .init(asset: asset, size: 152, scale: 2, idiom: 2, encoding: .zlib, colour: (colour.0, colour.1, colour.2, 255)),
                .init(asset: asset, size: 167, scale: 2, idiom: 2, encoding: .gzip, colour: (colour.0, colour.1, colour.2, 255)),
                .init(asset: asset, size: 1024, idiom: 6, colour: (colour.0, colour.1, colour.2, 255)),
            ]
        }
        for (appearance, colour) in [("UIAppearanceAny", (30, 200, 60)), ("UIAppearanceDark", (0, 0, 0)),
                                     ("ISAppearanceTintable", (128, 128, 128))] as [(String, (UInt8, UInt8, UInt8))] {
            for (size, scale, idiom) in [(120, 2, 1), (152, 2, 2), (167, 2, 2), (1024, 1, 6)] {
                images.append(.init(asset: "Dark", size: size, scale: scale, idiom: idiom, appearance: appearance,
                                    colour: (colour.0, colour.1, colour.2, 255)))
            }
        }
        var writer = CarWriter(images: images)
        writer.freeSlots = freeSlots
        app.files["Assets.car"] = writer.build()
        return app
    }

    /// The colours of `withSingleSizeDark()`'s appearances, by the names the car gives them.
    public static let singleSizeColours: [(appearance: String, colour: (UInt8, UInt8, UInt8, UInt8))] = [
        ("UIAppearanceAny", (30, 200, 60, 255)), ("UIAppearanceDark", (0, 0, 0, 255)), ("ISAppearanceTintable", (128, 128, 128, 255)),
    ]

    /// The app with a single-size `Dark` in its car, as Xcode 14 and later (and Icon Composer)
    /// build one: a 1024 px universal image in each appearance (light green, dark black, tinted grey),
    /// LZFSE-compressed, and nothing else in the car.
    public func withSingleSizeDark() -> BuiltAppFixture {
        var app = self
        app.files["Assets.car"] = CarWriter(images: Self.singleSizeColours.map {
            .init(asset: "Dark", size: 1024, appearance: $0.appearance, encoding: .lzfse, colour: $0.colour)
        }).build()
        return app
    }

    /// The same app as Xcode 11 and later pack it: `AppIcon` (red) stored on its own at 120 and
    /// 180 px, and the alternates only in the car, packed into two LZFSE atlases (one for each
    /// scale): `Blue` (blue) and `Dark` (green, light only), 120 and 180 px each, both named only
    /// by `CFBundleIconName` and with no loose files. Atlases are compressed by the reference
    /// encoder (`ReferenceLZFSE`), which must be installed.
    public func withAlternatesInAtlases() -> BuiltAppFixture {
        var app = self
        app.files = app.files.filter { !$0.key.hasPrefix("Blue") }
        let alternates = ["Blue": ["CFBundleIconName": "Blue"], "Dark": ["CFBundleIconName": "Dark"]]
        for key in ["CFBundleIcons", "CFBundleIcons~ipad"] {
            guard var icons = app.plist[key] as? [String: Any] else { continue }
            icons["CFBundleAlternateIcons"] = alternates
            app.plist[key] = icons
        }
        let red: (UInt8, UInt8, UInt8, UInt8) = (220, 30, 30, 255)
        var images: [CarWriter.Image] = [
            .init(asset: "AppIcon", size: 120, scale: 2, idiom: 1, colour: red),
            .init(asset: "AppIcon", size: 180, scale: 3, idiom: 1, encoding: .lzfse, colour: red),
        ]
        for (column, asset, colour) in [(0, "Blue", (30, 60, 220)), (1, "Dark", (30, 200, 60))] as [(Int, String, (UInt8, UInt8, UInt8))] {
            for (number, size, scale) in [(1, 120, 2), (2, 180, 3)] {
                var image = CarWriter.Image(asset: asset, size: size, scale: scale, idiom: 1, colour: (colour.0, colour.1, colour.2, 255))
                image.placement = .init(atlas: number, x: 2 + column * (size + 2), y: 2)
                images.append(image)
            }
        }
        app.files["Assets.car"] = CarWriter(images: images, atlases: [
            .init(number: 1, width: 2 * 122 + 2, height: 124, scale: 2, idiom: 1),
            .init(number: 2, width: 2 * 182 + 2, height: 184, scale: 3, idiom: 1),
        ]).build()
        return app
    }

    /// The binary Info.plist, as the build writes it.
    public var plistData: Data {
        try! PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
    }

    /// Every file of the app as an archive entry, `Payload/NAME.app/...`, the plist first.
    public var entries: [(name: String, data: Data)] {
        [("Payload/\(name).app/Info.plist", plistData)]
            + files.sorted { $0.key < $1.key }.map { ("Payload/\(name).app/\($0.key)", $0.value) }
    }

    /// Writes `NAME.app` into `folder`; returns its path.
    @discardableResult
    public func writeApp(in folder: TemporaryFolder, as relative: String? = nil) -> String {
        let app = relative ?? "\(name).app"
        folder.write("\(app)/Info.plist", plistData)
        for (file, data) in files { folder.write("\(app)/\(file)", data) }
        return folder.url(app)
    }

    /// Zips the app into `NAME.ipa` with ZIPFoundation, as an archiving tool would; returns its path.
    @discardableResult
    public func writeIPA(in folder: TemporaryFolder, as relative: String? = nil) throws -> String {
        let path = folder.url(relative ?? "\(name).ipa")
        let archive = try Archive(url: URL(fileURLWithPath: path), accessMode: .create)
        for directory in ["Payload/", "Payload/\(name).app/"] {
            try archive.addEntry(with: directory, type: .directory, uncompressedSize: 0, provider: { (_: Int64, _: Int) -> Data in Data() })
        }
        for (entry, data) in entries {
            try archive.addEntry(with: entry, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate,
                                 provider: { (position: Int64, size: Int) -> Data in data.subdata(in: Int(position)..<Int(position) + size) })
        }
        return path
    }
}

/// Writes zip archives byte by byte, for the damaged and hostile ones no archiving tool
/// makes: lying sizes, encrypted or symlink entries, names with `..`, duplicates, bombs.
/// Deflate comes from ZIPFoundation's compressor; everything around it is written here.
public struct RawZip {
    public struct Entry {
        public var name: String
        /// The bytes as stored: compressed ones for `method` 8.
        public var stored: Data
        public var method: UInt16
        public var flags: UInt16 = 0x0800
        public var crc32: UInt32
        public var compressedSize: UInt32
        public var uncompressedSize: UInt32
        /// The Unix mode in the external attributes (regular file 0644 by default).
        public var unixMode: UInt32 = 0o100644

        /// A file kept as it is.
        public static func stored(_ name: String, _ data: Data) -> Entry {
            Entry(name: name, stored: data, method: 0, crc32: data.crc32(checksum: 0),
                  compressedSize: UInt32(data.count), uncompressedSize: UInt32(data.count))
        }

        /// A file deflated with ZIPFoundation.
        public static func deflated(_ name: String, _ data: Data) -> Entry {
            let (compressed, checksum) = RawZip.deflate(size: data.count) { position, size in
                data.subdata(in: position..<position + size)
            }
            return Entry(name: name, stored: compressed, method: 8, crc32: checksum,
                         compressedSize: UInt32(compressed.count), uncompressedSize: UInt32(data.count))
        }

        /// `count` zero bytes, deflated (about a thousand to one), declaring their true size
        /// unless told otherwise.
        public static func zeros(_ name: String, count: Int, declaring declared: Int? = nil) -> Entry {
            let zero = Data(count: 1 << 20)
            let (compressed, checksum) = RawZip.deflate(size: count) { _, size in zero.prefix(size) }
            return Entry(name: name, stored: compressed, method: 8, crc32: checksum,
                         compressedSize: UInt32(compressed.count), uncompressedSize: UInt32(clamping: declared ?? count))
        }

        /// A symbolic link to `target`.
        public static func symlink(_ name: String, to target: String) -> Entry {
            var entry = stored(name, Data(target.utf8))
            entry.unixMode = 0o120777
            return entry
        }
    }

    public var entries: [Entry]

    public init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The archive: local headers and data, the central directory, the end record.
    public func build() -> Data {
        var out = Data()
        var directory = Data()
        for entry in entries {
            let offset = UInt32(out.count)
            let name = Data(entry.name.utf8)
            out.append(le32(0x0403_4B50) + le16(20) + le16(entry.flags) + le16(entry.method) + le16(0) + le16(0x21))
            out.append(le32(entry.crc32) + le32(entry.compressedSize) + le32(entry.uncompressedSize))
            out.append(le16(UInt16(name.count)) + le16(0) + name + entry.stored)
            directory.append(le32(0x0201_4B50) + le16(0x0314) + le16(20) + le16(entry.flags) + le16(entry.method))
            directory.append(le16(0) + le16(0x21) + le32(entry.crc32) + le32(entry.compressedSize) + le32(entry.uncompressedSize))
            directory.append(le16(UInt16(name.count)) + le16(0) + le16(0) + le16(0) + le16(0))
            directory.append(le32(entry.unixMode << 16) + le32(offset) + name)
        }
        let directoryOffset = UInt32(out.count)
        out.append(directory)
        if entries.count > 0xFFFF {
            // More entries than the classic end record counts: a ZIP64 end record and its locator.
            let record = UInt64(out.count)
            out.append(le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0))
            out.append(le64(UInt64(entries.count)) + le64(UInt64(entries.count)))
            out.append(le64(UInt64(directory.count)) + le64(UInt64(directoryOffset)))
            out.append(le32(0x0706_4B50) + le32(0) + le64(record) + le32(1))
        }
        let count = UInt16(clamping: entries.count)
        out.append(le32(0x0605_4B50) + le16(0) + le16(0) + le16(count) + le16(count))
        out.append(le32(UInt32(directory.count)) + le32(directoryOffset) + le16(0))
        return out
    }

    /// Raw deflate of `size` bytes that `chunk(position, count)` hands over, and their CRC-32.
    static func deflate(size: Int, chunk: @escaping (Int, Int) -> Data) -> (Data, UInt32) {
        var compressed = Data()
        let checksum = try! Data.compress(size: Int64(size), bufferSize: 1 << 20,
                                          provider: { position, count in chunk(Int(position), count) },
                                          consumer: { compressed.append($0) })
        return (compressed, checksum)
    }

    private func le16(_ value: UInt16) -> Data { Data([UInt8(value & 0xFF), UInt8(value >> 8)]) }
    private func le32(_ value: UInt32) -> Data { le16(UInt16(value & 0xFFFF)) + le16(UInt16(value >> 16)) }
    private func le64(_ value: UInt64) -> Data { le32(UInt32(value & 0xFFFF_FFFF)) + le32(UInt32(value >> 32)) }
}
