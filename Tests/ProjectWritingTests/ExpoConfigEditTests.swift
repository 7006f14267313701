import Foundation
import IconCatalog
@testable import ProjectWriting
import Testing
import TestSupport

/// `add` and `remove` in an Expo project's `app.json`: the entry in the plugin's shape, written
/// as a few changed bytes (comments, trailing commas, tabs, line ends and key order kept), the
/// inverse taking back exactly those bytes, and what each plugin cannot take refused.
@Suite struct ExpoConfigEditTests {
    /// A project whose app.json is `config`, with the images it and the tests name.
    static func project(_ config: String) -> TemporaryFolder {
        let folder = TemporaryFolder()
        folder.write("app.json", config)
        for name in ["icon", "red", "n", "n-dark", "n-tinted"] { folder.writePNG("assets/\(name).png", width: 64) }
        folder.writePNG("new.png", width: 1024)
        return folder
    }

    /// What `plan` leaves on disk, written plainly (the transaction's guarantees are tested elsewhere).
    static func apply(_ plan: EditPlan) throws {
        for change in plan.changes.changes {
            if let data = change.replacement {
                try FileManager.default.createDirectory(atPath: (change.path as NSString).deletingLastPathComponent,
                                                        withIntermediateDirectories: true)
                try data.write(to: URL(fileURLWithPath: change.path))
            } else {
                try FileManager.default.removeItem(atPath: change.path)
            }
        }
    }

    /// Adds `name` (from `new.png`) and checks the config then reads `expected`; removes it and
    /// checks every file is back, byte for byte. Returns the plan of the add.
    @discardableResult
    static func roundTrip(_ config: String, expected: String, name: String = "blue", dark: Bool = false,
                          runTimeName: String? = nil) throws -> EditPlan {
        let folder = project(config)
        let before = try snapshot(folder.path)
        let image = folder.url("new.png")
        let request = AddRequest(name: name, image: image, dark: dark ? image : nil, tinted: dark ? image : nil)
        let plan = try IconAddition.plan(request, layout: PlanningTests.layout(folder.path))
        try apply(plan)
        #expect(try String(contentsOfFile: folder.url("app.json"), encoding: .utf8) == expected)
        let reread = try CatalogReader.read(app: folder.path)
        let icon = try #require(reread.alternate(named: runTimeName ?? name))
        #expect(!icon.images.isEmpty)
        try apply(try IconRemoval.plan(name: runTimeName ?? name, keepFiles: false, layout: PlanningTests.layout(folder.path)))
        #expect(try snapshot(folder.path) == before)
        return plan
    }

    static func snapshot(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for relative in try FileManager.default.subpathsOfDirectory(atPath: folder) {
            let path = (folder as NSString).appendingPathComponent(relative)
            if let data = FileManager.default.contents(atPath: path) { files[relative] = data }
        }
        return files
    }

    @Test func commentsAndTrailingCommasStay() throws {
        let config = """
        {
          "expo": {
            "icon": "./assets/icon.png",
            "plugins": [
              // The alternates
              ["@howincodes/expo-dynamic-app-icon", {
                "red": { "ios": "./assets/red.png" }, // the first
                "night": { "ios": { "light": "./assets/n.png", "dark": "./assets/n-dark.png", "tinted": "./assets/n-tinted.png" } },
              }],
            ],
          },
        }
        """
        let expected = """
        {
          "expo": {
            "icon": "./assets/icon.png",
            "plugins": [
              // The alternates
              ["@howincodes/expo-dynamic-app-icon", {
                "red": { "ios": "./assets/red.png" }, // the first
                "night": { "ios": { "light": "./assets/n.png", "dark": "./assets/n-dark.png", "tinted": "./assets/n-tinted.png" } },
                "blue": { "ios": "./assets/blue.png" },
              }],
            ],
          },
        }
        """
        let plan = try Self.roundTrip(config, expected: expected, runTimeName: "AppIcon-blue")
        #expect(plan.summary.last == "changed app.json: added “blue” to the icons of @howincodes/expo-dynamic-app-icon; "
            + "the app calls it “AppIcon-blue”")
    }

    @Test func aCommentAfterTheLastEntryStaysOnItsLine() throws {
        let config = "{\n  \"expo\": {\n    \"plugins\": [\n      [\"expo-dynamic-app-icon\", {\n"
            + "        \"red\": {\n          \"image\": \"./assets/red.png\"\n        } // red\n      }]\n    ]\n  }\n}\n"
        let expected = "{\n  \"expo\": {\n    \"plugins\": [\n      [\"expo-dynamic-app-icon\", {\n"
            + "        \"red\": {\n          \"image\": \"./assets/red.png\"\n        }, // red\n"
            + "        \"blue\": {\n          \"image\": \"./assets/blue.png\"\n        }\n      }]\n    ]\n  }\n}\n"
        try Self.roundTrip(config, expected: expected)
    }

    @Test func tabsAndCarriageReturnsAreKept() throws {
        let config = "{\r\n\t\"expo\": {\r\n\t\t\"plugins\": [\r\n\t\t\t[\"@mozzius/expo-dynamic-app-icon\", {\r\n"
            + "\t\t\t\t\"red\": {\r\n\t\t\t\t\t\"ios\": \"./assets/red.png\",\r\n\t\t\t\t\t\"prerendered\": true\r\n\t\t\t\t}\r\n\t\t\t}]\r\n\t\t]\r\n\t}\r\n}\r\n"
        let expected = "{\r\n\t\"expo\": {\r\n\t\t\"plugins\": [\r\n\t\t\t[\"@mozzius/expo-dynamic-app-icon\", {\r\n"
            + "\t\t\t\t\"red\": {\r\n\t\t\t\t\t\"ios\": \"./assets/red.png\",\r\n\t\t\t\t\t\"prerendered\": true\r\n\t\t\t\t},\r\n"
            + "\t\t\t\t\"blue\": {\r\n\t\t\t\t\t\"ios\": \"./assets/blue.png\",\r\n\t\t\t\t\t\"prerendered\": true\r\n\t\t\t\t}\r\n"
            + "\t\t\t}]\r\n\t\t]\r\n\t}\r\n}\r\n"
        try Self.roundTrip(config, expected: expected)
    }

    @Test func anEntryWrittenOnOneLineGetsItsNeighbourOnTheSameLine() throws {
        let config = #"{"expo": {"plugins": [["expo-dynamic-app-icon", {"red": {"image": "./assets/red.png"}}]]}}"#
        let expected = #"{"expo": {"plugins": [["expo-dynamic-app-icon", {"red": {"image": "./assets/red.png"}, "blue": {"image": "./assets/blue.png"}}]]}}"#
        try Self.roundTrip(config, expected: expected)
    }

    @Test func aPluginListedByNameAloneGetsItsIconsAndBackItsName() throws {
        let config = """
        {
          "expo": {
            "icon": "./assets/icon.png",
            "plugins": [
              "expo-router",
              "expo-alternate-app-icons"
            ]
          }
        }
        """
        let expected = """
        {
          "expo": {
            "icon": "./assets/icon.png",
            "plugins": [
              "expo-router",
              [
                "expo-alternate-app-icons",
                [
                  {
                    "name": "Blue",
                    "ios": {
                      "light": "./assets/Blue.png",
                      "dark": "./assets/Blue-dark.png",
                      "tinted": "./assets/Blue-tinted.png"
                    }
                  }
                ]
              ]
            ]
          }
        }
        """
        try Self.roundTrip(config, expected: expected, name: "Blue", dark: true)
        // On one line, it stays on one.
        try Self.roundTrip(#"{"expo": {"icon": "./assets/icon.png", "plugins": ["expo-alternate-app-icons"]}}"#,
                           expected: #"{"expo": {"icon": "./assets/icon.png", "plugins": [["expo-alternate-app-icons", [{ "name": "Blue", "ios": "./assets/Blue.png" }]]]}}"#,
                           name: "Blue")
    }

    @Test func anEmptyListTakesTheFirstIcon() throws {
        let folder = Self.project("{\n  \"expo\": {\n    \"plugins\": [\n      [\"expo-alternate-app-icons\", []]\n    ]\n  }\n}\n")
        let plan = try IconAddition.plan(AddRequest(name: "night", image: folder.url("new.png")), layout: PlanningTests.layout(folder.path))
        try Self.apply(plan)
        #expect(try String(contentsOfFile: folder.url("app.json"), encoding: .utf8)
            == "{\n  \"expo\": {\n    \"plugins\": [\n      [\"expo-alternate-app-icons\", [\n        {\n          \"name\": \"night\",\n"
            + "          \"ios\": \"./assets/night.png\"\n        }\n      ]]\n    ]\n  }\n}\n")
        #expect(plan.expectations.contains(.iconPresent(name: "Night", source: .expo, idioms: [.phone])), "PascalCased at run time")
        // Its only icon removed, the plugin is listed by name alone, as `npx expo install` lists it.
        try Self.apply(try IconRemoval.plan(name: "Night", keepFiles: false, layout: PlanningTests.layout(folder.path)))
        #expect(try String(contentsOfFile: folder.url("app.json"), encoding: .utf8)
            == "{\n  \"expo\": {\n    \"plugins\": [\n      \"expo-alternate-app-icons\"\n    ]\n  }\n}\n")
        #expect(FileManager.default.fileExists(atPath: folder.url("assets/night.png")) == false)
    }

    @Test func removingAnEntryInTheMiddleTakesItsLinesAndKeepsFilesNamedElsewhere() throws {
        let config = """
        {
          "expo": {
            "splash": { "image": "./assets/red.png" },
            "plugins": [
              ["expo-dynamic-app-icon", {
                "red": { "image": "./assets/red.png" },
                "night": { "image": "./assets/n.png" },
                "gray": { "image": "./assets/n-dark.png" }
              }]
            ]
          }
        }
        """
        let folder = Self.project(config)
        let plan = try IconRemoval.plan(name: "red", keepFiles: false, layout: PlanningTests.layout(folder.path))
        try Self.apply(plan)
        #expect(try String(contentsOfFile: folder.url("app.json"), encoding: .utf8) == config.replacingOccurrences(
            of: "        \"red\": { \"image\": \"./assets/red.png\" },\n", with: ""))
        #expect(FileManager.default.fileExists(atPath: folder.url("assets/red.png")), "the splash screen names it too")
        let last = try IconRemoval.plan(name: "gray", keepFiles: false, layout: PlanningTests.layout(folder.path))
        try Self.apply(last)
        #expect(try String(contentsOfFile: folder.url("app.json"), encoding: .utf8).contains("\"night\": { \"image\": \"./assets/n.png\" }\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.url("assets/n-dark.png")))
    }

    @Test func whatAPluginCannotTakeIsRefused() throws {
        let keyed = Self.project(#"{"expo": {"plugins": [["expo-dynamic-app-icon", {"red": {"image": "./assets/red.png"}}]]}}"#)
        let layout = try PlanningTests.layout(keyed.path)
        let image = keyed.url("new.png")
        func refusal(_ request: AddRequest, _ layout: AppLayout) -> String? {
            do { _ = try IconAddition.plan(request, layout: layout); return nil } catch { return error.description }
        }
        #expect(refusal(AddRequest(name: "blue", image: image, dark: image), layout)
            == "--dark and --tinted: expo-dynamic-app-icon makes alternates of one image, with no dark or tinted one")
        #expect(refusal(AddRequest(name: "red", image: image), layout) == "the app already has an icon named “red”")
        #expect(refusal(AddRequest(name: "blue", image: image, sizes: .all), layout)?.hasPrefix("--sizes, --style, --ordinal") == true)
        #expect(refusal(AddRequest(name: "blue", image: keyed.url("missing.png")), layout) == "\(keyed.url("missing.png")): does not exist")
        keyed.write("notpng.png", "hello")
        #expect(refusal(AddRequest(name: "blue", image: keyed.url("notpng.png")), layout)?.hasPrefix(keyed.url("notpng.png") + ": ") == true)
        #expect(refusal(AddRequest(name: "blue", image: keyed.url("assets/red.png")), layout)?.contains("at least 1024") == true)
        keyed.writePNG("assets/blue.png", width: 1024)
        #expect(refusal(AddRequest(name: "blue", image: image), layout) == "\(keyed.url("assets/blue.png")): already exists; not overwriting it")
        #expect(refusal(AddRequest(name: "Blue", image: image), layout)?.contains("the same name on macOS's case-insensitive disks") == true)

        let alternate = Self.project(#"{"expo": {"plugins": [["expo-alternate-app-icons", [{"name": "Red", "ios": "./assets/red.png"}]]]}}"#)
        #expect(refusal(AddRequest(name: "Blue", image: alternate.url("new.png"), dark: alternate.url("new.png")), try PlanningTests.layout(alternate.path))
            == "expo-alternate-app-icons takes dark and tinted images together (its ios object needs light, dark and tinted); "
            + "give both --dark and --tinted, or neither")
        #expect(refusal(AddRequest(name: "red", image: alternate.url("new.png")), try PlanningTests.layout(alternate.path))
            == "the app already has an icon named “red”")

        let listed = Self.project(#"{"expo": {"plugins": [["expo-dynamic-app-icon", ["./assets/red.png"]]]}}"#)
        #expect(refusal(AddRequest(name: "blue", image: listed.url("new.png")), try PlanningTests.layout(listed.path))
            == "expo-dynamic-app-icon is given a list here, which names icons by their place: the new one is “1”")
        try Self.apply(try IconAddition.plan(AddRequest(name: "1", image: listed.url("new.png")), layout: PlanningTests.layout(listed.path)))
        #expect(try String(contentsOfFile: listed.url("app.json"), encoding: .utf8)
            == #"{"expo": {"plugins": [["expo-dynamic-app-icon", ["./assets/red.png", "./assets/1.png"]]]}}"#)
        do {
            _ = try IconRemoval.plan(name: "0", keepFiles: false, layout: PlanningTests.layout(listed.path))
            Issue.record("removing the first of a list renames the rest")
        } catch {
            #expect("\(error)".contains("would rename the icons after it"))
        }

        let none = Self.project(#"{"expo": {"icon": "./assets/icon.png", "plugins": []}}"#)
        #expect(refusal(AddRequest(name: "blue", image: none.url("new.png")), try PlanningTests.layout(none.path))
            == "\(none.url("app.json")): no plugin of “plugins” makes alternate icons in a shape iconchooser writes; "
            + "install one (`npx expo install expo-alternate-app-icons`) and list it there")
    }

    @Test func eachPluginGetsItsOwnShape() throws {
        let cases: [(ExpoIconPlugin, ExpoIconEntry.Form, Bool, JSON5Fragment)] = [
            (.alternateAppIcons, .namedObjects, false, .object([("name", .string("k")), ("ios", .string("./k.png"))])),
            (.alternateAppIcons, .namedObjects, true, .object([("name", .string("k")), ("ios", .object([
                ("light", .string("./k.png")), ("dark", .string("./k-dark.png")), ("tinted", .string("./k-tinted.png"))]))])),
            (.alternateAppIcons, .pathList, false, .string("./k.png")),
            (.dynamicAppIcon, .keyed, false, .object([("image", .string("./k.png"))])),
            (.configPlugins, .indexed, false, .string("./k.png")),
            (.mozzius, .keyed, false, .object([("ios", .string("./k.png"))])),
            (.howincodes, .keyed, true, .object([("ios", .object([
                ("light", .string("./k.png")), ("dark", .string("./k-dark.png")), ("tinted", .string("./k-tinted.png"))]))])),
            (.quickActions, .keyed, true, .object([("image", .object([
                ("light", .string("./k.png")), ("dark", .string("./k-dark.png")), ("tinted", .string("./k-tinted.png"))]))])),
            (.quickActions, .indexed, true, .object([
                ("light", .string("./k.png")), ("dark", .string("./k-dark.png")), ("tinted", .string("./k-tinted.png"))])),
        ]
        for (plugin, form, appearances, value) in cases {
            let entry = try ExpoIconEntry.make(plugin: plugin, pluginName: plugin.rawValue, form: form, key: "k", light: "./k.png",
                                               dark: appearances ? "./k-dark.png" : nil, tinted: appearances ? "./k-tinted.png" : nil,
                                               neighbour: nil)
            #expect(entry.value == value, "\(plugin) \(form)")
            #expect(entry.runTimeName == plugin.runTimeName("k"))
        }
        // The neighbour's prerendered, and expo-alternate-app-icons' Android background, are copied.
        let neighbour: JSONValue = .object(["prerendered": .bool(true)])
        #expect(try ExpoIconEntry.make(plugin: .dynamicAppIcon, pluginName: "p", form: .keyed, key: "k", light: "./k.png", dark: nil,
                                       tinted: nil, neighbour: neighbour).value
            == .object([("image", .string("./k.png")), ("prerendered", .bool(true))]))
        let android: JSONValue = .object(["android": .object(["foregroundImage": .string("./f.png"), "backgroundColor": .string("#001413")])])
        #expect(try ExpoIconEntry.make(plugin: .alternateAppIcons, pluginName: "p", form: .namedObjects, key: "K", light: "./K.png",
                                       dark: nil, tinted: nil, neighbour: android).value
            == .object([("name", .string("K")), ("ios", .string("./K.png")),
                        ("android", .object([("foregroundImage", .string("./K.png")), ("backgroundColor", .string("#001413"))]))]))
        #expect(ExpoIconEntry.form(of: .mozzius, props: .array([])) == nil, "the fork reads no list")
        #expect(ExpoIconEntry.form(of: .alternateAppIcons, props: .object([:])) == nil, "{icons: [...]} is ignored by the plugin")
    }

    @Test func textEditsAreTheirOwnInverse() throws {
        let documents = [
            "[1, 2]", "[1, 2,]", "[\n  1,\n  2\n]", "[\n  1,\n  2,\n]", "[\n  1, // one\n  2 // two\n]", "[]", "[\n  // none yet\n]",
            "{\"a\": 1}", "{\n\t\"a\": 1,\n}", "{ /* c */ }",
        ]
        for document in documents {
            let edit = JSON5TextEdit(Array(document.utf8))
            guard case .success(let outline) = JSON5Reader.outline(edit.bytes) else { Issue.record("\(document)"); continue }
            let isObject = outline.value["a"] != nil || document.hasPrefix("{")
            let added = edit.applying(edit.adding({ _ in isObject ? "\"z\": 9" : "9" }, to: outline))
            guard case .success(let grown) = JSON5Reader.outline(added) else { Issue.record("not JSON5: \(String(decoding: added, as: UTF8.self))"); continue }
            if isObject { #expect(grown.value["z"] == .number(9), "\(document)") } else {
                #expect(grown.elements.last?.value == .number(9), "\(document)")
            }
            let back = JSON5TextEdit(added)
            let removed = back.applying(back.removing(JSON5TextEdit.children(of: grown).count - 1, of: grown))
            #expect(String(decoding: removed, as: UTF8.self) == document, "\(document) → \(String(decoding: added, as: UTF8.self))")
        }
    }
}
