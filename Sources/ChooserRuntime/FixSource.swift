import ChooserUI

/// Where `f`'s fixes come from: what fixing an icon's findings would change, worked out
/// without writing (`plan`), and the writing of a confirmed one (`apply`), both off the
/// input loop, their answers handed to `deliver` from any thread.
public protocol FixSource: Sendable {
    /// The proposal, or nil with the reason there is none.
    func plan(_ target: FixTarget, deliver: @escaping @Sendable (FixProposal?, String?) -> Void)
    /// Writes the proposal's fix, all or nothing: nil and a summary, or the reason it failed.
    func apply(_ proposal: FixProposal, deliver: @escaping @Sendable (_ error: String?, _ summary: String) -> Void)
}
