#include "CTerminalSignals.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

// Written by handlers, read by the input reader: only sig_atomic_t flags and a pipe.
static volatile sig_atomic_t pending[NSIG];
static int wake_pipe[2] = { -1, -1 };

static void record_signal(int number) {
    int saved = errno;  // a handler must leave errno as it found it
    if (number > 0 && number < NSIG) pending[number] = 1;
    if (wake_pipe[1] >= 0) {
        static const char byte = 1;
        ssize_t ignored = write(wake_pipe[1], &byte, 1);  // a full pipe already wakes the reader
        (void)ignored;
    }
    errno = saved;
}

static int make_wake_pipe(void) {
    if (wake_pipe[0] >= 0) return 0;
    int ends[2];
    if (pipe(ends) != 0) return -1;
    for (int i = 0; i < 2; i++) {
        if (fcntl(ends[i], F_SETFD, FD_CLOEXEC) != 0 || fcntl(ends[i], F_SETFL, O_NONBLOCK) != 0) {
            int saved = errno;
            close(ends[0]);
            close(ends[1]);
            errno = saved;
            return -1;
        }
    }
    wake_pipe[0] = ends[0];
    wake_pipe[1] = ends[1];
    return 0;
}

static const int caught[] = { SIGINT, SIGTERM, SIGHUP, SIGWINCH };

static int install(const int *numbers, unsigned count, void (*handler)(int), int flags) {
    for (unsigned i = 0; i < count; i++) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = handler;
        sigemptyset(&action.sa_mask);
        action.sa_flags = flags;
        if (sigaction(numbers[i], &action, NULL) != 0) return -1;
    }
    return 0;
}

int iconchooser_signals_install(void) {
    if (make_wake_pipe() != 0) return -1;
    // Other threads' reads and writes (pictures, the state file) resume after a signal;
    // the reader's poll() returns EINTR whatever the flag, and the pipe wakes it anyway.
    return install(caught, sizeof caught / sizeof caught[0], record_signal, SA_RESTART);
}

void iconchooser_signals_restore(void) {
    for (unsigned i = 0; i < sizeof caught / sizeof caught[0]; i++) signal(caught[i], SIG_DFL);
}

int iconchooser_signals_wake_fd(void) { return wake_pipe[0]; }

unsigned long iconchooser_signals_take(void) {
    if (wake_pipe[0] >= 0) {
        char drain[64];
        while (read(wake_pipe[0], drain, sizeof drain) > 0) {}
    }
    unsigned long taken = 0;
    for (int number = 1; number < NSIG && number < (int)(8 * sizeof taken); number++) {
        if (pending[number]) {
            pending[number] = 0;
            taken |= 1UL << number;
        }
    }
    return taken;
}

// The terminal to put back after a crash, and how it was.
static int crash_fd = -1;
static struct termios crash_modes;

// Only async-signal-safe calls: tcsetattr, write, signal, raise.
static void restore_and_die(int number) {
    static const char reset[] = "\033[0m\033[?1000l\033[?1006l\033[?25h\033[?1049l\r\n";
    if (crash_fd >= 0) {
        tcsetattr(crash_fd, TCSANOW, &crash_modes);
        ssize_t ignored = write(crash_fd, reset, sizeof reset - 1);
        (void)ignored;
    }
    signal(number, SIG_DFL);
    raise(number);
}

int iconchooser_crash_restore_install(int fd) {
    if (tcgetattr(fd, &crash_modes) != 0) return -1;
    crash_fd = fd;
    static const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP };
    return install(fatal, sizeof fatal / sizeof fatal[0], restore_and_die, SA_RESETHAND);
}
