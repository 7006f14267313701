import Foundation
import Testing
@testable import IconCatalog

/// Settings written level by level (lowest first), each line `NAME = value` or
/// `NAME[cond=pattern] = value`, read for an iOS device build in `configuration`.
private func settings(_ levels: [String]..., configuration: String = "Release") -> BuildSettings {
    var table = SettingsTable()
    for (number, level) in levels.enumerated() {
        for line in level {
            guard case .assignment(let key, let value) = XCConfigReader.parse(line),
                  let parsed = SettingAssignment.parseKey(key) else {
                Issue.record("not a setting line: \(line)")
                continue
            }
            table.add(SettingAssignment(name: parsed.name, conditions: parsed.conditions, value: value,
                                        origin: "level \(number)"))
        }
    }
    return BuildSettings(table: table, conditionValues: BuildSettings.iOSDeviceConditions(configuration: configuration))
}

private func expanded(_ scope: BuildSettings, _ text: String) -> String {
    var warnings: [CatalogWarning] = []
    return scope.expand(text, subject: "test", warnings: &warnings)
}

@Suite struct BuildSettingExpansionTests {
    @Test func referencesInEveryFormXcodeAccepts() {
        let scope = settings(["A = apple", "B = $(A) ${A} $A $$A $(A)s", "C = $(MISSING)-$MISSING-x"])
        #expect(scope.value("B") == "apple apple apple $A apples")
        // An unset name in brackets is empty; the bare `$NAME` form is kept as written.
        #expect(scope.value("C") == "-$MISSING-x")
    }

    @Test func namesBuiltFromOtherSettings() {
        let scope = settings(["TEAM = QMQ", "TARGET = My App", "FLAG_QMQ_My_App = yes",
                              "X = $(FLAG_$(TEAM)_$(TARGET:c99extidentifier))",
                              "STYLE = $(STYLE_$(TEAM):default=$STYLE_DEFAULT)", "STYLE_DEFAULT = Automatic"])
        #expect(scope.value("X") == "yes")
        #expect(scope.value("STYLE") == "Automatic")
    }

    @Test func inheritedReadsTheLevelBelow() {
        let scope = settings(["FLAGS = -a"], ["FLAGS = $(inherited) -b"], ["FLAGS = $(inherited) -c", "NONE = $(inherited)"])
        #expect(scope.value("FLAGS") == "-a -b -c")
        #expect(scope.value("NONE") == "")
    }

    @Test func aSettingReferringToItselfReadsTheLevelBelow() {
        let scope = settings(["A = base"], ["A = $(A) x", "B = $(B) y", "C = $(D)", "D = $(C)"])
        var warnings: [CatalogWarning] = []
        #expect(scope.value("A", warnings: &warnings) == "base x")
        #expect(warnings.isEmpty, "extending a lower level's value is a common idiom")
        #expect(scope.value("B", warnings: &warnings) == " y")
        #expect(scope.value("C", warnings: &warnings) == "")
        #expect(warnings.map(\.code) == [.settingRefersToItself, .settingRefersToItself])
        #expect(warnings.map(\.subject) == ["B", "C"])
    }

    @Test func aStraySpaceInsideTheBracketsNamesNoSetting() {
        // threema's project level: `$(ASSETCATALOG_COMPILER_APPICON_NAME )` is empty in Xcode.
        let scope = settings(["ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon"],
                             ["ASSETCATALOG_COMPILER_APPICON_NAME = \"$(ASSETCATALOG_COMPILER_APPICON_NAME )\""])
        var warnings: [CatalogWarning] = []
        #expect(scope.value("ASSETCATALOG_COMPILER_APPICON_NAME", warnings: &warnings) == "\"\"")
        #expect(warnings.map(\.code) == [.settingNameWithSpace])
        #expect(warnings.first?.subject == "ASSETCATALOG_COMPILER_APPICON_NAME")
    }

    @Test func operators() {
        let scope = settings(["NAME = Home Assistant Δ", "PATH = /a/b/Info.plist", "EMPTY =", "YES_ = YES"])
        #expect(expanded(scope, "$(NAME:lower)|$(NAME:upper)") == "home assistant δ|HOME ASSISTANT Δ")
        #expect(expanded(scope, "$(NAME:rfc1034identifier)") == "Home-Assistant--")
        #expect(expanded(scope, "$(NAME:identifier)") == "Home_Assistant__")
        #expect(expanded(scope, "$(NAME:c99extidentifier)") == "Home_Assistant_Δ")
        #expect(expanded(scope, "$(PATH:dir)|$(PATH:file)|$(PATH:base)|$(PATH:suffix)")
                == "/a/b/|Info.plist|Info|.plist")
        #expect(expanded(scope, "$(PATH:suffix=strings)|$(PATH:file=x.txt)")
                == "/a/b/Info.strings|/a/b/x.txt")
        #expect(expanded(scope, "$(EMPTY:default=fallback)|$(UNSET:default=$(PATH:base))|$(NAME:default=no)") == "fallback|Info|Home Assistant Δ")
        #expect(expanded(scope, "$(YES_:not)|$(EMPTY:not)") == "NO|YES")
        #expect(Identifier.c99Extended("1st app") == "_1st_app")
        #expect(Identifier.rfc1034("1st.app") == "-st-app")
    }

    @Test func unknownOperatorKeepsTheValueWithAWarning() {
        var warnings: [CatalogWarning] = []
        let scope = settings(["A = Value"])
        #expect(scope.expand("$(A:shout)", subject: "x", warnings: &warnings) == "Value")
        #expect(warnings.map(\.code) == [.unsupportedSettingOperator])
    }

    @Test func conditionsAreBoundForAnIOSDeviceBuild() {
        let scope = settings([
            "SDK = plain", "SDK[sdk=iphoneos*] = device", "SDK[sdk=iphonesimulator*] = simulator", "SDK[sdk=macosx*] = mac",
            "ANY[sdk=*] = any", "ARCH[arch=x86_64] = intel", "ARCH[arch=arm64] = arm",
            "CONFIG = other", "CONFIG[config=Release] = release", "BOTH[sdk=iphoneos*][arch=arm64] = both",
            "UNKNOWN[variant=profile] = profile", "UNKNOWN[color=*] = star", "ORDER[sdk=iphoneos*] = conditional",
            "ORDER = later",
        ])
        #expect(scope.value("SDK") == "device")
        #expect(scope.value("ANY") == "any")
        #expect(scope.value("ARCH") == "arm")
        #expect(scope.value("CONFIG") == "release")
        #expect(settings(["CONFIG = other", "CONFIG[config=Release] = release"], configuration: "Debug").value("CONFIG") == "other")
        #expect(scope.value("BOTH") == "both")
        #expect(scope.value("UNKNOWN") == "star")
        // Within one level the later assignment wins, conditional or not.
        #expect(scope.value("ORDER") == "later")
    }

    @Test func inheritedFromAConditionalReachesTheUnconditionalBelow() {
        let scope = settings(["FLAGS = -base", "FLAGS[sdk=iphoneos*] = $(inherited) -device"])
        #expect(scope.value("FLAGS") == "-base -device")
    }

    @Test func expansionThatDoublesAtEveryLevelIsCut() {
        var lines = ["L0 = 0123456789"]
        for level in 1...40 { lines.append("L\(level) = $(L\(level - 1))$(L\(level - 1))") }
        let scope = settings(lines)
        var warnings: [CatalogWarning] = []
        let start = Date()
        let value = scope.value("L40", warnings: &warnings)
        #expect(Date().timeIntervalSince(start) < 5)
        #expect(value.utf8.count <= BuildSettings.maximumLength)
        #expect(warnings.contains { $0.code == .settingTooLong })
    }

    @Test func unterminatedReferenceIsKeptAsWritten() {
        var warnings: [CatalogWarning] = []
        #expect(settings(["A = x"]).expand("pre $(A", subject: "s", warnings: &warnings) == "pre $(A")
        #expect(warnings.map(\.code) == [.malformedSetting])
    }

    @Test func booleansAsXcodeReadsThem() {
        var warnings: [CatalogWarning] = []
        let scope = settings(["A = YES", "B = yes", "C = NO", "D = 1", "E = true", "F = maybe"])
        #expect(["A", "B", "C", "D", "E", "F", "UNSET"].map { scope.bool($0, warnings: &warnings) }
                == [true, true, false, true, true, false, false])
    }
}

@Suite struct StringListTests {
    @Test func splitsLikeXcode() {
        #expect(StringList.split(#"Dark "Dark 2" 'Light 3' Type\ Face"#) == ["Dark", "Dark 2", "Light 3", "Type Face"])
        #expect(StringList.split("og, joy") == ["og,", "joy"])
        #expect(StringList.split("  ") == [])
        #expect(StringList.split(#"a "" b"#) == ["a", "", "b"])
    }

    @Test func quotedWordsSplitBackToThemselves() {
        let words = ["plain", "with space", "with \"quote\"", "back\\slash", ""]
        #expect(StringList.split(words.map(StringList.quoted).joined(separator: " ")) == words)
    }
}
