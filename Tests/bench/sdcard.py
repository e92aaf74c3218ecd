#!/usr/bin/python3
"""`make bench` figure 14: what the service writes to its state directory (an SD card on
a Pi) in heavy use, measured for real. Prints; never fails on a target.

One `torch run --backend sim` with the web page and MQTT, its state file on this
machine's disk, under strace counting its own fsync/fdatasync and rename system calls
(`--seccomp-bpf`: only those stop, nothing else slows), and its /proc/PID/io write_bytes
(bytes it caused the storage layer to write, counted as it dirties pages: a state file
of a hundred bytes is one 4 KiB page per write). The heavy use, compressed in time at
its real rates:
  - an MQTT command each second (Home Assistant), each a change (brightness 40 % / 60 %);
  - a phone dragging the slider once a minute: 3 s of POST /api/command brightness, one
    every 100 ms (the page sends after 60 ms without a move);
  - a button press a minute (the virtual button's tap: the same recognizer);
then the same MQTT command each second repeated unchanged (an automation re-sending the
state), then nothing at all. Each phase's counts are scaled to an hour.

Targets: at most one state write per second at the worst (the shortest gap between two
writes ≥ 1 s, the coalescer's interval), none while nothing changes.

usage: Tests/bench/sdcard.py TORCH
  SHORT=1  (environment) 60 s of heavy use and 20 s each of the other phases, instead of
           300 s and 60 s"""

import http.client
import json
import os
import signal
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import torchproc  # noqa: E402

SHORT = os.environ.get("SHORT", "0") == "1"
HEAVY = 60 if SHORT else 300
QUIET = 20 if SHORT else 60


def mqtt_available():
    if not shutil.which("mosquitto"):
        return False
    try:
        import paho.mqtt.client  # noqa: F401
        return True
    except ImportError:
        return False


class Service:
    """torch run under strace; the state directory a directory of its own on disk."""

    def __init__(self, binary, work, web_port, broker_port):
        self.work = work
        self.socket = os.path.join(work, "torch.sock")
        self.state_dir = os.path.join(work, "state")
        self.strace_log = os.path.join(work, "strace.log")
        config = os.path.join(work, "torch.conf")
        with open(config, "w") as f:
            f.write("[service]\nsocket = %s\nwatchdog = no\n\n[web]\nlisten = 127.0.0.1:%d\n" % (self.socket, web_port))
            if broker_port:
                f.write("\n[mqtt]\nbroker = mqtt://127.0.0.1:%d\nclient-id = sdcard\nbase-topic = torch/sdcard\n" % broker_port)
        self.strace = subprocess.Popen(
            ["strace", "-f", "--seccomp-bpf", "-qq", "-ttt", "-e", "trace=fsync,fdatasync,rename,renameat,renameat2",
             "-o", self.strace_log, binary, "run", "--backend", "sim", "--no-display", "--config", config,
             "--state-file", os.path.join(self.state_dir, "state")],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=open(os.path.join(work, "log"), "w"))
        deadline = time.monotonic() + 20
        while True:
            try:
                torchproc.request(self.socket, {"cmd": "status"}, timeout=0.5)
                break
            except (OSError, ValueError):
                if self.strace.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("torch run did not answer (see %s/log)" % work)
                time.sleep(0.05)
        with open("/proc/%d/task/%d/children" % (self.strace.pid, self.strace.pid)) as f:
            self.pid = int(f.read().split()[0])

    def write_bytes(self):
        with open("/proc/%d/io" % self.pid) as f:
            for line in f:
                if line.startswith("write_bytes:"):
                    return int(line.split()[1])
        return 0

    def calls(self):
        """(instant, name) of every counted call that succeeded so far: the state file's
        renames (its atomic writes) and every fsync."""
        out = []
        with open(self.strace_log, errors="replace") as f:
            for line in f:
                parts = line.split(None, 2)
                if len(parts) < 3 or "resumed>" in line or " = -1 " in line:
                    continue
                name = parts[2].split("(", 1)[0]
                if name.startswith("rename") and "/state" not in line:
                    continue
                if name in ("fsync", "fdatasync") or name.startswith("rename"):
                    out.append((float(parts[1]), "fsync" if name in ("fsync", "fdatasync") else "write"))
        return out

    def stop(self):
        # torch first: a SIGTERM to strace only detaches it, and torch would run on.
        try:
            os.kill(self.pid, signal.SIGTERM)
        except (AttributeError, ProcessLookupError):
            pass
        torchproc.stop_process(self.strace)


def phase(service, seconds, load, prime=None):
    """Runs `load(stop_event)` for `seconds` (after `prime()`, not counted); the counts of
    the phase: state writes, fsyncs, write_bytes, and the shortest gap between two state
    writes (s)."""
    if prime:
        prime()
    time.sleep(1.5)  # the last phase's coalesced write is behind us
    before_calls = len(service.calls())
    before_bytes = service.write_bytes()
    stop = threading.Event()
    worker = threading.Thread(target=load, args=(stop,), daemon=True)
    t0 = time.monotonic()
    worker.start()
    time.sleep(seconds)
    stop.set()
    worker.join()
    time.sleep(1.2)  # the coalescer's last write of the phase lands
    calls = service.calls()[before_calls:]
    writes = [t for t, kind in calls if kind == "write"]
    fsyncs = sum(1 for _, kind in calls if kind == "fsync")
    gaps = [b - a for a, b in zip(writes, writes[1:])]
    return len(writes), fsyncs, service.write_bytes() - before_bytes, (min(gaps) if gaps else None), time.monotonic() - t0


def per_hour(n, seconds):
    return n * 3600.0 / seconds


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch"
    if not shutil.which("strace"):
        print("14. SD card: skipped (apt-get install strace)")
        return
    work = tempfile.mkdtemp(prefix="torch-sdcard.", dir="/var/tmp")
    broker = None
    try:
        broker_port = None
        publish = None
        if mqtt_available():
            sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mqtt"))
            from harness import Broker, Client  # noqa: E402
            broker = Broker(work)
            broker_port = broker.port
        web_port = torchproc.free_port()
        service = Service(binary, work, web_port, broker_port)
        try:
            if broker:
                client = Client(broker_port, topics=("torch/sdcard/state",))
                time.sleep(1.0)

                def publish(payload):
                    client.client.publish("torch/sdcard/set", json.dumps(payload), qos=1)
            else:
                def publish(payload):  # the same commands through the socket, said below
                    level = payload.get("brightness", 100)
                    torchproc.request(service.socket, {"cmd": "on", "brightness": "%d%%" % level})

            host = "127.0.0.1:%d" % web_port
            headers = {"Host": host, "Origin": "http://" + host, "Content-Type": "application/json"}

            def heavy(stop):
                start = time.monotonic()
                i = 0
                last_minute = -1
                while not stop.is_set():
                    t = time.monotonic() - start
                    publish({"state": "ON", "brightness": 40 if i % 2 == 0 else 60})
                    minute = int(t // 60)
                    if minute != last_minute:
                        last_minute = minute
                        torchproc.hold(service.socket, 0.08)  # the button's tap
                        c = http.client.HTTPConnection("127.0.0.1", web_port, timeout=5)
                        for k in range(30):  # 3 s of dragging
                            body = json.dumps({"cmd": "brightness", "level": "%d%%" % (10 + (k * 3) % 90)})
                            c.request("POST", "/api/command", body=body, headers=headers)
                            c.getresponse().read()
                            time.sleep(0.1)
                        c.close()
                    i += 1
                    stop.wait(max(0.0, (i - (time.monotonic() - start))))

            def repeated(stop):
                while not stop.wait(1.0):
                    publish(same)

            def nothing(stop):
                stop.wait()

            via = "MQTT" if broker else "the control socket (no mosquitto here)"
            print("14. the state directory (an SD card), torch run with the web page and MQTT, counted by strace and /proc/PID/io:")
            same = {"state": "ON", "brightness": 60}
            rows = [("heavy use: a command each second by %s, a slider drag and a button press a minute" % via, HEAVY, heavy, None),
                    ("the same command each second, repeated unchanged", QUIET, repeated, lambda: publish(same)),
                    ("nothing changing", QUIET, nothing, None)]
            results = []
            for title, seconds, load, prime in rows:
                writes, fsyncs, written, gap, took = phase(service, seconds, load, prime)
                results.append((writes, gap))
                print("   %s (%d s): %.0f state writes/h, %.0f fsyncs/h, %.0f kB written/h (%.1f MB a day); shortest gap between writes %s"
                      % (title, seconds, per_hour(writes, took), per_hour(fsyncs, took),
                         per_hour(written, took) / 1024, per_hour(written, took) * 24 / 1e6,
                         "%.0f ms" % (gap * 1000) if gap is not None else "-"))
            worst_gap = results[0][1]
            print("   target: at most one state write a second (shortest gap ≥ 1000 ms: %s); none while nothing changes (%d: %s)"
                  % ("holds" if worst_gap is None or worst_gap >= 0.999 else "missed",
                     results[2][0], "holds" if results[2][0] == 0 else "missed"))
            if broker:
                client.close()
        finally:
            service.stop()
    finally:
        if broker:
            broker.stop()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
