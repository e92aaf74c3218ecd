#!/usr/bin/python3
"""MQTT under a storm (issue 15, Storms: "the same for … MQTT"): in `make storm-test`,
and as `make bench` figure 8c with --bench.

Debian's mosquitto on a free loopback port and a `torch run --backend sim` connected to
it, both started by Tests/mqtt/harness.py, `blink 5ms 5ms` playing. A normal control
socket client asks `{"cmd":"status"}` every 100 ms (fresh connections, as `torch
status`), and Home Assistant (a paho client) sets a new brightness every 500 ms on
`torch/storm/set` and listens to `torch/storm/state`. After QUIET s, from a child
process at once: 20 publishers flood the set topic with 500 messages each (no-op
commands, garbage bytes, bad JSON, wrong types, unknown keys, 5 KB objects, empty
payloads; QoS 0 and 1) and 100 more clients connect, subscribe to `torch/#`, publish
one bad command and leave.

Checks (not with --bench): every normal request answered within 100 ms (the issue's
bound; stormclient.BOUND_S), every brightness Home Assistant set during the storm came
back on the state topic (state keeps flowing; a few may be dropped by mosquitto's queue
limit for the torch, which its log says, never most; the last one, after the storm,
must come back), refusals logged as a burst then counted, the torch stayed connected (no second
"connected"), the output changed in every second of the storm, and SIGTERM exits 0
with the light dark. Prints the round trips and the blink's lateness p99 quiet vs storm;
with --bench, cyclictest's beside it too, and the storm p99 over cyclictest's under the
same storm (target ≤ 1.5). Loopback only; stops what it started.

usage: Tests/storm/mqtt-storm.py [--bench] [TORCH]   (default .build/release/torch)"""

import json
import os
import random
import shutil
import sys
import tempfile
import threading
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "mqtt"))
import stormclient as sc  # noqa: E402
from stormclient import torchproc  # noqa: E402
from harness import Broker, Client, Torch, stop_all  # noqa: E402
import paho.mqtt.client as paho  # noqa: E402

QUIET_S = 5.0
SET = "torch/storm/set"
STATE = "torch/storm/state"


def payloads(rng):
    """What the flood sends: commands that change nothing, and everything malformed."""
    return [
        b'{"state":"ON"}',
        bytes(rng.randrange(256) for _ in range(rng.randrange(1, 300))),
        b'{"state":"ON","brightness":',
        b'{"state":"SIDEWAYS"}',
        b'{"brightness":"bright"}',
        b'{"brightness":1e999}',
        b'{"state":"ON","colour":"red"}',
        b'{"effect":"no-such-pattern"}',
        b'{"state":"ON","transition":-1}',
        b'[' * 64,
        b'{"x":"' + b"a" * 5000 + b'"}',
        b'',
    ]


def flood(port, seed):
    rng = random.Random(seed)
    c = paho.Client(client_id="flood-%d-%d" % (os.getpid(), seed), clean_session=True)
    c.connect("127.0.0.1", port, keepalive=30)
    c.loop_start()
    for i in range(500):
        c.publish(SET, rng.choice(payloads(rng)), qos=i % 2)
        if i % 50 == 0:
            time.sleep(0.01)
    time.sleep(0.5)
    c.loop_stop()
    c.disconnect()


def visitor(port, n):
    c = paho.Client(client_id="visitor-%d-%d" % (os.getpid(), n), clean_session=True)
    c.connect("127.0.0.1", port, keepalive=30)
    c.subscribe("torch/#")
    c.publish(SET, b'{"state":"ON","brightness":0}')
    for _ in range(5):
        c.loop(timeout=0.02)
    c.disconnect()


def storm(port, results):
    threads = [threading.Thread(target=sc.quietly(flood), args=(port, s)) for s in range(20)]
    threads += [threading.Thread(target=lambda k=k: [sc.quietly(visitor)(port, 10 * k + j) for j in range(10)])
                for k in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    results.put("done")


class HomeAssistant(threading.Thread):
    """A new brightness every 500 ms (60…99, each once a round); keeps what was sent."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.client = Client(port, topics=(STATE,))
        self.sent, self.stop = [], threading.Event()

    def run(self):
        i = 0
        while not self.stop.is_set():
            b = 60 + i % 40
            self.sent.append((time.monotonic(), b))
            self.client.client.publish(SET, json.dumps({"state": "ON", "brightness": b}), qos=1)
            i += 1
            self.stop.wait(0.5)


def main():
    args = [a for a in sys.argv[1:] if a != "--bench"]
    bench = "--bench" in sys.argv[1:]
    binary = args[0] if args else ".build/release/torch"
    checks = sc.Checks("mqtt storm")
    work = tempfile.mkdtemp(prefix="torch-mqtt-storm.")
    try:
        broker = Broker(work)
        torch = Torch(binary, broker.port, "storm", work)
        torchproc.request(torch.socket, {"cmd": "pattern", "spec": sc.BLINK})
        pattern_set = time.monotonic()
        origin, _ = torch.origin(samples=10)
        trace_ns = lambda m: int((m - origin) * 1e9)  # noqa: E731
        normal = sc.Normal(lambda: (torchproc.request(torch.socket, {"cmd": "status"}, timeout=1.0), None)[1])
        normal.start()
        ha = HomeAssistant(broker.port)
        ha.start()
        floor = sc.Floor() if bench and sc.Floor.available() else None
        sc.quiet(floor, QUIET_S)
        _, storm_start, storm_end = sc.run_storm(storm, (broker.port,), checks, floor=floor)
        time.sleep(1)
        ha.stop.set()
        ha.join()
        time.sleep(0.5)  # the last state message
        normal.stop.set()
        normal.join()
        checks.check(torch.proc.poll() is None, "the service died during the storm")
        code = torch.stop()
        states = ha.client.on(STATE)
        ha.client.close()
        log = torch.log()
        dropped = "Outgoing messages are being dropped for client storm" in broker.log_text()
    finally:
        stop_all()

    figures = sc.normal_figures(normal.between(storm_start, storm_end))
    n, failed, p50, p99, worst = figures
    levels = sc.trace_levels(torch.trace)
    quiet = (trace_ns(pattern_set + 0.5), trace_ns(storm_start))
    window = (trace_ns(storm_start), trace_ns(storm_end))
    # Every brightness set during the storm must come back on the state topic after it.
    sent = [(t, b) for t, b in ha.sent if storm_start <= t <= storm_end]
    heard = [(t, json.loads(p).get("brightness")) for t, p, _ in states]
    missing = [b for t, b in sent if not any(ht >= t and hb == b for ht, hb in heard)]
    warnings = log.count("mqtt: %s:" % SET)
    counted = sum(int(l.split("mqtt: ", 1)[1].split()[0]) for l in log.splitlines() if "more refused command" in l)
    label = "8c. MQTT storm" if bench else "MQTT storm"
    print("%s (%.1f s: 20 × 500 messages flooding the set topic, 100 clients coming and going; mosquitto on loopback)"
          % (label, storm_end - storm_start))
    print("   normal client (control socket status every 100 ms): %d requests, %d failed; round trip p50 %.2f ms"
          "  p99 %.2f ms  max %.2f ms (target: within 100 ms: %s)"
          % (n, len(failed), p50, p99, worst, "holds" if not failed and worst <= 100 else "missed"))
    print("   state kept flowing: %d of %d brightness commands from Home Assistant during the storm came back on the "
          "state topic (the broker dropped messages for the torch: %s); %d state messages in all; refusals logged %d"
          " one by one, %d counted" % (len(sent) - len(missing), len(sent), "yes" if dropped else "no", len(heard),
                                       warnings, counted))
    print(sc.blink_report(levels, quiet, window, floor))

    sc.check_common(checks, figures, levels, window, code)
    # A command can be lost at the broker, not at the torch: mosquitto keeps at most 1,000
    # QoS 1 messages queued for a client (max_queued_messages) and drops the rest,
    # saying so in its log. Then some may be missing, never most, and the state flows
    # again once the flood is over (the last command, sent after it, comes back).
    checks.check(not missing or dropped, "state stopped flowing: brightness %s never came back (of %d), "
                 "and the broker dropped nothing" % (missing, len(sent)))
    checks.check(len(sent) >= 3 and 2 * len(missing) <= len(sent),
                 "state stopped flowing: brightness %s never came back (of %d)" % (missing, len(sent)))
    last_t, last_b = ha.sent[-1]
    checks.check(any(ht >= last_t and hb == last_b for ht, hb in heard),
                 "after the storm, brightness %d from Home Assistant never came back on the state topic" % last_b)
    checks.check(log.count("mqtt: connected to") == 1, "the torch lost the broker during the storm:\n" +
                 "\n".join(line for line in log.splitlines() if "mqtt" in line and "warning" not in line)[-2000:])
    checks.check(warnings > 0 and counted > 0, "refused payloads: %d logged, %d counted (did the flood reach the torch?)"
                 % (warnings, counted))
    if not checks.failures:  # kept for a look when something failed
        shutil.rmtree(work, ignore_errors=True)
    else:
        print("logs: %s (torch: storm/log, mosquitto.log)" % work)
    return checks.exit_code(bench)


if __name__ == "__main__":
    sys.exit(main())
