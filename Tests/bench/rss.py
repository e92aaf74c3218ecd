#!/usr/bin/python3
"""`make bench` figure 7b: peak resident memory of `torch run` as a service with the web
page and MQTT configured (Debian's mosquitto on loopback, started here as Tests/mqtt
does), after it has served the page, an event stream, MQTT commands and a blink on the
control socket. Peak RSS is the kernel's high-water mark (/proc/PID/status VmHWM), so
it counts every page the run touched, memory locked while the blink played included.
Prints one line; never fails on a target. Without mosquitto or paho the web part alone
is measured, and the line says so.

usage: Tests/bench/rss.py TORCH"""

import http.client
import json
import os
import socket
import sys
import tempfile
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "mqtt"))
import torchproc  # noqa: E402

try:
    import harness  # noqa: E402
    import paho.mqtt.client  # noqa: F401,E402
    HAVE_MQTT = True
except ImportError:
    HAVE_MQTT = False
if HAVE_MQTT and not any(os.access(os.path.join(p, "mosquitto"), os.X_OK)
                         for p in os.environ.get("PATH", "").split(":") + ["/usr/sbin"]):
    HAVE_MQTT = False


def status_kb(pid, key):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return -1


def print_maps(pid):
    """Where the resident pages are (RSS_MAPS=1): kB by mapping, largest first."""
    rows, name, rss = [], None, 0
    with open("/proc/%d/smaps" % pid) as f:
        for line in f:
            fields = line.split()
            if "-" in fields[0] and not fields[0].endswith(":"):
                name = "%s %s" % (fields[1], fields[5] if len(fields) > 5 else "[anon]")
            elif fields[0] == "Rss:":
                rows.append((int(fields[1]), name))
    for kb, n in sorted(rows, reverse=True)[:15]:
        print("   %6d kB  %s" % (kb, n))
    print("   (/proc/%d/status: %s)" % (pid, ", ".join(
        "%s %d kB" % (k, status_kb(pid, k)) for k in ("RssAnon", "RssFile", "VmLck", "VmStk"))))


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        web = s.getsockname()[1]
    config = "[light]\npatterns = steady, blink\nremote-flashing = yes\n\n[web]\nlisten = 127.0.0.1:%d\n" % web
    work = tempfile.mkdtemp(prefix="torch-rss.")
    broker = None
    if HAVE_MQTT:
        broker = harness.Broker(work)
        config += "[mqtt]\nbroker = mqtt://127.0.0.1:%d\nclient-id = rss\nbase-topic = torch/rss\n" % broker.port
    torch = torchproc.Torch(binary, config)
    pid = torch.pid()
    client = None
    try:
        log = os.path.join(torch.dir, "log")
        if HAVE_MQTT:
            harness.wait_for(lambda: "mqtt: connected" in open(log).read(), 15, "torch to connect to mosquitto")
            client = harness.Client(broker.port, topics=("torch/rss/state",))
        host = "127.0.0.1:%d" % web
        headers = {"Host": host, "Origin": "http://" + host, "Content-Type": "application/json"}
        page = http.client.HTTPConnection("127.0.0.1", web, timeout=5)
        for path in ("/", "/app.css", "/app.js", "/api/status"):
            page.request("GET", path, headers={"Host": host})
            page.getresponse().read()
        # An open event stream while the light changes.
        stream = socket.create_connection(("127.0.0.1", web), timeout=5)
        stream.sendall(("GET /api/events HTTP/1.1\r\nHost: %s\r\n\r\n" % host).encode())
        for i in range(20):
            torchproc.request(torch.socket, {"cmd": "pattern", "spec": "blink 5ms 5ms"} if i % 2 == 0
                              else {"cmd": "on"})
            if client:
                client.client.publish("torch/rss/set", json.dumps({"state": "ON", "brightness": 40 + i}), qos=1)
            page.request("POST", "/api/command", body=json.dumps({"cmd": "brightness", "level": "%d%%" % (30 + i)}),
                         headers=headers)
            page.getresponse().read()
            time.sleep(0.1)
        stream.close()
        page.close()
        torchproc.request(torch.socket, {"cmd": "pattern", "spec": "blink 5ms 5ms"})
        time.sleep(1.0)
        hwm, rss = status_kb(pid, "VmHWM"), status_kb(pid, "VmRSS")
        if os.environ.get("RSS_MAPS"):
            print_maps(pid)
    finally:
        if client:
            client.close()
        torch.stop()
        if broker:
            broker.stop()
    print("7b. peak RSS of torch run with [web]%s, after page loads, an event stream, a blink%s: %d kB"
          " (now %d kB; target ≤ 10240 kB: %s)" % (
              " and [mqtt]" if HAVE_MQTT else " (MQTT skipped: no mosquitto or paho)",
              " and MQTT commands" if HAVE_MQTT else "", hwm, rss, "holds" if 0 < hwm <= 10240 else "missed"))


if __name__ == "__main__":
    main()
