#!/usr/bin/env python3
"""Runs the chooser on a pseudo-terminal of a given size in cells and pixels and says how long
it took to send every picture of its first screen (standard library only).

    first-screen.py COLUMNS ROWS WIDTH-PX HEIGHT-PX COMMAND [ARG...]

The pictures are kitty transmissions (ESC _ G a=t). The first screen is complete at the last
transmission before the program sends none for QUIET seconds; then it is sent q and stopped.
Prints "MILLISECONDS PICTURES", the time from just before the program is started. The queries a
terminal answers at once are answered as kitty would (cell size, background colour, primary device
attributes), so the time is not the program's wait for a silent terminal; the program must still
be told its protocol (--graphics kitty).
Exit status: 0, or 2 if the program could not be run or sent no picture.
"""

import fcntl
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
import tty

QUIET = 0.6
TRANSMISSION = re.compile(rb"\x1b_G[^;\x1b]*a=t")
# Queries and kitty's answers: cell size in pixels (10x20, as the window size says), the default
# background, and primary device attributes (which tell the program that nothing more is coming).
ANSWERS = [
    (re.compile(rb"\x1b\[16t"), b"\x1b[6;20;10t"),
    (re.compile(rb"\x1b\]11;\?(?:\x1b\\|\x07)"), b"\x1b]11;rgb:0000/0000/0000\x1b\\"),
    (re.compile(rb"\x1b\[0?c"), b"\x1b[?62;c"),
]


def main():
    if len(sys.argv) < 6:
        print(__doc__.strip().splitlines()[2].strip(), file=sys.stderr)
        return 2
    columns, rows, width, height = (int(v) for v in sys.argv[1:5])
    command = sys.argv[5:]
    start = time.monotonic()
    pid, fd = pty.fork()
    if pid == 0:
        tty.setraw(sys.stdout.fileno())
        fcntl.ioctl(sys.stdout.fileno(), termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, width, height))
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    pictures, last, tail = 0, None, b""
    deadline = start + 30
    while time.monotonic() < deadline:
        wait = QUIET if last is not None else deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(0, wait))
        if not ready:
            break
        try:
            data = os.read(fd, 65536)
        except OSError:
            break
        if not data:
            break
        now = time.monotonic()
        # A command split between two reads is counted once: the tail of the last read goes first.
        found = len(TRANSMISSION.findall(tail + data)) - len(TRANSMISSION.findall(tail))
        if found:
            pictures, last = pictures + found, now
        for query, answer in ANSWERS:
            for _ in range(len(query.findall(tail + data)) - len(query.findall(tail))):
                os.write(fd, answer)
        tail = data[-64:]
    try:
        os.write(fd, b"q")
        time.sleep(0.1)
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass
    os.waitpid(pid, 0)
    if last is None:
        print("first-screen: no picture was sent", file=sys.stderr)
        return 2
    print(f"{(last - start) * 1000:.1f} {pictures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
