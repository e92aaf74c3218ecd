"""The parts of the MQTT tests (Tests/mqtt/run.py): Debian's mosquitto on a free
loopback port with a config file of the test's own, `torch run --backend sim` services
with an [mqtt] section and a --trace file, and a paho client playing Home Assistant.
Loopback only; every process is started here and stopped by its own pid."""

import getpass
import json
import os
import pty
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402  (the control-socket client and trace reader the bench uses)

import paho.mqtt.client as paho  # noqa: E402  (Debian's python3-paho-mqtt, 1.6)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(predicate, timeout, what):
    """Polls `predicate` every 10 ms until it is true; raises naming `what` after `timeout` s."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        time.sleep(0.01)
    raise AssertionError("timed out after %.1f s waiting for %s" % (timeout, what))


# A check-list test's failures (`check`), for its `summary`.
FAILURES = []


def check(ok, what):
    """One line of a check-list test: ok or FAIL with what was checked."""
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        FAILURES.append(what)


# Every process started here, so a failing test leaves none behind (`stop_all`).
STARTED = []


def stop_all():
    """Stops whatever a test left running (a failed assert skips its own stops)."""
    while STARTED:
        STARTED.pop().stop()


class Broker:
    """mosquitto with its own config (no system service): anonymous, no persistence, a
    log of every client event."""

    def __init__(self, directory, port=None):
        self.dir = directory
        self.port = port or free_port()
        self.log = os.path.join(directory, "mosquitto.log")
        self.config = os.path.join(directory, "mosquitto.conf")
        with open(self.config, "w") as f:
            f.write("listener %d 127.0.0.1\nallow_anonymous true\npersistence false\n"
                    "log_dest file %s\nlog_type all\nmax_keepalive 65535\nset_tcp_nodelay true\nuser %s\n" % (self.port, self.log, getpass.getuser()))
        self.proc = None
        self.start()

    def start(self):
        self.proc = subprocess.Popen(["mosquitto", "-c", self.config], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        if self not in STARTED:
            STARTED.append(self)
        def listening():
            if self.proc.poll() is not None:
                raise AssertionError("mosquitto exited (see %s)" % self.log)
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return True
            except OSError:
                return False
        wait_for(listening, 10, "mosquitto on port %d" % self.port)

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def stop(self):
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def log_text(self):
        with open(self.log, errors="replace") as f:
            return f.read()


class Torch:
    """`torch run --backend sim --no-display` with an [mqtt] section, a trace and a log."""

    def __init__(self, binary, broker_port, name, directory, keepalive="30s", extra="", args=(),
                 broker_url=None, wait=True, base=None):
        self.name = name
        self.dir = os.path.join(directory, name)
        os.makedirs(self.dir, exist_ok=True)
        self.socket = os.path.join(self.dir, "torch.sock")
        self.trace = os.path.join(self.dir, "trace.csv")
        self.logfile = os.path.join(self.dir, "log")
        self.base = base or "torch/" + name
        self.config = os.path.join(self.dir, "torch.conf")
        url = broker_url or "mqtt://127.0.0.1:%d" % broker_port
        with open(self.config, "w") as f:
            f.write("[service]\nsocket = %s\nwatchdog = no\n\n[mqtt]\nbroker = %s\nclient-id = %s\n"
                    "base-topic = %s\nkeepalive = %s\n%s" % (self.socket, url, name, self.base, keepalive, extra))
        self.proc = subprocess.Popen(
            [binary, "run", "--backend", "sim", "--no-display", "--config", self.config,
             "--state-file", os.path.join(self.dir, "state"), "--trace", self.trace] + list(args),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(self.logfile, "w"))
        STARTED.append(self)
        if wait:
            self.wait_connected()

    def wait_connected(self, count=1, timeout=15):
        wait_for(lambda: self.log().count("mqtt: connected to") >= count or self._died(), timeout,
                 "%s to connect to the broker (log %s)" % (self.name, self.logfile))
        assert self.proc.poll() is None, "%s exited: %s" % (self.name, self.log())

    def _died(self):
        return self.proc.poll() is not None

    def log(self):
        with open(self.logfile, errors="replace") as f:
            return f.read()

    def request(self, obj):
        return torchproc.request(self.socket, obj)

    def status(self):
        return self.request({"cmd": "status"})

    def trace_levels(self):
        """Every complete trace line as (ns since start, level). The service writes its
        trace in 32 KiB blocks: read it after `stop()`."""
        out = []
        with open(self.trace, "rb") as f:
            for line in f:
                if not line.endswith(b"\n"):
                    break
                t, _, v = line.strip().partition(b",")
                out.append((int(t), float(v)))
        return out

    def origin(self, samples=40):
        """CLOCK_MONOTONIC seconds of the trace's zero, to a fraction of a millisecond:
        each status reply's uptime (whole milliseconds, truncated) was taken between the
        request's send (t0) and its reply (t1), so the origin lies in
        (t0 - uptime - 1 ms, t1 - uptime]; the intersection over many requests narrows it."""
        low, high = -1e18, 1e18
        for _ in range(samples):
            t0 = time.monotonic()
            u = float(self.status()["uptime_s"])
            t1 = time.monotonic()
            low = max(low, t0 - u - 0.001)
            high = min(high, t1 - u)
            time.sleep(0.0013)
        return (low + high) / 2, high - low

    def changes(self, origin):
        """The trace as (CLOCK_MONOTONIC seconds, level), given the calibrated origin."""
        return [(origin + t / 1e9, lv) for t, lv in self.trace_levels()]

    def signal(self, sig):
        os.kill(self.proc.pid, sig)

    def stop(self, timeout=10):
        if self.proc.poll() is None:
            self.proc.send_signal(__import__("signal").SIGCONT)  # a test may have stopped it
            self.proc.terminate()
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        return self.proc.returncode


class PtyTorch:
    """`torch run --backend sim` with an [mqtt] section on a pty: the terminal's space
    bar is the simulated button. Its output is drained (and thrown away) while waiting."""

    def __init__(self, torch_bin, broker_port, name, work):
        d = os.path.join(work, name)
        os.makedirs(d, exist_ok=True)
        conf = os.path.join(d, "torch.conf")
        with open(conf, "w") as f:
            f.write("[service]\nsocket = %s/torch.sock\nwatchdog = no\n\n[mqtt]\nbroker = mqtt://127.0.0.1:%d\n"
                    "client-id = %s\nbase-topic = torch/%s\n" % (d, broker_port, name, name))
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen([torch_bin, "run", "--backend", "sim", "--config", conf, "--state-file", d + "/state"],
                                     stdin=slave, stdout=slave, stderr=open(d + "/log", "w"),
                                     env=dict(os.environ, TERM="xterm"))
        STARTED.append(self)
        os.close(slave)
        os.set_blocking(self.master, False)

    def drain(self):
        try:
            while os.read(self.master, 65536):
                pass
        except OSError:
            pass

    def wait_for(self, predicate, timeout, what):
        """`wait_for`, draining the terminal while it waits."""
        wait_for(lambda: (self.drain(), predicate())[1], timeout, what)

    def key(self, data=b" "):
        os.write(self.master, data)

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait()
        if self.master >= 0:
            os.close(self.master)
            self.master = -1


class Client:
    """A paho client (Home Assistant, another board, a user): every message it hears,
    with the CLOCK_MONOTONIC instant it arrived."""

    def __init__(self, port, topics=("#",), client_id=None):
        self.messages = []
        self.lock = threading.Lock()
        self.connected = threading.Event()
        self.client = paho.Client(client_id=client_id or "test-%d-%d" % (os.getpid(), id(self)), clean_session=True)
        self.client.on_connect = lambda c, u, f, rc: self.connected.set()
        self.client.on_message = self._on_message
        self.client.connect("127.0.0.1", port, keepalive=30)
        self.client.loop_start()
        if not self.connected.wait(10):
            raise AssertionError("the paho client could not connect to port %d" % port)
        # Nagle's algorithm would hold a publish until the broker's delayed ACK of the
        # one before (up to 40 ms): latency figures measure torch, not that.
        self.client.socket().setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self._subscribe(topics)

    def _subscribe(self, topics):
        self.subscribed = threading.Event()
        self.client.on_subscribe = lambda c, u, mid, granted: self.subscribed.set()
        self.client.subscribe([(t, 1) for t in topics])
        if not self.subscribed.wait(10):
            raise AssertionError("the paho client's SUBSCRIBE was not acknowledged")

    def _on_message(self, client, userdata, m):
        with self.lock:
            self.messages.append((time.monotonic(), m.topic, bytes(m.payload), m.retain))

    def publish(self, topic, payload, qos=1, retain=False):
        if isinstance(payload, (dict, list)):
            payload = json.dumps(payload)
        info = self.client.publish(topic, payload, qos=qos, retain=retain)
        info.wait_for_publish()
        return info

    def on(self, topic):
        """(instant, payload, retained) of every message heard on `topic`."""
        with self.lock:
            return [(t, p, r) for (t, tp, p, r) in self.messages if tp == topic]

    def last(self, topic):
        got = self.on(topic)
        return got[-1][1] if got else None

    def last_json(self, topic):
        p = self.last(topic)
        return json.loads(p) if p else None

    def clear(self):
        with self.lock:
            self.messages.clear()

    def close(self):
        self.client.loop_stop()
        self.client.disconnect()


def summary(name, failures, start, work):
    """The closing line of a check-list test (`ha-test: 0 failed in 20.5 s`); its files
    are removed when it passed, kept (and named) when not. Returns the exit code."""
    print("%s: %d failed in %.1f s" % (name, len(failures), time.monotonic() - start))
    if failures:
        print("(files kept in %s)" % work)
    else:
        shutil.rmtree(work, ignore_errors=True)
    return 1 if failures else 0


def level_at(changes, when):
    """The output level at CLOCK_MONOTONIC `when` (the last change at or before it)."""
    level = None
    for t, lv in changes:
        if t > when:
            break
        level = lv
    return level


def changes_between(changes, a, b):
    return [(t, lv) for t, lv in changes if a <= t < b]
