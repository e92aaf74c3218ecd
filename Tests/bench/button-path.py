#!/usr/bin/env python3
"""`make bench` figure 9d: where a button press's latency goes, from the kernel's own
syscall tracepoints (perf record -e raw_syscalls:*), not from torch's clocks.

`torch bench button` injects presses through a pipe its event loop polls like a GPIO
line's event fd. For each press (an injector write that leads to a hand-off) this
splits the path into three steps:
  a. wake:     the injector's write() enters → the event loop's ppoll() returns
               (an idle CPU woken by another CPU: the machine's floor);
  b. loop:     ppoll() returns → the loop's futex wake (the hand-off) enters
               (read the edge, gesture, state machine, program: torch's own work);
  c. hand-off: the futex wake enters → the pattern thread's futex wait returns
               (with share-cpu = yes a preemption on the loop's CPU, with no often an
               idle wake-up of the other CPU).
perf's tracepoints add a few µs per syscall; the steps compare, they are not the
figure 4 latency. Prints a line per share-cpu setting; skips (exit 0) without perf or
permission to trace.

usage: Tests/bench/button-path.py TORCH [PRESSES]
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

SYS_READ, SYS_WRITE, SYS_FUTEX, SYS_PPOLL = 0, 1, 202, 271
FUTEX_WAKE_PRIVATE = 0x81
LINE = re.compile(r"\s*(\d+)\s+([\d.]+):\s+raw_syscalls:sys_(enter|exit):\s+NR (-?\d+) (.*)")


def events(text):
    """(µs, tid, 'enter'|'exit', nr, rest) for every traced syscall, in order."""
    out = []
    for line in text.splitlines():
        m = LINE.match(line)
        if m:
            tid, t, kind, nr, rest = m.groups()
            out.append((float(t) * 1e6, int(tid), kind, int(nr), rest))
    return out


def steps(evs):
    """The (wake, loop, hand-off) µs of each press found in the trace."""
    if not evs:
        return []
    main = min(e[1] for e in evs)   # the injecting (main) thread has the lowest tid
    found = []
    for i, (t, tid, kind, nr, rest) in enumerate(evs):
        if tid != main or kind != "enter" or nr != SYS_WRITE:
            continue
        awake = handoff = running = None
        loop = None
        for (t2, tid2, kind2, nr2, rest2) in evs[i + 1:i + 200]:
            if tid2 == main:
                continue
            if awake is None:
                if kind2 == "exit" and nr2 == SYS_PPOLL:
                    awake, loop = t2, tid2
            elif handoff is None:
                if tid2 == loop and kind2 == "enter" and nr2 == SYS_PPOLL:
                    break   # a release: the loop went back to sleep without a hand-off
                if tid2 == loop and kind2 == "enter" and nr2 == SYS_FUTEX \
                        and int(rest2.strip("(").split(",")[1], 16) == FUTEX_WAKE_PRIVATE:
                    handoff = t2
            elif tid2 != loop and kind2 == "exit" and nr2 == SYS_FUTEX:
                running = t2
                break
        if awake is not None and handoff is not None and running is not None:
            found.append((awake - t, handoff - awake, running - handoff))
    return found


def pct(values, p):
    v = sorted(values)
    return v[max(1, -(-len(v) * p // 100)) - 1]


def main():
    torch = sys.argv[1]
    presses = sys.argv[2] if len(sys.argv) > 2 else "200"
    if shutil.which("perf") is None:
        print("9d. button path by step: skipped (apt-get install linux-perf)")
        return 0
    with tempfile.TemporaryDirectory(prefix="torch-button-path.") as d:
        print(f"9d. button path by step, from syscall tracepoints ({presses} presses; µs p50 / p90 / p99)")
        for share in ("yes", "no"):
            conf = os.path.join(d, f"{share}.conf")
            with open(conf, "w") as f:
                f.write(f"[service]\nshare-cpu = {share}\n")
            data = os.path.join(d, f"{share}.data")
            rec = subprocess.run(["perf", "record", "-q", "-e", "raw_syscalls:sys_enter,raw_syscalls:sys_exit",
                                  "-o", data, "--", torch, "bench", "button", "--backend", "sim",
                                  "--presses", presses, "--json", "--config", conf],
                                 capture_output=True, text=True)
            if rec.returncode != 0:
                print(f"   skipped: perf record failed: {rec.stderr.strip().splitlines()[-1:]}")
                return 0
            script = subprocess.run(["perf", "script", "-i", data, "-F", "tid,time,event,trace"],
                                    capture_output=True, text=True)
            found = steps(events(script.stdout))
            if not found:
                print(f"   share-cpu = {share}: no press found in the trace")
                continue
            cols = []
            for k, name in enumerate(("a. wake", "b. loop", "c. hand-off")):
                v = [s[k] for s in found]
                cols.append(f"{name} {pct(v, 50):.0f} / {pct(v, 90):.0f} / {pct(v, 99):.0f}")
            print(f"   share-cpu = {share:3s} ({len(found)} presses): " + "   ".join(cols))
    return 0


if __name__ == "__main__":
    sys.exit(main())
