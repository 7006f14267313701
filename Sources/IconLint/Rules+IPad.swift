import IconCatalog

/// The ids of this file's rules that no catalog warning carries (see `ProblemCode`).
extension ProblemCode {
    /// An alternate in CFBundleIcons is missing from CFBundleIcons~ipad.
    public static let missingOnIpad = ProblemCode(rawValue: "missing-on-ipad")
    /// An alternate is declared only in CFBundleIcons~ipad.
    public static let onlyOnIpad = ProblemCode(rawValue: "only-on-ipad")
}

/// Rules comparing `CFBundleIcons` with its `CFBundleIcons~ipad` twin. iPads read the twin
/// when it exists and never fall back to the plain key, so the two must list the same names.
extension LintRules {
    /// Both sets' alternate names, when both sets exist and neither's CFBundleAlternateIcons is malformed.
    private static func twinNames(_ context: LintContext) -> (phone: [String], pad: [String])? {
        guard let phone = context.iconSet(LintContext.phoneKey), let pad = context.iconSet(LintContext.padKey),
              phone.alternatesValue == nil || phone.alternatesDictionary != nil,
              pad.alternatesValue == nil || pad.alternatesDictionary != nil else { return nil }
        return (phone.alternateNames, pad.alternateNames)
    }

    static let missingOnIPad = LintRule(
        id: .missingOnIpad, severity: .error,
        summary: "An alternate in CFBundleIcons is missing from CFBundleIcons~ipad.",
        explanation: """
            When an app has CFBundleIcons~ipad, iPads read their icons from it alone and never fall back to \
            CFBundleIcons. An alternate declared only in CFBundleIcons therefore does not exist on iPad: \
            setAlternateIconName(_:) fails there with an error the app rarely shows, and the icon silently stays \
            the same. Fix: add the alternate, under the same name, to CFBundleIcons~ipad > CFBundleAlternateIcons, \
            with iPad-sized files (152×152 and 167×167 pixels).
            """,
        fix: LintFix("adds the alternate to CFBundleIcons~ipad: its entry, with 152 and 167 px files made from its largest image where it names loose files")
    ) { context, hits in
        guard let names = twinNames(context) else { return }
        let onPad = Set(names.pad)
        for name in names.phone where !onPad.contains(name) {
            hits.add(.icon(set: LintContext.padKey, name: name), idiom: .pad,
                "alternate \(LintText.quote(name)) is in \(LintContext.phoneKey) but not in \(LintContext.padKey): iPads cannot switch to it")
        }
    }

    static let onlyOnIPad = LintRule(
        id: .onlyOnIpad, severity: .warning,
        summary: "An alternate is declared only in CFBundleIcons~ipad.",
        explanation: """
            An alternate that CFBundleIcons~ipad declares and CFBundleIcons does not exists only on iPad: on iPhone \
            setAlternateIconName(_:) fails for it. That is right for an iPad-only icon, but usually it is a typo in \
            one of the two names or an icon forgotten in CFBundleIcons. Fix: declare it in CFBundleIcons too, with \
            iPhone-sized files (120×120 and 180×180 pixels), or make the two names match.
            """
    ) { context, hits in
        guard let names = twinNames(context) else { return }
        let onPhone = Set(names.phone)
        for name in names.pad where !onPhone.contains(name) {
            hits.add(.icon(set: LintContext.padKey, name: name), idiom: .pad,
                "alternate \(LintText.quote(name)) is in \(LintContext.padKey) but not in \(LintContext.phoneKey): iPhones cannot switch to it")
        }
    }
}
