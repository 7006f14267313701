import Foundation
import Testing
import TestSupport
@testable import IconCatalog

/// The Expo CLI run for a config program: bounded in time, and never unless the caller allows it.
struct ExpoCLITests {
    private func project(script: String) -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("app.config.js", "module.exports = ({ config }) => config;\n")
        let path = folder.write("node_modules/.bin/expo", script)
        chmod(path, 0o755)
        return folder
    }

    @Test func theCLIHasATimeLimit() throws {
        let folder = project(script: "#!/bin/sh\nexec sleep 30\n")
        var options = CatalogOptions()
        options.runsExpoCLI = true
        options.expoCLITimeout = 1
        #expect(throws: CatalogError.expoConfig(path: folder.url("app.config.js"), problem: "`expo config` did not finish within 1 s; "
            + "make a JSON file --app can read with `npx expo config --json > expo-config.json`")) {
            _ = try CatalogReader.read(app: folder.path, options: options)
        }
    }

    @Test func theLibraryRunsNoProjectCodeUnlessAsked() throws {
        let folder = project(script: "#!/bin/sh\ntouch \"$(dirname \"$0\")/ran\"\necho '{}'\n")
        #expect(throws: CatalogError.expoConfig(path: folder.url("app.config.js"), problem: "app.config.js is a program, which is not "
            + "run here; make a JSON file --app can read with `npx expo config --json > expo-config.json`")) {
            _ = try CatalogReader.read(app: folder.path)
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url("node_modules/.bin/ran")))
    }

    @Test func printingTooMuchIsRefused() throws {
        let folder = project(script: "#!/bin/sh\nhead -c 5000000 /dev/zero\n")
        var options = CatalogOptions()
        options.runsExpoCLI = true
        #expect(throws: CatalogError.self) { _ = try CatalogReader.read(app: folder.path, options: options) }
    }
}
