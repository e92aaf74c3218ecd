extension WebPage {
    /// Dark, touch first: large targets (at least 48 px), no hover-only affordances.
    static let style = #"""
:root { --bg:#0b0d12; --card:#151922; --line:#252b38; --text:#e8ebf1; --dim:#8c95a7;
  --warm:#ffd56a; --warm2:#ff9f43; --off:#2a303c; --accent:#6aa8ff; --danger:#ff6b6b; }
* { box-sizing:border-box; }
[hidden] { display:none !important; }
html,body { margin:0; background:var(--bg); color:var(--text);
  font:16px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif; -webkit-tap-highlight-color:transparent; }
main { max-width:480px; margin:0 auto; padding:16px 16px calc(24px + env(safe-area-inset-bottom)); }
header { display:flex; align-items:center; gap:12px; margin-bottom:16px; }
h1 { font-size:22px; margin:0; display:flex; align-items:center; gap:8px; letter-spacing:.5px; }
.logo { width:14px; height:14px; border-radius:50%; background:var(--off); box-shadow:0 0 0 3px #1c212b; }
body.lit .logo { background:var(--warm); box-shadow:0 0 12px 3px rgba(255,213,106,.6); }
#summary { flex:1; margin:0; color:var(--dim); font-size:14px; text-align:right; }
.dot { width:10px; height:10px; border-radius:50%; background:var(--danger); flex:none; }
.dot.up { background:#3ddc84; }
h2 { font-size:13px; text-transform:uppercase; letter-spacing:1px; color:var(--dim); margin:0 0 10px; font-weight:600; }
.card { background:var(--card); border:1px solid var(--line); border-radius:16px; padding:14px 16px; margin-top:12px; }
.switch { display:grid; grid-template-rows:auto auto; border-radius:28px; overflow:hidden; border:1px solid var(--line);
  background:var(--card); touch-action:none; user-select:none; -webkit-user-select:none; }
.part { border:0; color:var(--text); font:inherit; cursor:pointer; touch-action:none; }
.part .label { font-size:20px; font-weight:700; letter-spacing:2px; }
.part.on { height:min(240px, 32vh); display:flex; flex-direction:column; align-items:center; justify-content:center; gap:14px;
  background:radial-gradient(circle at 50% 45%, #232a38 0, #161a23 70%); transition:background .12s; }
.part.on .glyph { width:92px; height:92px; border-radius:50%; border:3px solid #3a4254; background:#1b2029; transition:all .12s; }
body.lit .part.on { background:radial-gradient(circle at 50% 45%, #5a4a1c 0, #2a2414 55%, #161a23 100%); }
body.lit .part.on .glyph { border-color:var(--warm); background:radial-gradient(circle, #fff6d6 0, var(--warm) 45%, var(--warm2) 100%);
  box-shadow:0 0 40px 10px rgba(255,200,90,.45); }
.part.on.held .glyph { transform:scale(.94); }
.part.off { height:72px; background:#10131a; border-top:1px solid var(--line); color:var(--dim); }
.part.off:active, .part.off.held { background:#1d222c; color:var(--text); }
.part:focus-visible, button:focus-visible, input:focus-visible, select:focus-visible, summary:focus-visible {
  outline:3px solid var(--accent); outline-offset:-3px; }
.row { display:flex; justify-content:space-between; align-items:center; gap:12px; min-height:44px; }
output { font-variant-numeric:tabular-nums; color:var(--warm); font-weight:600; }
input[type=range] { width:100%; height:44px; margin:0; accent-color:var(--warm); background:transparent; }
.help { color:var(--dim); font-size:13px; margin:4px 0 0; }
.segmented { display:grid; grid-auto-flow:column; grid-auto-columns:1fr; gap:8px; margin:4px 0; }
.more { display:flex; flex-wrap:wrap; gap:8px; margin-top:10px; }
.more button, #custom-patterns button { flex:1 1 30%; }
#custom-patterns { display:contents; }
button.mode { min-height:48px; border-radius:12px; border:1px solid var(--line); background:#1b2029; color:var(--text);
  font:inherit; font-weight:600; cursor:pointer; padding:0 10px; }
button.mode[aria-pressed=true] { background:var(--warm); color:#1b1404; border-color:var(--warm); }
#blink-box { margin-top:10px; }
.toggle { display:flex; gap:12px; align-items:flex-start; min-height:48px; padding:8px 0; cursor:pointer; }
.toggle input { width:24px; height:24px; margin:2px 0 0; accent-color:var(--warm); flex:none; }
.toggle small { display:block; color:var(--dim); font-size:13px; }
select { font:inherit; color:var(--text); background:#1b2029; border:1px solid var(--line); border-radius:10px; min-height:44px; padding:0 10px; }
details summary { list-style:none; cursor:pointer; min-height:32px; }
details summary::-webkit-details-marker { display:none; }
details summary h2 { display:inline; }
details summary h2::after { content:" ▸"; }
details[open] summary h2::after { content:" ▾"; }
code { background:#0e1117; padding:2px 6px; border-radius:6px; }
.error { color:var(--danger); font-size:14px; margin-top:12px; }
body.viewer #controls button, body.viewer #controls input, body.viewer #controls select { pointer-events:none; opacity:.55; }
#blackout { position:fixed; inset:0; background:#000; z-index:10; }
"""#
}
