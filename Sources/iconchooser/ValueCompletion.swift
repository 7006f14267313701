import ArgumentParser
import CommandLineSupport
import FileAccess
import Foundation
import IconCatalog
import Synchronization
import TerminalText

/// Shell completion of the app's own values (icon names, and any value read from the app),
/// computed by the binary when the shell asks (`iconchooser ---completion …`, which
/// ArgumentParser's generated scripts call). They read the app the line names with `--app` (the
/// demo app when none), print nothing into the shell but the values, and give up after
/// `timeLimit`: a completion that hangs or talks is worse than none.
enum ValueCompletion {
    /// The options on the line that decide which app and which icons are read, parsed again as
    /// `AppOptions`. An option added to AppOptions that changes them joins this list.
    static let appOptionNames = ["--app", "--target", "--project", "--configuration", "--primary-icon", "--idiom",
                                 "--icons", "--define"]

    static let timeLimit: DispatchTimeInterval = .seconds(2)

    /// A completion whose values come from the app on the line; another kind of value is one
    /// more `fromApp { options in … }` over what `options` reads.
    static func fromApp(_ values: @escaping @Sendable (AppOptions) throws -> [String]) -> CompletionKind {
        .custom { words, index, _ in
            let line = CompletionLine(words: words, completing: index)
            let home = ProcessInfo.processInfo.environment["HOME"]
            return withTimeLimit {
                guard let arguments = try? line.arguments(for: appOptionNames, home: home),
                      let options = try? AppOptions.parse(arguments),
                      let found = try? values(options) else { return [] }
                // A name the shell would show or insert differently from what it is cannot be offered.
                return found.filter { !$0.isEmpty && !TextSanitizer.containsUnsafe($0) }
            }
        }
    }

    /// `set NAME`: the alternates' names (the primary is `--primary`).
    static var alternateIconNames: CompletionKind {
        fromApp { options in try options.loadCatalog(lookingForFiles: false, opener: AppOpener()).icons.compactMap(\.name) }
    }

    /// `preview NAME…`: `Default` for the primary, then the alternates' names.
    static var previewNames: CompletionKind {
        fromApp { options in ["Default"] + (try options.loadCatalog(lookingForFiles: false, opener: AppOpener()).icons.compactMap(\.name)) }
    }

    /// `--target`: the iOS application targets of the project the line names.
    static var targetNames: CompletionKind {
        fromApp { options in try applicationTargets(options).targets.map(\.name) }
    }

    /// `--configuration`: the chosen target's build configurations, or every target's when
    /// none is chosen yet and there are several.
    static var configurationNames: CompletionKind {
        fromApp { options in
            let found = try applicationTargets(options)
            if let target = try? found.select(target: options.target, project: options.project) {
                return target.configurations
            }
            var seen = Set<String>()
            return found.targets.flatMap(\.configurations).filter { seen.insert($0).inserted }
        }
    }

    /// The iOS application targets of the project `--app` names.
    private static func applicationTargets(_ options: AppOptions) throws -> ApplicationTargets {
        try ApplicationTargets.find(at: options.appPath(), configuration: options.configuration,
                                    defines: options.catalogOptions.defines)
    }

    /// The shell shows a completion's stderr on the command line: a failure must stay silent.
    static func silenceErrors() {
        let null = open("/dev/null", O_WRONLY)
        guard null >= 0 else { return }
        try? Descriptors.duplicate(null, as: STDERR_FILENO)
        close(null)
    }

    /// `work`'s values, or none when it takes longer than `timeLimit` (a slow disk, a huge archive):
    /// the process exits right after answering, which ends the work left behind.
    private static func withTimeLimit(_ work: @escaping @Sendable () -> [String]) -> [String] {
        let result = Answer()
        Thread.detachNewThread { result.finish(work()) }
        guard result.done.wait(timeout: .now() + timeLimit) == .success else { return [] }
        return result.values
    }

    private final class Answer: Sendable {
        let done = DispatchSemaphore(value: 0)
        private let stored = Mutex<[String]>([])

        func finish(_ values: [String]) {
            stored.withLock { $0 = values }
            done.signal()
        }

        var values: [String] { stored.withLock { $0 } }
    }
}
