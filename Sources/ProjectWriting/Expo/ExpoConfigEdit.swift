import FileAccess
import Foundation
import IconCatalog

/// Plans `add` and `remove` for an Expo project: an entry in the icon plugin's own shape written
/// into `app.json` / `app.config.json` as a few changed bytes (`JSON5TextEdit`), and the images
/// copied beside the other alternates' images, as given (the plugin resizes them at prebuild).
/// A config program (`app.config.js`) is never edited: the refusal says what to write there.
package enum ExpoConfigEdit {
    // MARK: Adding

    package static func planAdd(_ request: AddRequest, layout: AppLayout) throws(EditError) -> EditPlan {
        if request.sizes != nil || request.style != nil || request.ordinal != nil || request.background != nil {
            throw EditError(.expo(.optionNotTaken))
        }
        var plan = EditPlan()
        let config = try ConfigText.read(layout.phone.path, changes: &plan.changes)
        let site = try config.site()
        let entry = try newEntry(request, project: config.project, site: site)
        if let problem = IconNameCheck.problem(with: request.name, taken: config.takenNames) {
            throw EditError(.name(problem, name: request.name))
        }
        if entry.runTimeName != request.name, IconNameCheck.problem(with: entry.runTimeName, taken: config.takenNames) == .taken {
            throw EditError(.name(.taken, name: entry.runTimeName))
        }
        try copyImages(request, entry: entry, root: config.project.root, into: &plan.changes)

        let edit = config.edit
        let splices: [JSON5TextEdit.Splice]
        switch site.props {
        case let props?:
            // The last icon's value is the model: across lines or on one, its spacing.
            var style = (props.members.last?.node ?? props.elements.last).map { JSON5Fragment.Style(of: Array(edit.bytes[$0.range])) }
                ?? JSON5Fragment.Style(multiLine: true)
            if let last = props.members.last {
                style.colon = JSON5Fragment.Style(of: Array(edit.bytes[last.keyRange.upperBound..<last.node.range.upperBound])).colon
            }
            let keyed = site.form == .keyed
            splices = edit.adding({ indent in
                let value = entry.value.render(indent: indent ?? "", unit: edit.indentUnit, newline: edit.newline,
                                               style: indent == nil ? JSON5Fragment.Style(multiLine: false, spacedBraces: style.spacedBraces,
                                                                                          colon: style.colon) : style)
                return keyed ? JSON5Fragment.quoted(entry.key) + style.colon + value : value
            }, to: props)
        case nil:
            // Listed by name alone: the name becomes `["name", props]`, written as its neighbours' pairs are.
            let element = site.element
            let multiLine = edit.startsLine(element.range.lowerBound)
            let indent = edit.lineIndent(at: element.range.lowerBound)
            let props: JSON5Fragment = site.form == .keyed ? .object([(entry.key, entry.value)]) : .array([entry.value])
            let style = JSON5Fragment.Style(multiLine: multiLine)
            let name = String(decoding: edit.bytes[element.range], as: UTF8.self)
            let propsText = props.render(indent: indent + edit.indentUnit, unit: edit.indentUnit, newline: edit.newline, style: style)
            let pair = multiLine
                ? "[" + edit.newline + indent + edit.indentUnit + name + "," + edit.newline + indent + edit.indentUnit + propsText
                    + edit.newline + indent + "]"
                : "[" + name + ", " + propsText + "]"
            splices = [JSON5TextEdit.Splice(element.range, pair)]
        }
        do {
            try plan.changes.write(Data(edit.applying(splices)), to: config.path)
        } catch {
            throw EditError(.file(error))
        }
        let shownConfig = layout.shown(config.path)
        plan.summary.append("created " + entry.images.map { layout.shown(ExpoConfigEdit.resolve($0.path, root: config.project.root)) }
            .joined(separator: ", "))
        plan.summary.append("changed \(shownConfig): added “\(entry.key)” to the icons of \(site.name)"
            + (entry.runTimeName == entry.key ? "" : "; the app calls it “\(entry.runTimeName)”"))
        plan.expectations.append(.iconPresent(name: entry.runTimeName, source: .expo, idioms: [.phone]))
        // An ios/ folder prebuild made lags the config until prebuild runs again: what the edit aims at.
        plan.expectations.append(.aimedFinding(.expoPrebuildStale))
        return plan
    }

    /// The entry `request` makes in `site`'s plugin, its images named after the icon beside the
    /// plugin's last icon's images (else the primary's, else in `./assets/`).
    static func newEntry(_ request: AddRequest, project: ExpoProject, site: PluginSite) throws(EditError) -> ExpoIconEntry {
        if request.isIconBundle || [request.dark, request.tinted].contains(where: { $0.map(ProjectPaths.pathExtension) == "icon" }) {
            throw EditError(.expo(.iconBundle(plugin: site.name)))
        }
        let key: String
        switch site.form {
        case .indexed:
            let next = site.props.map { JSON5TextEdit.children(of: $0).count } ?? 0
            guard request.name == String(next) else { throw EditError(.expo(.namedByPlace(plugin: site.name, next: next))) }
            key = request.name
        case .keyed, .namedObjects, .pathList:
            key = request.name
        }
        let folder = imageFolder(project: project, site: site)
        let light = folder + request.name + ".png"
        return try ExpoIconEntry.make(plugin: site.kind, pluginName: site.name, form: site.form, key: key, light: light,
                                      dark: request.dark.map { _ in folder + request.name + "-dark.png" },
                                      tinted: request.tinted.map { _ in folder + request.name + "-tinted.png" },
                                      neighbour: site.neighbour)
    }

    /// Where a new icon's images go, as the config writes a path (`./assets/icons/`): beside the
    /// plugin's last icon's light image, else the primary's, else `./assets/`.
    static func imageFolder(project: ExpoProject, site: PluginSite) -> String {
        let written = project.icons.last { site.holds($0) && !$0.images.isEmpty }?.images.first?.path
            ?? project.icons.first?.images.first?.path
        guard let written, !written.hasPrefix("/"), !written.contains("://"),
              !written.split(separator: "/").contains("..") else { return "./assets/" }
        guard let slash = written.lastIndex(of: "/") else { return "" }
        return String(written[...slash])
    }

    /// Each image of `entry` staged as a copy of the file given, refused when it is no usable PNG
    /// or a file is already where it goes.
    private static func copyImages(_ request: AddRequest, entry: ExpoIconEntry, root: String,
                                   into changes: inout ChangeSet) throws(EditError) {
        let given: [IconAppearance: String] = [.light: request.image, .dark: request.dark, .tinted: request.tinted].compactMapValues { $0 }
        for (appearance, written) in entry.images {
            guard let source = given[appearance] else { continue }
            let destination = resolve(written, root: root)
            do throws(IconImageError) {
                _ = try IconSourceImage.load(source, appearance: appearance, changes: changes)
                if FileKind.notFollowing(destination) != nil { throw IconImageError(path: destination, kind: .alreadyExists) }
                let folder = (destination as NSString).deletingLastPathComponent
                let name = (destination as NSString).lastPathComponent.lowercased()
                if let other = (try? FileManager.default.contentsOfDirectory(atPath: folder))?.first(where: { $0.lowercased() == name }) {
                    throw IconImageError(path: destination, kind: .existsInOtherCase(existing: other))
                }
                let bytes: Data?
                do { bytes = try changes.peek(URL(fileURLWithPath: source).resolvingSymlinksInPath().path) } catch { throw IconImageError(error) }
                guard let bytes else { throw IconImageError(path: source, kind: .unreadable("does not exist")) }
                do { try changes.write(bytes, to: destination) } catch { throw IconImageError(error) }
            } catch {
                throw EditError(.image(error))
            }
        }
    }

    // MARK: Removing

    package static func planRemove(name: String, keepFiles: Bool, layout: AppLayout) throws(EditError) -> EditPlan {
        guard !name.isEmpty else { throw EditError(.name(.empty, name: name)) }
        var plan = EditPlan()
        let config = try ConfigText.read(layout.phone.path, changes: &plan.changes)
        let project = config.project
        let alternates = project.icons.dropFirst()
        let byName = alternates.filter { $0.name == name }
        let byKey = alternates.filter { $0.configKey == name }
        guard let icon = byName.first ?? (byKey.count == 1 ? byKey.first : nil) else {
            if layout.catalogs.contains(where: { $0.primary.name == name || $0.primary.assetName == name }) {
                throw EditError(.primaryNotRemovable)
            }
            throw EditError(.noSuchIcon(name: name, app: config.path))
        }
        guard icon.plugin != nil, let site = config.sites().last(where: { $0.holds(icon) }), let props = site.props,
              let index = site.childIndex(of: icon) else {
            throw EditError(.expo(.notFromPlugin(name: icon.name ?? name, keyPath: icon.keyPath)))
        }
        let children = JSON5TextEdit.children(of: props)
        if site.form == .indexed, index != children.count - 1 {
            throw EditError(.expo(.wouldRename(plugin: site.name, name: icon.configKey ?? name)))
        }
        let edit = config.edit
        let removed: Range<Int>
        let splices: [JSON5TextEdit.Splice]
        var collapsed = false
        if children.count == 1, site.element.elements.count == 2 {
            // Its last icon gone, the plugin is listed by name alone again.
            removed = site.element.range
            splices = [JSON5TextEdit.Splice(removed, String(decoding: edit.bytes[site.element.elements[0].range], as: UTF8.self))]
            collapsed = true
        } else {
            removed = children[index]
            splices = edit.removing(index, of: props)
        }
        do {
            try plan.changes.write(Data(edit.applying(splices)), to: config.path)
        } catch {
            throw EditError(.file(error))
        }
        plan.summary.append("changed \(layout.shown(config.path)): removed “\(icon.configKey ?? name)” from the icons of \(site.name)")
        if !keepFiles {
            // A file the config names anywhere else (another icon, the splash screen) stays.
            let stillNamed = Set(config.strings(outside: removed).map { resolve($0, root: project.root) })
            var deleted: [String] = []
            for path in Set(icon.images.map { resolve($0.path, root: project.root) }).sorted() where !stillNamed.contains(path) {
                guard FileKind.notFollowing(path) == .regularFile else { continue }
                do { try plan.changes.delete(path) } catch { throw EditError(.file(error)) }
                deleted.append(layout.shown(path))
            }
            if !deleted.isEmpty { plan.summary.append("deleted \(deleted.joined(separator: ", "))") }
        }
        plan.expectations.append(.iconAbsent(name: icon.name ?? name))
        plan.expectations.append(.aimedFinding(.expoPrebuildStale))
        if collapsed { plan.expectations.append(.aimedFinding(.expoIconShapeIgnored)) }
        if alternates.allSatisfy({ $0.name == icon.name }) { plan.expectations.append(.aimedFinding(.noAlternates)) }
        return plan
    }

    // MARK: The config's text

    /// A config path (`./assets/a.png`) against the project root, as the reader resolves it.
    static func resolve(_ written: String, root: String) -> String {
        written.hasPrefix("/") ? written : ProjectPaths.absolute((root as NSString).appendingPathComponent(written))
    }

    /// An icon plugin's element of `plugins`: its place, what the config calls it, and its props.
    struct PluginSite {
        let index: Int
        let element: JSON5Node
        let name: String
        let kind: ExpoIconPlugin
        /// The key path of the element (`expo.plugins[3]`).
        let keyPath: String
        /// `["name", props]`'s props; nil for a plugin listed by name alone.
        let props: JSON5Node?
        let form: ExpoIconEntry.Form

        /// The plugin's last icon's value, whose shape a new one copies.
        var neighbour: JSONValue? {
            guard let props else { return nil }
            return props.members.last?.node.value ?? props.elements.last?.value
        }

        /// Whether `icon` is one of this plugin's.
        func holds(_ icon: ExpoDeclaredIcon) -> Bool {
            icon.keyPath.hasPrefix(keyPath + "[1].") || icon.keyPath.hasPrefix(keyPath + "[1][")
        }

        /// The place among the props' children of `icon`'s entry.
        func childIndex(of icon: ExpoDeclaredIcon) -> Int? {
            guard let props, holds(icon) else { return nil }
            let rest = icon.keyPath.dropFirst(keyPath.count + 3)
            if icon.keyPath.hasPrefix(keyPath + "[1].") { return props.members.lastIndex { $0.key == String(rest.dropFirst()) } }
            guard rest.hasPrefix("["), rest.hasSuffix("]"), let index = Int(rest.dropFirst().dropLast()),
                  props.elements.indices.contains(index) else { return nil }
            return index
        }
    }

    /// A config file read for editing: its bytes, their outline and the project they declare.
    struct ConfigText {
        let path: String
        let edit: JSON5TextEdit
        let outline: JSON5Node
        let project: ExpoProject

        static func read(_ path: String, changes: inout ChangeSet) throws(EditError) -> ConfigText {
            let name = (path as NSString).lastPathComponent
            if ExpoCLI.programNames.contains(name) { throw EditError(.expo(.program(program: path, advice: nil))) }
            guard ExpoProject.configNames.contains(name) else { throw EditError(.expo(.notTheConfig(path: path))) }
            let data: Data?
            do { data = try changes.contents(of: path) } catch { throw EditError(.file(error)) }
            guard let data else { throw EditError(.file(ChangeSetError(path: path, kind: .unreadable("does not exist")))) }
            let bytes = [UInt8](data)
            guard case .success(let outline) = JSON5Reader.outline(bytes) else {
                throw EditError(.file(ChangeSetError(path: path, kind: .unreadable("not JSON5 as Expo reads it"))))
            }
            let project: ExpoProject
            do {
                project = try ExpoProject.read(bytes: bytes, configPath: path, root: (path as NSString).deletingLastPathComponent)
            } catch {
                throw EditError(.file(ChangeSetError(path: path, kind: .unreadable(error.description))))
            }
            return ConfigText(path: path, edit: JSON5TextEdit(bytes), outline: outline, project: project)
        }

        /// Every name an icon of the config answers to: run-time names and config keys.
        var takenNames: Set<String> {
            Set(project.icons.flatMap { [$0.name, $0.configKey].compactMap { $0 } })
        }

        /// The icon plugins `plugins` lists, in order.
        func sites() -> [PluginSite] {
            let expo = outline.member("expo")?.node ?? outline
            let prefix = project.prefix.isEmpty ? "" : project.prefix + "."
            guard let plugins = expo.member("plugins")?.node else { return [] }
            return plugins.elements.enumerated().compactMap { index, element in
                let nameNode: JSON5Node = element.elements.first ?? element
                guard case .string(let name) = nameNode.value else { return nil }
                let props = element.elements.count > 1 ? element.elements[1] : nil
                guard let kind = ExpoProject.plugin(named: name, props: props?.value, root: project.root),
                      let form = ExpoIconEntry.form(of: kind, props: props?.value) else { return nil }
                if case .array = element.value, props == nil { return nil }
                if props.map({ Self.isContainer($0.value) }) == false { return nil }
                let shown = ExpoIconPlugin.named(name) == nil ? "\(name) (\(kind.rawValue))" : name
                return PluginSite(index: index, element: element, name: shown, kind: kind, keyPath: "\(prefix)plugins[\(index)]",
                                  props: props, form: form)
            }
        }

        /// The plugin a new icon goes to: the one holding the last alternate, else the last listed.
        func site() throws(EditError) -> PluginSite {
            let sites = sites()
            if let last = project.icons.last(where: { $0.plugin != nil }), let site = sites.last(where: { $0.holds(last) }) { return site }
            guard let site = sites.last else { throw EditError(.expo(.noIconPlugin(config: path))) }
            return site
        }

        /// Every string value of the document outside `range`.
        func strings(outside range: Range<Int>) -> [String] {
            var found: [String] = []
            var pending = [outline]
            while let node = pending.popLast() {
                if node.range.lowerBound >= range.lowerBound && node.range.upperBound <= range.upperBound { continue }
                if case .string(let text) = node.value { found.append(text) }
                pending += node.elements + node.members.map(\.node)
            }
            return found
        }

        private static func isContainer(_ value: JSONValue) -> Bool {
            switch value {
            case .array, .object: return true
            default: return false
            }
        }
    }
}
