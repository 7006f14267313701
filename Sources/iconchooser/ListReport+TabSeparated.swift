import CommandLineSupport

extension ListReport {
    /// `list` in a pipe: name, ordinal, current, then every image file found, for `cut` and `awk`.
    /// Warnings go to stderr instead, so nothing but rows reaches the next program.
    var tabSeparated: TabSeparatedList {
        TabSeparatedList(rows: icons.map {
            TabSeparatedList.Row(name: $0.name, ordinal: $0.ordinal, isCurrent: $0.isCurrent, files: $0.images.map(\.path))
        })
    }
}
