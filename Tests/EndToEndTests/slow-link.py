#!/usr/bin/env python3
"""A slow link for ssh's ProxyCommand: relays stdin/stdout to HOST:PORT, holding every
chunk back DELAY seconds in each direction and writing it a few bytes at a time, so the
TCP stream arrives late and in pieces, as over a poor mobile connection.

    ssh -o ProxyCommand='python3 slow-link.py 127.0.0.1 2222 0.15' ...
"""
import os
import queue
import socket
import sys
import threading
import time


def pump(read, write, delay):
    pending = queue.Queue()

    def writer():
        while True:
            due, data = pending.get()
            if data is None:
                return
            time.sleep(max(0.0, due - time.monotonic()))
            for start in range(0, len(data), 3):
                write(data[start:start + 3])
                time.sleep(0.001)

    thread = threading.Thread(target=writer, daemon=True)
    thread.start()
    while True:
        data = read()
        if not data:
            pending.put((0, None))
            thread.join()
            return
        pending.put((time.monotonic() + delay, data))


def main():
    host, port, delay = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
    connection = socket.create_connection((host, port))
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def to_stdout(data):
        os.write(1, data)

    upstream = threading.Thread(
        target=pump, args=(lambda: os.read(0, 65536), connection.sendall, delay), daemon=True)
    upstream.start()
    pump(lambda: connection.recv(65536), to_stdout, delay)


if __name__ == "__main__":
    try:
        main()
    except (BrokenPipeError, ConnectionError, KeyboardInterrupt):
        pass
