#!/usr/bin/env python3
"""`make soak`: the torch service for SOAK_MINUTES under steady traffic (issue 15, Soak).

Its own `torch run --backend sim --no-display --trace FILE` (Tests/bench/torchproc.py).
Each minute: 40 s busy — a button-like command every 300 ms (toggle, on, off,
brightness), a pattern change every 5 s — then 20 s steady: `blink 5ms 5ms` lit, only
brightness changes (they keep the pattern's timing; the change itself is written at
once, off the grid, and left out like every request's moment). A status request every 100 ms
throughout, on a fresh connection. Each minute prints VmRSS, open descriptors and the
lateness p99 of the minute's output changes (from the trace, as flushed so far); at the
end the drift over the last steady stretch (its grid offset at the end minus at the
start).

Fails (exit 1) on: RSS growing more than 10 % and more than 4 MiB from minute 1 to the
end, any growth in open descriptors from minute 1 to the end, drift above 1 ms, or the
service dying or no longer answering. Loopback only; stops what it started.

usage: Tests/soak/soak.py MINUTES [TORCH]   (default .build/release/torch)"""

import os
import random
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

GRID_NS = 5_000_000  # every pattern below changes on a 5 ms grid from its start
PATTERNS = ["blink 5ms 5ms", "blink 10ms 20ms", "blink 25ms 25ms", "blink 5ms 45ms", "blink 50ms 150ms"]
COMMANDS = [{"cmd": "toggle"}, {"cmd": "on"}, {"cmd": "off"}]


def proc_figures(pid):
    rss = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    return rss, len(os.listdir("/proc/%d/fd" % pid))


class Traffic(threading.Thread):
    """Drives the service; records every request that may restart the pattern (its
    trace-time window) and every failure."""

    def __init__(self, torch, seconds):
        super().__init__(daemon=True)
        self.torch, self.seconds = torch, seconds
        self.cuts, self.failures, self.requests = [], 0, 0
        self.steady = []  # (start, end) trace time of each steady stretch
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def send(self, obj, cut=True):
        t0 = time.monotonic()
        try:
            torchproc.request(self.torch.socket, obj, timeout=2.0)
        except (OSError, ValueError) as e:
            self.failures += 1
            print("   request %s failed: %s" % (obj, e), flush=True)
        t1 = time.monotonic()
        self.requests += 1
        if cut:
            with self.lock:
                self.cuts.append((self.torch.trace_ns(t0), self.torch.trace_ns(t1)))

    def run(self):
        rng = random.Random(15)
        start = time.monotonic()
        status = threading.Thread(target=self.statuses, daemon=True)
        status.start()
        while not self.stop.is_set() and time.monotonic() - start < self.seconds:
            second = (time.monotonic() - start) % 60
            if second < 40:
                if rng.random() < 0.06:  # about every 5 s at one request per 300 ms
                    self.send({"cmd": "pattern", "spec": rng.choice(PATTERNS)})
                elif rng.random() < 0.3:
                    self.send({"cmd": "brightness", "level": "%d%%" % rng.randrange(1, 101)})
                else:
                    self.send(rng.choice(COMMANDS))
                self.stop.wait(0.3)
            else:
                self.send({"cmd": "pattern", "spec": PATTERNS[0]})
                steady_from = self.torch.trace_ns(time.monotonic())
                while not self.stop.is_set() and (time.monotonic() - start) % 60 >= 40 \
                        and time.monotonic() - start < self.seconds:
                    self.send({"cmd": "brightness", "level": "%d%%" % rng.randrange(1, 101)})
                    self.stop.wait(0.3)
                self.steady.append((steady_from + 100_000_000, self.torch.trace_ns(time.monotonic())))
        self.stop.set()
        status.join()

    def statuses(self):
        while not self.stop.is_set():
            self.send({"cmd": "status"}, cut=False)
            self.stop.wait(0.1)


def minute_lateness(torch, traffic, lo, hi):
    instants = [t for t in torchproc.read_trace(torch.trace) if lo <= t < hi]
    with traffic.lock:
        cuts = list(traffic.cuts)
    late = []
    for stretch in torchproc.stretches(instants, cuts):
        if len(stretch) >= 20:  # too few changes to find the grid's phase
            late += torchproc.lateness(stretch, GRID_NS)
    return torchproc.percentile(late, 99) / 1000, len(late)


def drift(torch, stretch, traffic_cuts, traffic_cuts_lock):
    """The grid offset of the stretch's last 200 changes minus its first 200 (µs)."""
    lo, hi = stretch
    with traffic_cuts_lock:
        cuts = list(traffic_cuts)
    # A brightness change is written at once, off the grid: leave those out; the
    # pattern's phase stays (the timeline keeps its start).
    instants = [t for part in torchproc.stretches(
        [t for t in torchproc.read_trace(torch.trace) if lo <= t < hi], cuts) for t in part]
    if len(instants) < 400:
        return None
    both = torchproc.lateness(instants, GRID_NS)  # one phase for the whole stretch
    return (min(both[-200:]) - min(both[:200])) / 1000


def main():
    minutes = int(sys.argv[1]) if len(sys.argv) > 1 else 60
    binary = sys.argv[2] if len(sys.argv) > 2 else ".build/release/torch"
    torch = torchproc.Torch(binary)
    pid = torch.pid()
    problems = []
    print("soak: %d min, torch pid %d, %s" % (minutes, pid, binary), flush=True)
    traffic = Traffic(torch, minutes * 60)
    traffic.start()
    start = time.monotonic()
    first = last = None
    try:
        for m in range(1, minutes + 1):
            traffic.stop.wait(max(0.0, start + 60 * m - time.monotonic()))
            if torch.proc.poll() is not None:
                problems.append("the service exited (%s) in minute %d" % (torch.proc.returncode, m))
                break
            rss, fds = proc_figures(pid)
            first = first or (rss, fds)
            last = (rss, fds)
            p99, n = minute_lateness(torch, traffic, torch.trace_ns(start + 60 * (m - 1)), torch.trace_ns(start + 60 * m))
            print("minute %3d: RSS %6d kB  fds %3d  lateness p99 %7.1f µs (%d changes)  requests %d, failed %d"
                  % (m, rss, fds, p99, n, traffic.requests, traffic.failures), flush=True)
    finally:
        traffic.stop.set()
        traffic.join(10)
        code = torch.stop()
    d = drift(torch, traffic.steady[-1], traffic.cuts, traffic.lock) if traffic.steady else None
    print("final drift over the last steady stretch: %s" % ("n/a" if d is None else "%.1f µs" % d))
    if first and last:
        grew = last[0] - first[0]
        if grew > 4096 and grew > first[0] * 0.10:
            problems.append("RSS grew %d kB (%d → %d kB)" % (grew, first[0], last[0]))
        if last[1] > first[1]:
            problems.append("open descriptors grew %d → %d" % (first[1], last[1]))
    if d is not None and abs(d) > 1000:
        problems.append("drift %.1f µs > 1 ms" % d)
    if traffic.failures:
        problems.append("%d of %d requests failed" % (traffic.failures, traffic.requests))
    if code not in (0, None, -15):
        problems.append("the service ended with %s" % code)
    for p in problems:
        print("soak: FAIL: " + p)
    print("soak: %s" % ("FAIL" if problems else "pass"))
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
