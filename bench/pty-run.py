#!/usr/bin/env python3
"""Runs a command on a pseudo-terminal of a given size in cells and pixels, and copies
everything it writes to stdout (standard library only).

    pty-run.py COLUMNS ROWS WIDTH-PX HEIGHT-PX COMMAND [ARG...]

chafa sizes its pictures from the terminal's pixel size (TIOCGWINSZ), so this is how a
bench gives it a known cell size without a real terminal. The terminal is raw (no CR
added to LF), so the bytes counted are the bytes the command wrote. Nothing is ever
typed to the command; a command that waits for a reply gets none and times out on its own.
Exit status: the command's, or 2 if it could not be run.
"""

import fcntl
import os
import pty
import select
import struct
import sys
import termios
import tty


def main():
    if len(sys.argv) < 6:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    columns, rows, width, height = (int(v) for v in sys.argv[1:5])
    command = sys.argv[5:]
    pid, fd = pty.fork()
    if pid == 0:
        tty.setraw(sys.stdout.fileno())
        fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, width, height))
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    out = sys.stdout.buffer
    while True:
        ready, _, _ = select.select([fd], [], [], 30)
        if not ready:
            print("pty-run: no output for 30 s; giving up", file=sys.stderr)
            os.kill(pid, 9)
            break
        try:
            data = os.read(fd, 65536)
        except OSError:  # EIO: the command closed the terminal
            break
        if not data:
            break
        out.write(data)
    out.flush()
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status) if hasattr(os, "waitstatus_to_exitcode") else status >> 8


if __name__ == "__main__":
    sys.exit(main())
