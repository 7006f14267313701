import Foundation

/// A small project written as Xcode writes `project.pbxproj`, literally (TestSupport's
/// `PBXProjectBuilder` writes the objects through Foundation, not in Xcode's layout): an app
/// target "Demo" with a `Demo` group (an asset catalog, xcconfig files and a folder
/// reference), a synchronized folder `Synced` with one file excluded, and Debug and Release
/// configurations at both levels (and `moreConfigurations`).
public struct ProjectFileFixture {
    public var targetSettings: [String] = ["PRODUCT_BUNDLE_IDENTIFIER = com.example.demo;", "SDKROOT = iphoneos;"]
    public var projectSettings: [String] = ["SDKROOT = iphoneos;"]
    /// Per configuration, lines replacing `targetSettings` for it.
    public var targetSettingsByConfiguration: [String: [String]] = [:]
    /// The target's configurations are based on `Demo/Base.xcconfig`.
    public var targetXCConfig = false
    /// The asset catalog is in the Resources phase (else the phase is empty and there is no build file section).
    public var catalogInResources = true
    /// Configurations after Debug and Release, at both levels (`Debug_Staging`, say); the
    /// target's take `targetSettingsByConfiguration`'s lines, else `targetSettings`.
    public var moreConfigurations: [String] = []

    public static let catalogBuildFile = "AA0000000000000000000010"

    public init(catalogInResources: Bool = true) {
        self.catalogInResources = catalogInResources
    }

    @discardableResult
    public func write(in folder: TemporaryFolder) -> String {
        folder.write("Demo.xcodeproj/project.pbxproj", text)
        try? FileManager.default.createDirectory(atPath: folder.url("Demo/Assets.xcassets"), withIntermediateDirectories: true)
        folder.write("Demo/Assets.xcassets/Contents.json", #"{"info":{"author":"xcode","version":1}}"#)
        try? FileManager.default.createDirectory(atPath: folder.url("Synced"), withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(atPath: folder.url("Demo/Bundled"), withIntermediateDirectories: true)
        return folder.url("Demo.xcodeproj")
    }

    private func settings(_ lines: [String]) -> String {
        lines.map { "\t\t\t\t" + $0 + "\n" }.joined()
    }

    private func configuration(_ id: String, _ name: String, _ lines: [String], base: Bool) -> String {
        let reference = base ? "\t\t\tbaseConfigurationReference = AA0000000000000000000013 /* Base.xcconfig */;\n" : ""
        return "\t\t\(id) /* \(name) */ = {\n\t\t\tisa = XCBuildConfiguration;\n\(reference)\t\t\tbuildSettings = {\n"
            + settings(lines) + "\t\t\t};\n\t\t\tname = \(name);\n\t\t};\n"
    }

    public var text: String {
        let buildFiles = catalogInResources ? """
        /* Begin PBXBuildFile section */
        \t\tAA0000000000000000000010 /* Assets.xcassets in Resources */ = {isa = PBXBuildFile; fileRef = AA0000000000000000000011 /* Assets.xcassets */; };
        /* End PBXBuildFile section */


        """ : ""
        let phaseFiles = catalogInResources ? "\t\t\t\tAA0000000000000000000010 /* Assets.xcassets in Resources */,\n" : ""
        let debug = targetSettingsByConfiguration["Debug"] ?? targetSettings
        let release = targetSettingsByConfiguration["Release"] ?? targetSettings
        // Ids 80, 81… for the project's further configurations, 90, 91… for the target's.
        let more = moreConfigurations.enumerated().map { index, name in
            (project: String(format: "AA00000000000000000000%02d", 80 + index), target: String(format: "AA00000000000000000000%02d", 90 + index), name: name)
        }
        let moreObjects = more.map {
            configuration($0.project, $0.name, projectSettings, base: false)
                + configuration($0.target, $0.name, targetSettingsByConfiguration[$0.name] ?? targetSettings, base: targetXCConfig)
        }.joined()
        let moreProjectList = more.map { "\t\t\t\t\($0.project) /* \($0.name) */,\n" }.joined()
        let moreTargetList = more.map { "\t\t\t\t\($0.target) /* \($0.name) */,\n" }.joined()
        return """
        // !$*UTF8*$!
        {
        \tarchiveVersion = 1;
        \tclasses = {
        \t};
        \tobjectVersion = 77;
        \tobjects = {

        \(buildFiles)/* Begin PBXFileReference section */
        \t\tAA0000000000000000000011 /* Assets.xcassets */ = {isa = PBXFileReference; lastKnownFileType = folder.assetcatalog; path = Assets.xcassets; sourceTree = "<group>"; };
        \t\tAA0000000000000000000012 /* Demo.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Demo.app; sourceTree = BUILT_PRODUCTS_DIR; };
        \t\tAA0000000000000000000013 /* Base.xcconfig */ = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Base.xcconfig; sourceTree = "<group>"; };
        \t\tAA0000000000000000000014 /* Bundled */ = {isa = PBXFileReference; lastKnownFileType = folder; path = Bundled; sourceTree = "<group>"; };
        /* End PBXFileReference section */

        /* Begin PBXFileSystemSynchronizedBuildFileExceptionSet section */
        \t\tAA0000000000000000000030 /* Exceptions for "Synced" folder in "Demo" target */ = {
        \t\t\tisa = PBXFileSystemSynchronizedBuildFileExceptionSet;
        \t\t\tmembershipExceptions = (
        \t\t\t\tExcluded.png,
        \t\t\t);
        \t\t\ttarget = AA0000000000000000000040 /* Demo */;
        \t\t};
        /* End PBXFileSystemSynchronizedBuildFileExceptionSet section */

        /* Begin PBXFileSystemSynchronizedRootGroup section */
        \t\tAA0000000000000000000031 /* Synced */ = {
        \t\t\tisa = PBXFileSystemSynchronizedRootGroup;
        \t\t\texceptions = (
        \t\t\t\tAA0000000000000000000030 /* Exceptions for "Synced" folder in "Demo" target */,
        \t\t\t);
        \t\t\tpath = Synced;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXFileSystemSynchronizedRootGroup section */

        /* Begin PBXGroup section */
        \t\tAA0000000000000000000002 = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000020 /* Demo */,
        \t\t\t\tAA0000000000000000000031 /* Synced */,
        \t\t\t\tAA0000000000000000000021 /* Products */,
        \t\t\t);
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000020 /* Demo */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000011 /* Assets.xcassets */,
        \t\t\t\tAA0000000000000000000013 /* Base.xcconfig */,
        \t\t\t\tAA0000000000000000000014 /* Bundled */,
        \t\t\t);
        \t\t\tpath = Demo;
        \t\t\tsourceTree = "<group>";
        \t\t};
        \t\tAA0000000000000000000021 /* Products */ = {
        \t\t\tisa = PBXGroup;
        \t\t\tchildren = (
        \t\t\t\tAA0000000000000000000012 /* Demo.app */,
        \t\t\t);
        \t\t\tname = Products;
        \t\t\tsourceTree = "<group>";
        \t\t};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        \t\tAA0000000000000000000040 /* Demo */ = {
        \t\t\tisa = PBXNativeTarget;
        \t\t\tbuildConfigurationList = AA0000000000000000000061 /* Build configuration list for PBXNativeTarget "Demo" */;
        \t\t\tbuildPhases = (
        \t\t\t\tAA0000000000000000000050 /* Resources */,
        \t\t\t);
        \t\t\tbuildRules = (
        \t\t\t);
        \t\t\tdependencies = (
        \t\t\t);
        \t\t\tfileSystemSynchronizedGroups = (
        \t\t\t\tAA0000000000000000000031 /* Synced */,
        \t\t\t);
        \t\t\tname = Demo;
        \t\t\tproductName = Demo;
        \t\t\tproductReference = AA0000000000000000000012 /* Demo.app */;
        \t\t\tproductType = "com.apple.product-type.application";
        \t\t};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        \t\tAA0000000000000000000001 /* Project object */ = {
        \t\t\tisa = PBXProject;
        \t\t\tbuildConfigurationList = AA0000000000000000000060 /* Build configuration list for PBXProject "Demo" */;
        \t\t\tdevelopmentRegion = en;
        \t\t\tmainGroup = AA0000000000000000000002;
        \t\t\tproductRefGroup = AA0000000000000000000021 /* Products */;
        \t\t\tprojectDirPath = "";
        \t\t\tprojectRoot = "";
        \t\t\ttargets = (
        \t\t\t\tAA0000000000000000000040 /* Demo */,
        \t\t\t);
        \t\t};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        \t\tAA0000000000000000000050 /* Resources */ = {
        \t\t\tisa = PBXResourcesBuildPhase;
        \t\t\tbuildActionMask = 2147483647;
        \t\t\tfiles = (
        \(phaseFiles)\t\t\t);
        \t\t\trunOnlyForDeploymentPostprocessing = 0;
        \t\t};
        /* End PBXResourcesBuildPhase section */

        /* Begin XCBuildConfiguration section */
        \(configuration("AA0000000000000000000070", "Debug", projectSettings, base: false))\(configuration("AA0000000000000000000071", "Release", projectSettings, base: false))\(configuration("AA0000000000000000000072", "Debug", debug, base: targetXCConfig))\(configuration("AA0000000000000000000073", "Release", release, base: targetXCConfig))\(moreObjects)/* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        \t\tAA0000000000000000000060 /* Build configuration list for PBXProject "Demo" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tAA0000000000000000000070 /* Debug */,
        \t\t\t\tAA0000000000000000000071 /* Release */,
        \(moreProjectList)\t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        \t\tAA0000000000000000000061 /* Build configuration list for PBXNativeTarget "Demo" */ = {
        \t\t\tisa = XCConfigurationList;
        \t\t\tbuildConfigurations = (
        \t\t\t\tAA0000000000000000000072 /* Debug */,
        \t\t\t\tAA0000000000000000000073 /* Release */,
        \(moreTargetList)\t\t\t);
        \t\t\tdefaultConfigurationIsVisible = 0;
        \t\t\tdefaultConfigurationName = Release;
        \t\t};
        /* End XCConfigurationList section */
        \t};
        \trootObject = AA0000000000000000000001 /* Project object */;
        }

        """
    }
}
