#define _GNU_SOURCE
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

int iconchooser_pty_open(int *master, char *slave_path, size_t slave_path_size) {
    int fd = posix_openpt(O_RDWR | O_NOCTTY);
    if (fd < 0) return -1;
    if (fcntl(fd, F_SETFD, FD_CLOEXEC) != 0 || grantpt(fd) != 0 || unlockpt(fd) != 0) goto fail;
#if defined(__linux__)
    if (ptsname_r(fd, slave_path, slave_path_size) != 0) goto fail;
#else
    {
        const char *name = ptsname(fd);
        if (name == NULL || strlen(name) >= slave_path_size) goto fail;
        strcpy(slave_path, name);
    }
#endif
    *master = fd;
    return 0;
fail:
    {
        int saved = errno;
        close(fd);
        errno = saved;
    }
    return -1;
}

int iconchooser_pty_set_size(int fd, unsigned short columns, unsigned short rows,
                             unsigned short pixel_width, unsigned short pixel_height) {
    struct winsize size = { .ws_row = rows, .ws_col = columns, .ws_xpixel = pixel_width, .ws_ypixel = pixel_height };
    return ioctl(fd, TIOCSWINSZ, &size);
}

int iconchooser_spawn(const char *path, char *const argv[], char *const envp[],
                      const char *terminal, int stdin_fd, int stdout_fd, int stderr_fd,
                      pid_t *pid) {
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    int result = posix_spawn_file_actions_init(&actions);
    if (result != 0) return result;
    result = posix_spawnattr_init(&attributes);
    if (result != 0) {
        posix_spawn_file_actions_destroy(&actions);
        return result;
    }
    if (terminal != NULL) {
        // Opened after setsid, without O_NOCTTY: it becomes the controlling terminal.
        result = posix_spawn_file_actions_addopen(&actions, 0, terminal, O_RDWR, 0);
        if (result == 0) result = posix_spawn_file_actions_adddup2(&actions, 0, 1);
        if (result == 0) result = posix_spawn_file_actions_adddup2(&actions, 0, 2);
    } else {
        result = posix_spawn_file_actions_adddup2(&actions, stdin_fd, 0);
        if (result == 0) result = posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1);
        if (result == 0) result = posix_spawn_file_actions_adddup2(&actions, stderr_fd, 2);
    }
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    // Nothing else of the server's (sockets, other sessions' terminals) leaks into the child.
    if (result == 0) result = posix_spawn_file_actions_addclosefrom_np(&actions, 3);
#endif
    // A server ignores SIGPIPE and blocks signals in its threads; the child must not inherit either.
    sigset_t none, all;
    sigemptyset(&none);
    sigfillset(&all);
    if (result == 0) result = posix_spawnattr_setsigmask(&attributes, &none);
    if (result == 0) result = posix_spawnattr_setsigdefault(&attributes, &all);
    if (result == 0) result = posix_spawnattr_setflags(&attributes,
        POSIX_SPAWN_SETSID | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
    if (result == 0) result = posix_spawn(pid, path, &actions, &attributes, argv, envp);
    posix_spawnattr_destroy(&attributes);
    posix_spawn_file_actions_destroy(&actions);
    return result;
}
