#!/usr/bin/python3
"""No name lookup on the event loop (issue 22): in a private network namespace whose
only resolver, on its own loopback, swallows every query, `torch run --backend sim` with
`[mqtt] broker = mqtt://broker.example.lan` keeps answering its control socket while
the broker's name never resolves. Part of `make mqtt-test`; needs root (unshare).

The script re-runs itself under `unshare --net --mount`: loopback up, /etc/resolv.conf
bind-mounted to `nameserver 127.0.0.1` for this namespace only, a UDP and a TCP
"resolver" on 127.0.0.1:53 that read queries and never answer. Then 300 `status`
requests, one every 20 ms (6 s: more than getaddrinfo's 5 s per try).
Checks (liveness, never a speed): the resolver was asked (the lookup really ran);
every request is answered, none later than 1 s (a lookup on the loop stalls it for
5 s); SIGTERM exits 0. Prints the round trips' p50/p99/max beside the issue's target
(p99 ≤ 50 ms), for reading.

usage: Tests/mqtt/dns-stall.py TORCH"""
import json, os, shutil, socket, subprocess, sys, tempfile, threading, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

TORCH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch")
INSIDE = "TORCH_DNS_STALL_INSIDE"
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


class Swallower:
    """A name server that reads every query and answers none."""

    def __init__(self):
        self.queries = 0
        self.udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        self.udp.bind(("127.0.0.1", 53))
        self.tcp = socket.socket()
        self.tcp.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.tcp.bind(("127.0.0.1", 53))
        self.tcp.listen(16)
        self.held = []
        threading.Thread(target=self.read_udp, daemon=True).start()
        threading.Thread(target=self.hold_tcp, daemon=True).start()

    def read_udp(self):
        while True:
            self.udp.recvfrom(4096)
            self.queries += 1

    def hold_tcp(self):
        while True:
            c, _ = self.tcp.accept()
            self.queries += 1
            self.held.append(c)


def status(path, timeout=10.0):
    """The round trip (s) of one status request, or None when it was not answered."""
    t0 = time.monotonic()
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(timeout)
            s.connect(path)
            s.sendall(b'{"cmd":"status"}\n')
            data = b""
            while not data.endswith(b"\n"):
                chunk = s.recv(65536)
                if not chunk:
                    return None
                data += chunk
        return time.monotonic() - t0 if json.loads(data).get("ok") else None
    except (OSError, ValueError):
        return None


def percentile(values, p):
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def inside():
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    tmp = tempfile.mkdtemp(prefix="torch-dns-")
    with open(os.path.join(tmp, "resolv.conf"), "w") as f:
        f.write("nameserver 127.0.0.1\n")
    subprocess.run(["mount", "--bind", os.path.join(tmp, "resolv.conf"), "/etc/resolv.conf"], check=True)
    dns = Swallower()
    sock = os.path.join(tmp, "torch.sock")
    conf = os.path.join(tmp, "torch.conf")
    with open(conf, "w") as f:
        f.write("[service]\nsocket = %s\nwatchdog = no\n\n[mqtt]\nbroker = mqtt://broker.example.lan\n" % sock)
    proc = subprocess.Popen([TORCH, "run", "--backend", "sim", "--no-display", "--config", conf,
                             "--state-file", os.path.join(tmp, "state")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(tmp, "log"), "w"))
    try:
        deadline = time.monotonic() + 30
        while not (os.path.exists(sock) and status(sock, 2.0)) and time.monotonic() < deadline:
            time.sleep(0.05)
        times, missed = [], 0
        for _ in range(300):
            rtt = status(sock)
            if rtt is None:
                missed += 1
            else:
                times.append(rtt)
            time.sleep(0.02)
        check(dns.queries > 0, "the swallowing resolver was asked %d time(s) for the broker's name" % dns.queries)
        check(missed == 0, "%d of 300 status requests unanswered while the name never resolves" % missed)
        if times:
            worst = max(times)
            check(worst <= 1.0, "slowest status round trip %.1f ms (a lookup on the loop stalls it for 5 s)" % (worst * 1e3))
            p99 = percentile(times, 99)
            print("status round trip while DNS never answers: p50 %.2f ms, p99 %.2f ms, max %.2f ms "
                  "(target p99 <= 50 ms: %s)" % (percentile(times, 50) * 1e3, p99 * 1e3, worst * 1e3,
                                                 "held" if p99 <= 0.050 else "missed"), flush=True)
    finally:
        rc = torchproc.stop_process(proc)
        check(rc == 0, "SIGTERM: exit %s" % rc)
        with open(os.path.join(tmp, "log")) as f:
            log = [l.strip() for l in f if "mqtt" in l]
        print("service log (mqtt): %s" % (" | ".join(log[:3]) or "none"))
        shutil.rmtree(tmp, ignore_errors=True)
    print("dns-stall: %s" % ("%d failed" % len(failures) if failures else "passed"))
    return 1 if failures else 0


def main():
    if os.environ.get(INSIDE) == "1":
        return inside()
    if os.geteuid() != 0:
        print("dns-stall: needs root (a private network namespace)")
        return 1
    env = dict(os.environ, **{INSIDE: "1"})
    return subprocess.run(["unshare", "--net", "--mount", sys.executable, os.path.abspath(__file__), TORCH],
                          env=env).returncode


if __name__ == "__main__":
    sys.exit(main())
