/// The page, compiled into the binary: no CDN, no framework, no build step. Its script
/// and style are separate files (`/app.js`, `/app.css`) so the Content-Security-Policy
/// can forbid inline code.
enum WebPage {
    static let html = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover">
<meta name="theme-color" content="#0b0d12">
<meta name="color-scheme" content="dark">
<title>torch</title>
<link rel="stylesheet" href="/app.css">
<script src="/app.js" defer></script>
</head>
<body>
<div id="blackout" hidden aria-hidden="true"></div>
<main id="app">
  <header>
    <h1><span class="logo" aria-hidden="true"></span>torch</h1>
    <p id="summary" role="status" aria-live="polite">connecting…</p>
    <span id="link" class="dot" title="connection" aria-label="connection"></span>
  </header>

  <section id="pairing" class="card" hidden>
    <h2>Not paired</h2>
    <p>Open this phone's link again (a restart of the torch's service ends every session), or on the torch run <code>torch web-link</code> and open the new link it prints on this phone.</p>
  </section>

  <section id="controls" aria-label="Light">
    <div class="switch" role="group" aria-label="Composite switch">
      <button id="on" class="part on" aria-label="ON: hold for light, tap to toggle, double tap for the next pattern"
              aria-pressed="false"><span class="glyph" aria-hidden="true"></span><span class="label">ON</span></button>
      <button id="off" class="part off" aria-label="OFF: stops everything"><span class="label">OFF</span></button>
    </div>

    <div class="card">
      <label class="row" for="brightness"><span>Brightness</span><output id="brightness-value" for="brightness">–</output></label>
      <input id="brightness" type="range" min="1" max="100" step="1" value="100" aria-describedby="brightness-help">
      <p id="brightness-help" class="help">Perceived lightness, 1 – 100 %</p>
    </div>

    <div class="card">
      <h2 id="mode-title">Mode</h2>
      <div class="segmented" role="group" aria-labelledby="mode-title">
        <button class="mode" data-mode="normal" aria-pressed="false">Normal</button>
        <button class="mode" data-mode="sos" aria-pressed="false">SOS</button>
        <button class="mode" data-mode="blink" aria-pressed="false">Blink</button>
      </div>
      <div id="blink-box" hidden>
        <label class="row" for="speed"><span>Blink speed</span><output id="speed-value" for="speed">0.50</output></label>
        <input id="speed" type="range" min="0" max="1" step="0.01" value="0.5" aria-describedby="speed-help">
        <p id="speed-help" class="help">0 stops · faster towards 1 · 1 is steady</p>
      </div>
      <div class="more" role="group" aria-label="More patterns">
        <button class="mode" data-pattern="breathe" aria-pressed="false">Breathe</button>
        <span id="custom-patterns"></span>
      </div>
    </div>

    <div class="card">
      <h2 id="strobe-title">Strobe</h2>
      <label class="toggle"><input id="strobe-ok" type="checkbox">
        <span>Allow strobe <small>(fast flashing can trigger seizures in people with photosensitive epilepsy)</small>
        <small id="strobe-off" hidden>Off in this torch's config ([light] remote-flashing).</small></span></label>
      <div id="strobe-box" class="segmented" role="group" aria-labelledby="strobe-title" hidden>
        <button class="mode" data-pattern="strobe-slow" aria-pressed="false">Slow</button>
        <button class="mode" data-pattern="strobe-medium" aria-pressed="false">Medium</button>
        <button class="mode" data-pattern="strobe-fast" aria-pressed="false">Fast</button>
      </div>
    </div>

    <details class="card" id="settings">
      <summary><h2>Settings</h2></summary>
      <label class="toggle"><input id="light-by-default" type="checkbox"><span>Light by default <small>lit whenever the torch starts</small></span></label>
      <label class="toggle"><input id="hold-for-light" type="checkbox"><span>Hold button for light <small>lit only while ON is held</small></span></label>
      <p class="help" id="exclusive">Light by default and hold for light exclude each other: a light held only while pressed cannot be lit at start, so turning one on turns the other off.</p>
      <label class="row" for="sleep"><span>Sleep timer</span>
        <select id="sleep">
          <option value="off">Off</option><option value="60">1 min</option><option value="300">5 min</option>
          <option value="600">10 min</option><option value="900">15 min</option><option value="1800">30 min</option>
          <option value="3600">1 hour</option>
        </select></label>
      <p class="help" id="sleep-left"></p>
      <label class="toggle"><input id="stealth-tap" type="checkbox"><span>Double tap toggles screen <small>a double tap on the page turns it black and the board's status LEDs dark, and back</small></span></label>
    </details>
  </section>
  <p id="error" class="error" role="alert" hidden></p>
</main>
</body>
</html>
"""#
}
