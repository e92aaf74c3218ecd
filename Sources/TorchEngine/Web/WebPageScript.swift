extension WebPage {
    /// The page's behaviour: the composite switch as the virtual button (press on
    /// pointer down, release on pointer up, renewed every 250 ms while held: the
    /// server's dead-man rule releases a press whose page goes silent), the controls
    /// as control-protocol requests, and the status from the event stream.
    static let script = #"""
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  const rnd = new Uint8Array(12); crypto.getRandomValues(rnd);
  const client = Array.from(rnd, (b) => "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[b & 63]).join("");
  const builtIn = ["steady", "blink", "strobe-slow", "strobe-medium", "strobe-fast", "sos", "breathe"];
  let status = null, access = "control", chosen = null, held = null, holdTimer = null;
  let queue = Promise.resolve(), pressWorks = true;

  function showError(text) { const e = $("error"); e.textContent = text || ""; e.hidden = !text; }

  // Requests go one after another: a release never overtakes its press.
  function send(cmd, path = "/api/command") {
    const body = JSON.stringify(cmd);
    const p = queue.then(() => fetch(`${path}?client=${client}`, {
      method: "POST", headers: { "Content-Type": "application/json" }, body, keepalive: true,
    }).then(async (r) => {
      const j = await r.json().catch(() => ({ ok: r.ok, error: r.statusText }));
      if (r.status === 401) showPairing(true);
      if (!j.ok && path === "/api/command") showError(j.error || r.statusText); else showError("");
      return j;
    }).catch((e) => { showError("torch unreachable: " + e.message); return { ok: false }; }));
    queue = p;
    return p;
  }

  // --- The composite switch -------------------------------------------------------
  async function press(role, el) {
    if (held || access !== "control") return;
    held = role;
    el.classList.add("held");
    if (role === "on") $("on").setAttribute("aria-pressed", "true");
    const j = await send({ cmd: "press", role });
    if (!j.ok && /unknown command/.test(j.error || "")) {
      // A torch without the virtual button: ON toggles, OFF turns off.
      pressWorks = false; showError("");
      send(role === "on" ? { cmd: "toggle" } : { cmd: "off" });
      return;
    }
    pressWorks = true;
    if (held !== role) return;  // already let go
    clearInterval(holdTimer);
    holdTimer = setInterval(() => { if (held) send({}, "/api/hold"); }, 250);
  }
  function release(el) {
    if (!held) return;
    const role = held;
    held = null;
    clearInterval(holdTimer);
    el.classList.remove("held");
    $("on").setAttribute("aria-pressed", String(!!(status && status.lit)));
    if (pressWorks) send({ cmd: "release", role });
  }
  for (const [id, role] of [["on", "on"], ["off", "off"]]) {
    const el = $(id);
    el.addEventListener("pointerdown", (e) => { e.preventDefault(); el.setPointerCapture(e.pointerId); press(role, el); });
    for (const ev of ["pointerup", "pointercancel", "lostpointercapture"]) el.addEventListener(ev, () => release(el));
    el.addEventListener("keydown", (e) => {
      if ((e.key === " " || e.key === "Enter") && !e.repeat) { e.preventDefault(); press(role, el); }
    });
    el.addEventListener("keyup", (e) => { if (e.key === " " || e.key === "Enter") { e.preventDefault(); release(el); } });
    el.addEventListener("blur", () => release(el));
    el.addEventListener("contextmenu", (e) => e.preventDefault());
  }
  // Leaving the page lets go (the server would after its lease anyway).
  addEventListener("pagehide", () => { release($("on")); release($("off")); });
  document.addEventListener("visibilitychange", () => { if (document.hidden) { release($("on")); release($("off")); } });

  // --- Brightness, modes, strobe ---------------------------------------------------
  let brightnessTimer = null;
  $("brightness").addEventListener("input", () => {
    $("brightness-value").textContent = $("brightness").value + " %";
    clearTimeout(brightnessTimer);
    brightnessTimer = setTimeout(() => send({ cmd: "brightness", level: $("brightness").value + "%" }), 60);
  });

  function blinkSpec(s) {
    // As the seed: 0.5 Hz × 40^s, half on, half off (0 stops, 1 is steady).
    const period = Math.round(1e9 / (0.5 * Math.pow(40, s)));
    const on = Math.floor(period / 2);
    return `blink ${on}ns ${period - on}ns`;
  }
  function sendBlink() {
    const s = Number($("speed").value);
    if (s <= 0) return send({ cmd: "off" });
    if (s >= 1) return send({ cmd: "pattern", name: "steady" });
    return send({ cmd: "pattern", spec: blinkSpec(s) });
  }
  $("speed").addEventListener("input", () => { $("speed-value").textContent = Number($("speed").value).toFixed(2); });
  $("speed").addEventListener("change", () => { chosen = "blink"; sendBlink(); });

  function choose(btn) {
    const mode = btn.dataset.mode, name = btn.dataset.pattern;
    if (mode === "normal") { chosen = "normal"; send({ cmd: "pattern", name: "steady" }); }
    else if (mode === "sos") { chosen = "sos"; send({ cmd: "pattern", name: "sos" }); }
    else if (mode === "blink") { chosen = "blink"; $("blink-box").hidden = false; sendBlink(); }
    else if (name) { chosen = name; send({ cmd: "pattern", name }); }
    render();
  }
  document.addEventListener("click", (e) => {
    const b = e.target.closest("button.mode");
    if (b && access === "control") choose(b);
  });
  // "Allow strobe" shows the owner's [light] remote-flashing: without it the toggle is
  // off and disabled (the torch refuses flashing patterns from the page anyway); with it,
  // the phone's own choice, kept in localStorage.
  $("strobe-ok").checked = localStorage.getItem("torch.strobe") === "yes";
  $("strobe-ok").addEventListener("change", () => {
    localStorage.setItem("torch.strobe", $("strobe-ok").checked ? "yes" : "no");
    render();
  });
  // Only what the owner listed is offered: a button whose pattern is not in the status's
  // "patterns" is hidden; a flashing one also needs "Allow strobe".
  const modePattern = { normal: "steady", sos: "sos", blink: "blink" };
  function showChoices(s) {
    const allowed = s.patterns || [], fast = s.flashing_patterns || [];
    const remote = s.remote_flashing === true;
    $("strobe-ok").disabled = !remote;
    if (!remote) $("strobe-ok").checked = false;
    $("strobe-off").hidden = remote;
    const strobeOK = remote && $("strobe-ok").checked;
    for (const b of document.querySelectorAll("button.mode")) {
      const n = b.dataset.pattern || modePattern[b.dataset.mode];
      b.hidden = !allowed.includes(n) || (fast.includes(n) && !strobeOK);
    }
    $("strobe-box").hidden = ![...$("strobe-box").querySelectorAll("button")].some((b) => !b.hidden);
  }

  // --- Settings --------------------------------------------------------------------
  $("light-by-default").addEventListener("change", (e) => send({ cmd: "settings", "light-by-default": e.target.checked }));
  $("hold-for-light").addEventListener("change", (e) => send({ cmd: "settings", "hold-for-light": e.target.checked }));
  $("sleep").addEventListener("change", (e) => {
    const v = e.target.value;
    send({ cmd: "settings", "sleep-timer": v === "off" ? "off" : Number(v) });
  });
  $("stealth-tap").checked = localStorage.getItem("torch.stealthTap") === "yes";
  $("stealth-tap").addEventListener("change", (e) => localStorage.setItem("torch.stealthTap", e.target.checked ? "yes" : "no"));
  // A double tap outside the controls: the screen black and the board's LEDs dark, and back.
  let lastTap = 0;
  document.addEventListener("pointerdown", (e) => {
    if (!$("stealth-tap").checked || access !== "control") return;
    if (e.target.closest("button, input, select, label, summary, a")) return;
    const now = performance.now();
    if (now - lastTap < 350) { lastTap = 0; send({ cmd: "stealth", on: !(status && status.stealth) }); }
    else lastTap = now;
  });

  // --- Status ------------------------------------------------------------------------
  function modeOf(s) {
    const p = s.pattern;
    if (p === "steady") return "normal";
    if (p === "sos") return "sos";
    if (p.startsWith("blink")) return "blink";
    if (p.startsWith("breathe")) return "breathe";
    if (p.startsWith("strobe ")) return "strobe-" + p.slice(7);
    return chosen && !builtIn.includes(chosen) ? chosen : null;
  }
  function render() {
    if (!status) return;
    const s = status;
    document.body.classList.toggle("lit", s.lit);
    document.body.classList.toggle("viewer", access !== "control");
    document.body.dataset.lit = String(s.lit);
    $("on").setAttribute("aria-pressed", String(s.lit));
    const mode = modeOf(s);
    const bits = [s.lit ? (s.lit_while_held ? "lit while held" : "lit") : "dark", Math.round(s.brightness_percent) + " %", s.pattern_name];
    if (s.sleep_timer_remaining_s != null) bits.push("sleeps in " + Math.ceil(s.sleep_timer_remaining_s / 60) + " min");
    if (access !== "control") bits.push("view only");
    $("summary").textContent = bits.join(" · ");
    if (document.activeElement !== $("brightness")) {
      $("brightness").value = Math.round(s.brightness_percent);
      $("brightness-value").textContent = Math.round(s.brightness_percent) + " %";
    }
    for (const b of document.querySelectorAll("button.mode")) {
      const m = b.dataset.mode || b.dataset.pattern;
      b.setAttribute("aria-pressed", String(m === mode));
    }
    $("blink-box").hidden = mode !== "blink" && chosen !== "blink";
    $("light-by-default").checked = s.light_by_default;
    $("hold-for-light").checked = s.button_mode === "momentary";
    const sel = $("sleep"), want = s.sleep_timer_s == null ? "off" : String(Math.round(s.sleep_timer_s));
    if (![...sel.options].some((o) => o.value === want)) sel.add(new Option(Math.round(s.sleep_timer_s / 60) + " min", want));
    sel.value = want;
    $("sleep-left").textContent = s.sleep_timer_remaining_s != null ? `Goes dark in ${Math.ceil(s.sleep_timer_remaining_s)} s unless used.` : "";
    $("blackout").hidden = !(s.stealth && $("stealth-tap").checked);
    showChoices(s);
  }
  // Patterns that flash more than three times a second (the torch's judgement, sent as
  // "flashing_patterns") join the strobe presets, behind "Allow strobe"
  // (photosensitivity); the others are mode buttons.
  function customPatterns(names, fast) {
    const flashing = (n) => (fast || []).includes(n);
    // Written as the built-in buttons are (Normal, SOS, Blink): "party-strobe" is "Party strobe".
    const label = (n) => { const w = n.replace(/-/g, " "); return w.charAt(0).toUpperCase() + w.slice(1); };
    const box = $("custom-patterns"), strobes = $("strobe-box");
    box.textContent = "";
    for (const b of strobes.querySelectorAll("button.extra")) b.remove();
    for (const n of names || []) {
      if (builtIn.includes(n)) continue;
      const b = document.createElement("button");
      b.className = "mode"; b.dataset.pattern = n; b.textContent = label(n); b.setAttribute("aria-pressed", "false");
      if (flashing(n)) { b.classList.add("extra"); strobes.appendChild(b); } else box.appendChild(b);
    }
  }
  function onStatus(s) {
    if (s.access) access = s.access;
    if (s.patterns) customPatterns(s.patterns, s.flashing_patterns);
    status = s;
    render();
  }
  function showPairing(on) { $("pairing").hidden = !on; $("controls").hidden = on; }

  let source = null;
  function connect() {
    if (source) source.close();
    source = new EventSource(`/api/events?client=${client}`);
    source.addEventListener("status", (e) => { $("link").classList.add("up"); onStatus(JSON.parse(e.data)); });
    source.onerror = () => {
      $("link").classList.remove("up");
      // A 401 closes the stream for good: find out whether pairing is what is missing.
      if (source.readyState === EventSource.CLOSED) setTimeout(start, 2000);
    };
  }
  async function start() {
    const r = await fetch("/api/status").catch(() => null);
    if (!r) { setTimeout(start, 2000); return; }
    if (r.status === 401) { showPairing(true); $("summary").textContent = "not paired"; return; }
    showPairing(false);
    onStatus(await r.json());
    connect();
  }
  async function pair() {
    const m = location.hash.match(/^#pair=([A-Za-z0-9_-]+)$/);
    if (!m) return;
    // The token leaves the address bar and the history at once.
    history.replaceState(null, "", location.pathname);
    const r = await fetch("/api/pair", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: m[1] }) }).catch(() => null);
    if (!r || !r.ok) showError("pairing failed: " + (r ? await r.text() : "torch unreachable"));
  }
  pair().then(start);
})();
"""#
}
