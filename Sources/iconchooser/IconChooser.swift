import ArgumentParser
import ToolVersion

/// The `iconchooser` command: a thin layer over IconCatalog (and, for pictures, IconArt).
struct IconChooser: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "iconchooser",
        abstract: "Choose an iOS app's alternate icon from the terminal.",
        discussion: """
            Reads an app's Info.plist (CFBundleIcons, CFBundleAlternateIcons) and its icon files, \
            from its folder, a built .app or an .ipa (read in place), and keeps the chosen alternate icon the way UIKit's setAlternateIconName(_:) does. \
            Without --app, the bundled demo app "Colourful" is used.

            Exit status: 0 success; 1 the operation failed; 2 the app cannot be read.
            """,
        version: ToolVersion.current,
        subcommands: [Choose.self, List.self, Current.self, SetIcon.self, Preview.self, Lint.self, Add.self, Remove.self, Serve.self],
        defaultSubcommand: Choose.self
    )
}
