/// The one place the release number lives: `iconchooser --version`, the man page and the tests read it here,
/// so a release changes this line and nothing else.
public enum ToolVersion {
    public static let current = "0.1.0"
}
