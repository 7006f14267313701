import Foundation
import IconArt
import IconCatalog
import IconLint
import ProjectWriting
import TerminalInput

/// What each fuzz target does with the bytes libFuzzer makes up: one entry per reader that
/// takes bytes from outside. It lives in the main package, free of sanitizer flags, so the
/// fuzz package (`Fuzz/`, built with `-sanitize=fuzzer,address`) and the test that replays
/// every crash once found (`FuzzReplayTests`) run exactly the same code. Besides "does not
/// crash", a target checks what must hold between readers (the row decoder and libpng agree),
/// with `precondition`, so a broken promise is a crash the fuzzer keeps.
public enum FuzzHarness {
    /// Every target by name: the name of its folder under `Fuzz/Targets` and `Fuzz/crashes`.
    public static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "bplist-guard": binaryPlistGuard,
        "plist-loader": plistLoader,
        "png-chunks": pngChunks,
        "png-rows": pngRows,
        "cgbi": crushedPNG,
        "escape-sequence": terminalInput,
        "zip-reader": zipReader,
        "xcode-project": xcodeProject,
        "contents-json": assetCatalogContents,
        "contents-edit": contentsEdit,
        "icon-json": iconComposerDocument,
        "icon-composer": iconComposerRenderer,
        "svg-precheck": svgPrecheck,
        "preprocessor": preprocessorExpansion,
        "pbxproj-graph": pbxprojGraph,
        "xcodegen-spec": xcodegenSpec,
        "xcodegen-graph": xcodegenGraph,
        "assets-car": compiledCatalog,
        "car-graph": carGraph,
        "lzfse": lzfse,
        "lzvn": lzvn,
        "coreui-rle": coreUIRunLength,
        "palette-image": paletteImage,
        "project-text": projectText,
        "plist-edit": infoPlistEdit,
        "transaction-journal": transactionJournal,
        "expo-config": expoConfig,
        "expo-edit": expoEdit,
    ]

    /// Runs the target `name` on libFuzzer's bytes; the entry point of every fuzz executable.
    public static func run(_ name: String, _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
        guard let target = targets[name] else { preconditionFailure("no fuzz target named \(name)") }
        target(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

    /// The text edits of project files, xcconfig lines and list settings: no crash, and every
    /// edit undoes exactly (checked inside with `precondition`).
    public static func projectText(_ bytes: [UInt8]) {
        ProjectTextFuzzing.exercise(bytes)
    }

    /// Small limits keep each run fast; the code that enforces them runs all the same.
    static let limits = PNGDecoder.Limits(maxDimension: 512, maxDecodedBytes: 1 << 20, maxFileBytes: 1 << 20)

    /// The binary-plist guard; a plist it lets through must then survive Foundation and the catalog.
    public static func binaryPlistGuard(_ bytes: [UInt8]) {
        let header = Array("bplist00".utf8)
        let data = Data(bytes.starts(with: header) ? bytes : header + bytes)
        guard (try? BinaryPlistGuard.check(data)) != nil else { return }
        readAsCatalog(data)
    }

    /// The plist loader (XML, binary, or anything else) and everything that reads its result.
    public static func plistLoader(_ bytes: [UInt8]) {
        readAsCatalog(Data(bytes))
    }

    private static func readAsCatalog(_ data: Data) {
        guard let plist = try? PlistLoader.parse(data, path: "fuzz/Info.plist") else { return }
        for idiom in Idiom.allCases {
            let options = CatalogOptions(idiom: idiom, iconsDirectory: "/nonexistent", defines: ["SUFFIX": "-x"])
            if let catalog = try? CatalogReader.catalog(from: plist, plistPath: "fuzz/Info.plist", options: options) {
                _ = catalog.warnings.map(\.description)
            }
            let report = Linter.lint(plist: plist, plistPath: "fuzz/Info.plist", options: options,
                                     index: FileIndex(root: "/nonexistent"), inspector: NoImages())
            _ = LintOutput.text(report)
            _ = LintOutput.github(report)
        }
    }

    private struct NoImages: ImageInspector {
        func inspect(_ path: String) -> ImageFacts { .unreadable(reason: "not read while fuzzing") }
    }

    /// The chunk walk and what is read from it before libpng sees a file.
    public static func pngChunks(_ bytes: [UInt8]) {
        _ = PNGHeader.fields(of: Data(bytes))
        guard let file = try? PNGChunks(withSignature(bytes), name: "fuzz.png") else { return }
        _ = file.gamma
        _ = file.pixelsOnly()
        for chunk in file.chunks { _ = file.verifiedBody(chunk) }
        // A file `add` would write as given is still a PNG, IHDR to IEND, marked sRGB.
        if let asGiven = IconSourceImage.plainRGBFile(file.data, name: "fuzz.png") {
            let written = try? PNGChunks([UInt8](asGiven), name: "as-given.png")
            precondition(written?.chunks.first?.type == "IHDR" && written?.chunks.last?.type == "IEND"
                         && written?.chunks.contains { $0.type == "sRGB" } == true, "a file written as given is not a whole PNG")
        }
    }

    /// The row decoder, checked against libpng: when both decode a file they give the same
    /// picture, and a file the row decoder takes, libpng takes too.
    public static func pngRows(_ bytes: [UInt8]) {
        compareDecoders(withSignature(bytes))
    }

    /// Crushed PNGs: the row decoder's crushed path and the rewrite for libpng, compared.
    public static func crushedPNG(_ bytes: [UInt8]) {
        let signature = Array(bytes.prefix(8))
        let crushedStart: [UInt8] = [0, 0, 0, 4] + Array("CgBI".utf8) + [0x50, 0x00, 0x20, 0x06, 0x00, 0x00, 0x00, 0x00]
        compareDecoders(signature == pngSignature ? bytes : pngSignature + crushedStart + bytes)
    }

    private static func compareDecoders(_ png: [UInt8]) {
        var fast = Collector(), slow = Collector()
        let fastResult = Result { () throws(PNGDecodeError) in try PNGDecoder.decode(png, name: "fuzz.png", limits: limits, into: &fast) }
        let slowResult = Result { () throws(PNGDecodeError) in
            try PNGDecoder.decode(png, name: "fuzz.png", limits: limits, into: &slow, rowDecoder: false)
        }
        // The row decoder inflating on a second thread hands on the same rows, or fails alike.
        var pipelined = Collector()
        let pipelinedResult = Result { () throws(PNGDecodeError) in
            try PNGDecoder.decode(png, name: "fuzz.png", limits: limits, into: &pipelined, pipelined: true)
        }
        switch (fastResult, pipelinedResult) {
        case (.success, .success): precondition(fast == pipelined, "the row decoder's two threads and its one disagree")
        case (.failure, .failure): break
        default: preconditionFailure("the row decoder's two threads and its one disagree on whether the file is good")
        }
        switch (fastResult, slowResult) {
        case (.success, .success):
            precondition(fast == slow, "the row decoder and libpng disagree on a picture")
        case (.success, .failure(let error)):
            preconditionFailure("the row decoder took a file libpng refuses: \(error)")
        case (.failure, _):
            break  // libpng decided; whether it failed too is its call
        }
    }

    /// Collects what a decoder hands over, to compare two decoders.
    private struct Collector: RGBARowSink, Equatable {
        var width = 0, height = 0
        var pixels: [UInt8] = []
        mutating func start(width: Int, height: Int) { (self.width, self.height, pixels) = (width, height, []) }
        mutating func take(row: UnsafeBufferPointer<UInt8>) { pixels.append(contentsOf: row) }
    }

    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    private static func withSignature(_ bytes: [UInt8]) -> [UInt8] {
        bytes.starts(with: pngSignature) ? bytes : pngSignature + bytes
    }

    /// The zip reader (an `.ipa` read in place): its directory, the app folder in it, and its
    /// entries inflated, within limits small enough for many runs a second.
    public static func zipReader(_ bytes: [UInt8]) {
        let limits = ZipArchive.Limits(maximumEntries: 2_000, maximumDirectoryBytes: 1 << 20, maximumEntrySize: 1 << 20,
                                       maximumTotalInflated: 4 << 20, maximumRatio: 200, ratioExemptSize: 64 << 10)
        guard let archive = try? ZipArchive(data: Data(bytes), name: "fuzz.ipa", limits: limits) else { return }
        _ = try? ArchivedAppFolder.locate(in: archive)
        for entry in archive.entries.prefix(64) {
            _ = try? archive.prefix(of: entry, count: 64)
            _ = try? archive.contents(of: entry, limit: 1 << 20)
        }
    }

    /// The terminal's input decoder, fed the bytes in reads whose sizes and the pauses between
    /// them come from the first two bytes. Whatever came, once a long time has passed nothing
    /// is pending any more, and the events stay fewer than the bytes (twice, at worst).
    public static func terminalInput(_ bytes: [UInt8]) {
        guard bytes.count > 2 else { return }
        let readSize = Int(bytes[0] % 16) + 1, pause = Int(bytes[1]) * 4
        let stream = bytes.dropFirst(2)
        var decoder = InputDecoder()
        var now = 0, events = 0
        var start = stream.startIndex
        while start < stream.endIndex {
            let end = stream.index(start, offsetBy: readSize, limitedBy: stream.endIndex) ?? stream.endIndex
            if let deadline = decoder.deadline, now >= deadline { events += decoder.expire(at: now).count }
            events += decoder.feed(stream[start..<end], at: now).count
            (start, now) = (end, now + pause)
        }
        events += decoder.expire(at: Int.max).count
        precondition(!decoder.isPending, "the input decoder is still waiting after every deadline passed")
        precondition(events <= 2 * stream.count + 1, "\(events) events from \(stream.count) bytes")
    }

    /// A folder of this process's own where the readers of files in folders (projects, asset
    /// catalogs, Icon Composer bundles) find the fuzzer's bytes, beside a few real files.
    static let scratch: String = {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("iconchooser-fuzz-\(getpid())")
        let manager = FileManager.default
        try? manager.createDirectory(atPath: folder + "/App.xcodeproj", withIntermediateDirectories: true)
        try? manager.createDirectory(atPath: folder + "/AppIcon.appiconset", withIntermediateDirectories: true)
        try? manager.createDirectory(atPath: folder + "/AppIcon.icon/Assets", withIntermediateDirectories: true)
        let picture = (try? PNGEncoder.encode(RGBABitmap(width: 4, height: 4, filledWith: (200, 40, 40, 255)))) ?? []
        for file in ["AppIcon.appiconset/icon-60@2x.png", "AppIcon.appiconset/icon.png", "AppIcon.icon/Assets/layer.png"] {
            manager.createFile(atPath: folder + "/" + file, contents: Data(picture))
        }
        manager.createFile(atPath: folder + "/Info.plist", contents: Data(
            #"<plist><dict><key>CFBundleIcons</key><dict><key>CFBundleAlternateIcons</key><dict><key>A</key><dict><key>CFBundleIconFiles</key><array><string>$(ICON)</string></array></dict></dict></dict></dict></plist>"#.utf8))
        return folder
    }()

    static func place(_ bytes: [UInt8], at file: String) -> String {
        let path = scratch + "/" + file
        try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// The YAML reader, then the XcodeGen spec reader on a `project.yml` beside a spec it may
    /// include (`base.yml`) and a catalog, and every application target of the project it makes resolved.
    public static func xcodegenSpec(_ bytes: [UInt8]) {
        _ = YAMLReader.parse(bytes)
        _ = place(Array("targets:\n  Base:\n    type: application\n    platform: iOS\n    sources: [..]\n".utf8),
                  at: "XcodeGen/base.yml")
        let path = place(bytes, at: "XcodeGen/project.yml")
        guard let project = try? XcodeProject.read(path) else { return }
        _ = project.warnings.map(\.description)
        _ = project.iOSApplicationTargets()
        for target in project.applicationTargets.prefix(8) {
            guard let resolved = try? project.resolve(target: target.name, defines: ["ICON": "a"]) else { continue }
            var warnings: [CatalogWarning] = []
            _ = try? resolved.infoPlistContents(warnings: &warnings)
            _ = resolved.warnings.map(\.description)
        }
    }

    /// The Xcode project reader on a `project.pbxproj`, and every application target in it
    /// resolved: build settings evaluated, its Info.plist read and expanded.
    public static func xcodeProject(_ bytes: [UInt8]) {
        _ = place(bytes, at: "App.xcodeproj/project.pbxproj")
        guard let project = try? XcodeProject.read(scratch + "/App.xcodeproj") else { return }
        _ = project.warnings.map(\.description)
        _ = project.iOSApplicationTargets()
        for target in project.applicationTargets.prefix(8) {
            guard let resolved = try? project.resolve(target: target.name, defines: ["ICON": "a"]) else { continue }
            var warnings: [CatalogWarning] = []
            _ = try? resolved.infoPlistContents(defines: ["ICON": "b"], warnings: &warnings)
            _ = resolved.warnings.map(\.description)
        }
    }

    /// An asset catalog's app icon set from its `Contents.json`, and the picks iOS would make from it.
    public static func assetCatalogContents(_ bytes: [UInt8]) {
        _ = place(bytes, at: "AppIcon.appiconset/Contents.json")
        let set = AppIconSet.read(at: scratch + "/AppIcon.appiconset")
        _ = set.warnings.map(\.description)
        for idiom in Idiom.allCases {
            for appearance in IconAppearance.allCases {
                _ = set.choose(for: idiom, appearance: appearance, width: 120, height: 120)
            }
            _ = set.appearances(for: idiom)
        }
    }

    /// A set's `Contents.json` as `lint --fix` edits it: Xcode's formatting gives back the value it
    /// was made from, and the entries added land in the `images` array with nothing else changed,
    /// whichever way the text was edited (written again, or added to on its one line).
    public static func contentsEdit(_ bytes: [UInt8]) {
        guard case .success(let json) = JSONFile.parse(bytes), case .object(let members) = json,
              case .array(let images)? = members["images"], let text = String(bytes: bytes, encoding: .utf8) else { return }
        guard case .success(let again) = JSONFile.parse(Array(XcodeJSON.format(json).utf8)) else {
            preconditionFailure("XcodeJSON wrote what does not parse")
        }
        precondition(again == json, "XcodeJSON changed the value it wrote")
        let added = IconSetEntry.alternateSlots(includesPad: true).map { slot in
            var entry = slot
            entry.filename = "new-\(slot.pixels).png"
            return entry
        }
        guard let (edited, _) = IconSetCompletion.contents(text, adding: added) else {
            preconditionFailure("a Contents.json with an images array was not edited")
        }
        guard case .success(.object(var after)) = JSONFile.parse(Array(edited.utf8)), case .array(let newImages)? = after["images"] else {
            preconditionFailure("the edited Contents.json does not parse")
        }
        precondition(newImages.count == images.count + added.count && added.allSatisfy { newImages.contains($0.json) },
                     "the entries did not land in the images array")
        var before = members
        before["images"] = nil
        after["images"] = nil
        precondition(before == after, "the edit changed more than the images array")
    }

    /// An Icon Composer bundle from its `icon.json`, drawn small in every appearance.
    public static func iconComposerDocument(_ bytes: [UInt8]) {
        _ = place(bytes, at: "AppIcon.icon/icon.json")
        let bundle = IconComposerBundle.read(at: scratch + "/AppIcon.icon")
        _ = bundle.warnings.map(\.description)
        let renderer = IconComposerRenderer(pngLimits: limits)
        for appearance in IconAppearance.allCases {
            _ = renderer.render(bundle, appearance: appearance, pixelSize: 24)
        }
    }
}
