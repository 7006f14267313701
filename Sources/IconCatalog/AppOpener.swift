import Foundation

/// Opens apps for one command, or one chooser session: what it read ahead (`prepare`) is
/// taken by its own next opening of that path, never by another opener's. Each opening
/// resolves its folders afresh and keeps them (`OpenedApp.folders`), so two openings in one
/// process (the chooser's and its background lint's, a read-ahead and the command's) neither
/// share nor clear each other's state.
public final class AppOpener: Sendable {
    /// What `prepare` started, for this opener's next opening.
    let readAhead = ProjectReadAhead()

    /// An opener with nothing read ahead.
    public init() {}

    /// Starts reading the Xcode projects `app` stands for on another thread, for the opening
    /// of the same path that follows: the project files are parsed, and the target chosen and
    /// its settings read as options without a target, project, configuration or define choose
    /// them, while the caller does other work, such as parsing the rest of its command line.
    /// The next opening takes what was read, once, whichever app it opens; nothing is kept
    /// beyond it. Any other `app` (an Info.plist, a built app) is only located.
    public func prepare(app: String) {
        readAhead.begin(app: app)
    }

    /// Opens `path` (see `OpenedApp.open`), with what was read ahead for it.
    package func open(_ path: String, options: CatalogOptions) throws(CatalogError) -> OpenedApp {
        try OpenedApp.open(path, options: options, readAhead: readAhead.claim(app: path))
    }
}
