import Foundation

/// Whether this machine's terminfo database knows a terminal type, looked up the way
/// ncurses does: `$TERMINFO`, `~/.terminfo`, `$TERMINFO_DIRS`, then the system folders,
/// each by first letter (`x/xterm`) or, as on macOS, by its hex code (`78/xterm`).
enum Terminfo {
    static func isInstalled(_ name: String) -> Bool {
        isInstalled(name, environment: ProcessInfo.processInfo.environment)
    }

    static func isInstalled(_ name: String, environment: [String: String]) -> Bool {
        guard let first = name.unicodeScalars.first, !name.contains("/") else { return false }
        let hex = String(first.value, radix: 16)
        return folders(environment: environment).contains { folder in
            ["\(folder)/\(Character(first))/\(name)", "\(folder)/\(hex)/\(name)"].contains {
                FileManager.default.isReadableFile(atPath: $0)
            }
        }
    }

    static func folders(environment: [String: String]) -> [String] {
        var folders: [String] = []
        if let own = environment["TERMINFO"], !own.isEmpty { folders.append(own) }
        if let home = environment["HOME"], !home.isEmpty { folders.append(home + "/.terminfo") }
        if let dirs = environment["TERMINFO_DIRS"] {
            folders += dirs.split(separator: ":").map(String.init)
        }
        return folders + ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo",
                          "/usr/share/lib/terminfo", "/opt/homebrew/share/terminfo", "/usr/local/share/terminfo"]
    }
}
