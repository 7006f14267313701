import IconCatalog

/// What the details panel (`i`) says about one icon beyond its name: where it is declared
/// and which images it is made of. The shell finds it off the input loop (the images need
/// a look at the disk); every string is already stripped of control and bidi characters.
public struct IconDetails: Hashable, Sendable {
    /// One place that declares the icon, as a developer would open it.
    public enum Place: Hashable, Sendable {
        /// An Info.plist entry: its key path (`CFBundleIcons`, `CFBundleAlternateIcons`, `Pride`) in that file.
        case plistKey([String], file: String)
        /// An asset catalog's app icon set folder.
        case iconSet(String)
        /// An Icon Composer bundle; `olderSystems`: the set of the same name iOS 18 and earlier show.
        case iconBundle(String, olderSystems: String?)
        /// The build setting that makes a catalog icon ship.
        case setting(String)
        /// An Expo config's entry: its key path (`expo.plugins[7][1].relief`) in that file, the
        /// plugin that makes the icon (nil for Expo's own), and the config's key for it.
        case configEntry(String, file: String, plugin: String?, key: String?)
    }

    /// One image the icon is drawn from.
    public struct Image: Hashable, Sendable {
        /// The file's name (not its folder), or an Icon Composer layer's.
        public var file: String
        /// Pixels, when known (an SVG layer has none).
        public var width: Int?
        public var height: Int?
        /// `iphone`, `ipad`, `universal`, `ios-marketing`, or nil for a loose file that serves any.
        public var idiom: String?
        public var appearance: IconAppearance
        /// True for a stand-in: iOS shows this (light) image for `appearance`, as the icon has none of its own.
        public var derived: Bool

        public init(file: String, width: Int?, height: Int?, idiom: String?, appearance: IconAppearance, derived: Bool = false) {
            self.file = file
            self.width = width
            self.height = height
            self.idiom = idiom
            self.appearance = appearance
            self.derived = derived
        }
    }

    public var places: [Place]
    public var images: [Image]
    /// Why there are no images to list, when there are none (they are in a compiled catalog, say).
    public var note: String?

    public init(places: [Place], images: [Image], note: String? = nil) {
        self.places = places
        self.images = images
        self.note = note
    }
}

/// One lint finding as the details panel shows it.
public struct IconFinding: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable {
        case error, warning, note
    }

    public var severity: Severity
    /// The rule's id (`missing-alternate-size`).
    public var rule: ProblemCode
    /// One line, already safe to show.
    public var message: String
    /// `lint --fix` (and `f` here) has a fix for it.
    public var fixable: Bool

    public init(severity: Severity, rule: ProblemCode, message: String, fixable: Bool = false) {
        self.severity = severity
        self.rule = rule
        self.message = message
        self.fixable = fixable
    }
}

/// What `lint` found in the app, sorted by the icon it concerns, for the details panel:
/// computed once per chooser run, off the input loop.
public struct AppFindings: Hashable, Sendable {
    /// Findings per icon: the key is the alternate's name, nil for the primary.
    public var byIcon: [String?: [IconFinding]]
    /// Findings about the app or a whole icon set, which no icon's panel lists.
    public var elsewhere: Int
    /// How many of those `lint --fix` fixes.
    public var elsewhereFixable: Int
    /// Set when the app could not be checked: the reason, in one line.
    public var failure: String?

    public init(byIcon: [String?: [IconFinding]] = [:], elsewhere: Int = 0, elsewhereFixable: Int = 0, failure: String? = nil) {
        self.byIcon = byIcon
        self.elsewhere = elsewhere
        self.elsewhereFixable = elsewhereFixable
        self.failure = failure
    }
}
