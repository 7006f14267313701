import Foundation

/// An XcodeGen project in a temporary folder, as a repository commits it: `project.yml`
/// including `specs/targets.yml`, no `.xcodeproj`. The app target `Sample` takes its icon
/// settings from a setting group, a target template (its primary through a template
/// attribute) and a per-configuration xcconfig, whose `#include` resolves from the project's
/// folder; its catalog `App/Assets.xcassets` holds AppIcon, Blue and Green; `info.properties`
/// declares the alternate Sunset (for iPhone and iPad) with loose files. Release ships AppIcon, Blue and Sunset
/// (Green is listed by no configuration); Debug AppIcon and Sunset.
public struct XcodeGenFixture {
    public let folder: TemporaryFolder
    /// The names of the icons Release shows, in chooser order (nil: the primary).
    public static let releaseIcons: [String?] = [nil, "Blue", "Sunset"]

    /// `pixels`: the size of the sets' images (real PNGs, so previews draw them).
    public init(folder: TemporaryFolder = TemporaryFolder(), pixels: Int = 64) {
        self.folder = folder
        folder.writeJSON("App/Assets.xcassets/Contents.json", ["info": ["author": "xcode", "version": 1]])
        for name in ["AppIcon", "Blue", "Green"] {
            folder.writeJSON("App/Assets.xcassets/\(name).appiconset/Contents.json",
                             ["images": [SetEntries.single("\(name).png")], "info": ["author": "xcode", "version": 1]])
            folder.writePNG("App/Assets.xcassets/\(name).appiconset/\(name).png", width: pixels)
        }
        folder.writePNG("App/Icons/Sunset@2x.png", width: 120)
        folder.writePNG("App/Icons/Sunset@3x.png", width: 180)
        folder.write("App/main.swift", "print(1)\n")
        folder.write("project.yml", Self.projectSpec)
        folder.write("specs/targets.yml", Self.targetsSpec)
        folder.write("Configs/Release.xcconfig", "// Icons for the App Store build\n#include \"Configs/Icons/Alternates.xcconfig\"\n")
        folder.write("Configs/Icons/Alternates.xcconfig", "ASSETCATALOG_COMPILER_ALTERNATE_APPICON_NAMES = Blue\n")
    }

    public var path: String { folder.path }

    public static let projectSpec = """
    name: Sample
    include:
      - specs/targets.yml
    options:
      bundleIdPrefix: com.example
    configs:
      Debug: debug
      Release: release
    configFiles:
      Release: Configs/Release.xcconfig
    settingGroups:
      icons:
        base:
          ASSETCATALOG_COMPILER_INCLUDE_ALL_APPICON_ASSETS: NO
    targetTemplates:
      IconApp:
        type: application
        platform: iOS
        settings:
          base:
            ASSETCATALOG_COMPILER_APPICON_NAME: ${primaryIcon}
    """

    public static let targetsSpec = """
    targets:
      Sample:
        templates: [IconApp]
        templateAttributes:
          primaryIcon: AppIcon
        sources:
          - path: ../App
            excludes: ["**/*.swift"]
        settings:
          groups: [icons]
        info:
          path: ../App/Info.plist
          properties:
            CFBundleDisplayName: Sample
            CFBundleIcons:
              CFBundleAlternateIcons: &alternates
                Sunset:
                  CFBundleIconFiles: [Sunset]
            CFBundleIcons~ipad:
              CFBundleAlternateIcons: *alternates
    """
}
