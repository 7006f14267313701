import CSVGRasterizerInterface
import Foundation
import IconArt
import IconCatalog

/// Targets that build their input from the fuzzer's bytes rather than take the bytes as a
/// file: the bytes choose among the values that broke readers before (sizes past `Int.max`,
/// colours of 1e300, chains of macros, objects named many times), so the fuzzer reaches the
/// arithmetic and the object graphs, not only the parsers. A first byte with its low bit set
/// hands the rest to the reader as bytes, unchanged.
extension FuzzHarness {
    /// The Icon Composer renderer through `icon.json`: fills and gradients in every colour space
    /// with huge, tiny and negative components; layers of SVG and PNG art with declared sizes,
    /// scales and translations from zero to far past any integer.
    public static func iconComposerRenderer(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let raw = input.byte() & 1 == 1
        var files: [(String, [UInt8])] = []
        let json: [UInt8]
        if raw {
            json = Array(input.rest)
        } else {
            for name in ["a.svg", "b.svg"] {
                let width = input.number(), height = input.number()
                let box = input.pick(["", " viewBox=\"0 0 \(input.number()) \(input.number())\"", " viewBox=\"\(input.number()) 0 1e19 1e19\""])
                let size = input.pick(["", " width=\"\(width)\" height=\"\(height)\"", " width=\"\(width)\""])
                files.append((name, Array("<svg xmlns=\"http://www.w3.org/2000/svg\"\(size)\(box)><rect width=\"\(input.number())\" height=\"9\" fill=\"#0f0\"/></svg>".utf8)))
            }
            json = Array(iconDocument(&input).utf8)
        }
        for (name, content) in files { _ = place(content, at: "Composed.icon/Assets/" + name) }
        _ = place(json, at: "Composed.icon/icon.json")
        let bundle = IconComposerBundle.read(at: scratch + "/Composed.icon")
        _ = bundle.warnings.map(\.description)
        let renderer = IconComposerRenderer(pngLimits: limits)
        let size = 1 + Int(input.byte() % 48)
        for appearance in IconAppearance.allCases {
            let rendering = renderer.render(bundle, appearance: appearance, pixelSize: size)
            precondition(rendering.bitmap.pixels.count == size * size * 4, "a rendering of \(size) px is the wrong size")
            _ = rendering.warnings.map(\.description)
        }
    }

    private static func iconDocument(_ input: inout FuzzBytes) -> String {
        func color() -> String {
            let space = input.pick(["srgb", "extended-srgb", "display-p3", "extended-display-p3", "gray", "extended-gray", "hsb"])
            let count = space.hasSuffix("gray") ? 1 + Int(input.byte() % 2) : 3 + Int(input.byte() % 2)
            return "\"\(space):" + (0..<count).map { _ in input.number() }.joined(separator: ",") + "\""
        }
        func fill() -> String {
            switch input.byte() % 6 {
            case 0: return "{\"solid\": \(color())}"
            case 1: return "{\"linear-gradient\": [\(color()), \(color())], \"orientation\": {\"start\": {\"x\": \(input.number()), \"y\": 0}, \"stop\": {\"x\": 0.5, \"y\": \(input.number())}}}"
            case 2: return "{\"linear-gradient\": [\(color()), \(color())]}"
            case 3: return "{\"automatic-gradient\": \(color())}"
            case 4: return input.pick(["\"automatic\"", "\"none\"", "\"system-dark\""])
            default: return "{\"solid\": \(color())}"
            }
        }
        func layer() -> String {
            let image = input.pick(["a.svg", "b.svg", "layer.png", "missing.svg"])
            return "{\"image-name\": \"\(image)\", \"fill\": \(fill()), \"opacity\": \(input.number()), "
                + "\"position\": {\"scale\": \(input.number()), \"translation-in-points\": [\(input.number()), \(input.number())]}, "
                + "\"fill-specializations\": [{\"appearance\": \"dark\", \"value\": \(fill())}]}"
        }
        let groups = (0..<1 + Int(input.byte() % 3)).map { _ in
            "{\"opacity\": \(input.number()), \"layers\": [" + (0..<1 + Int(input.byte() % 4)).map { _ in layer() }.joined(separator: ", ") + "]}"
        }
        return "{\"fill\": \(fill()), \"fill-specializations\": [{\"appearance\": \"tinted\", \"value\": \(fill())}], "
            + "\"groups\": [\(groups.joined(separator: ", "))]}"
    }

    /// The SVG pre-check and the rasterizer's budget: documents made of what the pre-check
    /// bounds (text, entities, filters and their parameters, style sheets, `<use>` chains,
    /// effects, strokes), with counts and sizes from the bytes. Whatever passes is drawn, and
    /// no document may take longer than the budget allows.
    public static func svgPrecheck(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let svg: [UInt8] = input.byte() & 1 == 1 ? Array(input.rest) : Array(svgDocument(&input).utf8)
        // The memory budget leaves room for AddressSanitizer's own allocations in the child.
        let budget = iconchooser_svg_budget(seconds: 0.5, memory_bytes: 512 << 20)
        let start = DispatchTime.now()
        let calls = SVGLayerProbe.probe(svg, budget: budget)
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        precondition(seconds < Double(calls) * budget.seconds + 2, "an SVG took \(seconds) s, past its budget")
    }

    private static func svgDocument(_ input: inout FuzzBytes) -> String {
        var head = ""
        var body = ""
        let count = 1 + Int(input.byte() % 12)
        if input.byte() % 4 == 0 {
            head = "<!DOCTYPE svg [<!ENTITY e \"\(String(repeating: input.pick(["x", "😀", "م"]), count: input.count()))\">]>"
        }
        for _ in 0..<count {
            let repeats = input.count()
            switch input.byte() % 10 {
            case 0: body += "<text y=\"20\">\(String(repeating: input.pick(["ab", "😀", "مرحبا", "&e;"]), count: repeats))</text>"
            case 1: body += "<filter id=\"f\">" + String(repeating: "<feTurbulence numOctaves=\"\(input.number())\"/>", count: 1 + repeats % 80) + "</filter>"
            case 2: body += "<filter id=\"m\"><feMorphology radius=\"\(input.number())\"/><feConvolveMatrix order=\"\(input.number())\" kernelMatrix=\"1\"/><feGaussianBlur stdDeviation=\"\(input.number())\"/></filter>"
            case 3: body += "<style>" + (0..<repeats).map { ".c\($0) { fill: #f00; filter: url(#f) }" }.joined() + "</style>"
            case 4: body += String(repeating: "<g filter=\"url(#m)\" style=\"mix-blend-mode: multiply\"><rect class=\"c1\" width=\"9\" height=\"9\"/></g>", count: repeats)
            case 5: body += "<g id=\"u\(repeats % 3)\">" + String(repeating: "<use href=\"#u\(input.byte() % 3)\"/>", count: 1 + repeats % 20) + "</g>"
            case 6: body += "<path d=\"\(String(repeating: "M0,0 L\(input.number()),9 ", count: repeats))\" stroke=\"red\" stroke-width=\"\(input.number())\" stroke-dasharray=\"\(input.number()) 1\"/>"
            case 7: body += "<desc>" + String(repeating: "&e;", count: repeats) + "</desc>"
            case 8: body += "<image width=\"9\" height=\"9\" href=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAAB\"/>"
            default: body += String(repeating: "<circle cx=\"5\" cy=\"5\" r=\"\(input.number())\" mask=\"url(#m)\"/>", count: repeats)
            }
        }
        let size = input.pick(["width=\"\(input.number())\" height=\"\(input.number())\"", "viewBox=\"0 0 \(input.number()) 64\""])
        return head + "<svg xmlns=\"http://www.w3.org/2000/svg\" \(size)>\(body)</svg>"
    }

    /// The plist preprocessor's expansion: `#define` chains and fans (macros naming macros,
    /// themselves, each other), `#if` lines over them, nesting, continuations and `#include`s
    /// of a file beside, with the work checked against the input's size.
    public static func preprocessorExpansion(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let text: [UInt8] = input.byte() & 1 == 1 ? Array(input.rest) : Array(preprocessorText(&input).utf8)
        _ = place(Array("#define INCLUDED M0 + M1\n#if M2\n<string>in</string>\n#endif\n".utf8), at: "Included.h")
        let path = place(text, at: "Preprocessed.plist")
        let start = DispatchTime.now()
        let output = try? PlistPreprocessor.run(Data(text), path: path, options: .init(definitions: ["M7": "M0 M0 M0 M0"]))
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        precondition((output?.count ?? 0) <= PlistPreprocessor.maximumOutputSize, "preprocessing made \(output?.count ?? 0) bytes")
        // Linear in the text: a microsecond a byte is far above what it costs, far below a blow-up.
        precondition(seconds < 0.5 + Double(text.count) * 2e-6 * 50, "preprocessing \(text.count) bytes took \(seconds) s")
    }

    private static func preprocessorText(_ input: inout FuzzBytes) -> String {
        var lines: [String] = []
        let macros = 1 + Int(input.byte() % 16)
        func name() -> String { "M\(input.byte() % UInt8(macros + 1))" }
        func expression() -> String {
            (0..<1 + Int(input.byte() % 6)).map { _ in
                input.pick([name(), "defined(\(name()))", "\(input.number())", "(\(name()) + 1)", "!\(name())", "\(name()) ? 1 : 0"])
            }.joined(separator: input.pick([" + ", " && ", " || ", " * ", " == ", " << "]))
        }
        var size = 0
        // Up to 256 KB of text, as the byte-level targets' inputs: larger only slows every run.
        for _ in 0..<Int(input.byte() % 64) where size < 256 * 1024 {
            let before = lines.count
            defer { size += lines[before...].reduce(0) { $0 + $1.utf8.count + 1 } }
            switch input.byte() % 9 {
            case 0, 1: lines.append("#define \(name()) \(expression())")
            case 2: lines.append("#define \(name()) " + String(repeating: "\(name()) + ", count: input.count()) + "1")
            case 3: lines += (0..<input.count()).map { "#define M\($0) M\($0 + 1)" }
            case 4: lines.append("#if \(expression())"); lines.append("<string>x</string>"); lines.append(input.pick(["#endif", "#else", "#elif \(expression())"]))
            case 5: lines.append(String(repeating: "#if \(name())\n", count: input.count() % 40) + String(repeating: "#endif\n", count: input.count() % 40))
            case 6: lines.append("#undef \(name())")
            case 7: lines.append("#include \"Included.h\"")
            default: lines.append("#if \(name()) \\\n  + \(name()) \\\n  == 2\n<key>k</key>\n#endif")
            }
        }
        return lines.joined(separator: "\n") + "\n<plist><dict/></plist>\n"
    }

    /// The project reader on object graphs: targets, configuration lists, configurations,
    /// groups, synchronized folders and exception sets naming each other by ids the bytes
    /// choose (shared, repeated, missing, cyclic, of the wrong kind), with an xcconfig that may
    /// include itself and continue its values; every application target is resolved.
    public static func pbxprojGraph(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let text: [UInt8]
        if input.byte() & 1 == 1 {
            text = Array(input.rest)
        } else {
            text = Array(projectGraph(&input).utf8)
        }
        var xcconfig = ["#include \"Base.xcconfig\"", "A = 1 \\", "  2 \\", "SDKROOT = iphoneos", "#include? \"Other.xcconfig\"", "B = $(A) $(B)"]
        xcconfig = (0..<Int(input.byte() % 8)).map { _ in input.pick(xcconfig) }
        _ = place(Array(xcconfig.joined(separator: "\n").utf8), at: "Graph/Base.xcconfig")
        _ = place(text, at: "Graph/App.xcodeproj/project.pbxproj")
        let folder = scratch + "/Graph"
        guard let found = try? ApplicationTargets.find(at: folder) else { return }
        _ = found.warnings.map(\.description)
        if let chosen = try? found.select() {
            _ = try? found.resolve(chosen)
        } else if let error = (Result { () throws(XcodeProjectError) in try found.select() }).failure {
            precondition(error.description.utf8.count < 8_192, "a \(error.description.utf8.count)-byte message")
        }
        for target in found.targets.prefix(4) {
            _ = try? found.select(target: target.name, project: target.projectPath)
        }
    }

    private static func projectGraph(_ input: inout FuzzBytes) -> String {
        let count = 4 + Int(input.byte() % 40)
        var objects: [String] = []
        func id() -> String { "O\(input.byte() % UInt8(count))" }
        func ids() -> String {
            let n = input.count()
            let one = id()
            return "(" + (0..<n).map { _ in input.byte() % 4 == 0 ? id() : one }.joined(separator: ", ") + ")"
        }
        func settings() -> String {
            (0..<Int(input.byte() % 12)).map { index in
                input.pick(["SDKROOT = iphoneos;", "PRODUCT_BUNDLE_IDENTIFIER = \"com.x.$(TARGET_NAME)\";", "S\(index) = \"$(S\(index + 1)) $(inherited)\";",
                            "INFOPLIST_FILE = \"App/../Info.plist\";", "ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon;", "\"K[sdk=*]\" = v;"])
            }.joined(separator: " ")
        }
        for index in 0..<count {
            let object: String
            switch input.byte() % 9 {
            case 0, 1:
                object = "{ isa = PBXNativeTarget; name = \(input.pick(["App", "App", "Other", "\"\""])); productType = \"com.apple.product-type.application\"; "
                    + "buildConfigurationList = \(id()); buildPhases = \(ids()); fileSystemSynchronizedGroups = \(ids()); }"
            case 2: object = "{ isa = XCConfigurationList; buildConfigurations = \(ids()); defaultConfigurationName = Release; }"
            case 3: object = "{ isa = XCBuildConfiguration; name = \(input.pick(["Release", "Debug"])); baseConfigurationReference = \(id()); buildSettings = { \(settings()) }; }"
            case 4: object = "{ isa = PBXGroup; children = \(ids()); path = \(input.pick(["App", "..", "/etc", "\"\""])); sourceTree = \"<group>\"; }"
            case 5: object = "{ isa = PBXFileReference; path = \(input.pick(["Base.xcconfig", "Info.plist", "A.xcassets", "../x"])); sourceTree = \(input.pick(["\"<group>\"", "SOURCE_ROOT", "\"<absolute>\""])); }"
            case 6: object = "{ isa = PBXFileSystemSynchronizedRootGroup; path = App; exceptions = \(ids()); sourceTree = \"<group>\"; }"
            case 7:
                let paths = (0..<input.count()).map { "F\($0).swift" } + ["A.xcassets"]
                object = "{ isa = PBXFileSystemSynchronizedBuildFileExceptionSet; target = \(id()); membershipExceptions = (\(paths.joined(separator: ", "))); }"
            default: object = "{ isa = PBXResourcesBuildPhase; files = \(ids()); }"
            }
            objects.append("O\(index) = \(object);")
        }
        let root = "R = { isa = PBXProject; buildConfigurationList = \(id()); mainGroup = \(id()); targets = \(ids()); };"
        return "// !$*UTF8*$!\n{ archiveVersion = 1; objectVersion = 77; rootObject = R;\n objects = {\n\(root)\n\(objects.joined(separator: "\n"))\n};\n}\n"
    }
}

extension FuzzHarness {
    /// The XcodeGen spec reader on graphs: setting groups and target templates naming each
    /// other (fans and chains of up to 200, cycles, missing and wrongly typed names) with settings, lists and
    /// `${target_name}` values to merge, many targets sharing them, and sources with globs of
    /// many `**` and `*`. Whatever the graph, reading it ends in bounded work: the readers'
    /// limits say how far; a second here is far past what they allow.
    public static func xcodegenGraph(_ bytes: [UInt8]) {
        var input = FuzzBytes(bytes)
        let text: [UInt8] = input.byte() & 1 == 1 ? Array(input.rest) : Array(specGraph(&input).utf8)
        _ = place(Array("{}".utf8), at: "SpecGraph/App/Assets.xcassets/Contents.json")
        let path = place(text, at: "SpecGraph/project.yml")
        let start = DispatchTime.now()
        if let project = try? XcodeProject.read(path) {
            _ = project.warnings.map(\.description)
            _ = project.iOSApplicationTargets()
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        precondition(seconds < 5, "a spec of \(text.count) bytes took \(seconds) s")
    }

    /// The graph's shape: names chosen at random among a few groups and templates, or one of
    /// the shapes random names rarely reach: a chain (each naming the next) of up to 200,
    /// a fan (each naming every one before it, so expanding naively doubles each step), or a
    /// fan with a few extra random names.
    private enum SpecShape: CaseIterable { case random, chain, fan, fanAndRandom }

    private static func specGraph(_ input: inout FuzzBytes) -> String {
        let shape = input.pick(SpecShape.allCases)
        let limit = shape == .random ? 24 : 200
        let groups = 1 + Int(input.byte()) % limit
        let templates = 1 + Int(input.byte()) % limit
        func random(_ prefix: String, _ count: Int) -> String {
            input.byte() % 16 == 0 ? input.pick(["missing", "7", "null"]) : "\(prefix)\(Int(input.byte()) % count)"
        }
        // What the group or template `index` names; a target names the chain's or fan's top.
        func names(_ prefix: String, _ count: Int, at index: Int? = nil) -> String {
            let shaped: [String]
            switch shape {
            case .random: shaped = (0..<1 + Int(input.byte() % 6)).map { _ in random(prefix, count) }
            case .chain: shaped = index.map { $0 + 1 < count ? ["\(prefix)\($0 + 1)"] : [] } ?? ["\(prefix)0"]
            case .fan: shaped = (0..<(index ?? count)).map { "\(prefix)\($0)" }
            case .fanAndRandom:
                shaped = (0..<(index ?? count)).map { "\(prefix)\($0)" } + (0..<Int(input.byte() % 3)).map { _ in random(prefix, count) }
            }
            return "[" + shaped.joined(separator: ", ") + "]"
        }
        func glob() -> String {
            let part = input.pick(["**", "*", "*a*b*", "App", "*.xcassets", "[a-z]*", "?"])
            return "\"" + String(repeating: "\(part)/", count: input.count() % 400) + input.pick(["x", "**", "*.png"]) + "\""
        }
        var yaml = "name: Graph\nsettingGroups:\n"
        for index in 0..<groups {
            yaml += "  g\(index):\n    groups: \(names("g", groups, at: index))\n    base: { S\(index): \"${target_name} \(input.number())\" }\n"
            if input.byte() % 4 == 0 { yaml += "    configs: { debug: { groups: \(names("g", groups, at: index)) } }\n" }
        }
        yaml += "targetTemplates:\n"
        for index in 0..<templates {
            yaml += "  t\(index):\n    templates: \(names("t", templates, at: index))\n    settings: { groups: \(names("g", groups, at: index % groups)) }\n"
            yaml += "    sources: [{ path: App, excludes: [\((0..<Int(input.byte() % 4)).map { _ in glob() }.joined(separator: ", "))] }]\n"
            if input.byte() % 3 == 0 { yaml += "    type: application\n    platform: \(input.pick(["iOS", "[iOS, tvOS]", "auto"]))\n" }
            if input.byte() % 5 == 0 { yaml += "    dependencies: [\((0..<input.count()).map { "{ sdk: K\($0) }" }.joined(separator: ", "))]\n" }
        }
        yaml += "targets:\n"
        for index in 0..<1 + input.count() {
            yaml += "  T\(index): { templates: \(names("t", templates)), settings: { groups: \(names("g", groups)) } }\n"
        }
        return yaml
    }
}

/// The fuzzer's bytes read as choices; past their end every choice is the first.
struct FuzzBytes {
    private let bytes: [UInt8]
    private var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var rest: ArraySlice<UInt8> { bytes[min(index, bytes.count)...] }

    mutating func byte() -> UInt8 {
        defer { index += 1 }
        return index < bytes.count ? bytes[index] : 0
    }

    mutating func pick<T>(_ options: [T]) -> T { options[Int(byte()) % options.count] }

    /// A count below 5,000, small ones most likely.
    mutating func count() -> Int {
        let scale = byte()
        return scale < 200 ? Int(scale % 8) : (Int(byte()) << 8 | Int(byte())) % 5_000
    }

    /// A number as `icon.json`, SVG and `#if` write them: the ones that broke readers before, or any finite double.
    mutating func number() -> String {
        let known = ["0", "1", "-1", "0.5", "1e19", "9.3e18", "1e300", "-1e300", "16384", "16385", "1e-300", "100000",
                     "9223372036854775807", "18446744073709551616", "2.5", "-0", "1e308", "4", "64", "1024"]
        let choice = Int(byte())
        if choice < 224 { return known[choice % known.count] }
        var bits: UInt64 = 0
        for _ in 0..<8 { bits = bits << 8 | UInt64(byte()) }
        let value = Double(bitPattern: bits)
        return value.isFinite ? "\(value)" : "1"
    }
}

private extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
