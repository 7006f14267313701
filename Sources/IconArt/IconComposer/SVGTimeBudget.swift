import Foundation
import Synchronization

/// CPU seconds that drawing SVG layers in librsvg may take in all (so a busy machine draws what
/// an idle one does), shared by every rendering that draws from it (on any thread). Each rendering of a bundle also has its own
/// `IconComposerRenderer.svgSecondsPerRendering`; a command that renders many bundles (`preview`
/// of an app, `lint` of a project) makes one of these when it starts and hands it to whatever
/// renders for it, so that the whole command ends in time however many slow layers its icons
/// hold. The chooser, which renders for as long as it runs, makes none.
public final class SVGTimeBudget: Sendable {
    private let left: Mutex<Double>
    public let seconds: Double

    public init(seconds: Double) {
        self.seconds = seconds
        left = Mutex(max(0, seconds))
    }

    /// A one-shot command's: with each call cut to what is left when it starts, two calls in
    /// flight at the end overrun it by at most one call's second, so the command's SVG drawing
    /// ends within two seconds of CPU time.
    public static let commandSeconds = 1.0

    /// What is left; 0 once spent.
    public var secondsLeft: Double { left.withLock { max(0, $0) } }

    func spend(_ seconds: Double) {
        left.withLock { $0 -= max(0, seconds) }
    }
}
