#!/usr/bin/env python3
"""A terminal that answers the start-up queries as kitty 0.35 does, for a command run on a
pseudo-terminal of 100x30 cells (1000x600 px), with everything the command writes kept in
TRANSCRIPT (standard library only).

    answering-terminal.py TRANSCRIPT UNTIL KEYS COMMAND [ARG...]

Once the transcript holds the bytes UNTIL (Python escapes, e.g. '48:2::10:132:255'), KEYS
are typed. It answers XTVERSION, DA1, CSI 16t, OSC 11, XTGETTCAP (kitty's terminfo has no
RGB), and refuses kitty's graphics query, so that the command keeps drawing text.
Exit status: the command's; 3 if UNTIL never came within 60 s.
"""

import fcntl
import os
import pty
import re
import select
import struct
import sys
import termios
import time
import tty

ANSWERS = [
    (re.compile(rb"\x1b\[>q"), lambda m: b"\x1bP>|kitty(0.35.2)\x1b\\"),
    (re.compile(rb"\x1b\[16t"), lambda m: b"\x1b[6;20;10t"),
    (re.compile(rb"\x1b\]11;\?(\x1b\\|\x07)"), lambda m: b"\x1b]11;rgb:0000/0000/0000\x1b\\"),
    (re.compile(rb"\x1b_G[^\x1b]*a=q[^\x1b]*\x1b\\"), lambda m: b"\x1b_Gi=31;ENOTSUPPORTED:no pictures here\x1b\\"),
    (re.compile(rb"\x1bP\+q([0-9A-Fa-f]+)\x1b\\"), lambda m: b"\x1bP0+r" + m.group(1) + b"\x1b\\"),
    (re.compile(rb"\x1b\[\?1;1;0S"), lambda m: b"\x1b[?1;3;0S"),
    (re.compile(rb"\x1b\[c"), lambda m: b"\x1b[?62;52c"),
]


def main():
    transcript, until, keys = sys.argv[1], sys.argv[2].encode().decode("unicode_escape").encode("latin-1"), sys.argv[3]
    command = sys.argv[4:]
    pid, fd = pty.fork()
    if pid == 0:
        fcntl.ioctl(sys.stdin.fileno(), termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 1000, 600))
        try:
            os.execvp(command[0], command)
        finally:
            os._exit(127)
    seen = b""
    answered = 0
    typed = False
    deadline = time.monotonic() + 60
    with open(transcript, "wb") as out:
        while True:
            ready, _, _ = select.select([fd], [], [], 1)
            if not typed and time.monotonic() > deadline:
                os.kill(pid, 9)
                os.waitpid(pid, 0)
                return 3
            if not ready:
                continue
            try:
                data = os.read(fd, 65536)
            except OSError:  # EIO: the command closed the terminal
                break
            if not data:
                break
            out.write(data)
            out.flush()
            seen += data
            # Each query answered once, in the order the queries came.
            pending = []
            for pattern, answer in ANSWERS:
                for match in pattern.finditer(seen, answered):
                    pending.append((match.start(), match.end(), answer(match)))
            for start, end, reply in sorted(pending):
                os.write(fd, reply)
                answered = max(answered, end)
            if not typed and until in seen:
                time.sleep(0.3)
                os.write(fd, keys.encode())
                typed = True
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
