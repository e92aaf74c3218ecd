"""What the web and MQTT storms (Tests/storm/web-storm.py, mqtt-storm.py) share: the
normal client that must be answered throughout, the storm run in a child process (so
its threads never hold the normal client's interpreter lock and skew its round trips),
and the 100 Hz blink's lateness from the trace, quiet against storm.

The blink is `blink 5ms 5ms`: every on/off change lies on a 5 ms grid from its start.
A brightness change while it plays keeps its phase but is written at once, off the
grid; such writes go from one lit level to another, so only writes between dark and
lit are timed (`blink_lateness`)."""

import atexit
import multiprocessing
import os
import shutil
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

BLINK = "blink 5ms 5ms"
GRID_NS = 5_000_000
# The functional bound: "a normal client answered within 100 ms throughout".
# It is a requirement, not a speed figure: a normal round trip is a small part of it
# (docs/results.md, storms), so the bound leaves a wide margin even on a loaded machine.
BOUND_S = 0.100


class Normal(threading.Thread):
    """Calls `ask()` every 100 ms; `ask` returns None when answered properly, else what
    was wrong. Keeps (start instant, round trip s or None, what) per request."""

    def __init__(self, ask):
        super().__init__(daemon=True)
        self.ask, self.samples, self.stop = ask, [], threading.Event()

    def run(self):
        nxt = time.monotonic()
        while not self.stop.is_set():
            t0 = time.monotonic()
            try:
                wrong = self.ask()
            except (OSError, ValueError) as e:
                wrong = "%s: %s" % (type(e).__name__, e)
            rtt = time.monotonic() - t0
            self.samples.append((t0, None if wrong else rtt, wrong))
            nxt += 0.1
            self.stop.wait(max(0.0, nxt - time.monotonic()))

    def between(self, a, b):
        return [s for s in self.samples if a <= s[0] <= b]


class Floor:
    """The machine's floor beside the blink (`make bench` only): cyclictest at the
    blink's interval over the quiet window and then over the storm window, so the storm
    figure compares torch with what the same storm costs any real-time thread here. On a
    kernel that does not preempt itself (preempt=none, voluntary), a thread woken while
    another task is in a system call waits for that call to end: a storm of processes
    making system calls delays every real-time wake-up, torch's and cyclictest's alike.
    cyclictest runs one priority below the blink's, so it never delays it."""

    def __init__(self, priority=50):
        self.priority = max(1, priority - 1)
        self.proc, self.name, self.p99 = None, None, {}
        atexit.register(self.kill)  # a storm that raised leaves no cyclictest behind

    def kill(self):
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait()
            self.proc = None

    def begin(self, name):
        """Ends the window running, if any, and starts cyclictest for `name`."""
        self.end()
        self.name = name
        self.proc = subprocess.Popen(
            ["cyclictest", "-m", "-q", "-t1", "-p", str(self.priority), "-i", str(GRID_NS // 1000),
             "-h", "10000"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)

    def end(self):
        """Stops the window running (cyclictest prints its histogram on SIGINT)."""
        if self.proc is None:
            return
        self.proc.send_signal(signal.SIGINT)
        out, _ = self.proc.communicate(timeout=10)
        self.p99[self.name] = histogram_p99(out)
        self.proc = None

    @staticmethod
    def available():
        return shutil.which("cyclictest") is not None


def quiet(floor, seconds):
    """The quiet stretch before a storm, `seconds` from the pattern's start: the blink's
    quiet window, and the floor's, start 0.5 s in (the storms' `quiet` windows)."""
    time.sleep(0.5)
    if floor:
        floor.begin("quiet")
    time.sleep(seconds - 0.5)


def histogram_p99(text):
    """cyclictest's `-h` histogram ("µs count" lines, "# Histogram Overflows: N") as the
    p99 in µs at the same rank `torchproc.percentile` takes; an overflow counts as
    beyond the histogram (10 ms)."""
    counts, overflows = [], 0
    for line in text.splitlines():
        if line.startswith("# Histogram Overflows:"):
            overflows = int(line.split(":")[1])
        elif line and line[0].isdigit():
            us, n = line.split()[:2]
            counts.append((int(us), int(n)))
    total = sum(n for _, n in counts) + overflows
    if total == 0:
        return float("nan")
    rank, seen = min(total - 1, int(0.99 * total)), 0
    for us, n in counts:
        seen += n
        if seen > rank:
            return float(us)
    return 10000.0


def run_storm(target, args, checks, timeout=90, floor=None):
    """Runs `target(*args, results)` in a child process (fork) and waits for what it
    puts on `results` (a queue); returns (that or None, CLOCK_MONOTONIC start, end).
    With a `floor`, its storm window spans the storm."""
    if floor:
        floor.begin("storm")
    start = time.monotonic()
    results = multiprocessing.get_context("fork").Queue()
    p = multiprocessing.get_context("fork").Process(target=target, args=(*args, results), daemon=True)
    p.start()
    got = None
    try:
        got = results.get(timeout=timeout)
    except Exception:  # queue.Empty: the storm wedged
        checks.fail("the storm did not finish within %d s" % timeout)
    p.join(10)
    end = time.monotonic()
    if floor:
        floor.end()
    return got, start, end


def loris(connect, request, seconds=10):
    """A slow-loris client: `request` one byte a second for `seconds`, reconnecting
    (`connect()`: a socket) whenever the service closes it."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            with connect() as s:
                for b in request:
                    if time.monotonic() >= end:
                        break
                    s.sendall(bytes([b]))
                    time.sleep(1)
        except OSError:
            time.sleep(0.1)


def quietly(f):
    """A storm client's call: the service closing, refusing or timing it out is the point."""
    def run(*args, **kw):
        try:
            return f(*args, **kw)
        except (OSError, ValueError):
            return None
    return run


def hold(connect, count, until, seconds):
    """Opens `count` connections (`connect()`: a socket) and holds them until the event
    `until` (at most `seconds`), then closes them."""
    conns = []
    for _ in range(count):
        try:
            conns.append(connect())
        except OSError:
            pass
    until.wait(seconds)
    for c in conns:
        c.close()


def trace_levels(path):
    """Complete trace lines as (ns since start, level)."""
    out = []
    with open(path, "rb") as f:
        for line in f:
            if not line.endswith(b"\n"):
                break
            t, _, v = line.strip().partition(b",")
            try:
                out.append((int(t), float(v)))
            except ValueError:
                pass
    return out


def blink_changes(levels):
    """The instants of the writes between dark and lit (the blink's own edges)."""
    out, prev = [], None
    for t, lv in levels:
        if prev is not None and (prev == 0) != (lv == 0):
            out.append(t)
        prev = lv
    return out


def blink_lateness(levels, quiet, storm):
    """Lateness p99 (µs) of the blink's edges in the quiet and storm windows (trace ns
    (start, end) each), as one stretch: the pattern is never restarted between them."""
    edges = blink_changes(levels)
    q = [t for t in edges if quiet[0] <= t < quiet[1]]
    s = [t for t in edges if storm[0] <= t < storm[1]]
    late = dict(zip(q + s, torchproc.lateness(q + s, GRID_NS)))
    qp = torchproc.percentile([late[t] for t in q], 99) / 1000
    sp = torchproc.percentile([late[t] for t in s], 99) / 1000
    return qp, sp, len(q), len(s)


def seconds_without_change(levels, window):
    """The whole seconds of `window` (trace ns) in which the output never changed."""
    a, b = window
    seen = {(t - a) // 1_000_000_000 for t, _ in levels if a <= t < b}
    return [i for i in range((b - a) // 1_000_000_000) if i not in seen]


def normal_figures(samples):
    """(count, failures, p50 ms, p99 ms, max ms, worst failures) of a normal client."""
    rtts = [r * 1000 for _, r, _ in samples if r is not None]
    failed = [w for _, r, w in samples if r is None]
    return (len(samples), failed, torchproc.percentile(rtts, 50), torchproc.percentile(rtts, 99),
            max(rtts) if rtts else float("nan"))


def blink_report(levels, quiet, storm, floor=None):
    """The lateness line of a storm's report: p99 quiet and storm and their ratio; with
    a `floor`, cyclictest's p99 in the same windows, and the ratio judged is the storm
    p99 over cyclictest's under the same storm."""
    qp99, sp99, nq, ns = blink_lateness(levels, quiet, storm)
    return lateness_line(qp99, sp99, floor, "%d / %d edges" % (nq, ns))


def lateness_line(qp99, sp99, floor, tail):
    """The blink's lateness p99 quiet → storm (µs), judged as `blink_report` says."""
    grew = sp99 / qp99 if qp99 > 0 else float("nan")
    if floor is None or "storm" not in floor.p99:
        # No floor beside it (`make storm-test`, or no cyclictest): a figure, not judged.
        return ("   100 Hz blink lateness p99: quiet %.1f µs, storm %.1f µs (×%.2f; `make bench` judges it against "
                "cyclictest under the same storm; %s)" % (qp99, sp99, grew, tail))
    fq, fs = floor.p99.get("quiet", float("nan")), floor.p99["storm"]
    ratio = sp99 / fs if fs > 0 else float("nan")
    return ("   100 Hz blink lateness p99: quiet %.1f µs, storm %.1f µs (×%.2f); cyclictest beside it: quiet %.0f µs, "
            "storm %.0f µs (×%.2f); the storm against the floor: ratio %.2f (target ≤ 1.5: %s; %s)"
            % (qp99, sp99, grew, fq, fs, fs / fq if fq > 0 else float("nan"), ratio,
               "holds" if ratio <= 1.5 else "missed", tail))


def check_common(checks, normal, levels, window, code):
    """What every storm requires: the normal client answered within the bound every
    time (`normal`: normal_figures), the blink playing through the storm (`window`,
    trace ns), SIGTERM's exit 0 (`code`) and the light dark at the end."""
    n, failed, _, _, worst = normal
    checks.check(n >= 10, "the normal client made only %d requests during the storm" % n)
    for w in failed[:5]:
        checks.fail("a normal request failed during the storm: %s" % w)
    checks.check(not (worst > 1000 * BOUND_S), "the normal client waited %.1f ms (the issue's bound: 100 ms)" % worst)
    quiet_seconds = seconds_without_change(levels, window)
    checks.check(not quiet_seconds, "the blink stopped: no output change in second(s) %s of the storm" % quiet_seconds)
    checks.check(code == 0, "SIGTERM: exit status %s, not 0" % code)
    checks.check(levels and levels[-1][1] == 0, "the trace's last level is %s, not dark" % (levels[-1:] or "none"))


class Checks:
    """Failures of a test run; in --bench mode they are printed, never fatal."""

    def __init__(self, name):
        self.name, self.failures = name, []

    def fail(self, why):
        self.failures.append(why)
        print("FAIL  " + why, flush=True)

    def check(self, ok, why):
        if not ok:
            self.fail(why)
        return ok

    def exit_code(self, bench):
        if bench:
            return 0
        if self.failures:
            print("%s: %d failure(s)" % (self.name, len(self.failures)))
            return 1
        print("%s: passed" % self.name)
        return 0
