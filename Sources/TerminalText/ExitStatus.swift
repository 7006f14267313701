/// The statuses a command ends with, the ones the README documents, by name: ArgumentParser's
/// `ExitCode` and sysexits(3) name them so, and no code hands out a bare number.
public enum ExitStatus: Int32, Sendable, CaseIterable {
    /// `EXIT_SUCCESS`, ArgumentParser's `ExitCode.success`.
    case success = 0
    /// `EXIT_FAILURE`, `ExitCode.failure`: the operation failed (an unknown name, lint's errors,
    /// a state file not writable).
    case failure = 1
    /// The app (or a file the command is given, such as a host key) cannot be read.
    case unreadable = 2
    /// sysexits' `EX_USAGE`, `ExitCode.validationFailure`: the command line is wrong.
    case usage = 64
    /// What a shell answers for a command it will not run (`serve` for anything but its commands).
    case notRunnable = 126
    /// 128 + SIGINT, as a shell reports a program Ctrl-C stopped.
    case interrupted = 130

    /// 128 + the signal's number, as a shell reports a program the signal ended.
    public static func signalled(_ number: Int32) -> Int32 { 128 &+ number }
}
