#ifndef ICONCHOOSER_CPSEUDOTERMINAL_H
#define ICONCHOOSER_CPSEUDOTERMINAL_H

#include <stddef.h>
#include <sys/types.h>

// What `iconchooser serve` needs from POSIX that Swift cannot call or name directly:
// ioctl is variadic, and posix_spawn's POSIX_SPAWN_SETSID is a GNU-only macro.

/// Opens a new pseudo-terminal pair: the master (close-on-exec, non-blocking off) in
/// *master and the slave's path in slave_path. Returns 0, or -1 with errno set.
int iconchooser_pty_open(int *master, char *slave_path, size_t slave_path_size);

/// Sets the terminal size (TIOCSWINSZ); the kernel then sends SIGWINCH to the
/// terminal's foreground process group. Returns 0, or -1 with errno set.
int iconchooser_pty_set_size(int fd, unsigned short columns, unsigned short rows,
                             unsigned short pixel_width, unsigned short pixel_height);

/// Starts `path` with `argv` and `envp` in a new session. With a `terminal` path, the
/// child opens it as stdin, stdout and stderr, which makes it the session's controlling
/// terminal (so the child gets SIGHUP when it goes away and SIGWINCH on resize);
/// otherwise stdin, stdout and stderr are dup'd from the three descriptors given.
/// Signal mask and dispositions are reset to defaults. Returns 0 and the pid in *pid,
/// or an errno value.
int iconchooser_spawn(const char *path, char *const argv[], char *const envp[],
                      const char *terminal, int stdin_fd, int stdout_fd, int stderr_fd,
                      pid_t *pid);

#endif
