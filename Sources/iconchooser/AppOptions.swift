import ArgumentParser
import Foundation
import IconCatalog
import TerminalText

extension Idiom: ExpressibleByArgument {}

/// The options every command shares: which app, which idiom, where its files and state are.
struct AppOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp(
        "An Info.plist or a folder holding one, a built .app folder, or an .ipa (default: the bundled demo).",
                                            valueName: "path"))
    var app: String?

    @Option(name: .long, help: "Which icon set to read: phone (CFBundleIcons) or pad (CFBundleIcons~ipad).")
    var idiom: Idiom = .phone

    @Option(name: .long, help: ArgumentHelp("Look for icon files in this folder instead of beside the plist.",
                                            valueName: "dir"))
    var icons: String?

    @Option(name: .long, help: ArgumentHelp(
        "Keep the chosen icon in this file (default: $ICONCHOOSER_STATE, else under $XDG_STATE_HOME/iconchooser).",
        valueName: "file"))
    var state: String?

    @Option(name: .customLong("define"), help: ArgumentHelp(
        "Expand $(NAME) and ${NAME} in icon file names (repeatable).", valueName: "NAME=VALUE"))
    var defines: [String] = []

    func validate() throws {
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

    var catalogOptions: CatalogOptions {
        CatalogOptions(
            idiom: idiom,
            iconsDirectory: icons,
            defines: Dictionary(defines.compactMap(Self.split), uniquingKeysWith: { _, last in last })
        )
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
            throw Console.fail("the bundled demo app was not found; give --app PATH", code: 2)
        }
        if let icons, !BoundedFile.isDirectory(icons) {
            throw Console.fail("\(TextSanitizer.clean(icons)): --icons must name a folder", code: 2)
        }
        return path
    }

    /// Reads the app; a failure prints one line and exits 2. Without `lookingForFiles` the
    /// icons' files are not looked for (`CatalogReader.readDeclared`): for commands that
    /// need only names, or find pictures later with an `IconImageFinder`.
    func loadCatalog(lookingForFiles: Bool = true) throws -> AppIconCatalog {
        let path = try appPath()
        do {
            return lookingForFiles ? try CatalogReader.read(app: path, options: catalogOptions)
                                   : try CatalogReader.readDeclared(app: path, options: catalogOptions)
        } catch {
            throw Console.fail(error.description, code: 2)
        }
    }

    /// The app's IconManager with its state file.
    func loadManager(lookingForFiles: Bool = true) throws -> IconManager {
        let catalog = try loadCatalog(lookingForFiles: lookingForFiles)
        return IconManager(catalog: catalog, store: FileChoiceStore(path: statePath(for: catalog)))
    }

    func statePath(for catalog: AppIconCatalog) -> String {
        let environment = ProcessInfo.processInfo.environment
        if let state { return state }
        if let path = environment["ICONCHOOSER_STATE"], !path.isEmpty { return path }
        return FileChoiceStore.defaultPath(for: catalog, environment: environment)
    }
}
