#ifndef ICONCHOOSER_CTERMINALSIGNALS_H
#define ICONCHOOSER_CTERMINALSIGNALS_H

// Signal handling for a program that owns the terminal. A signal handler may only touch
// async-signal-safe state, and a Swift closure cannot be such a handler, so the handlers
// and the state they share live here, in C.

/// Installs flag-setting handlers for SIGINT, SIGTERM, SIGHUP and SIGWINCH. Each records its
/// signal and writes one byte to a non-blocking pipe, so a reader waiting in poll() on
/// `iconchooser_signals_wake_fd()` wakes at once. Returns 0, or -1 with errno set.
/// Installed before ncurses starts, so ncurses keeps its own SIGWINCH and SIGINT handlers out.
int iconchooser_signals_install(void);

/// The read end of the wake pipe, or -1 before `iconchooser_signals_install`.
int iconchooser_signals_wake_fd(void);

/// The signals recorded since the last call, as bits (1 << number), and empties the wake pipe.
unsigned long iconchooser_signals_take(void);

/// Gives SIGINT, SIGTERM, SIGHUP and SIGWINCH their default dispositions back, once the
/// terminal is closed and nothing reads the flags any more.
void iconchooser_signals_restore(void);

/// Remembers the terminal's modes on `fd` and installs handlers for fatal signals
/// (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP) that restore those modes and the
/// screen, then die as the signal would have. They replace Swift's backtracer, which would
/// otherwise wait for a key on a terminal. Returns 0, or -1 with errno set.
int iconchooser_crash_restore_install(int fd);

#endif
