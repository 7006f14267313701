import ArgumentParser
import ProjectWriting

extension AppLayout.Style: ExpressibleByArgument {}

/// What the commands that write an app's files share: `--dry-run` and `--allow-dirty`.
struct EditOptions: ParsableArguments {
    @Flag(name: .long, help: "Print the unified diff of every text file and the files that would be created or deleted; write nothing.")
    var dryRun = false

    @Flag(name: .long, help: "Write even where a file the edit touches has uncommitted changes in its git work tree.")
    var allowDirty = false
}
