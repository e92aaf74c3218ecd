#!/usr/bin/env python3
"""Draws wiring/*.svg: one circuit each on the real Raspberry Pi 40-pin header, to scale
(2.54 mm pitch, 10 px per mm), header labels read from boards/rpi4b.board (the same
suggested pins as every Raspberry Pi profile). `make docs` runs it; the pins test
(Tests/wiring/check-diagrams.sh) renders each file with rsvg-convert and checks the
pins they name against the board profiles.

Usage: python3 wiring/make-diagrams.py [OUTDIR]   (default: wiring/)
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PX_PER_MM = 10
P = 2.54 * PX_PER_MM          # header pitch in px
HX, HY = 200.0, 96.0          # centre of pin 1
W, H = 960, 640


def header_labels():
    """Physical pin -> torch's name (GPIO18, 3V3, 5V, GND) from boards/rpi4b.board."""
    labels, section = {}, None
    with open(os.path.join(ROOT, "boards", "rpi4b.board"), encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if line.startswith("["):
                section = line
                continue
            if section == "[header]" and "=" in line:
                pin, value = (s.strip() for s in line.split("=", 1))
                labels[int(pin)] = value.split()[0].split("/")[0]
            if section == "[board]" and "=" in line:
                key, value = (s.strip() for s in line.split("=", 1))
                if key in ("led", "button", "off-button", "buzzer"):
                    SUGGESTED[key] = int(value)
    return labels


SUGGESTED = {}
LABELS = header_labels()


def pin_xy(n):
    """Where a wire meets pin n: its right edge for even pins, its left edge for odd ones."""
    x, y = pin_centre(n)
    return (x + 12, y) if n % 2 == 0 else (x - 12, y)


def pin_centre(n):
    return HX + ((n - 1) % 2) * P, HY + ((n - 1) // 2) * P


def esc(s):
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Svg:
    def __init__(self, title, used):
        self.out = []
        self.used = used
        self.add(f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" viewBox="0 0 {W} {H}" '
                 f'font-family="sans-serif" font-size="12">')
        self.add(f'<rect x="0" y="0" width="{W}" height="{H}" fill="white"/>')
        self.text(W / 2, 28, title, size=18, anchor="middle", weight="bold")
        self.header()

    def add(self, s):
        self.out.append(s)

    def text(self, x, y, s, size=12, anchor="start", fill="#222", weight="normal", cls=None):
        c = f' class="{cls}"' if cls else ""
        self.add(f'<text{c} x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
                 f'font-weight="{weight}" fill="{fill}">{esc(s)}</text>')

    def line(self, pts, colour="#222", width=2, dash=None):
        d = f' stroke-dasharray="{dash}"' if dash else ""
        p = " ".join(f"{x:.1f},{y:.1f}" for x, y in pts)
        self.add(f'<polyline points="{p}" fill="none" stroke="{colour}" stroke-width="{width}"{d}/>')

    def dot(self, x, y, colour="#222"):
        if HX - P < x < HX + 2 * P:
            return  # a header pin: its ring marks it
        self.add(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3.5" fill="{colour}"/>')

    def header(self):
        x0, y0 = HX - P / 2 - 4, HY - P / 2 - 4
        self.add(f'<rect x="{x0:.1f}" y="{y0:.1f}" width="{2 * P + 8:.1f}" height="{20 * P + 8:.1f}" rx="4" '
                 f'fill="#1d1d1d"/>')
        self.text(HX + P / 2, y0 - 8, "Raspberry Pi 40-pin header", size=11, anchor="middle", fill="#555")
        self.text(HX + P / 2, y0 + 20 * P + 24, "pin 1 (square pad) at the end away from the USB ports",
                  size=10, anchor="middle", fill="#555")
        for n in range(1, 41):
            x, y = pin_centre(n)
            name = LABELS.get(n, "?")
            colour = {"3V3": "#e67e22", "5V": "#c0392b", "GND": "#111"}.get(name, "#2e8b57")
            used = n in self.used
            shape = (f'<rect x="{x - 8:.1f}" y="{y - 8:.1f}" width="16" height="16" fill="{colour}" stroke="#ddd"/>'
                     if n == 1 else f'<circle cx="{x:.1f}" cy="{y:.1f}" r="8" fill="{colour}" stroke="#ddd"/>')
            if used:
                self.add(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="12" fill="none" stroke="#f1c40f" stroke-width="3"/>')
            self.add(shape)
            self.text(x, y + 3.5, str(n), size=8, anchor="middle", fill="white", weight="bold")
            weight = "bold" if used else "normal"
            fill = "#000" if used else "#888"
            if n % 2:
                self.text(HX - P / 2 - 10, y + 4, name, size=11, anchor="end", fill=fill, weight=weight, cls="pin")
            else:
                self.text(HX + P * 1.5 + 10, y - 4, name, size=11, fill=fill, weight=weight, cls="pin")

    # Parts, drawn left to right (or top to bottom) between two points.

    def resistor(self, x, y, label, vertical=False):
        """A resistor (IEC box) centred on (x, y), 44 px long; returns its two ends."""
        if vertical:
            self.add(f'<rect x="{x - 8:.1f}" y="{y - 22:.1f}" width="16" height="44" fill="white" stroke="#222" stroke-width="2"/>')
            self.text(x + 14, y + 4, label, size=12, weight="bold")
            return (x, y - 22), (x, y + 22)
        self.add(f'<rect x="{x - 22:.1f}" y="{y - 8:.1f}" width="44" height="16" fill="white" stroke="#222" stroke-width="2"/>')
        self.text(x, y - 14, label, size=12, anchor="middle", weight="bold")
        return (x - 22, y), (x + 22, y)

    def led(self, x, y, label, colour="#d62728", vertical=False):
        """An LED pointing right (anode left) or down (anode up), centred on (x, y)."""
        if vertical:
            self.add(f'<polygon points="{x - 12:.1f},{y - 10:.1f} {x + 12:.1f},{y - 10:.1f} {x:.1f},{y + 10:.1f}" '
                     f'fill="{colour}" stroke="#222" stroke-width="2"/>')
            self.line([(x - 12, y + 10), (x + 12, y + 10)])
            self.line([(x + 14, y - 4), (x + 24, y - 12)], colour="#e0a000")
            self.line([(x + 14, y + 4), (x + 24, y - 4)], colour="#e0a000")
            self.text(x + 28, y + 4, label, size=12, weight="bold")
            return (x, y - 10), (x, y + 10)
        self.add(f'<polygon points="{x - 10:.1f},{y - 12:.1f} {x - 10:.1f},{y + 12:.1f} {x + 10:.1f},{y:.1f}" '
                 f'fill="{colour}" stroke="#222" stroke-width="2"/>')
        self.line([(x + 10, y - 12), (x + 10, y + 12)])
        self.line([(x + 2, y - 16), (x + 10, y - 26)], colour="#e0a000")
        self.line([(x + 10, y - 14), (x + 18, y - 24)], colour="#e0a000")
        self.text(x, y - 34, label, size=12, anchor="middle", weight="bold")
        return (x - 10, y), (x + 10, y)

    def button(self, x, y, label):
        """A normally open push button between (x-20, y) and (x+20, y)."""
        self.dot(x - 20, y)
        self.dot(x + 20, y)
        self.line([(x - 24, y - 14), (x + 24, y - 14)], width=3)
        self.line([(x, y - 14), (x, y - 26)], width=3)
        self.line([(x - 8, y - 26), (x + 8, y - 26)], width=3)
        self.text(x, y + 22, label, size=12, anchor="middle", weight="bold")
        return (x - 20, y), (x + 20, y)

    def ground(self, x, y):
        self.line([(x - 12, y), (x + 12, y)])
        self.line([(x - 8, y + 5), (x + 8, y + 5)])
        self.line([(x - 4, y + 10), (x + 4, y + 10)])

    def note(self, x, y, lines, size=13, width=None):
        for i, s in enumerate(lines):
            self.text(x, y + i * (size + 6), s, size=size)

    def done(self, path):
        self.add("</svg>")
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(self.out) + "\n")


def right_of(n, dx=0):
    """The point where a wire leaves pin n's label area to the right (even pins)."""
    x, y = pin_xy(n)
    return x, y


def led_resistor(path):
    led, gnd = SUGGESTED["led"], 14
    s = Svg("1. Small LED and series resistor, straight on a GPIO", {led, gnd})
    x1, y1 = pin_xy(led)
    xg, yg = pin_xy(gnd)
    s.dot(x1, y1, "#2e8b57")
    r_a, r_b = s.resistor(470, y1, "R 130 Ω (E24) or 150 Ω (E12)")
    s.line([(x1, y1), r_a])
    l_a, l_b = s.led(590, y1, "red LED, Vf ≈ 2.0 V", vertical=False)
    s.line([r_b, l_a])
    s.text(590, yg + 22, "anode (long leg) on the left, cathode (short leg, flat side) on the right",
           size=11, anchor="middle", fill="#555")
    s.line([l_b, (680, y1), (680, yg), (xg, yg)])
    s.dot(xg, yg)
    s.note(420, 300, [
        f"pin {led} (GPIO18) → resistor → LED → pin {gnd} (GND)",
        "R = (3.3 V − Vf) / I = (3.3 − 2.0) V / 10 mA = 130 Ω",
        "   130 Ω (E24): 10 mA, 13 mW in the resistor",
        "   150 Ω (E12): 8.7 mA, 11 mW    (any ¼ W resistor)",
        "Raspberry Pi GPIO limits: 16 mA per pin, about 50 mA",
        "from all GPIO pins together; default drive 8 mA.",
        "White/blue LEDs (Vf ≈ 3.0 V) leave 0.3 V: use a MOSFET.",
        "torch wiring --vf 2.0V --current 10mA prints this.",
        "Config: [output] line = GPIO18",
    ])
    s.done(path)


def led_mosfet(path):
    led, gnd, v5 = SUGGESTED["led"], 14, 2
    s = Svg("2. Bright LED or strip through a logic-level N-MOSFET (low side)", {led, gnd, v5})
    x5, y5 = pin_xy(v5)
    xl, yl = pin_xy(led)
    xg, yg = pin_xy(gnd)
    # +5 V rail (or an external supply) down through R_led and the LED to the drain.
    s.line([(x5, y5), (640, y5), (640, 120)], colour="#c0392b")
    s.dot(x5, y5, "#c0392b")
    s.text(650, y5 + 4, "+5 V (pin 2) or an external +V", size=12, fill="#c0392b", weight="bold")
    ra, rb = s.resistor(640, 142, "R_led 100 Ω ¼ W", vertical=True)
    s.line([(640, 120), ra])
    la, lb = s.led(640, 206, "white LED, 20 mA", colour="#f4f4f4", vertical=True)
    s.line([rb, la])
    # The MOSFET: drain at top, source at bottom, gate to the left.
    mx, my = 640, 300
    s.line([lb, (mx, my - 30)])
    s.line([(mx, my - 30), (mx, my - 18), (mx - 14, my - 18)])
    s.line([(mx - 14, my - 24), (mx - 14, my + 24)], width=3)
    s.line([(mx - 22, my - 20), (mx - 22, my + 20)], width=3)
    s.line([(mx - 14, my + 18), (mx, my + 18), (mx, my + 40)])
    s.line([(mx - 14, my), (mx, my), (mx, my + 18)])
    s.add(f'<polygon points="{mx - 14},{my} {mx - 6},{my - 5} {mx - 6},{my + 5}" fill="#222"/>')
    s.text(mx + 8, my - 22, "D", size=11, weight="bold")
    s.text(mx + 8, my + 30, "S", size=11, weight="bold")
    s.text(mx - 40, my - 26, "G", size=11, weight="bold")
    s.text(mx + 20, my + 4, "AO3400A (SOT-23)", size=12, weight="bold")
    s.text(mx + 20, my + 20, "N-MOSFET, R_DS(on) < 48 mΩ at V_GS 2.5 V", size=11)
    # Gate: 100 Ω from the GPIO, 100 kΩ to ground.
    gx = mx - 22
    ga, gb = s.resistor(480, yl, "R_gate 100 Ω")
    s.dot(xl, yl, "#2e8b57")
    s.line([(xl, yl), ga])
    s.line([gb, (540, yl), (540, my), (gx, my)])
    s.dot(540, my)
    pa, pb = s.resistor(540, my + 60, "", vertical=True)
    s.text(528, my + 56, "R_pull-down", size=12, anchor="end", weight="bold")
    s.text(528, my + 72, "100 kΩ", size=12, anchor="end", weight="bold")
    s.line([(540, my), pa])
    # Grounds: source, pull-down, the Pi's GND (pin 6) and the supply's minus, joined.
    gy = my + 110
    s.line([pb, (540, gy)])
    s.line([(mx, my + 40), (mx, gy)])
    s.line([(xg, yg), (xg + P * 1.5 + 60, yg), (xg + P * 1.5 + 60, gy), (mx + 90, gy)], colour="#111")
    s.dot(xg, yg)
    s.dot(540, gy)
    s.dot(mx, gy)
    s.ground(mx + 90, gy)
    s.text(mx + 108, gy + 4, "GND: pin 14 and", size=12)
    s.text(mx + 108, gy + 20, "the supply's minus", size=12)
    s.note(300, 460, [
        f"The GPIO (pin {led}, GPIO18) only drives the gate; the LED current flows from +V",
        "through R_led, the LED and the MOSFET to ground. R_led = (5 V − 3.0 V) / 20 mA = 100 Ω.",
        "Logic level: the MOSFET must be fully on at V_GS = 3.3 V. AO3400A: V_GS(th) 0.65–1.45 V,",
        "R_DS(on) specified at 2.5 V. IRLZ44N: specified only down to 4 V: at 3.3 V fine for about",
        "an amp, check its curves. Not IRFZ44N/IRF540 (need 10 V).",
        "R_gate 100 Ω limits the gate's charging current; R_pull-down 100 kΩ keeps it dark while the",
        "Pi boots (the pin floats). With a 12 V strip: its own supply, minus joined to pin 14.",
    ], size=12)
    s.done(path)


def led_driver(path):
    led, gnd = SUGGESTED["led"], 14
    s = Svg("3. Power LED on a constant-current driver with a PWM/DIM input", {led, gnd})
    xl, yl = pin_xy(led)
    xg, yg = pin_xy(gnd)
    bx, by, bw, bh = 520, 130, 170, 235
    s.add(f'<rect x="{bx}" y="{by}" width="{bw}" height="{bh}" rx="6" fill="#eef3fb" stroke="#222" stroke-width="2"/>')
    s.text(bx + bw / 2, by + 185, "constant-current", size=13, anchor="middle", weight="bold")
    s.text(bx + bw / 2, by + 203, "LED driver", size=13, anchor="middle", weight="bold")
    s.text(bx + bw / 2, by + 222, "e.g. Mean Well LDD-700H", size=11, anchor="middle")
    for label, yy, side in [("VIN+", by + 30, "L"), ("VIN−", by + 60, "L"), ("DIM", yl, "L"),
                            ("LED+", by + 40, "R"), ("LED−", by + 150, "R")]:
        tx = bx + 6 if side == "L" else bx + bw - 6
        s.text(tx, yy + 4, label, size=11, anchor="start" if side == "L" else "end", weight="bold")
    # Supply.
    s.line([(380, by + 30), (bx, by + 30)], colour="#c0392b")
    s.text(380, by + 24, "+12 V supply", size=12, fill="#c0392b", weight="bold")
    s.line([(380, by + 60), (bx, by + 60)])
    s.text(380, by + 54, "supply minus", size=12)
    s.line([(440, by + 60), (440, yg)])
    s.dot(440, by + 60)
    # DIM from the GPIO, GND from the Pi.
    s.dot(xl, yl, "#2e8b57")
    s.line([(xl, yl), (bx, yl)], colour="#2e8b57")
    s.dot(xg, yg)
    s.line([(xg, yg), (440, yg)])
    s.dot(440, yg)
    s.text(300, yg + 20, "DIM is measured against VIN−: join the grounds", size=10, fill="#555")
    # The LED.
    s.line([(bx + bw, by + 40), (780, by + 40), (780, by + 80)])
    la, lb = s.led(780, by + 96, "1–3 W LED", colour="#f4f4f4", vertical=True)
    s.line([lb, (780, by + 150), (bx + bw, by + 150)])
    s.note(330, 410, [
        f"The driver holds the LED current (700 mA for an LDD-700H); pin {led} (GPIO18) only",
        "switches its DIM input. Join the driver's supply minus to the Pi's GND (pin 14).",
        "LDD-H: DIM on above 2.6 V, so 3.3 V logic works; PWM up to 1 kHz:",
        "set [output] pwm-frequency = 1kHz. PT4115 modules accept about 20 kHz.",
        "Some drivers float to ON with DIM open: add 10 kΩ from DIM to GND",
        "if the light comes on while the Pi boots. Active-low DIM: active-low = yes.",
        "Config: [output] line = GPIO18",
    ], size=12)
    s.done(path)


def button(path):
    on, gnd, v3 = SUGGESTED["button"], 14, 17
    s = Svg("4. The ON button to ground, on the internal pull-up", {on, gnd})
    xo, yo = pin_xy(on)
    xg, yg = pin_xy(gnd)
    s.dot(xo, yo, "#2e8b57")
    ba, bb = s.button(540, yo, "ON button (normally open)")
    s.line([(xo, yo), ba])
    s.line([bb, (640, yo), (640, yg - 50), (400, yg - 50), (400, yg), (xg, yg)])
    s.dot(xg, yg)
    # Optional external pull-up, dashed, to a 3V3 net label (pin 17).
    s.line([(470, yo), (470, yo + 38)], colour="#888", dash="6 4")
    s.add(f'<circle cx="470" cy="{yo:.1f}" r="3.5" fill="#888"/>')
    ra, rb = s.resistor(470, yo + 60, "", vertical=True)
    s.text(484, yo + 58, "optional", size=11, fill="#666")
    s.text(484, yo + 72, "10 kΩ", size=11, fill="#666", weight="bold")
    s.line([rb, (470, yo + 110)], colour="#888", dash="6 4")
    s.add(f'<rect x="440" y="{yo + 110:.1f}" width="60" height="20" rx="3" fill="#e67e22"/>')
    s.text(470, yo + 124, "3V3 pin 17", size=10, anchor="middle", fill="white", weight="bold")
    s.note(330, 430, [
        f"The button: pin {on} (GPIO23) → button → pin {gnd} (GND). No resistor: the pin's internal",
        "pull-up (about 50 kΩ) holds it high, and a press pulls it low.",
        "Config: [button] line = GPIO23, bias = pull-up, active-low = yes, debounce = 10ms",
        "An external 10 kΩ pull-up to 3V3 (dashed) is better for wires longer than about",
        "30 cm or a noisy place (stronger than the internal one; set bias = disabled);",
        "add 100 nF across the button if presses still double.",
        "Not GPIO2/GPIO3 (pins 3, 5): their fixed 1.8 kΩ pull-ups cannot be turned off.",
    ], size=12)
    s.done(path)


def two_buttons(path):
    on, off, g1, g2 = SUGGESTED["button"], SUGGESTED["off-button"], 14, 20
    s = Svg("5. The two-button composite switch: ON and OFF", {on, off, g1, g2})
    for pin, gnd, label, x in [(on, g1, "ON", 520), (off, g2, "OFF", 620)]:
        xp, yp = pin_xy(pin)
        xg, yg = pin_xy(gnd)
        s.dot(xp, yp, "#2e8b57")
        ba, bb = s.button(x, yp if label == "ON" else yp + 60, f"{label} button")
        if label == "ON":
            s.line([(xp, yp), ba])
            s.line([bb, (x + 60, yp), (x + 60, yg - 40), (xg + 110, yg - 40), (xg + 110, yg), (xg, yg)])
        else:
            s.line([(xp, yp), (x - 60, yp), (x - 60, yp + 60), ba])
            s.line([bb, (x + 60, yp + 60), (x + 60, yg + 80), (xg + 110, yg + 80), (xg + 110, yg), (xg, yg)])
        s.dot(xg, yg)
    s.note(330, 450, [
        f"ON: pin {on} (GPIO23) → button → pin {g1} (GND). OFF: pin {off} (GPIO24) → button → pin {g2} (GND).",
        "Both on the internal pull-ups, pressed reads low. ON: tap toggles, hold is light while",
        "held, double tap next pattern, long hold SOS. Any press of OFF stops everything.",
        "Config: [button] line = GPIO23, off-line = GPIO24 (the same chip).",
    ], size=12)
    s.done(path)


def buzzer(path):
    # Ground on pin 30, below the GPIO: the three wires leave the header in the
    # transistor's own order (collector, base, emitter), so none crosses another.
    bz, gnd, v5 = SUGGESTED["buzzer"], 30, 4
    s = Svg("6. Feedback: a buzzer (through an NPN) or an indicator LED", {bz, gnd, v5})
    xb, yb = pin_xy(bz)
    xg, yg = pin_xy(gnd)
    x5, y5 = pin_xy(v5)
    s.dot(x5, y5, "#c0392b")
    s.line([(x5, y5), (660, y5), (660, 150)], colour="#c0392b")
    s.text(670, y5 + 4, "+5 V (pin 4)", size=12, fill="#c0392b", weight="bold")
    s.add('<circle cx="660" cy="180" r="28" fill="#fff7d6" stroke="#222" stroke-width="2"/>')
    s.text(660, 185, "BZ", size=14, anchor="middle", weight="bold")
    s.text(700, 176, "5 V active buzzer (+ on top)", size=12, weight="bold")
    s.text(700, 192, "(own oscillator: beeps on DC)", size=11)
    s.line([(660, 208), (660, 270)])
    # NPN: collector up, emitter down, base left.
    nx, ny = 660, 300
    s.line([(nx - 20, ny - 22), (nx - 20, ny + 22)], width=3)
    s.line([(nx - 20, ny - 8), (nx, ny - 30), (nx, ny - 30)])
    s.line([(nx, ny - 30), (nx, 270)])
    s.line([(nx - 20, ny + 8), (nx, ny + 30), (nx, ny + 60)])
    s.add(f'<polygon points="{nx},{ny + 30} {nx - 10},{ny + 26} {nx - 4},{ny + 19}" fill="#222"/>')
    s.text(nx + 12, ny + 4, "NPN 2N2222 / BC337", size=12, weight="bold")
    s.text(nx + 8, ny - 30, "C", size=11, weight="bold")
    s.text(nx + 8, ny + 44, "E", size=11, weight="bold")
    ra, rb = s.resistor(500, ny, "R_base 1 kΩ")
    s.dot(xb, yb, "#2e8b57")
    s.line([(xb, yb), (420, yb), (420, ny), ra])
    s.line([rb, (nx - 20, ny)])
    s.line([(nx, ny + 60), (nx, yg), (xg, yg)])
    s.dot(xg, yg)
    s.note(300, 490, [
        f"Pin {bz} (GPIO25) → 1 kΩ → base: (3.3 − 0.7) V / 1 kΩ = 2.6 mA from the pin switches",
        "a buzzer of up to about 100 mA from 5 V. Emitter to pin 30 (any GND). A magnetic (not",
        "piezo) buzzer needs a 1N4148 across it, cathode to +5 V.",
        "Indicator LED instead: as in circuit 1, pin 22 (GPIO25) → 130 Ω → LED → pin 20 (GND).",
        "Config: [feedback] line = GPIO25, pulse = 30ms.",
    ], size=12)
    s.done(path)


CIRCUITS = {
    "led-resistor.svg": led_resistor,
    "led-mosfet.svg": led_mosfet,
    "led-driver.svg": led_driver,
    "button.svg": button,
    "two-buttons.svg": two_buttons,
    "buzzer.svg": buzzer,
}

if __name__ == "__main__":
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "wiring")
    for name, draw in CIRCUITS.items():
        draw(os.path.join(out, name))
