import FileAccess
import Foundation

/// An `app.config.js` or `app.config.ts` is a program: what it declares is known only by running
/// it. The project's own Expo CLI does that (`expo config --json --type public`), within a time
/// limit, its output bounded; where the project has none, or the caller does not allow running
/// the project's code (`serve`), the reading stops with one line saying how to make a JSON file
/// `--app` reads.
package enum ExpoCLI {
    /// The config programs Expo looks for, in its order.
    package static let programNames = ["app.config.ts", "app.config.js", "app.config.mjs", "app.config.cjs"]
    /// What the config program may print; real ones are a few kilobytes.
    static let maximumOutput = ExpoProject.maximumConfigBytes
    /// How to make a file `--app` reads without running anything.
    package static let jsonHint = "make a JSON file --app can read with `npx expo config --json > expo-config.json`"

    /// The config program in `folder`, if any.
    package static func program(in folder: String) -> String? {
        programNames.map { (folder as NSString).appendingPathComponent($0) }.first { FileKind.following($0) == .regularFile }
    }

    /// The project's Expo CLI, `node_modules/.bin/expo` beside the program.
    static func executable(for program: String) -> String? {
        let root = (ProjectPaths.absolute(program) as NSString).deletingLastPathComponent
        let path = (root as NSString).appendingPathComponent("node_modules/.bin/expo")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// The config `program` evaluates to, as `expo config --json --type public` prints it, read
    /// as a project rooted at the program's folder. Throws the one line a user needs when it
    /// cannot be run (not allowed, no CLI), fails, prints no config, or takes longer than `timeout` seconds.
    package static func evaluate(_ program: String, options: CatalogOptions) throws(CatalogError) -> ExpoProject {
        let name = (program as NSString).lastPathComponent
        guard options.runsExpoCLI else {
            throw .expoConfig(path: program, problem: "\(name) is a program, which is not run here; \(jsonHint)")
        }
        guard let expo = executable(for: program) else {
            throw .expoConfig(path: program, problem: "\(name) is a program and the project has no Expo CLI "
                + "(node_modules/.bin/expo) to run it; \(jsonHint)")
        }
        let root = (ProjectPaths.absolute(program) as NSString).deletingLastPathComponent
        var environment = ProcessInfo.processInfo.environment
        environment["CI"] = "1"
        environment["EXPO_NO_TELEMETRY"] = "1"
        environment["NO_COLOR"] = "1"
        let outcome: BoundedProcess.Outcome
        do {
            outcome = try BoundedProcess.run(expo, ["config", "--json", "--type", "public"], in: root, environment: environment,
                                           timeoutSeconds: options.expoCLITimeout, outputLimit: maximumOutput)
        } catch {
            switch error {
            case .notStarted(let reason):
                throw .expoConfig(path: program, problem: "\(expo) could not be started (\(reason)); \(jsonHint)")
            case .timedOut(let seconds):
                throw .expoConfig(path: program, problem: "`expo config` did not finish within \(seconds) s; \(jsonHint)")
            }
        }
        guard outcome.status == 0 else {
            let last = String(decoding: outcome.errors, as: UTF8.self).split(whereSeparator: \.isNewline).last.map(String.init) ?? ""
            throw .expoConfig(path: program, problem: "`expo config` failed (exit \(outcome.status))"
                + (last.isEmpty ? "" : ": \(last.prefix(200))"))
        }
        guard !outcome.outputCut else {
            throw .expoConfig(path: program, problem: "`expo config` printed over \(maximumOutput) bytes; it is not read")
        }
        return try ExpoProject.read(bytes: Array(outcome.output), configPath: program, root: root)
    }
}
