#!/usr/bin/python3
"""make metrics-test (issue 24): torch's `GET /metrics` read by Debian's Prometheus.

`torch run --backend sim` with a [web] listener on a free loopback port (pairing
required) plays a blink; the test reads /metrics with the viewer token as a Bearer
token, hands the text to `promtool check metrics`, then starts a real Prometheus server
(its own config and data directory, a free loopback port, no service unit) that scrapes
torch with the same token every second, and asks its HTTP API for torch's series.
Everything runs on loopback and is stopped by its own pid; the run is bounded (each wait
has a timeout, the whole test stays under about a minute).

usage: Tests/metrics/metrics_test.py TORCH
"""
import http.client, json, os, signal, socket, subprocess, sys, tempfile, time, urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mqtt"))
from harness import summary  # noqa: E402  (the closing line, shared with ha-test)
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

TORCH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch")
failures = []
started = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)




def get(port, path, headers=None, timeout=10):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    c.request("GET", path, headers=dict({"Host": "127.0.0.1:%d" % port}, **(headers or {})))
    r = c.getresponse()
    out = (r.status, dict(r.getheaders()), r.read().decode())
    c.close()
    return out


def wait_for(predicate, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
            if value:
                return value
        except OSError:
            pass
        time.sleep(0.1)
    raise AssertionError("timed out after %.0f s waiting for %s" % (timeout, what))


def stop(p):
    if p.poll() is None:
        p.send_signal(signal.SIGTERM)
        try:
            p.wait(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait()


def main():
    start = time.monotonic()
    tmp = tempfile.mkdtemp(prefix="torch-metrics.")
    port, prom_port = torchproc.free_port(), torchproc.free_port()
    conf, state = os.path.join(tmp, "torch.conf"), os.path.join(tmp, "state")
    with open(conf, "w") as f:
        f.write("[light]\npatterns = steady, blink\nblink-speed = 0.6\n\n[web]\nlisten = 127.0.0.1:%d\npairing = required\n\n"
                "[service]\nsocket = %s\nwatchdog = no\n" % (port, os.path.join(tmp, "torch.sock")))
    link = subprocess.run([TORCH, "web-link", "--viewer", "--config", conf, "--state-file", state],
                          capture_output=True, text=True, check=True, timeout=30).stdout.strip()
    viewer = link.split("#pair=")[1]
    token_file = os.path.join(tmp, "viewer-token")
    with open(token_file, "w") as f:
        f.write(viewer)
    log = open(os.path.join(tmp, "torch.log"), "w")
    torch = subprocess.Popen([TORCH, "run", "--backend", "sim", "--no-display", "--config", conf, "--state-file", state],
                             stdin=subprocess.DEVNULL, stdout=log, stderr=log)
    started.append(torch)
    wait_for(lambda: get(port, "/")[0] == 200, 30, "torch's web listener")
    # A blink through the control socket (as `torch blink` forwards it): output changes
    # for the lateness histogram, a request for the socket's count.
    # 100 Hz: the blink of `torch bench timing` (figure 1), so the query below is its p99.
    r = subprocess.run([TORCH, "blink", "--rate", "100Hz", "--config", conf], capture_output=True, text=True, timeout=30)
    check(r.returncode == 0, "torch blink through the control socket (%s)" % r.stderr.strip())
    auth = {"Authorization": "Bearer " + viewer}

    status, _, _ = get(port, "/metrics")
    check(status == 401, "GET /metrics without a token → 401 (got %d)" % status)
    time.sleep(1.5)   # some blink edges, so the lateness histogram has counts
    status, headers, text = get(port, "/metrics", auth)
    check(status == 200, "GET /metrics with the viewer token → 200 (got %d)" % status)
    check(headers.get("Content-Type", "").startswith("text/plain; version=0.0.4"), "Content-Type %s" % headers.get("Content-Type"))
    for name in ("torch_pattern_lateness_seconds_bucket", "torch_button_latency_seconds_count", "torch_pattern_budget_rests_total",
                 "torch_requests_total", "torch_request_refusals_total", "torch_state_file_writes_total",
                 "torch_uptime_seconds", "torch_build_info", 'torch_requests_total{front_end="socket"} 1'):
        check(("\n" + name) in text, "the exposition has %s" % name)
    count = [l for l in text.splitlines() if l.startswith("torch_pattern_lateness_seconds_count ")]
    lateness_count = float(count[0].split()[1]) if count else 0
    check(lateness_count > 0, "the blink's output changes are in the lateness histogram (%g)" % lateness_count)
    print("   %d lines, %d families" % (len(text.splitlines()), text.count("# TYPE ")))

    t0 = time.monotonic()
    lint = subprocess.run(["promtool", "check", "metrics"], input=text, capture_output=True, text=True, timeout=30)
    check(lint.returncode == 0 and not lint.stdout.strip() and not lint.stderr.strip(),
          "promtool check metrics passes (%.2f s)%s" % (time.monotonic() - t0, ("\n" + lint.stdout + lint.stderr) if lint.returncode or lint.stdout.strip() else ""))

    # A Prometheus server of the test's own: scrapes every second with the viewer token.
    prom_dir = os.path.join(tmp, "prometheus")
    os.makedirs(prom_dir)
    prom_conf = os.path.join(prom_dir, "prometheus.yml")
    with open(prom_conf, "w") as f:
        f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\n"
                "scrape_configs:\n  - job_name: torch\n    authorization:\n      type: Bearer\n      credentials_file: %s\n"
                "    static_configs:\n      - targets: ['127.0.0.1:%d']\n" % (token_file, port))
    prom_log = open(os.path.join(prom_dir, "log"), "w")
    prom = subprocess.Popen(["prometheus", "--config.file=" + prom_conf, "--storage.tsdb.path=" + os.path.join(prom_dir, "data"),
                             "--web.listen-address=127.0.0.1:%d" % prom_port, "--log.level=warn"],
                            stdin=subprocess.DEVNULL, stdout=prom_log, stderr=prom_log)
    started.append(prom)
    t0 = time.monotonic()
    wait_for(lambda: get(prom_port, "/-/ready")[0] == 200, 60, "Prometheus to be ready")
    print("   Prometheus ready in %.1f s" % (time.monotonic() - t0))

    def query(q):
        status, _, body = get(prom_port, "/api/v1/query?" + urllib.parse.urlencode({"query": q}))
        reply = json.loads(body)
        return reply["data"]["result"] if status == 200 and reply.get("status") == "success" else []

    t0 = time.monotonic()
    up = wait_for(lambda: [r for r in query('up{job="torch"}') if r["value"][1] == "1"], 60, "up{job=\"torch\"} == 1")
    print("   first scrape seen after %.1f s" % (time.monotonic() - t0))
    check(bool(up), "Prometheus scrapes torch (up == 1)")
    info = wait_for(lambda: query('torch_build_info{job="torch"}'), 30, "torch_build_info")
    check(info[0]["metric"].get("backend") == "sim" and info[0]["metric"].get("version"),
          "torch_build_info: %s" % json.dumps(info[0]["metric"], sort_keys=True))
    # The bench's figure as a query: p99 lateness over the last 10 s (the README's).
    time.sleep(3)
    p99 = wait_for(lambda: query('histogram_quantile(0.99, sum by (instance, le) (rate(torch_pattern_lateness_seconds_bucket[10s])))'),
                   30, "the lateness p99")
    value = float(p99[0]["value"][1])
    check(value == value and value > 0, "histogram_quantile(0.99, …torch_pattern_lateness_seconds_bucket…) = %.6f s" % value)
    stop(prom)
    stop(torch)
    check(torch.returncode == 0, "torch stopped cleanly (exit %s)" % torch.returncode)
    return summary("metrics-test", failures, start, tmp)


if __name__ == "__main__":
    try:
        rc = main()
    except AssertionError as e:
        print("FAIL %s" % e)
        rc = 1
    finally:
        for p in started:
            stop(p)
    sys.exit(rc)
