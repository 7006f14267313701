import ArgumentParser
import FileAccess
import Foundation
import IconArt
import IconCatalog
import IconChoice
import TerminalText

extension Idiom: ExpressibleByArgument {}
extension IconAppearance: ExpressibleByArgument {}

/// The options every command shares: which app, which idiom, where its files and state are.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "The app: an Info.plist or a folder holding one, an Xcode project (NAME.xcodeproj, a workspace, or a folder "
            + "holding them), an XcodeGen spec (project.yml), an asset catalog (NAME.xcassets), a built .app folder, an .ipa, "
            + "or an Expo project (a folder with app.json or app.config.js, or what `expo config --json` printed) "
            + "(default: the bundled demo).",
                                            valueName: "path"), completion: .file(extensions: ["plist", "app", "ipa", "xcodeproj", "xcworkspace", "xcassets",
                                                                                               "yml", "yaml", "json"]))
    var app: String?

    @Option(name: .long, help: ArgumentHelp("The project's iOS application target to read (needed when there are several).",
                                            valueName: "name"), completion: ValueCompletion.targetNames)
    var target: String?

    @Option(name: .long, help: ArgumentHelp("The .xcodeproj (path or name) holding --target, where target names repeat.",
                                            valueName: "path"))
    var project: String?

    @Option(name: .long, help: ArgumentHelp("The build configuration (default: Release where the target has it, else its default).",
                                            valueName: "name"), completion: ValueCompletion.configurationNames)
    var configuration: String?

    @Option(name: .long, help: ArgumentHelp(
        "The primary icon's name in an asset catalog read alone (default: AppIcon); for a project, instead of "
            + "ASSETCATALOG_COMPILER_APPICON_NAME.", valueName: "name"))
    var primaryIcon: String?

    @Option(name: .long, help: "Which icon set to read: phone (CFBundleIcons) or pad (CFBundleIcons~ipad).")
    var idiom: Idiom = .phone

    @Option(name: .long, help: ArgumentHelp(
        "The home-screen appearance to show: light, dark or tinted; where an icon has no image for it, what iOS "
            + "shows instead (the light image; for tinted, the light image in greys, tinted).", valueName: "appearance"))
    var appearance: IconAppearance = .light

    @Option(name: .long, help: ArgumentHelp("The colour of tinted icons: #RRGGBB, #RGB or an icon.json colour (default: a neutral grey).",
                                            valueName: "color"))
    var tint: String?

    @Option(name: .long, help: ArgumentHelp("Look for icon files in this folder instead of beside the plist.",
                                            valueName: "dir"), completion: .directory)
    var icons: String?

    @Option(name: .long, help: ArgumentHelp(
        "Keep the chosen icon in this file (default: $ICONCHOOSER_STATE, else under $XDG_STATE_HOME/iconchooser).",
        valueName: "file"), completion: .file())
    var state: String?

    @Option(name: .customLong("define"), help: ArgumentHelp(
        "Expand $(NAME) and ${NAME} in icon file names; for a project, set a build setting over every level (repeatable).",
        valueName: "NAME=VALUE"))
    var defines: [String] = []

    func validate() throws {
        // An empty value is almost always an unset shell variable (`--app "$APP"`): say so
        // rather than report a file named "" missing.
        for (option, value) in [("--app", app), ("--target", target), ("--project", project), ("--configuration", configuration),
                                ("--primary-icon", primaryIcon), ("--icons", icons), ("--state", state)] where value?.isEmpty == true {
            throw ValidationError("\(option) expects a value, not an empty string")
        }
        if let tint, IconColor(userText: tint) == nil {
            throw ValidationError("--tint expects #RRGGBB, #RGB or a colour such as srgb:0.2,0.4,0.9,1, not “\(tint)”")
        }
        for define in defines {
            guard let (name, _) = Self.split(define), !name.isEmpty,
                  name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }) else {
                throw ValidationError("--define expects NAME=VALUE with NAME made of letters, digits and _, not “\(define)”")
            }
        }
    }

    private static func split(_ define: String) -> (String, String)? {
        guard let equals = define.firstIndex(of: "=") else { return nil }
        return (String(define[..<equals]), String(define[define.index(after: equals)...]))
    }

    /// The words that parse back to these options, for another `iconchooser` (each `serve`
    /// session's); a test parses them back and compares every option, so none can be left out.
    var arguments: [String] {
        var words = ["--idiom", idiom.rawValue, "--appearance", appearance.rawValue]
        for (name, value) in [("--app", app), ("--target", target), ("--project", project), ("--configuration", configuration),
                              ("--primary-icon", primaryIcon), ("--tint", tint), ("--icons", icons), ("--state", state)] {
            if let value { words += [name, value] }
        }
        for define in defines { words += ["--define", define] }
        return words
    }

    /// The same options for a program started elsewhere: the app resolved (the bundled demo
    /// when none is given) and every path absolute; a bare project name stays a name.
    func resolved() throws -> AppOptions {
        var options = self
        options.app = Self.absolute(try appPath())
        options.icons = icons.map(Self.absolute)
        options.state = state.map(Self.absolute)
        options.project = project.map { $0.contains("/") ? Self.absolute($0) : $0 }
        return options
    }

    static func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.path
    }

    var catalogOptions: CatalogOptions {
        var options = CatalogOptions(
            idiom: idiom,
            iconsDirectory: icons,
            defines: Dictionary(defines.compactMap(Self.split), uniquingKeysWith: { _, last in last }),
            target: target, project: project, configuration: configuration, primaryIcon: primaryIcon
        )
        // An Expo config program is run through the project's own CLI (`serve` refuses such an app first).
        options.runsExpoCLI = true
        return options
    }

    /// How the pictures of `catalog`'s icons are drawn: `--appearance`, `--tint`, and the device's images.
    func look(for catalog: AppIconCatalog) -> IconLook {
        IconLook(catalog: catalog, appearance: appearance,
                 tint: tint.flatMap(IconColor.init(userText:)) ?? TintedIcon.defaultTint)
    }

    /// The app to read: `--app`, else the bundled demo. Exits 2 (after one line) when there is
    /// none, or when `--icons` names no folder.
    func appPath() throws -> String {
        let path: String
        if let app {
            path = app
        } else if let demo = DemoApp.plistPath() {
            path = demo
        } else {
            throw CommandFailure("the bundled demo app was not found; give --app PATH", exitCode: .unreadable)
        }
        if let icons, !BoundedFile.isDirectory(icons) {
            throw CommandFailure("\(TextSanitizer.clean(icons)): --icons must name a folder", exitCode: .unreadable)
        }
        return path
    }

    /// Reads the app; a failure prints one line and exits 2. Without `lookingForFiles` the
    /// icons' files are not looked for (`CatalogReader.readDeclared`): for commands that
    /// need only names, or find pictures later with an `IconImageFinder`.
    /// `opener`: the program's (see `CommandStart`), which may have read the app ahead.
    func loadCatalog(lookingForFiles: Bool = true, opener: AppOpener) throws -> AppIconCatalog {
        try reading { path throws(CatalogError) in
            lookingForFiles ? try CatalogReader.read(app: path, options: catalogOptions, opener: opener)
                            : try CatalogReader.readDeclared(app: path, options: catalogOptions, opener: opener)
        }
    }

    /// Runs `read` on the app's path; a failure prints one line and exits 2.
    func reading<Read>(_ read: (String) throws(CatalogError) -> Read) throws -> Read {
        let path = try appPath()
        do {
            return try read(path)
        } catch .xcodeProject(.targetNeeded(let folder, let candidates)) {
            // The choice is the user's: each target on a line of its own (the first 50 of a
            // project of thousands, then how many more), then how to pick one.
            let shown = 50
            Console.writeError(candidates.prefix(shown).map { "  \(TextSanitizer.clean(MessageText.abbreviated($0, to: 200)))\n" }.joined()
                + (candidates.count > shown ? "  … and \(MessageText.grouped(candidates.count - shown)) more\n" : ""))
            throw CommandFailure("\(folder): \(MessageText.grouped(candidates.count)) iOS application targets (listed above, with project "
                + "and bundle identifier); choose one with --target NAME", exitCode: .unreadable)
        } catch .xcodeProject(.ambiguousTarget(let folder, let name, let projects)) {
            throw CommandFailure("\(folder): target “\(MessageText.abbreviated(name))” is in several projects "
                + "(\(MessageText.shortList(projects))); choose one with --project PATH", exitCode: .unreadable)
        } catch {
            throw CommandFailure(error.description, exitCode: .unreadable)
        }
    }

    /// The app's IconManager with its state file.
    func loadManager(lookingForFiles: Bool = true, opener: AppOpener) throws -> IconManager {
        let catalog = try loadCatalog(lookingForFiles: lookingForFiles, opener: opener)
        return IconManager(catalog: catalog, store: FileChoiceStore(path: statePath(for: catalog)))
    }

    /// For the chooser: the app opened once, its IconManager as declared (no files looked at),
    /// and one for its other idiom's icon set where it has one (`CatalogReader.readDeclaredWithTwin`),
    /// sharing the state file. The opening is kept for the chooser's lint (`Linter.lint(opened:)`).
    func loadManagerWithTwin(opener: AppOpener) throws -> (manager: IconManager, twin: IconManager?, opened: OpenedApp) {
        let (catalog, twin, opened) = try reading { path throws(CatalogError) in
            let opened = try opener.open(path, options: catalogOptions)
            let read = try CatalogReader.readDeclaredWithTwin(opened: opened, options: catalogOptions)
            return (read.catalog, read.twin, opened)
        }
        let store = FileChoiceStore(path: statePath(for: catalog))
        return (IconManager(catalog: catalog, store: store), twin.map { IconManager(catalog: $0, store: store) }, opened)
    }

    func statePath(for catalog: AppIconCatalog) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let state { return state }
        if let path = environment["ICONCHOOSER_STATE"], !path.isEmpty { return path }
        return FileChoiceStore.defaultPath(for: catalog, environment: environment)
    }
}
