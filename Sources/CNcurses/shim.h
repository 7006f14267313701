#ifndef ICONCHOOSER_CNCURSES_SHIM_H
#define ICONCHOOSER_CNCURSES_SHIM_H

// SwiftPM drops pkg-config's -D flags, so the wide-character API is switched on here.
#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <errno.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#if __has_include(<ncursesw/curses.h>)
#include <ncursesw/curses.h>
#else
#include <curses.h>
#endif

// stdscr and COLORS are C globals (macros over the current SCREEN in some builds) that
// Swift 6 treats as unsafe shared state; reading them through functions is explicit.
static inline WINDOW *iconchooser_stdscr(void) { return stdscr; }
static inline int iconchooser_colors(void) { return COLORS; }

// getmaxyx is a macro that assigns to its arguments.
static inline void iconchooser_getmaxyx(WINDOW *window, int *rows, int *columns) {
    int y, x;
    getmaxyx(window, y, x);
    *rows = y;
    *columns = x;
}

// Attribute bits come from the NCURSES_BITS macro, which Swift cannot import.
static inline attr_t iconchooser_a_normal(void) { return A_NORMAL; }
static inline attr_t iconchooser_a_bold(void) { return A_BOLD; }
static inline attr_t iconchooser_a_dim(void) { return A_DIM; }
static inline attr_t iconchooser_a_underline(void) { return A_UNDERLINE; }
static inline attr_t iconchooser_a_reverse(void) { return A_REVERSE; }

// Mouse masks are built by NCURSES_MOUSE_MASK macros.
static inline mmask_t iconchooser_button1_events(void) {
    return BUTTON1_PRESSED | BUTTON1_RELEASED | BUTTON1_CLICKED;
}
static inline int iconchooser_is_button1_press(mmask_t state) {
    return (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) != 0;
}

// setcchar's pair argument is a short; extended pairs (beyond 32767) go through its opts pointer.
static inline int iconchooser_put_cell(WINDOW *window, int y, int x, const wchar_t *text, attr_t attributes, int pair) {
    cchar_t cell;
    if (setcchar(&cell, text, attributes, 0, &pair) != OK) return ERR;
    return mvwadd_wch(window, y, x, &cell);
}

// Signal handlers may only set a flag; the input loop reads it (a Swift closure cannot be
// an async-signal-safe handler that touches only a sig_atomic_t).
// (State lives in function-local statics: Swift's importer emits inline functions but
// not a header's static variables.)
static inline volatile sig_atomic_t *iconchooser_pending_signal(void) {
    static volatile sig_atomic_t pending = 0;
    return &pending;
}

static inline void iconchooser_record_signal(int number) { *iconchooser_pending_signal() = number; }

static inline int iconchooser_take_signal(void) {
    int number = *iconchooser_pending_signal();
    *iconchooser_pending_signal() = 0;
    return number;
}

static inline int iconchooser_catch_signal(int number) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = iconchooser_record_signal;
    sigemptyset(&action.sa_mask);
    return sigaction(number, &action, NULL);
}

// A crash must not leave the terminal raw or wait for a key (Swift's backtracer is
// interactive on a terminal): restore the saved modes and the screen, then die as the
// signal would have. Only async-signal-safe calls (tcsetattr, write, signal, raise).
struct iconchooser_crash_state { int fd; struct termios modes; };

static inline struct iconchooser_crash_state *iconchooser_crash_state(void) {
    static struct iconchooser_crash_state state = { -1 };
    return &state;
}

static inline void iconchooser_restore_and_die(int number) {
    static const char reset[] = "\033[0m\033[?1000l\033[?1006l\033[?25h\033[?1049l\r\n";
    struct iconchooser_crash_state *state = iconchooser_crash_state();
    if (state->fd >= 0) {
        tcsetattr(state->fd, TCSANOW, &state->modes);
        ssize_t ignored = write(state->fd, reset, sizeof reset - 1);
        (void)ignored;
    }
    signal(number, SIG_DFL);
    raise(number);
}

static inline int iconchooser_install_crash_restore(int fd) {
    struct iconchooser_crash_state *state = iconchooser_crash_state();
    if (tcgetattr(fd, &state->modes) != 0) return -1;
    state->fd = fd;
    const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    for (unsigned i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = iconchooser_restore_and_die;
        sigemptyset(&action.sa_mask);
        action.sa_flags = SA_RESETHAND;
        sigaction(fatal[i], &action, NULL);
    }
    return 0;
}

// True when the terminal behind fd has hung up (the SSH client went away).
static inline int iconchooser_terminal_gone(int fd) {
    struct pollfd probe = { .fd = fd, .events = POLLIN, .revents = 0 };
    if (poll(&probe, 1, 0) < 0) return errno == EBADF;
    return (probe.revents & (POLLHUP | POLLERR | POLLNVAL)) != 0;
}

#endif
