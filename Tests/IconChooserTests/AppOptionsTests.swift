import ArgumentParser
@testable import iconchooser
import TerminalDetection
import Testing

/// The command line's values as the commands pass them on.
@Suite struct AppOptionsTests {
    /// Every option of AppOptions, each away from its default.
    static let everyOption = [
        "--app", "/apps/Emitron/Info.plist", "--target", "Emitron", "--project", "Emitron.xcodeproj",
        "--configuration", "Debug", "--primary-icon", "Brand", "--idiom", "pad", "--appearance", "tinted",
        "--tint", "#336699", "--icons", "/apps/icons", "--state", "/tmp/state.json",
        "--define", "A=1", "--define", "B=two words",
    ]

    /// Each stored option as reflection shows it (its property wrapper, holding the value).
    static func values(_ options: AppOptions) -> [String: String] {
        Dictionary(uniqueKeysWithValues: Mirror(reflecting: options).children.map { ($0.label ?? "?", String(describing: $0.value)) })
    }

    /// `serve` hands the app options to each session as `arguments`: parsed back, every option
    /// is what it was. The list above must set every option, so a new one is caught here.
    @Test func argumentsParseBackToEveryOption() throws {
        let defaults = Self.values(try AppOptions.parse([]))
        let full = try AppOptions.parse(Self.everyOption)
        let values = Self.values(full)
        #expect(values.count == defaults.count && values.count > 0)
        for (name, value) in values {
            #expect(value != defaults[name], "\(name) is not set by everyOption: add it there and to AppOptions.arguments")
        }
        #expect(Self.values(try AppOptions.parse(full.arguments)) == values)
    }

    @Test func resolvedOptionsHaveAbsolutePaths() throws {
        let options = try AppOptions.parse(["--app", "Emitron/Info.plist", "--icons", ".", "--project", "Emitron.xcodeproj"]).resolved()
        #expect(options.app?.hasPrefix("/") == true && options.app?.hasSuffix("/Emitron/Info.plist") == true)
        #expect(options.icons?.hasPrefix("/") == true)
        #expect(options.project == "Emitron.xcodeproj")
    }

    /// `--graphics` takes the choices' own names (any case), and offers them for completion.
    @Test func graphicsChoicesAreTheEnumsCases() throws {
        #expect(GraphicsChoice.allValueStrings == ["auto", "kitty", "sixel", "iterm2", "symbols"])
        #expect(try GraphicsArguments.parse(["--graphics", "SIXEL"]).graphics == .forced(.sixel))
        #expect(throws: (any Error).self) { try GraphicsArguments.parse(["--graphics", "png"]) }
        #expect(try GraphicsArguments.parse([]).choice(environment: ["ICONCHOOSER_GRAPHICS": "symbols"]) == .symbols)
        #expect(throws: CommandFailure("ICONCHOOSER_GRAPHICS=“png” is not one of auto, kitty, sixel, iterm2, symbols", exitCode: .usage)) {
            try GraphicsArguments.parse([]).choice(environment: ["ICONCHOOSER_GRAPHICS": "png"])
        }
    }

    /// The commands that write open the app by its absolute path, so the project read ahead while
    /// the command line is parsed must be begun by that path to be taken.
    @Test func theEditsReadAheadByTheAbsolutePath() {
        #expect(EntryPoint.opensByAbsolutePath(["add", "Blue", "blue.png", "--app", "App"]))
        #expect(EntryPoint.opensByAbsolutePath(["remove", "Blue", "--app", "App"]))
        #expect(EntryPoint.opensByAbsolutePath(["lint", "--fix", "--app", "App"]))
        #expect(!EntryPoint.opensByAbsolutePath(["lint", "--app", "App"]))
        #expect(!EntryPoint.opensByAbsolutePath(["list", "--app", "App"]))
        #expect(!EntryPoint.opensByAbsolutePath([]))
    }
}

