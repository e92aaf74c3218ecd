#!/usr/bin/env python3
"""`make storm-test` (in `make test`): a command storm is not a storm of state-file
writes (issue 22, "State writes are coalesced").

Its own `torch run --backend sim` with a state file. 300 brightness changes through the
control socket, one after another, as fast as the service answers (each a change the
owner makes: 30 %, 31 %, … and back), while a watcher looks at the state file every
2 ms: each atomic write (temp file, fsync, rename) gives the file a new inode.
Checks (rates and states, never a speed):
  - the watcher saw at most one write per started second of the storm, plus one (the
    write that lands the last state), where every change used to be a write;
  - within 5 s of the storm's end the file holds the last level sent;
  - a short burst, then SIGTERM at once: the stop writes the burst's last level, and the
    service exits 0.
Loopback only; stops what it started.

usage: Tests/storm/state-storm.py [TORCH]   (default .build/release/torch)"""

import math
import os
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

failures = []


def check(ok, why):
    print(("ok    " if ok else "FAIL  ") + why, flush=True)
    if not ok:
        failures.append(why)


class Watcher(threading.Thread):
    """Counts the state file's distinct inodes (one per atomic write) seen every 2 ms."""

    def __init__(self, path):
        super().__init__(daemon=True)
        self.path, self.stop, self.seen = path, threading.Event(), set()

    def run(self):
        while not self.stop.is_set():
            try:
                st = os.stat(self.path)
                self.seen.add((st.st_ino, st.st_mtime_ns))
            except OSError:
                pass
            time.sleep(0.002)


def storm(torch, levels):
    for lv in levels:
        torchproc.request(torch.socket, {"cmd": "brightness", "level": lv / 100}, timeout=5.0)


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch"
    torch = torchproc.Torch(binary)
    state = os.path.join(torch.dir, "state")
    try:
        torchproc.request(torch.socket, {"cmd": "on"})
        time.sleep(1.5)  # the start's own writes are behind us
        watcher = Watcher(state)
        watcher.start()
        time.sleep(0.05)
        before = len(watcher.seen)
        levels = [30 + (i % 40) for i in range(300)]
        t0 = time.monotonic()
        storm(torch, levels)
        seconds = time.monotonic() - t0
        time.sleep(0.05)
        writes = len(watcher.seen) - before
        bound = math.ceil(seconds) + 1
        check(writes <= bound, "300 changes in %.2f s gave %d state-file writes (at most %d: one a second)"
              % (seconds, writes, bound))
        last = "%d%%" % levels[-1]
        deadline = time.monotonic() + 5
        while torchproc.saved_level(state) != last and time.monotonic() < deadline:
            time.sleep(0.05)
        watcher.stop.set()
        check(torchproc.saved_level(state) == last, "after the storm the file holds the last level %s (it holds %s)"
              % (last, torchproc.saved_level(state)))

        burst = [55, 56, 57, 58]
        storm(torch, burst)
        rc = torch.stop()
        check(rc == 0, "SIGTERM right after a burst: exit %s" % rc)
        check(torchproc.saved_level(state) == "58%", "the stop wrote the burst's last level 58%% (the file holds %s)"
              % torchproc.saved_level(state))
    finally:
        torch.stop()
    if failures:
        print("state-storm: %d failed" % len(failures))
        return 1
    print("state-storm: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
