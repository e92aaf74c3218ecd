#!/usr/bin/python3
"""The web page in a real browser (issue 13): Debian's headless Chromium through
chromium-driver and python3-selenium, against `torch run --backend sim --trace FILE`
on a free loopback port, with pairing required. One browser session runs every case
(Chromium on a busy 2-core machine is slow to start); each case checks the light in
the trace the service wrote, not only the page.

usage: Tests/web/web_test.py TORCH [ARTIFACTS_DIR]
"""
import http.client, json, os, shutil, signal, socket, subprocess, sys, tempfile, threading, time

TORCH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch")
ARTIFACTS = os.path.abspath(sys.argv[2] if len(sys.argv) > 2 else ".build/web-test")
os.makedirs(ARTIFACTS, exist_ok=True)

from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By

failures = []
def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port

tmp = tempfile.mkdtemp(prefix="torch-web-")
port = free_port()
conf, state, sock = f"{tmp}/torch.conf", f"{tmp}/state", f"{tmp}/torch.sock"
CONF_TEXT = f"""[light]
patterns = steady, blink, strobe-slow, strobe-fast, sos, breathe, wave, party-strobe, candle, beacon
sos-unit = 150ms
blink-speed = 0.3
remote-flashing = yes
[pattern.wave]
steps = 100% 300ms, 10% 300ms
[web]
listen = 127.0.0.1:{port}
pairing = required
[service]
socket = {sock}
"""
with open(conf, "w") as f:
    f.write(CONF_TEXT)
base = f"http://127.0.0.1:{port}"

class Torch:
    """One `torch run`; its trace is read after it stops (the trace is flushed then)."""
    def __init__(self, n):
        self.trace = f"{tmp}/trace{n}.csv"
        self.log = open(f"{ARTIFACTS}/torch{n}.log", "w")
        self.p = subprocess.Popen([TORCH, "run", "--backend", "sim", "--no-display", "--config", conf,
                                   "--state-file", state, "--trace", self.trace], stdout=self.log, stderr=self.log)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                status, _, _ = request("GET", "/")
                if status == 200:
                    break
            except OSError:
                time.sleep(0.05)
        else:
            raise SystemExit("torch did not start serving (log: %s)" % self.log.name)
        # The trace counts from the service's start; uptime_s says where that was on
        # this machine's monotonic clock (the one Python's time.monotonic reads).
        # This script's own session: the service keeps sessions in memory, so every
        # start needs the link's token traded again.
        global session
        session = pair(token)
        t = time.monotonic()
        _, _, body = request("GET", "/api/status", cookie=session)
        self.origin = t - json.loads(body)["uptime_s"]

    def stop(self):
        self.p.send_signal(signal.SIGTERM)
        self.p.wait(timeout=20)
        self.log.close()
        stamps = []
        with open(self.trace) as f:
            for line in f:
                ns, level = line.strip().split(",")
                stamps.append((self.origin + int(ns) / 1e9, float(level)))
        return stamps

def request(method, path, body=None, host=None, origin=None, cookie=None, headers=None, ctype="application/json"):
    c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    h = {"Host": host or f"127.0.0.1:{port}"}
    if origin: h["Origin"] = origin
    if cookie: h["Cookie"] = f"torch_session={cookie}"
    if body is not None: h["Content-Type"] = ctype
    h.update(headers or {})
    c.request(method, path, body=body, headers=h)
    r = c.getresponse()
    out = (r.status, dict(r.getheaders()), r.read().decode())
    c.close()
    return out

def pair(tok):
    """The session id the service gives for a link's token (what the page's cookie holds)."""
    status, headers, _ = request("POST", "/api/pair", body=json.dumps({"token": tok}), origin=base)
    cookie = headers.get("Set-Cookie", "")
    if status != 200 or not cookie.startswith("torch_session="):
        return None
    return cookie.split(";")[0].split("=", 1)[1]

def bearer(tok):
    return {"Authorization": "Bearer " + tok}

def web_link(*args):
    out = subprocess.run([TORCH, "web-link", "--config", conf, "--state-file", state, *args],
                         capture_output=True, text=True, check=True)
    return out.stdout.strip()

def level_at(stamps, t):
    """The output level at monotonic time t (the last change before it)."""
    level = 0.0
    for when, l in stamps:
        if when > t:
            break
        level = l
    return level

def on_durations(stamps, start, end):
    """Lengths (ms) of the lit stretches that begin and end within [start, end]."""
    out, rose = [], None
    for when, l in stamps:
        if when < start or when > end:
            continue
        if l > 0 and rose is None:
            rose = when
        elif l == 0 and rose is not None:
            out.append((when - rose) * 1000)
            rose = None
    return out

token = web_link()   # the pairing link (the service reads the token file when a browser pairs)
token = token.split("#pair=")[1]
torch = Torch(1)
marks = {}

# --- Security, before any browser ---------------------------------------------------
status, _, _ = request("GET", "/api/status")
check(status == 401, "no token → 401 (got %d)" % status)
status, _, _ = request("GET", "/", host="evil.example:%d" % port)
check(status == 421, "wrong Host → 421 (got %d)" % status)
status, _, _ = request("POST", "/api/command", body='{"cmd":"on"}', origin="http://evil.example", cookie=session)
check(status == 403, "cross-origin POST → 403 (got %d)" % status)
status, _, _ = request("POST", "/api/command", body="x" * 100000, origin=base, cookie=session)
check(status == 413, "oversized body → 413 (got %d)" % status)
status, headers, _ = request("GET", "/")
csp = headers.get("Content-Security-Policy", "")
check("frame-ancestors 'none'" in csp and not any(k.lower().startswith("access-control") for k in headers),
      "CSP with frame-ancestors 'none', no CORS header")
viewer = web_link("--viewer").split("#pair=")[1]
status, headers, _ = request("POST", "/api/pair", body=json.dumps({"token": viewer}), origin=base)
cookie = headers.get("Set-Cookie", "")
check(status == 200 and "HttpOnly" in cookie and "SameSite=Strict" in cookie and viewer not in cookie,
      "viewer pairing sets an HttpOnly SameSite=Strict session cookie, without the token")
viewer_session = cookie.split(";")[0].split("=", 1)[1]
status, _, body = request("GET", "/api/status", cookie=viewer_session)
check(status == 200 and json.loads(body)["access"] == "view", "viewer session reads the status")
status, _, _ = request("POST", "/api/command", body='{"cmd":"on"}', origin=base, cookie=viewer_session)
check(status == 403, "viewer session cannot command (403, got %d)" % status)
status, _, _ = request("GET", "/api/status", cookie=token)
check(status == 401, "a token as the cookie (the cookie of before) → 401 (got %d)" % status)

# One token per phone: two phones paired with two links; revoking one with
# `torch web-link --revoke` stops its cookie and its bearer token at once (no restart),
# and the other still controls the light.
link_a, link_b = web_link("--name", "phone-a"), web_link("--name", "phone-b")
tok_a, tok_b = link_a.split("#pair=")[1], link_b.split("#pair=")[1]
sess_a, sess_b = pair(tok_a), pair(tok_b)
check(None not in (sess_a, sess_b) and sess_a != sess_b and tok_a != tok_b, "two links pair two phones, each with its own session")
status_a = request("POST", "/api/command", body='{"cmd":"on"}', origin=base, cookie=sess_a)[0]
status_b = request("POST", "/api/command", body='{"cmd":"off"}', origin=base, cookie=sess_b)[0]
check(status_a == 200 and status_b == 200, "both phones control the light (%d, %d)" % (status_a, status_b))
listed = subprocess.run([TORCH, "web-link", "--list", "--config", conf, "--state-file", state],
                        capture_output=True, text=True).stdout
check(all(n in listed for n in ("phone-a", "phone-b", "phone-1", "phone-2")) and tok_a not in listed and token not in listed,
      "web-link --list names the phones, never a token")
web_link("--revoke", "phone-a")
status, _, _ = request("GET", "/api/status", cookie=sess_a)
check(status == 401, "the revoked phone's cookie → 401 (got %d)" % status)
status, _, _ = request("POST", "/api/command", body='{"cmd":"on"}', origin=base, cookie=sess_a)
check(status == 401, "the revoked phone's command → 401 (got %d)" % status)
status, _, _ = request("GET", "/metrics", headers=bearer(tok_a))
check(status == 401, "the revoked phone's bearer token → 401 (got %d)" % status)
status, _, _ = request("POST", "/api/pair", body=json.dumps({"token": tok_a}), origin=base)
check(status == 401, "the revoked phone's link no longer pairs (got %d)" % status)
status, _, _ = request("POST", "/api/command", body='{"cmd":"on"}', origin=base, cookie=sess_b)
lit = json.loads(request("GET", "/api/status", cookie=session)[2])["lit"]
check(status == 200 and lit is True, "the other phone still controls the light (%d, lit %s)" % (status, lit))
status, _, _ = request("GET", "/metrics", headers=bearer(tok_b))
check(status == 200, "the other phone's bearer token still reads /metrics (got %d)" % status)
request("POST", "/api/command", body='{"cmd":"off"}', origin=base, cookie=sess_b)
# Flashing is the owner's choice, enforced in the service: a pattern not in [light]
# patterns is refused whatever the page's script says.
status, _, body = request("POST", "/api/command", body='{"cmd":"pattern","spec":"tactical-strobe rate=15Hz"}',
                          origin=base, cookie=session)
check(status == 400 and "pattern 'tactical-strobe rate=15Hz' is not one of the owner's [light] patterns" in body,
      "an unlisted strobe from the page is refused (400, naming it: %s)" % body.strip()[:160])
check(json.loads(request("GET", "/api/status", cookie=session)[2])["lit"] is False, "the refused strobe left the light dark")

# A slow client: half a request line, then nothing. It is closed at the request
# timeout (10 s) with 408 while everything else goes on.
slow = socket.create_connection(("127.0.0.1", port))
slow.sendall(b"GET /api/status HTTP/1.1\r\nHo")
slow_start = time.monotonic()
slow_result = {}
def read_slow():
    got = b""
    slow.settimeout(30)
    try:
        while True:
            chunk = slow.recv(4096)
            if not chunk:
                break
            got += chunk
    except OSError:
        pass
    slow_result["reply"], slow_result["after"] = got, time.monotonic() - slow_start
threading.Thread(target=read_slow, daemon=True).start()

# --- The browser ----------------------------------------------------------------------
opts = webdriver.ChromeOptions()
for a in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=390,844",
          "--hide-scrollbars", "--force-device-scale-factor=1"]:
    opts.add_argument(a)
opts.binary_location = "/usr/bin/chromium"
driver = webdriver.Chrome(service=webdriver.ChromeService(executable_path="/usr/bin/chromedriver")
                          if hasattr(webdriver, "ChromeService") else None, options=opts) \
    if hasattr(webdriver, "ChromeService") else webdriver.Chrome(options=opts)
driver.set_script_timeout(10)
# A phone's viewport (390 × 844 CSS pixels), whatever the window's minimum size.
driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": True, "maxTouchPoints": 5})
# What the page was told, recorded by the test, not by the page: every status the
# browser receives (the event stream's, and GET /api/status's answer) goes into
# window.torchEvents with the instant it came, before the page sees it. Injected by the
# browser itself before the page's own script runs, so the page carries no test hook.
driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": """
  window.torchEvents = [];
  (() => {
    const record = (s) => {
      window.torchEvents.push({ t: performance.timeOrigin + performance.now(), status: s });
      if (window.torchEvents.length > 200) window.torchEvents.shift();
    };
    const Source = window.EventSource;
    window.EventSource = class extends Source {
      constructor(...args) {
        super(...args);
        this.addEventListener("status", (e) => { try { record(JSON.parse(e.data)); } catch (x) {} });
      }
    };
    const fetchFirst = window.fetch;
    window.fetch = async (...args) => {
      const r = await fetchFirst(...args);
      if (String(args[0]).startsWith("/api/status") && r.ok) {
        r.clone().json().then(record, () => {});
      }
      return r;
    };
  })();
"""})

def wait_for(js, timeout=10):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = driver.execute_script("return " + js)
        if v:
            return v
        time.sleep(0.02)
    return None

def page_status():
    return driver.execute_script("const e = window.torchEvents; return e && e.length ? e[e.length - 1].status : null")

def status_now():
    return json.loads(request("GET", "/api/status", cookie=session)[2])

try:
    driver.get(f"{base}/#pair={token}")
    check(bool(wait_for("window.torchEvents && window.torchEvents.length > 0 && document.body.dataset.lit !== undefined")),
          "the pairing link pairs the browser and the page shows the status")
    check("pair=" not in driver.current_url, "the token leaves the address bar")
    check("torch_token" not in driver.execute_script("return document.cookie"), "the cookie is HttpOnly (script cannot read it)")
    on, off = driver.find_element(By.ID, "on"), driver.find_element(By.ID, "off")

    # Hold ON for 1 s: lit while held, dark after (hold-for-light from the screen).
    t0 = time.monotonic()
    ActionChains(driver).click_and_hold(on).pause(1.0).release().perform()
    t1 = time.monotonic()
    time.sleep(0.6)
    marks["hold"] = (t0, t1)
    check(status_now()["lit"] is False, "after the 1 s hold the torch is dark")

    # Tap: latched.
    ActionChains(driver).click(on).perform()
    time.sleep(0.8)
    marks["tap"] = time.monotonic()
    check(status_now()["lit"] is True, "a tap latches the light on")

    # Brightness slider to 40 %.
    driver.execute_script("const s = document.getElementById('brightness'); s.value = 40; s.dispatchEvent(new Event('input'))")
    wait_for("window.torchEvents.at(-1).status.brightness_percent === 40", 5)
    time.sleep(0.3)
    marks["slider"] = time.monotonic()
    check(status_now()["brightness_percent"] == 40, "the slider sets 40 %")

    def mode(selector, settle=2.5):
        start = time.monotonic()
        driver.find_element(By.CSS_SELECTOR, selector).click()
        time.sleep(settle)
        return (start, time.monotonic())

    marks["normal"] = mode("button[data-mode=normal]", 0.5)
    # SOS from dark, so its first dot shows as a rising edge in the trace.
    request("POST", "/api/command", body='{"cmd":"off"}', origin=base, cookie=session)
    time.sleep(0.3)
    marks["sos"] = mode("button[data-mode=sos]", 5.5)
    check(page_status()["pattern"] == "sos", "SOS shows on the page")
    driver.execute_script("const s = document.getElementById('speed'); s.value = 0.3; s.dispatchEvent(new Event('input'))")
    marks["blink"] = mode("button[data-mode=blink]", 3.0)
    marks["breathe"] = mode("button[data-pattern=breathe]", 2.0)
    for name in ("strobe-fast", "party-strobe", "candle"):
        b = driver.find_element(By.CSS_SELECTOR, "button[data-pattern=%s]" % name)
        check(not b.is_displayed(), "the flashing pattern %s is hidden until strobe is allowed" % name)
    check(not driver.find_elements(By.CSS_SELECTOR, "button[data-pattern=strobe-medium]")[0].is_displayed(),
          "strobe-medium (not in [light] patterns) is not offered")
    check(driver.find_element(By.CSS_SELECTOR, "button[data-pattern=beacon]").is_displayed(), "beacon is a mode button")
    check(driver.find_element(By.CSS_SELECTOR, "button[data-pattern=beacon]").text == "Beacon"
          and driver.find_element(By.CSS_SELECTOR, "button[data-pattern=party-strobe]").get_attribute("textContent") == "Party strobe",
          "mode buttons are written alike (Normal, SOS, Blink, Beacon, Party strobe)")
    driver.find_element(By.ID, "strobe-ok").click()
    check(driver.find_element(By.CSS_SELECTOR, "button[data-pattern=party-strobe]").is_displayed(),
          "party-strobe shows once strobe is allowed")
    marks["strobe"] = mode("button[data-pattern=strobe-fast]", 1.5)
    marks["wave"] = mode("button[data-pattern=wave]", 1.5)

    # OFF: dark.
    ActionChains(driver).click(off).perform()
    time.sleep(0.5)
    marks["off"] = time.monotonic()
    check(status_now()["lit"] is False, "the OFF part turns the light off")

    # A press of the virtual button from the control socket shows on the page.
    driver.execute_script("window.torchEvents.length = 0")
    s = socket.socket(socket.AF_UNIX)
    s.connect(sock)
    sent = time.time() * 1000
    s.sendall(b'{"cmd":"press","role":"on"}\n')
    s.recv(4096)
    seen = wait_for("(window.torchEvents.find((e) => e.status.lit) || {}).t", 5)
    s.sendall(b'{"cmd":"release","role":"on"}\n{"cmd":"off"}\n')
    s.recv(4096)
    s.close()
    latency = (seen - sent) if seen else None
    print("     socket press → page: %s ms" % ("%.1f" % latency if latency is not None else "never"))
    check(latency is not None and latency < 1000, "a socket press reaches the page through the event stream")
    time.sleep(0.5)

    # The phone-sized screenshot (lit at 40 %, Normal), checked not blank.
    driver.find_element(By.CSS_SELECTOR, "button[data-mode=normal]").click()
    wait_for("document.body.classList.contains('lit')", 5)
    driver.execute_script("window.scrollTo(0, 0)")
    time.sleep(0.5)
    shot = os.path.join(ARTIFACTS, "web-page.png")
    driver.save_screenshot(shot)
    png = driver.get_screenshot_as_base64()
    stats = driver.execute_async_script("""
        const done = arguments[1], img = new Image();
        img.onload = () => {
          const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
          const g = c.getContext('2d'); g.drawImage(img, 0, 0);
          const d = g.getImageData(0, 0, c.width, c.height).data, colours = new Set(); let bright = 0;
          for (let i = 0; i < d.length; i += 4 * 7) { colours.add(d[i] << 16 | d[i+1] << 8 | d[i+2]); if (d[i] + d[i+1] + d[i+2] > 300) bright++; }
          done({w: img.width, h: img.height, colours: colours.size, bright});
        };
        img.src = 'data:image/png;base64,' + arguments[0];""", png)
    print("     screenshot %s: %dx%d, %d colours" % (shot, stats["w"], stats["h"], stats["colours"]))
    check(stats["w"] == 390 and stats["colours"] > 50 and stats["bright"] > 100, "the 390×844 screenshot is not blank")
    request("POST", "/api/command", body='{"cmd":"off"}', origin=base, cookie=session)
    time.sleep(0.3)

    # Settings: hold for light and a 10 min sleep timer, then a restart of the service.
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    driver.find_element(By.ID, "hold-for-light").click()
    wait_for("window.torchEvents.at(-1).status.button_mode === 'momentary'", 5)
    driver.execute_script("const s = document.getElementById('sleep'); s.value = '600'; s.dispatchEvent(new Event('change'))")
    wait_for("window.torchEvents.at(-1).status.sleep_timer_s === 600", 5)
    stamps1 = torch.stop()
    torch = Torch(2)
    # Sessions live in the service's memory: after a restart the page asks for its
    # link again, and the same link pairs it again.
    asked = wait_for("!document.getElementById('pairing').hidden", 15)
    check(bool(asked), "after a restart of the service the page asks for its link again")
    driver.get("about:blank")
    driver.get(f"{base}/#pair={token}")
    restarted = wait_for("window.torchEvents && window.torchEvents.length > 0 && window.torchEvents.at(-1).status.uptime_s < 5 "
                         "&& document.getElementById('hold-for-light').checked", 15)
    st = status_now()
    check(bool(restarted) and st["button_mode"] == "momentary" and st["sleep_timer_s"] == 600,
          "settings survive a restart of the service (hold for light, sleep timer 10 min)")
    # The page was loaded again by its link: its settings card is closed again.
    driver.find_element(By.CSS_SELECTOR, "#settings summary").click()
    driver.find_element(By.ID, "light-by-default").click()
    wait_for("window.torchEvents.at(-1).status.light_by_default === true", 5)
    st = status_now()
    check(st["light_by_default"] and st["button_mode"] != "momentary"
          and not driver.find_element(By.ID, "hold-for-light").is_selected(),
          "light by default turns hold for light off (mutually exclusive)")
    # Back to the defaults for the dead-man case (smart mode, dark).
    driver.find_element(By.ID, "light-by-default").click()
    wait_for("window.torchEvents.at(-1).status.light_by_default === false", 5)
    request("POST", "/api/command", body='{"cmd":"off"}', origin=base, cookie=session)

    # The tab closed while holding: dark within 1 s (the dead-man rule).
    first = driver.current_window_handle
    driver.switch_to.new_window("tab")
    driver.get(base + "/")
    wait_for("window.torchEvents && window.torchEvents.length > 0")
    ActionChains(driver).click_and_hold(driver.find_element(By.ID, "on")).pause(0.6).perform()
    held_lit = status_now()["lit"]
    closed_at = time.monotonic()
    driver.close()
    driver.switch_to.window(first)
    time.sleep(1.5)
    marks["deadman"] = closed_at
    check(held_lit and status_now()["lit"] is False, "the tab closed while holding: released, dark")

    # Without [light] remote-flashing (a reload), the page's "Allow strobe" shows the
    # setting (off, disabled) and cannot override it: the service refuses the strobe.
    with open(conf, "w") as f:
        f.write(CONF_TEXT.replace("remote-flashing = yes", "remote-flashing = no"))
    r = socket.socket(socket.AF_UNIX)
    r.connect(sock)
    r.sendall(b'{"cmd":"reload"}\n')
    r.recv(4096)
    r.close()
    request("POST", "/api/command", body='{"cmd":"brightness","level":0.5}', origin=base, cookie=session)
    shown = wait_for("window.torchEvents.at(-1).status.remote_flashing === false "
                     "&& document.getElementById('strobe-ok').disabled && !document.getElementById('strobe-ok').checked", 5)
    check(bool(shown), "without remote-flashing the page's Allow strobe is off and disabled")
    check(not driver.find_element(By.CSS_SELECTOR, "button[data-pattern=party-strobe]").is_displayed(),
          "without remote-flashing the flashing buttons are hidden")
    status, _, body = request("POST", "/api/command", body='{"cmd":"pattern","name":"party-strobe"}', origin=base, cookie=session)
    check(status == 400 and "flashes more than 3 times a second" in body and "[light] remote-flashing = yes" in body,
          "a listed strobe is refused without remote-flashing (400: %s)" % body.strip()[:160])

    # The slow client was closed at the timeout; a normal client was served meanwhile.
    status, _, _ = request("GET", "/api/status", cookie=session)
    check(status == 200, "a normal client is served while the slow one waits")
    got, waited = slow_result.get("reply", b""), slow_result.get("after", 0)
    check(got.startswith(b"HTTP/1.1 408") and 9.5 <= waited < 12, "a slow client is closed at the timeout with 408 (after %.1f s)" % waited)
finally:
    driver.quit()
    stamps2 = torch.stop()

# --- What the light did (the traces) ----------------------------------------------------
s = stamps1
t0, t1 = marks["hold"]
lit_during = [level_at(s, t) for t in (t0 + 0.35, (t0 + t1) / 2, t1 - 0.15)]
check(all(l > 0 for l in lit_during) and level_at(s, t1 + 0.5) == 0, "trace: lit for the 1 s hold, dark after")
check(level_at(s, marks["tap"]) > 0, "trace: the tap latched the light")
duty40 = ((40 + 16) / 116) ** 3
check(abs(level_at(s, marks["slider"]) - duty40) < 0.002, "trace: 40 %% is duty %.4f (got %.4f)" % (duty40, level_at(s, marks["slider"])))
a, b = marks["normal"]
check(all(abs(level_at(s, a + d) - duty40) < 0.002 for d in (0.2, 0.4)), "trace: Normal is steady")
a, b = marks["sos"]
ons = on_durations(s, a, b)
expected = [150, 150, 150, 450, 450, 450, 150, 150, 150]
print("     SOS on-times (ms):", [round(x) for x in ons[:9]])
check(len(ons) >= 9 and all(abs(x - e) < 15 for x, e in zip(ons[:9], expected)), "trace: SOS timing (dots 150 ms, dashes 450 ms)")
a, b = marks["blink"]
ons = on_durations(s, a + 0.3, b)
period = 1 / (0.5 * 40 ** 0.3)
check(len(ons) >= 3 and all(abs(x - period * 500) < 10 for x in ons), "trace: blink at speed 0.3 is %.1f ms on (%s)" % (period * 500, [round(x) for x in ons]))
a, b = marks["breathe"]
levels = {round(l, 3) for w, l in s if a < w < b}
check(len(levels) > 20, "trace: breathe fades (%d levels)" % len(levels))
a, b = marks["strobe"]
ons = on_durations(s, a + 0.3, b)
check(len(ons) >= 3 and all(abs(x - 100) < 10 for x in ons), "trace: strobe fast flips every 100 ms (%s)" % [round(x) for x in ons])
a, b = marks["wave"]
check(len({round(l, 3) for w, l in s if a + 0.3 < w < b}) >= 2, "trace: the configured pattern 'wave' plays")
check(level_at(s, marks["off"]) == 0, "trace: OFF is dark")
dark_after = next((w for w, l in stamps2 if w > marks["deadman"] and l == 0), None)
print("     tab closed → dark: %s ms" % ("%.0f" % ((dark_after - marks["deadman"]) * 1000) if dark_after else "never"))
check(dark_after is not None and dark_after - marks["deadman"] < 1.0, "trace: the tab closed while holding → dark within 1 s")

shutil.rmtree(tmp, ignore_errors=True)
print("web-test: %d failed" % len(failures) if failures else "web-test: all passed")
sys.exit(1 if failures else 0)
