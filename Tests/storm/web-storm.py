#!/usr/bin/env python3
"""The web page under a storm (issue 15, Storms: "the same for the web page"): in
`make storm-test`, and as `make bench` figure 8b with --bench.

Its own `torch run --backend sim --no-display --trace FILE` with `[web] listen =
127.0.0.1:PORT` (loopback: no pairing), `blink 5ms 5ms` playing. A normal client — a
phone, from 127.0.0.2 — every 100 ms opens a fresh connection and asks `GET /api/status`, then another
for `POST /api/command` (`brightness 100%`, the level it has: the blink is not
disturbed). After QUIET s, from a child process at once: 1,000 sequential requests
(fresh connections, one after another), 200 held connections, 20 slow-loris clients
(one byte a second, reconnecting when closed), 200 garbage lines and 40 oversized or
malformed requests (a 3 KiB path, 9 KiB of headers, a 100 kB body, 1 MiB with no line
end, a foreign Host, a POST without Origin). At 16 connections the server evicts the
longest-idle connection of the host holding the most for a newcomer (docs/control-protocol.md),
so the phone is never locked out.

Checks (not with --bench): every normal request is answered with 200 within 100 ms
(the issue's bound; see stormclient.BOUND_S for the margin), the storm's own requests
got replies (sequential: 200, or a close when evicted before its request arrived, at
least 900 of 1000 answered; garbage and oversized: 400/403/413/414/421/431, or a
close), the output changed in every second of the storm (the blink plays), and SIGTERM
exits 0 with the light dark. Prints the normal client's round trips and the blink's
lateness p99 quiet vs storm; with --bench, cyclictest's beside it too, and the storm
p99 over cyclictest's under the same storm (target ≤ 1.5). Loopback only; stops what it
started.

usage: Tests/storm/web-storm.py [--bench] [TORCH]   (default .build/release/torch)"""

import http.client
import json
import os
import random
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stormclient as sc  # noqa: E402
from stormclient import torchproc  # noqa: E402

QUIET_S = 5.0


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Phone:
    """The normal client: fresh connections from 127.0.0.2 — another host than the
    storm's 127.0.0.1, as a phone is another machine than a flooding neighbour. (A
    client sharing the flood's address can lose a connection it has not yet sent on
    to the flood's newcomers and must retry: docs/control-protocol.md.)"""

    def __init__(self, port):
        self.port = port
        self.host = "127.0.0.1:%d" % port

    def _call(self, method, path, body=None):
        c = http.client.HTTPConnection("127.0.0.1", self.port, timeout=1.0, source_address=("127.0.0.2", 0))
        try:
            headers = {"Host": self.host}
            if body is not None:
                headers.update({"Origin": "http://" + self.host, "Content-Type": "application/json"})
            c.request(method, path, body=body, headers=headers)
            r = c.getresponse()
            data = r.read()
            if r.status != 200:
                return "%s %s → %d %s" % (method, path, r.status, data[:80])
            reply = json.loads(data)
            if reply.get("ok") is False:
                return "%s %s refused: %s" % (method, path, data[:80])
            return None
        finally:
            c.close()

    def status(self):
        return self._call("GET", "/api/status")

    def command(self):
        return self._call("POST", "/api/command", json.dumps({"cmd": "brightness", "level": "100%"}))


# ---- the storm (runs in a child process; results come back through a queue) ----

def connect(port, timeout=5.0):
    return socket.create_connection(("127.0.0.1", port), timeout=timeout)


def first_status(s):
    """The status code of the reply on `s` (0: closed without one)."""
    data = b""
    while b"\r\n" not in data:
        chunk = s.recv(4096)
        if not chunk:
            break
        data += chunk
    parts = data.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[1].isdigit() else 0


def storm(port, results):
    host = "127.0.0.1:%d" % port
    counts = {}
    lock = threading.Lock()

    def count(kind, code):
        with lock:
            counts.setdefault(kind, {})
            counts[kind][code] = counts[kind].get(code, 0) + 1

    def sequential():
        for _ in range(1000):
            @sc.quietly
            def one():
                with connect(port) as s:
                    s.sendall(("GET /api/status HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % host).encode())
                    return first_status(s)
            count("sequential", one() or 0)

    done = threading.Event()

    def held():
        sc.hold(lambda: connect(port), 200, done, 30)

    def loris():
        sc.loris(lambda: connect(port), ("GET /api/status HTTP/1.1\r\nHost: %s\r\n\r\n" % host).encode())

    def garbage():
        rng = random.Random(15)
        for _ in range(200):
            line = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 200))).replace(b"\n", b" ") + b"\r\n\r\n"
            @sc.quietly
            def one():
                with connect(port) as s:
                    s.sendall(line)
                    return first_status(s)
            count("garbage", one() or 0)
        bad = [b"GET /" + b"a" * 3000 + b" HTTP/1.1\r\nHost: " + host.encode() + b"\r\n\r\n",
               b"GET / HTTP/1.1\r\nHost: " + host.encode() + b"\r\nX: " + b"a" * 9000 + b"\r\n\r\n",
               b"POST /api/command HTTP/1.1\r\nHost: " + host.encode() + b"\r\nContent-Length: 100000\r\n\r\n" + b"{" * 100000,
               b"G" * (1 << 20),
               b"GET /api/status HTTP/1.1\r\nHost: evil.example\r\n\r\n",
               b"POST /api/command HTTP/1.1\r\nHost: " + host.encode() + b"\r\nContent-Type: application/json\r\n"
               b"Content-Length: 15\r\n\r\n{\"cmd\":\"off\"}  "]
        for i in range(40):
            @sc.quietly
            def one():
                with connect(port) as s:
                    try:
                        s.sendall(bad[i % len(bad)])
                    except OSError:
                        pass  # the server replied and closed before taking it all
                    return first_status(s)
            count("oversized", one() or 0)

    threads = [threading.Thread(target=f) for f in (sequential, held, garbage)]
    threads += [threading.Thread(target=loris) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads[:1] + threads[2:]:
        t.join(60)
    done.set()
    threads[1].join(30)
    results.put(counts)


def main():
    args = [a for a in sys.argv[1:] if a != "--bench"]
    bench = "--bench" in sys.argv[1:]
    binary = args[0] if args else ".build/release/torch"
    checks = sc.Checks("web storm")
    port = free_port()
    torch = torchproc.Torch(binary, "[web]\nlisten = 127.0.0.1:%d\n" % port)
    phone = Phone(port)
    counts = {}
    try:
        torchproc.request(torch.socket, {"cmd": "pattern", "spec": sc.BLINK})
        pattern_set = time.monotonic()
        normal = sc.Normal(lambda: phone.status() or phone.command())
        normal.start()
        floor = sc.Floor() if bench and sc.Floor.available() else None
        sc.quiet(floor, QUIET_S)
        counts, storm_start, storm_end = sc.run_storm(storm, (port,), checks, floor=floor)
        counts = counts or {}
        time.sleep(1)
        normal.stop.set()
        normal.join()
        alive = torch.proc.poll() is None
        checks.check(alive, "the service died during the storm")
    finally:
        code = torch.stop()

    figures = sc.normal_figures(normal.between(storm_start, storm_end))
    n, failed, p50, p99, worst = figures
    levels = sc.trace_levels(torch.trace)
    quiet = (torch.trace_ns(pattern_set + 0.5), torch.trace_ns(storm_start))
    window = (torch.trace_ns(storm_start), torch.trace_ns(storm_end))
    label = "8b. web storm" if bench else "web storm"
    print("%s (%.1f s: 1000 sequential, 200 held, 20 slow-loris, 200 garbage, 40 oversized/malformed; [web] on loopback)"
          % (label, storm_end - storm_start))
    print("   normal client (GET /api/status + POST /api/command every 100 ms, fresh connections): %d rounds, %d failed;"
          " round trip p50 %.2f ms  p99 %.2f ms  max %.2f ms (target: within 100 ms: %s)"
          % (n, len(failed), p50, p99, worst, "holds" if not failed and worst <= 100 else "missed"))
    print(sc.blink_report(levels, quiet, window, floor))
    print("   storm replies by status (0: closed without one): %s" % json.dumps(counts, sort_keys=True))

    sc.check_common(checks, figures, levels, window, code)
    seq = counts.get("sequential", {})
    # The storm's own connections share one address: one may be evicted by the storm's
    # newcomers before its request arrives (a close, 0), never refused otherwise.
    checks.check(seq.get(200, 0) >= 900 and set(seq) <= {0, 200},
                 "sequential requests: %s of 1000 answered 200, the rest %s" % (seq.get(200, 0), seq))
    for kind in ("garbage", "oversized"):
        got = counts.get(kind, {})
        wrong = {k: v for k, v in got.items() if k not in (0, 400, 403, 413, 414, 415, 421, 431)}
        checks.check(not wrong and sum(got.values()) > 0, "%s requests: unexpected replies %s" % (kind, got))
    if not checks.failures:  # kept for a look when something failed
        __import__("shutil").rmtree(torch.dir, ignore_errors=True)
    else:
        print("logs: %s/log" % torch.dir)
    return checks.exit_code(bench)


if __name__ == "__main__":
    sys.exit(main())
