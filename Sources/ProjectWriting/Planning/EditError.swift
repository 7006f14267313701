import IconCatalog
import TerminalText

/// Why an edit could not be planned: nothing was written. Every kind names the file or the
/// name it is about; the command prints `description` and exits 1.
package struct EditError: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        case name(IconNameCheck.Problem, name: String)
        /// No alternate (or, for `remove`, no icon the command may remove) has the name.
        case noSuchIcon(name: String, app: String)
        case image(IconImageError)
        case plist(InfoPlistEditError)
        case project(ProjectEditError)
        case file(ChangeSetError)
        /// The asset-catalog way was asked for, and the app has no catalog to hold a set;
        /// `unread`: one its target names that is not read, so not written into either (its
        /// path as the summary shows it).
        case noAssetCatalog(app: String, unread: UnreadCatalog? = nil)
        /// The Info.plist way was asked for, and the app has no Info.plist file (its build writes it).
        case noInfoPlist(app: String)
        /// Loose files have no dark or tinted form, and an Icon Composer bundle has its own.
        case appearancesNotWritable(style: String)
        /// `--ordinal` for an icon no Info.plist entry declares.
        case ordinalWithoutPlist
        /// An Icon Composer bundle is an asset-catalog icon; loose files cannot hold one.
        case iconBundleAsPlist
        /// The primary icon is not removed.
        case primaryNotRemovable
        /// What an Expo project's config or icon plugin cannot take.
        case expo(ExpoProblem)
        /// A new Info.plist entry copies the keys of its neighbour's (`name`), and `plist` read
        /// again cannot give them: the error, or nil where it reads with no such entry naming an image.
        case neighbourEntryUnreadable(plist: String, name: String, CatalogError?)
        /// A file the `CFBundleIconFiles` entry `entry` of `plist` names, which `lint --fix` does not make.
        case missingFileNotMade(entry: String, plist: String, MissingFileProblem)
    }

    /// Why an Expo project's config is not edited as asked.
    package enum ExpoProblem: Sendable {
        /// A config program (`app.config.js`): never edited; `advice` says what to write in it.
        case program(program: String, advice: String?)
        /// A JSON file that is not the config Expo reads (`expo config --json`'s output, say).
        case notTheConfig(path: String)
        /// No plugin of `plugins` that makes alternate icons (or takes them in a shape iconchooser writes).
        case noIconPlugin(config: String)
        /// `--dark` or `--tinted` for a plugin that makes light icons only.
        case appearancesNotTaken(plugin: String)
        /// expo-alternate-app-icons takes dark and tinted together, with light, or neither.
        case variantsIncomplete(plugin: String)
        /// The plugins make alternates from PNG images; an Icon Composer bundle is not one.
        case iconBundle(plugin: String)
        /// `--sizes`, `--style`, `--ordinal`, `--background`: Xcode's ways, not a plugin's.
        case optionNotTaken
        /// Icons named by their place in a list: a new one is named `next`.
        case namedByPlace(plugin: String, next: Int)
        /// Removing an icon named by its place would rename those after it.
        case wouldRename(plugin: String, name: String)
        /// An icon the config declares outside an icon plugin (in `ios.infoPlist` by hand).
        case notFromPlugin(name: String, keyPath: String)
    }

    /// Why a missing file is not made.
    package enum MissingFileProblem: Sendable {
        /// The entry's name says no size (`LooseIconFiles.defaultFiles(forEntry:)`).
        case sizeNotInName
        /// The icon has no square image file to shrink.
        case noImage
    }

    package let kind: Kind

    package init(_ kind: Kind) { self.kind = kind }

    /// For a change that falls inside a preprocessed plist's `#if` block: the lines to change
    /// by hand, as a developer would type them (`-` lines out, `+` lines in), after the line number.
    package var handEdit: [String]? {
        guard case .plist(let error) = kind, case .insideConditionalBlock(let edit) = error.kind else { return nil }
        return ["at line \(edit.line) of \(error.path):"] + edit.removed.map { "-" + $0 } + edit.added.map { "+" + $0 }
    }

    package var description: String {
        switch kind {
        case let .name(problem, name): return IconNameCheck.message(problem, name: name)
        case let .noSuchIcon(name, app): return "\(app): no alternate icon is named “\(TextSanitizer.clean(name))”"
        case .image(let error): return error.description
        case .plist(let error): return error.description
        case .project(let error): return error.description
        case .file(let error): return error.description
        case .noAssetCatalog(let app, nil):
            return "\(app): the app has no asset catalog to hold an icon set; add one in Xcode, or use --style plist"
        case let .noAssetCatalog(app, unread?):
            return "\(app): the app has no asset catalog to hold an icon set (\(Self.whyUnread(unread))); "
                + "add one in Xcode, or use --style plist"
        case .noInfoPlist(let app):
            return "\(app): the target has no Info.plist file (its build writes one); use --style catalog"
        case .appearancesNotWritable(let style):
            return "--dark and --tinted need an asset catalog's icon set; \(style) has no dark or tinted images"
        case .ordinalWithoutPlist: return "--ordinal orders Info.plist entries; this icon has no entry in the Info.plist"
        case .iconBundleAsPlist: return "an Icon Composer bundle goes into an asset catalog's place; it cannot be an Info.plist icon"
        case .primaryNotRemovable: return "the primary icon is not removed; give an alternate's name"
        case .expo(let problem): return Self.describe(problem)
        case let .neighbourEntryUnreadable(plist, name, error):
            let neighbour = "“\(TextSanitizer.clean(name))”"
            if let error { return "\(error.description); a new entry copies the keys of \(neighbour)'s, so none is written" }
            return "\(plist): no entry of \(neighbour) names an image when the plist is read again; "
                + "a new entry copies its keys, so none is written"
        case let .missingFileNotMade(entry, plist, problem):
            let shown = "“\(TextSanitizer.clean(entry))”"
            switch problem {
            case .sizeNotInName:
                return "\(plist): the entry \(shown) names a scale or no size iconchooser knows; make its file by hand"
            case .noImage:
                return "\(plist): the icon of the entry \(shown) has no image of its own to make the file from"
            }
        }
    }

    private static func describe(_ problem: ExpoProblem) -> String {
        switch problem {
        case let .program(program, advice):
            return "\(TextSanitizer.clean(program)): a config program is not edited; "
                + (advice.map(TextSanitizer.clean) ?? "change the icon plugin's entry in its plugins by hand")
        case .notTheConfig(let path):
            return "\(TextSanitizer.clean(path)): not the config Expo reads (app.json or app.config.json); give the project's folder"
        case .noIconPlugin(let config):
            return "\(TextSanitizer.clean(config)): no plugin of “plugins” makes alternate icons in a shape iconchooser writes; "
                + "install one (`npx expo install expo-alternate-app-icons`) and list it there"
        case .appearancesNotTaken(let plugin):
            return "--dark and --tinted: \(TextSanitizer.clean(plugin)) makes alternates of one image, with no dark or tinted one"
        case .variantsIncomplete(let plugin):
            return "\(TextSanitizer.clean(plugin)) takes dark and tinted images together (its ios object needs light, dark and "
                + "tinted); give both --dark and --tinted, or neither"
        case .iconBundle(let plugin):
            return "\(TextSanitizer.clean(plugin)) makes alternates from PNG images; an Icon Composer bundle cannot be one"
        case .optionNotTaken:
            return "--sizes, --style, --ordinal and --background shape an Xcode project's icons; an Expo plugin makes its "
                + "images from the PNG as given"
        case let .namedByPlace(plugin, next):
            return "\(TextSanitizer.clean(plugin)) is given a list here, which names icons by their place: the new one is “\(next)”"
        case let .wouldRename(plugin, name):
            return "\(TextSanitizer.clean(plugin)) is given a list here, which names icons by their place: removing “"
                + "\(TextSanitizer.clean(name))” would rename the icons after it; remove the last one, or change the list by hand"
        case let .notFromPlugin(name, keyPath):
            return "“\(TextSanitizer.clean(name))” is declared at \(TextSanitizer.clean(keyPath)), not by an icon plugin; "
                + "remove it there by hand"
        }
    }

    /// Why the edit does not write into a catalog the target names, naming it.
    private static func whyUnread(_ unread: UnreadCatalog) -> String {
        let name = TextSanitizer.clean(unread.path)
        switch unread.reason {
        case .linkLeadingOutside:
            return "\(name) is a symbolic link leading outside \(unread.boundary); iconchooser does not write through it"
        case .outside:
            return "\(name) is outside \(unread.boundary); iconchooser does not write there"
        case .absolute:
            return "\(name) is written as an absolute path; iconchooser does not write there"
        }
    }
}
