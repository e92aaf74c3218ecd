"""A `torch run --backend sim --no-display` of its own for the socket storm and the soak:
a private config (socket, state file), a --trace file, control requests over the Unix
socket, and the trace's lateness. Standard library only; loopback only.

Lateness from the trace: a `--trace` line is '<ns since start>,<level>', the *actual*
instant of each output change. A pattern whose steps are all multiples of `grid` (5 ms
for `blink 5ms 5ms`) is meant to change exactly on a grid from its start, so within a
stretch where nothing restarted the pattern, each change's offset from the grid is its
lateness; the earliest offset of the stretch is taken as on time (so this is lateness
beyond the best write of the stretch, never more than the true lateness)."""

import json
import os
import socket
import subprocess
import tempfile
import time


class Torch:
    """One torch service in a temporary directory; `stop()` (or the context) ends it."""

    def __init__(self, binary, extra_config="", prefix=()):
        self.dir = tempfile.mkdtemp(prefix="torch-storm.")
        self.socket = os.path.join(self.dir, "torch.sock")
        self.trace = os.path.join(self.dir, "trace.csv")
        config = os.path.join(self.dir, "torch.conf")
        with open(config, "w") as f:
            f.write("[service]\nsocket = %s\nwatchdog = no\n%s" % (self.socket, extra_config))
        # `prefix`: a wrapper command, e.g. ("taskset", "-c", "0") for one CPU.
        self.proc = subprocess.Popen(
            [*prefix, binary, "run", "--backend", "sim", "--no-display", "--config", config,
             "--state-file", os.path.join(self.dir, "state"), "--trace", self.trace],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.path.join(self.dir, "log"), "w"))
        # TORCH_START_SECONDS: longer for a torch under valgrind (Tests/bench/link-order.sh).
        deadline = time.monotonic() + float(os.environ.get("TORCH_START_SECONDS", "10"))
        while not self._answers():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError("torch run did not open %s (see %s/log)" % (self.socket, self.dir))
            time.sleep(0.05)
        self.origin = self.calibrate()

    def _answers(self):
        try:
            request(self.socket, {"cmd": "status"}, timeout=0.5)
            return True
        except OSError:
            return False

    def calibrate(self):
        """CLOCK_MONOTONIC seconds of the trace's zero: now minus the reported uptime
        (to the millisecond), from the quickest of five status round trips."""
        best = None
        for _ in range(5):
            t0 = time.monotonic()
            reply = request(self.socket, {"cmd": "status"})
            t1 = time.monotonic()
            if best is None or t1 - t0 < best[0]:
                best = (t1 - t0, (t0 + t1) / 2 - float(reply["uptime_s"]))
        return best[1]

    def trace_ns(self, monotonic):
        """A CLOCK_MONOTONIC instant (seconds) as trace time (ns since start)."""
        return int((monotonic - self.origin) * 1e9)

    def pid(self):
        return self.proc.pid

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


def hold(path, seconds, timeout=2.0):
    """The virtual button held for `seconds` on one connection (a holder that goes away
    releases at once, so the press and its release share a session); each reply must be
    ok."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(path)
        f = s.makefile("rwb")
        for cmd in ("press", "release"):
            f.write((json.dumps({"cmd": cmd}) + "\n").encode())
            f.flush()
            reply = json.loads(f.readline().decode())
            if not reply.get("ok", False):
                raise ValueError("%s refused: %s" % (cmd, reply))
            if cmd == "press":
                time.sleep(seconds)


def saved_level(path):
    """The state file's brightness ("40%"), or None while there is no file."""
    try:
        with open(path) as f:
            for line in f:
                if line.startswith("brightness="):
                    return line.strip().split("=", 1)[1]
    except OSError:
        return None
    return None


def request(path, obj, timeout=2.0):
    """One request on a fresh connection (as the `torch` CLI does); the reply as a dict.
    Raises OSError (timeout included) or ValueError (a reply that is not JSON / not ok)."""
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.settimeout(timeout)
        s.connect(path)
        s.sendall((json.dumps(obj) + "\n").encode())
        data = b""
        while not data.endswith(b"\n"):
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    reply = json.loads(data.decode())
    if not reply.get("ok", False):
        raise ValueError("refused: %s" % data.decode().strip())
    return reply


def read_trace(path):
    """The trace's actual instants (ns), complete lines only (the file is written in
    buffered blocks while the service runs)."""
    out = []
    with open(path, "rb") as f:
        for line in f:
            if not line.endswith(b"\n"):
                break
            try:
                out.append(int(line.split(b",", 1)[0]))
            except ValueError:
                pass
    return out


def lateness(instants, grid_ns):
    """Lateness (ns) of each change in one stretch of a pattern on a `grid_ns` grid."""
    if not instants:
        return []
    # Offsets from the grid, unwrapped around their median: a write is never early, so
    # the median is at most a little late and everything from a tenth of the grid before
    # it counts as later (a write more than 90 % of the grid late reads as on time:
    # beyond what the trace alone can tell).
    offsets = sorted(t % grid_ns for t in instants)
    median = offsets[len(offsets) // 2]
    early = grid_ns // 10
    d = [((t % grid_ns) - median + early) % grid_ns - early for t in instants]
    best = min(d)
    return [x - best for x in d]


def stretches(instants, cuts, before_ns=2_000_000, after_ns=20_000_000):
    """Splits trace instants at `cuts` (trace-time (start, end) of each request that may
    restart the pattern), dropping what falls near one."""
    cuts = sorted(cuts)
    out, current, i = [], [], 0
    for t in instants:
        while i < len(cuts) and t > cuts[i][1] + after_ns:
            if current:
                out.append(current)
            current, i = [], i + 1
        if i < len(cuts) and t >= cuts[i][0] - before_ns:
            continue
        current.append(t)
    if current:
        out.append(current)
    return out


def percentile(values, p):
    if not values:
        return float("nan")
    v = sorted(values)
    return v[min(len(v) - 1, int(p / 100.0 * len(v)))]


def free_port():
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def stop_process(proc, timeout=10):
    """SIGTERM, then SIGKILL after `timeout` s; returns the exit code."""
    if proc.poll() is None:
        proc.terminate()
    try:
        return proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        return proc.wait()
