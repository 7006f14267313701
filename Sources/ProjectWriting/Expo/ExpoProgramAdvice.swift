import FileAccess
import Foundation
import IconCatalog

/// What to write by hand in a config program (`app.config.js`, `.ts`), which `add` and `remove`
/// never edit: the entry in the icon plugin's shape and where its image goes, or the entry to take
/// out. The plugin is known from the config the program makes (through the project's Expo CLI,
/// where the caller allows running it), else from the JSON config beside it (Expo hands it to the
/// program), else from the project's `package.json` dependencies.
package enum ExpoProgramAdvice {
    /// The refusal of `add` for `program`, with the entry to write.
    package static func refusingAdd(_ request: AddRequest, program: String, options: CatalogOptions) -> EditError {
        EditError(.expo(.program(program: program, advice: addAdvice(request, program: program, options: options))))
    }

    /// The refusal of `remove NAME` for `program`, naming the entry to take out.
    package static func refusingRemove(name: String, program: String, options: CatalogOptions) -> EditError {
        let icon = project(for: program, options: options).flatMap { project in
            project.icons.dropFirst().first { $0.name == name } ?? project.icons.dropFirst().first { $0.configKey == name }
        }
        guard let icon, let plugin = icon.plugin else {
            return EditError(.expo(.program(program: program, advice: "remove the entry of “\(name)” from its icon plugin's list in its plugins")))
        }
        let images = icon.images.map(\.path)
        return EditError(.expo(.program(program: program, advice: "remove the entry “\(icon.configKey ?? name)” from the icons of "
            + "\(plugin) in its plugins (\(icon.keyPath))" + (images.isEmpty ? "" : ", and its images " + images.joined(separator: ", ")))))
    }

    static func addAdvice(_ request: AddRequest, program: String, options: CatalogOptions) -> String {
        let project = project(for: program, options: options)
        let last = project?.icons.last { $0.kind != nil && $0.plugin != nil }
        let kind: ExpoIconPlugin, pluginName: String, form: ExpoIconEntry.Form
        if let last, let lastKind = last.kind, let plugin = last.plugin {
            kind = lastKind
            pluginName = plugin
            let byPlace = last.keyPath.hasSuffix("]")
            // expo-alternate-app-icons' entries are objects in a list (the current form); the others' are keyed, or by place in a list.
            form = kind == .alternateAppIcons ? .namedObjects : byPlace ? .indexed : .keyed
        } else if let dependency = dependency(root: (ProjectPaths.absolute(program) as NSString).deletingLastPathComponent) {
            kind = dependency
            pluginName = dependency.rawValue
            form = kind == .alternateAppIcons ? .namedObjects : .keyed
        } else {
            return "no icon plugin is listed in its plugins or package.json; install one (`npx expo install expo-alternate-app-icons`), "
                + "list it in plugins with the icon"
        }
        let holder = last?.images.first?.path
        var folder = "./assets/"
        if let holder, !holder.hasPrefix("/"), !holder.contains("://"), let slash = holder.lastIndex(of: "/") { folder = String(holder[...slash]) }
        let neighbour: JSONValue? = last?.prerendered.map { .object(["prerendered": .bool($0)]) }
        let entry: ExpoIconEntry
        do {
            entry = try ExpoIconEntry.make(plugin: kind, pluginName: pluginName, form: form, key: request.name,
                                           light: folder + request.name + ".png",
                                           dark: request.dark.map { _ in folder + request.name + "-dark.png" },
                                           tinted: request.tinted.map { _ in folder + request.name + "-tinted.png" }, neighbour: neighbour)
        } catch {
            return error.description
        }
        let style = JSON5Fragment.Style(multiLine: false)
        let value = entry.value.render(indent: "", unit: "", newline: "", style: style)
        let text = form == .keyed ? JSON5Fragment.quoted(entry.key) + ": " + value : value
        let given = [request.image, request.dark, request.tinted].compactMap { $0 }
        let copies = zip(given, entry.images).map { "\($0.0) as \($0.1.path)" }.joined(separator: ", ")
        return "add \(text) to the icons of \(pluginName) in its plugins, and copy \(copies)"
    }

    /// The config `program` makes, as the CLI prints it where it may run, else the JSON config beside it.
    static func project(for program: String, options: CatalogOptions) -> ExpoProject? {
        if let project = try? ExpoCLI.evaluate(program, options: options) { return project }
        let root = (ProjectPaths.absolute(program) as NSString).deletingLastPathComponent
        for name in ExpoProject.configNames {
            let path = (root as NSString).appendingPathComponent(name)
            if FileKind.following(path) == .regularFile, let project = try? ExpoProject.read(path) { return project }
        }
        return nil
    }

    /// An icon plugin the project's `package.json` depends on.
    static func dependency(root: String) -> ExpoIconPlugin? {
        let path = (root as NSString).appendingPathComponent("package.json")
        guard let bytes = try? BoundedFile.readBytes(path, limit: ExpoProject.maximumConfigBytes),
              case .success(let manifest) = JSON5Reader.parse(bytes) else { return nil }
        for section in ["dependencies", "devDependencies"] {
            guard case .object(let dependencies)? = manifest[section] else { continue }
            if let known = dependencies.keys.sorted().lazy.compactMap(ExpoIconPlugin.named).first { return known }
        }
        return nil
    }
}
