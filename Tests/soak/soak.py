#!/usr/bin/env python3
"""`make soak`: the torch service for SOAK_MINUTES under steady traffic (issue 15, Soak).

Its own `torch run --backend sim --no-display --trace FILE` (Tests/bench/torchproc.py).
Each minute: 40 s busy — a button-like command every 300 ms (toggle, on, off,
brightness), a pattern change every 5 s — then 20 s steady: `blink 5ms 5ms` lit, only
brightness changes (they keep the pattern's timing; the change itself is written at
once, off the grid, and left out like every request's moment). A status request every 100 ms
throughout, on a fresh connection.

The web page and MQTT carry traffic too (issue 15: "and web/MQTT when present"): the
service serves `[web] listen` on a free loopback port, where a page's event stream
stays open the whole soak and `GET /api/status` is asked every 500 ms on a fresh
connection; and when Debian's mosquitto and python3-paho-mqtt are installed, the soak
starts its own broker on a free loopback port (Tests/mqtt/harness.py), the service
connects to it, and Home Assistant (a paho client) hears the state. In the busy part a
third of the commands go as `POST /api/command` and a third as MQTT commands on
`torch/soak/set`, with `[light] patterns = steady, blink` and `remote-flashing = yes` (the blinks flash
fast).

Each minute prints VmRSS, open descriptors and the lateness p99 of the minute's output
changes (from the trace, as flushed so far), the requests so far and the web events and
MQTT states heard; at the end the drift over the last steady stretch (its grid offset at
the end minus at the start).

Fails (exit 1) on: RSS growing more than 10 % and more than 4 MiB from minute 1 to the
end, any growth in open descriptors from minute 1 to the end, drift above 1 ms, the
service dying or no longer answering (socket, web or MQTT command failed), the event
stream closing or silent for a minute, no MQTT state in a minute, or the service
reconnecting to the broker. Loopback only; stops what it started.

usage: Tests/soak/soak.py MINUTES [TORCH]   (default .build/release/torch)"""

import http.client
import json
import os
import random
import shutil
import socket
import sys
import tempfile
import threading
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "bench"))
import torchproc  # noqa: E402

try:  # MQTT traffic when Debian's mosquitto and paho are installed
    sys.path.insert(0, os.path.join(here, "..", "mqtt"))
    import harness  # noqa: E402
    HAVE_MQTT = shutil.which("mosquitto") is not None
except ImportError:
    HAVE_MQTT = False

GRID_NS = 5_000_000  # every pattern below changes on a 5 ms grid from its start
PATTERNS = ["blink 5ms 5ms", "blink 10ms 20ms", "blink 25ms 25ms", "blink 5ms 45ms", "blink 50ms 150ms"]
COMMANDS = [{"cmd": "toggle"}, {"cmd": "on"}, {"cmd": "off"}]


def proc_figures(pid):
    rss = 0
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
    # The fewest of looks spread over 2 s: a client's connection being served at the
    # instant of one look is not a leak (the soak's clients connect every 100 ms); a
    # leaked descriptor is there at every look.
    # /dev/cpu_dma_latency is held only while a pattern plays ([service] cpu-latency):
    # it comes and goes with the pattern, so it is not counted.
    fds = []
    for _ in range(20):
        fds.append(len([t for t in fd_targets(pid, joined=False) if not t.endswith("→/dev/cpu_dma_latency")]))
        time.sleep(0.1)
    return rss, min(fds)


def fd_targets(pid, joined=True):
    """What each open descriptor is (readlink: "3→socket:[1234]")."""
    out = []
    for fd in sorted(os.listdir("/proc/%d/fd" % pid), key=int):
        try:
            out.append("%s→%s" % (fd, os.readlink("/proc/%d/fd/%s" % (pid, fd))))
        except OSError:
            pass
    return ", ".join(out) if joined else out


class Traffic(threading.Thread):
    """Drives the service; records every request that may restart the pattern (its
    trace-time window) and every failure. `web`: the port of `[web] listen`; `mqtt`: a
    connected harness.Client (Home Assistant) or None."""

    def __init__(self, torch, seconds, web, mqtt):
        super().__init__(daemon=True)
        self.torch, self.seconds, self.web, self.mqtt = torch, seconds, web, mqtt
        self.cuts, self.failures, self.requests = [], 0, 0
        self.web_requests, self.mqtt_commands = 0, 0
        self.steady = []  # (start, end) trace time of each steady stretch
        self.stop = threading.Event()
        self.lock = threading.Lock()

    def failed(self, what, e):
        with self.lock:
            self.failures += 1
        print("   %s failed: %s" % (what, e), flush=True)

    def send(self, obj, cut=True, via="socket"):
        """One request by `via`: the control socket, the web page or MQTT."""
        if via == "mqtt" and not self.mqtt_command(obj):
            via = "socket"  # no MQTT form (toggle, pattern)
        t0 = time.monotonic()
        try:
            if via == "socket":
                torchproc.request(self.torch.socket, obj, timeout=2.0)
            elif via == "web":
                self.web_request("POST", "/api/command", obj)
            else:
                self.mqtt.publish("torch/soak/set", self.mqtt_command(obj))
        except (OSError, ValueError, RuntimeError) as e:
            self.failed("request %s (%s)" % (obj, via), e)
        t1 = time.monotonic()
        with self.lock:
            self.requests += 1
            self.web_requests += via == "web"
            self.mqtt_commands += via == "mqtt"
            if cut:
                # An MQTT command takes effect after the broker passes it on: the window
                # stays open 100 ms past the publish's acknowledgement.
                self.cuts.append((self.torch.trace_ns(t0), self.torch.trace_ns(t1 + (0.1 if via == "mqtt" else 0))))

    def mqtt_command(self, obj):
        """The Home Assistant form of a control request, or None (toggle, pattern)."""
        if self.mqtt is None:
            return None
        cmd = obj.get("cmd")
        if cmd in ("on", "off"):
            return {"state": cmd.upper()}
        if cmd == "brightness":
            return {"brightness": int(obj["level"].rstrip("%"))}
        return None

    def web_request(self, method, path, obj=None):
        host = "127.0.0.1:%d" % self.web
        c = http.client.HTTPConnection("127.0.0.1", self.web, timeout=2.0)
        try:
            headers = {"Host": host}
            body = None
            if obj is not None:
                body = json.dumps(obj)
                headers.update({"Origin": "http://" + host, "Content-Type": "application/json"})
            c.request(method, path, body=body, headers=headers)
            r = c.getresponse()
            data = r.read()
            if r.status != 200 or json.loads(data).get("ok") is False:
                raise ValueError("%d %s" % (r.status, data[:100]))
        finally:
            c.close()

    def run(self):
        rng = random.Random(15)
        start = time.monotonic()
        helpers = [threading.Thread(target=self.statuses, daemon=True),
                   threading.Thread(target=self.web_statuses, daemon=True)]
        for h in helpers:
            h.start()
        vias = ["socket", "web", "mqtt"]
        while not self.stop.is_set() and time.monotonic() - start < self.seconds:
            second = (time.monotonic() - start) % 60
            if second < 40:
                via = rng.choice(vias)
                if rng.random() < 0.06:  # about every 5 s at one request per 300 ms
                    self.send({"cmd": "pattern", "spec": rng.choice(PATTERNS)}, via=via)
                elif rng.random() < 0.3:
                    self.send({"cmd": "brightness", "level": "%d%%" % rng.randrange(1, 101)}, via=via)
                else:
                    self.send(rng.choice(COMMANDS), via=via)
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
        for h in helpers:
            h.join()

    def statuses(self):
        while not self.stop.is_set():
            self.send({"cmd": "status"}, cut=False)
            self.stop.wait(0.1)

    def web_statuses(self):
        while not self.stop.is_set():
            try:
                self.web_request("GET", "/api/status")
            except (OSError, ValueError) as e:
                self.failed("GET /api/status", e)
            with self.lock:
                self.requests += 1
                self.web_requests += 1
            self.stop.wait(0.5)


class EventStream(threading.Thread):
    """A page's `GET /api/events`, open the whole soak: counts status events and notes
    when anything last arrived (the server pings every 15 s)."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.sock.sendall(("GET /api/events HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n\r\n" % port).encode())
        self.sock.settimeout(1.0)
        self.events, self.last, self.closed = 0, time.monotonic(), False
        self.stop = threading.Event()

    def run(self):
        while not self.stop.is_set():
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            except OSError:
                data = b""
            if not data:
                self.closed = not self.stop.is_set()
                return
            self.events += data.count(b"event: status")
            self.last = time.monotonic()

    def close(self):
        self.stop.set()
        self.sock.close()


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
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        web = sock.getsockname()[1]
    # The soak's patterns are fast blinks, chosen and toggled from the socket, the page
    # and MQTT alike: its owner lists blink and lets remote front ends light what flashes.
    config = "[light]\npatterns = steady, blink\nremote-flashing = yes\n\n[web]\nlisten = 127.0.0.1:%d\n" % web
    broker = ha = None
    work = tempfile.mkdtemp(prefix="torch-soak.")
    if HAVE_MQTT:
        broker = harness.Broker(work)
        config += "[mqtt]\nbroker = mqtt://127.0.0.1:%d\nclient-id = soak\nbase-topic = torch/soak\n" % broker.port
    torch = torchproc.Torch(binary, config)
    logfile = os.path.join(torch.dir, "log")
    pid = torch.pid()
    problems = []
    if HAVE_MQTT:
        harness.wait_for(lambda: "mqtt: connected" in open(logfile).read(), 15, "the service to connect to mosquitto")
        ha = harness.Client(broker.port, topics=("torch/soak/state",))
    print("soak: %d min, torch pid %d, %s; web on port %d; MQTT %s" % (
        minutes, pid, binary, web, "on port %d" % broker.port if broker else "skipped (no mosquitto or paho)"), flush=True)
    stream = EventStream(web)
    stream.start()
    traffic = Traffic(torch, minutes * 60, web, ha)
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
            if first is None:
                print("  descriptors at minute 1: %s" % fd_targets(pid), flush=True)
            first = first or (rss, fds)
            last = (rss, fds)
            if fds > first[1]:
                print("  descriptors now: %s" % fd_targets(pid), flush=True)
            p99, n = minute_lateness(torch, traffic, torch.trace_ns(start + 60 * (m - 1)), torch.trace_ns(start + 60 * m))
            states = len([1 for t, _, _ in ha.on("torch/soak/state") if t >= start + 60 * (m - 1)]) if ha else 0
            print("minute %3d: RSS %6d kB  fds %3d  lateness p99 %7.1f µs (%d changes)  requests %d (web %d, MQTT %d),"
                  " failed %d; web events %d; MQTT states this minute %s"
                  % (m, rss, fds, p99, n, traffic.requests, traffic.web_requests, traffic.mqtt_commands,
                     traffic.failures, stream.events, states if ha else "-"), flush=True)
            if stream.closed or time.monotonic() - stream.last > 60:
                problems.append("the web event stream %s in minute %d" % ("closed" if stream.closed else "went silent", m))
            if ha and states == 0:
                problems.append("no MQTT state message in minute %d" % m)
    finally:
        traffic.stop.set()
        traffic.join(10)
        stream.close()
        code = torch.stop()
        if ha:
            ha.close()
        if HAVE_MQTT:
            harness.stop_all()
    with open(logfile, errors="replace") as f:
        connects = f.read().count("mqtt: connected")
    if HAVE_MQTT and connects != 1:
        problems.append("the service connected to the broker %d times (lost it)" % connects)
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
    if not problems:
        shutil.rmtree(work, ignore_errors=True)
        shutil.rmtree(torch.dir, ignore_errors=True)
    else:
        print("soak: logs in %s" % torch.dir)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
