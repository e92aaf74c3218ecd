#!/usr/bin/env python3
"""`make bench` figure 8: the control socket under a storm (issue 15, Storms).

Starts its own `torch run --backend sim --no-display --trace FILE` (private socket and
state file in a temporary directory), sets a 100 Hz blink, and while a normal client
asks `{"cmd":"status"}` every 100 ms on a fresh connection (as `torch status` does):
  5 s quiet, then at once: 1,000 sequential status requests, 200 held connections,
  20 slow-loris clients (one byte a second for 10 s, reconnecting when closed), 200 garbage lines and 20
  oversized requests (8 KiB lines and 1 MiB without a newline), then 2 s quiet.
Prints the normal client's round trip p50/p99/max and failures during the storm, and
the blink's lateness p99 from the trace during the storm and the quiet period before
it. A figure, not a test: it never fails on a target. Bounded (about 20 s), loopback
only (a Unix socket), and it stops the service it started.

usage: Tests/bench/socket-storm.py [TORCH]   (default .build/release/torch)"""

import os
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "storm"))
import torchproc  # noqa: E402
import stormclient as sc  # noqa: E402  (the normal client and the slow-loris the storms share)

QUIET_S = 5.0
GRID_NS = 5_000_000  # blink 5ms 5ms: a change every 5 ms


def connect(path, timeout=5.0):
    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    s.settimeout(timeout)
    s.connect(path)
    return s


def quietly(f):
    """Runs a storm client; the service closing or refusing it is the point, not an error."""
    def run(*args):
        try:
            f(*args)
        except (OSError, ValueError):
            pass
    return run


def sequential(path):
    for _ in range(1000):
        quietly(torchproc.request)(path, {"cmd": "status"})


def held(path, until):
    sc.hold(lambda: connect(path), 200, until, 15)


def loris(path):
    """One byte a second for 10 s, reconnecting whenever the service closes it (it evicts
    the longest idle client when all slots are taken, and times out partial lines)."""
    sc.loris(lambda: connect(path), b'{"cmd":"status"}')


def garbage(path):
    import random
    rng = random.Random(15)
    for _ in range(200):
        line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b" ") + b"\n"
        @quietly
        def send_garbage():
            with connect(path) as s:
                s.sendall(line)
        send_garbage()
    for i in range(20):
        big = b'{"cmd":"status","x":"' + b"a" * 8192 + b'"}\n' if i % 2 == 0 else b"a" * (1 << 20)
        @quietly
        def send():
            with connect(path) as s:
                s.sendall(big)
                s.recv(4096)
        send()


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch"
    torch = torchproc.Torch(binary)
    try:
        torchproc.request(torch.socket, {"cmd": "pattern", "spec": "blink 5ms 5ms"})
        pattern_set = time.monotonic()
        # `{"cmd":"status"}` every 100 ms; a request counts as failed past 1 s or on any error.
        normal = sc.Normal(lambda: (torchproc.request(torch.socket, {"cmd": "status"}, timeout=1.0), None)[1])
        normal.start()
        floor = sc.Floor() if sc.Floor.available() else None
        sc.quiet(floor, QUIET_S)
        if floor:
            floor.begin("storm")
        storm_start = time.monotonic()
        done = threading.Event()
        threads = [threading.Thread(target=sequential, args=(torch.socket,)),
                   threading.Thread(target=held, args=(torch.socket, done)),
                   threading.Thread(target=garbage, args=(torch.socket,))]
        threads += [threading.Thread(target=loris, args=(torch.socket,)) for _ in range(20)]
        for t in threads:
            t.start()
        for t in threads:
            if t.name != threads[1].name:
                t.join(30)
        done.set()
        threads[1].join(30)
        storm_end = time.monotonic()
        if floor:
            floor.end()
        time.sleep(2)
        normal.stop.set()
        normal.join()
        alive = torch.proc.poll() is None
    finally:
        torch.stop()

    n, failed, p50, p99, worst = sc.normal_figures(normal.between(storm_start, storm_end))
    instants = torchproc.read_trace(torch.trace)
    quiet = [t for t in instants if torch.trace_ns(pattern_set + 0.5) <= t < torch.trace_ns(storm_start)]
    storm = [t for t in instants if torch.trace_ns(storm_start) <= t < torch.trace_ns(storm_end)]
    # One stretch: nothing restarts the pattern after it was set, so one grid phase.
    late = dict(zip(quiet + storm, torchproc.lateness(quiet + storm, GRID_NS)))
    qp99 = torchproc.percentile([late[t] for t in quiet], 99) / 1000
    sp99 = torchproc.percentile([late[t] for t in storm], 99) / 1000
    print("8. control socket storm (%.1f s: 1000 sequential, 200 held, 20 slow-loris, 200 garbage, 20 oversized)"
          % (storm_end - storm_start))
    print("   normal client (status every 100 ms): %d requests, %d failed; round trip p50 %.2f ms  p99 %.2f ms"
          "  max %.2f ms (target: answered within 100 ms: %s)"
          % (n, len(failed), p50, p99, worst, "holds" if not failed and worst <= 100 else "missed"))
    print(sc.lateness_line(qp99, sp99, floor, "%d / %d edges" % (len(quiet), len(storm)))
          + ("" if alive else "   SERVICE DIED"))


if __name__ == "__main__":
    main()
