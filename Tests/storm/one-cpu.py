#!/usr/bin/env python3
"""`make storm-test` (in `make test`): the service on one CPU, as on a Pi Zero (issue 15,
Storms: "one CPU, the hostile patterns rejected, the service answering").

Everything runs on CPU 0 (this script pins itself; torch starts under `taskset -c 0`):
`torch run --backend sim --no-display --trace FILE` plays the fastest pattern the limits
allow (`custom 100% 50us 0 50us`: 20,000 output changes a second, more than a 1 kHz
software PWM's 2,000), and meanwhile
  - each hostile pattern from the issue's findings is sent over the socket and must be
    refused, with the fast pattern still playing afterwards;
  - a storm for 6 s of sequential status requests (one after another, no pause), 20 held connections and 100 garbage lines;
  - a normal client asks for the status every 100 ms on a fresh connection.
Checks (liveness, never a speed): every normal and sequential request is answered (a 5 s
timeout catches a wedged service, not a slow one); the trace keeps changing through the
storm (the real-time thread did not stall for the whole of it); SIGTERM ends the service
with exit 0 and the trace's last level is dark. Prints the round-trip p50/p99/max for
reading, never checked. Loopback only; stops what it started.

usage: Tests/storm/one-cpu.py [TORCH]   (default .build/release/torch)"""

import os
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

FAST = "custom 100% 50us 0 50us"
# The findings of issue 15 (1 and 2): each must be refused wherever it comes from.
HOSTILE = [
    "morse 3074457346s N",
    "morse 3600666666s !10t",
    "custom 100% 1ns 0 1ns",
    "blink 1us 1us",
    "breathe 1ns 0% 100%",
    "custom 100% 9223372036854775807ns 0 1s",
    "blink 49us 49us",
]
STORM_S = 6.0
failures = []


def fail(why):
    failures.append(why)
    print("FAIL  " + why, flush=True)


def request(torch, obj, timeout=5.0):
    """The reply as a dict (refusals included), or None when not answered."""
    try:
        return torchproc.request(torch.socket, obj, timeout=timeout)
    except ValueError as e:  # answered, with ok=false
        return {"ok": False, "error": str(e)}
    except OSError as e:
        fail("%s not answered: %s" % (obj, e))
        return None


def normal_client(torch, stop, times):
    while not stop.is_set():
        t0 = time.monotonic()
        if request(torch, {"cmd": "status"}) is not None:
            times.append(time.monotonic() - t0)
        time.sleep(0.1)


def held(torch, stop):
    conns = []
    for _ in range(20):
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.connect(torch.socket)
            conns.append(s)
        except OSError:
            pass
    stop.wait()
    for s in conns:
        s.close()


def garbage(torch, stop):
    for i in range(100):
        if stop.is_set():
            return
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.settimeout(5)
            s.connect(torch.socket)
            s.sendall(b"\x00{not json %d\xff\n" % i)
            s.recv(4096)
            s.close()
        except OSError:
            pass  # the service may close a garbage client: that is its right


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch"
    os.sched_setaffinity(0, {0})
    torch = torchproc.Torch(binary, prefix=("taskset", "-c", "0"))
    try:
        reply = request(torch, {"cmd": "pattern", "spec": FAST})
        if not reply or not reply.get("ok"):
            fail("the fastest allowed pattern was refused: %s" % reply)
        for spec in HOSTILE:
            reply = request(torch, {"cmd": "pattern", "spec": spec})
            if reply is None:
                continue
            if reply.get("ok"):
                fail("hostile pattern accepted: %s" % spec)
            else:
                print("refused  %-44s %s" % (spec, reply.get("error", "")[:90]), flush=True)
        status = request(torch, {"cmd": "status"})
        if status and "50us" not in str(status.get("pattern")):
            fail("after the hostile patterns the pattern is %r, not the fast one" % status.get("pattern"))

        before = len(torchproc.read_trace(torch.trace))
        stop = threading.Event()
        times = []
        threads = [threading.Thread(target=normal_client, args=(torch, stop, times), daemon=True),
                   threading.Thread(target=held, args=(torch, stop), daemon=True),
                   threading.Thread(target=garbage, args=(torch, stop), daemon=True)]
        for t in threads:
            t.start()
        sequential = 0
        end = time.monotonic() + STORM_S
        while time.monotonic() < end:
            if request(torch, {"cmd": "status"}) is not None:
                sequential += 1
        stop.set()
        for t in threads:
            t.join(timeout=10)
        # The trace is flushed at least every 100 ms while tracing.
        time.sleep(0.3)
        after = len(torchproc.read_trace(torch.trace))
        if after <= before:
            fail("no output change during the storm (trace lines %d → %d)" % (before, after))
        if len(times) < 10:
            fail("the normal client was answered %d times in %.0f s" % (len(times), STORM_S))
        else:
            print("normal client on one CPU: %d status requests, round trip p50 %.2f ms  p99 %.2f ms  max %.2f ms"
                  % (len(times), 1e3 * torchproc.percentile(times, 50), 1e3 * torchproc.percentile(times, 99),
                     1e3 * max(times)), flush=True)
        print("sequential status requests answered: %d; output changes during the storm: %d"
              % (sequential, after - before), flush=True)
    finally:
        code = torch.stop()
    if code != 0:
        fail("SIGTERM: exit status %s, not 0" % code)
    with open(torch.trace) as f:
        last = [line for line in f.read().splitlines() if line][-1]
    if float(last.split(",")[1]) != 0:
        fail("the trace's last level is %s, not dark" % last)
    if failures:
        print("one-cpu storm: %d failure(s)" % len(failures))
        return 1
    print("one-cpu storm: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
