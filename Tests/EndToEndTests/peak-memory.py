#!/usr/bin/env python3
"""Runs a program and prints what it cost: `STATUS SECONDS PEAK_KB CPU_SECONDS`.

    peak-memory.py STDOUT-FILE STDERR-FILE PROGRAM [ARGUMENT...]

The peak comes from wait4 on a child forked from this small process. A child spawned by the
test process itself would be charged the test process's own resident size: Linux keeps the
high-water mark of the memory a process replaced at exec, and a spawned child starts out
sharing (or copying) its parent's.
"""
import os
import signal
import sys
import time

out, err, argv = sys.argv[1], sys.argv[2], sys.argv[3:]
started = time.monotonic()
pid = os.fork()
if pid == 0:
    os.dup2(os.open("/dev/null", os.O_RDONLY), 0)
    os.dup2(os.open(out, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 1)
    os.dup2(os.open(err, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), 2)
    try:
        os.execv(argv[0], argv)
    finally:
        os._exit(127)
# Ended from outside (the test's time-out): the program goes too.
signal.signal(signal.SIGTERM, lambda *_: (os.kill(pid, signal.SIGKILL), sys.exit(143)))
_, status, usage = os.wait4(pid, 0)
code = os.waitstatus_to_exitcode(status)
print(code if code >= 0 else 128 - code, f"{time.monotonic() - started:.3f}", usage.ru_maxrss,
      f"{usage.ru_utime + usage.ru_stime:.3f}")
