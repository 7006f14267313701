import Foundation
import Testing
import TestSupport
@testable import IconCatalog

/// The table of forms an app is given in (`AppForm.all`): every kind `list --json` can print is
/// some form's, and a JSON file is an XcodeGen spec only when it is one.
@Suite struct AppFormTests {
    @Test func everyKindOfAppIsSomeFormsKind() {
        let reported = Set(AppForm.all.flatMap(\.kinds))
        for kind in AppSourceKind.allCases {
            #expect(reported.contains(kind), "no form of AppForm.all reports \(kind.rawValue)")
        }
    }

    @Test func aJSONFileIsASpecOnlyWhenItIsOne() throws {
        let folder = TemporaryFolder()
        let spec = folder.write("App.json", #"{"name": "App", "targets": {"App": {"type": "application", "platform": "iOS"}}}"#)
        #expect(try AppLocation.locate(spec) == .xcodeProject(spec))
        let including = folder.write("Base.json", #"{"name": "App", "include": ["app.yml"]}"#)
        #expect(try AppLocation.locate(including) == .xcodeProject(including))
        // By its name, as a folder's spec is found: read as a spec, which says what is wrong with it.
        let named = folder.write("project.json", #"{"targets": {}}"#)
        #expect(try AppLocation.locate(named) == .xcodeProject(named))
        let yaml = folder.write("app.yml", "name: App\n")
        #expect(try AppLocation.locate(yaml) == .xcodeProject(yaml))
        // Other JSON is not a spec: a package manifest, an asset catalog's Contents.json, a spec's name as a number, broken JSON.
        for (name, text) in [("package.json", #"{"name": "app", "version": "1.0.0"}"#),
                             ("Contents.json", #"{"images": [], "info": {"author": "xcode", "version": 1}}"#),
                             ("numbered.json", #"{"name": 7, "targets": {}}"#),
                             ("broken.json", #"{"name": "App", "targets": "#)] {
            let path = folder.write(name, text)
            #expect(try AppLocation.locate(path) == .infoPlist(path), "\(name)")
        }
    }
}
