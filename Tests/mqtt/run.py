#!/usr/bin/python3
"""make mqtt-test (issue 12): torch's MQTT client and Home Assistant integration against
Debian's real mosquitto, started here on free loopback ports with config files of our
own, and paho (python3-paho-mqtt) playing Home Assistant and other clients.

usage: Tests/mqtt/run.py TORCH [TEST...]   (every test when none is named)

Each test prints what it measured; timing figures (echo latency, phase error) are
printed, not asserted against their targets (make bench reports them): the asserts are
on behaviour, with timeouts far above the targets."""

import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from harness import STARTED, Broker, Client, PtyTorch, Torch, changes_between, level_at, stop_all, wait_for
from fakebroker import CONNACK, FakeBroker, publish

TORCH = None
WORK = None
PATTERNS = ["steady", "strobe-slow", "strobe-fast", "sos", "breathe"]


def cie(fraction):
    """The CIE 1931 lightness → duty curve (torch's default `curve = cie`)."""
    l = fraction * 100
    return ((l + 16) / 116) ** 3 if l > 8 else l / 903.3


def state_after(client, topic, count, timeout=5):
    wait_for(lambda: len(client.on(topic)) >= count, timeout, "state message %d on %s" % (count, topic))
    return json.loads(client.on(topic)[count - 1][1])


# --------------------------------------------------------------------------- tests

def test_discovery(broker):
    """The retained discovery config carries every key Home Assistant needs; triggers for
    the gestures; availability; re-announce on homeassistant/status online; forget."""
    ha = Client(broker.port, topics=("homeassistant/#", "torch/disc/#"))
    t = Torch(TORCH, broker.port, "disc", WORK)
    light = "homeassistant/light/disc/light/config"
    wait_for(lambda: ha.last(light), 5, "the light's discovery config")
    config = ha.last_json(light)
    retained = ha.on(light)[-1][2]
    print("   light config: %s" % json.dumps(config, sort_keys=True))
    expected = {
        "schema": "json", "command_topic": "torch/disc/set", "state_topic": "torch/disc/state",
        "availability_topic": "torch/disc/availability", "payload_available": "online",
        "payload_not_available": "offline", "brightness": True, "brightness_scale": 100,
        "supported_color_modes": ["brightness"], "effect": True, "effect_list": PATTERNS,
        "flash": True, "flash_time_short": 2, "flash_time_long": 10, "transition": True,
        "unique_id": "disc_light",
    }
    for k, v in expected.items():
        assert config.get(k) == v, "discovery %s = %r, expected %r" % (k, config.get(k), v)
    device = config["device"]
    assert device["identifiers"] == ["disc"], device
    assert device["sw_version"].startswith("torch "), device
    for k in ("name", "model", "manufacturer"):
        assert isinstance(device.get(k), str) and device[k], "device %s missing: %r" % (k, device)
    triggers = {}
    for kind, htype, sub in [("tap", "button_short_press", "button_1"), ("double_tap", "button_double_press", "button_1"),
                             ("hold_start", "button_long_press", "button_1"), ("long_hold", "button_long_press", "long_hold"),
                             ("hold_end", "button_long_release", "button_1")]:
        topic = "homeassistant/device_automation/disc/%s/config" % kind
        wait_for(lambda: ha.last(topic), 5, topic)
        trig = ha.last_json(topic)
        assert trig["automation_type"] == "trigger" and trig["topic"] == "torch/disc/gesture", trig
        assert (trig["type"], trig["subtype"]) == (htype, sub), trig
        assert trig["device"]["identifiers"] == ["disc"], trig
        triggers[kind] = trig["payload"]
    print("   device triggers: %s" % triggers)
    sensor = "homeassistant/binary_sensor/disc/button_stuck/config"
    wait_for(lambda: ha.last(sensor), 5, "the problem sensor's discovery config")
    problem = ha.last_json(sensor)
    assert (problem["device_class"], problem["state_topic"], problem["unique_id"]) == ("problem", "torch/disc/button-stuck", "disc_button_stuck"), problem
    assert problem["device"]["identifiers"] == ["disc"], problem
    wait_for(lambda: ha.last("torch/disc/button-stuck") == b"OFF", 5, "the problem sensor's state OFF")
    wait_for(lambda: ha.last("torch/disc/availability") == b"online", 5, "availability online")
    state = state_after(ha, "torch/disc/state", 1)
    assert state == {"state": "OFF", "brightness": 100, "color_mode": "brightness", "effect": "steady"}, state
    # A subscriber arriving later gets them as retained messages.
    late = Client(broker.port, topics=("homeassistant/#", "torch/disc/#"))
    for topic in (light, sensor, "torch/disc/availability", "torch/disc/state", "torch/disc/button-stuck",
                  "homeassistant/device_automation/disc/tap/config"):
        wait_for(lambda: late.on(topic), 5, "%s for a later subscriber" % topic)
        assert late.on(topic)[0][2], "%s is not retained" % topic
    assert not late.on("torch/disc/gesture") and not late.on("torch/disc/set"), "commands or gestures retained"
    late.close()

    # Home Assistant restarts: it publishes online on <prefix>/status; torch announces again.
    configs = len(ha.on(light))
    ha.publish("homeassistant/status", "online")
    wait_for(lambda: len(ha.on(light)) > configs, 5, "the discovery config again after homeassistant/status online")
    wait_for(lambda: len(ha.on("torch/disc/state")) >= 2, 5, "the state again after homeassistant/status online")
    print("   re-announced after homeassistant/status online")

    # torch mqtt forget: empty retained configs; a new subscriber sees none.
    assert t.stop() == 0
    r = subprocess.run([TORCH, "mqtt", "forget", "--config", t.config], capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, "mqtt forget: %d %s" % (r.returncode, r.stderr)
    print("   " + r.stderr.strip())
    wait_for(lambda: ha.last(light) == b"", 5, "an empty config for the light")
    fresh = Client(broker.port, topics=("homeassistant/#", "torch/disc/#"))
    time.sleep(0.3)
    left = [tp for (_, tp, p, _) in fresh.messages if p and not tp.startswith("test/")]
    assert not left, "retained messages left after forget: %s" % left
    fresh.close()
    ha.close()


def test_commands(broker):
    """ON / brightness / effect / flash / transition → the simulated LED's trace, and
    the state echoed; commands are idempotent."""
    ha = Client(broker.port, topics=("torch/cmd/#",))
    # strobe-fast, as an effect and as Home Assistant's flash, is the owner's to allow.
    t = Torch(TORCH, broker.port, "cmd", WORK, extra="\n[light]\nremote-flashing = yes\n")
    origin, width = t.origin()
    st = "torch/cmd/state"
    wait_for(lambda: ha.on(st), 5, "the first state")
    marks = {}

    def send(name, cmd, expect=None, hold=0.3):
        n = len(ha.on(st))
        marks[name] = [time.monotonic(), None]
        ha.publish("torch/cmd/set", cmd)
        s = None
        if expect is not None:
            s = state_after(ha, st, n + 1)
            for k, v in expect.items():
                assert s.get(k) == v, "after %s: state %s = %r, expected %r" % (cmd, k, s.get(k), v)
        time.sleep(hold)
        marks[name][1] = time.monotonic()
        return s

    send("on", {"state": "ON", "brightness": 100}, {"state": "ON", "brightness": 100, "effect": "steady"})
    send("half", {"state": "ON", "brightness": 50}, {"state": "ON", "brightness": 50})
    states = len(ha.on(st))
    send("again", {"state": "ON", "brightness": 50}, hold=0.4)
    assert len(ha.on(st)) == states, "a repeated command published a new state"
    send("strobe", {"state": "ON", "brightness": 100, "effect": "strobe-fast"}, {"effect": "strobe-fast"}, hold=0.65)
    send("steady", {"state": "ON", "effect": "steady"}, {"effect": "steady"})
    # Flash for 1 s: strobing over the light's state (which is not changed: no new state
    # message), then back to steady.
    states = len(ha.on(st))
    send("flash", {"state": "ON", "flash": 1}, hold=1.3)
    assert len(ha.on(st)) == states, "a flash changed the published state: %s" % ha.on(st)[states:]
    send("short", {"state": "ON", "flash": "short"}, hold=0.1)
    time.sleep(2)   # the short flash (2 s) ends by itself
    # Transition: the level fades over it (the state says the target at once).
    send("transition", {"state": "ON", "brightness": 30, "transition": 0.5}, {"brightness": 30}, hold=0.9)
    send("off", {"state": "OFF", "transition": 0.5}, {"state": "OFF"}, hold=0.9)
    send("effect", {"effect": "sos"}, {"state": "ON", "effect": "sos"})
    send("off2", {"state": "OFF"}, {"state": "OFF"})
    # A burst of changes (a ramp is 50 a second): states at most every 50 ms, the last wins.
    n = len(ha.on(st))
    burst = time.monotonic()
    for b in range(10, 30):
        ha.client.publish("torch/cmd/set", json.dumps({"brightness": b}), qos=1)
        time.sleep(0.004)
    wait_for(lambda: ha.on(st) and json.loads(ha.on(st)[-1][1])["brightness"] == 29, 3, "the burst's last state")
    sent = len(ha.on(st)) - n
    print("   20 changes in %.0f ms → %d state messages, the last brightness 29" % ((time.monotonic() - burst) * 1000, sent))
    assert sent < 20, "every change of a burst was published"
    assert "unchanged" not in t.log(), t.log()
    assert t.stop() == 0
    ch = t.changes(origin)

    def at_end(name):
        return level_at(ch, marks[name][1] - 0.02)

    assert abs(at_end("on") - 1.0) < 1e-6, changes_between(ch, *marks["on"])
    half = at_end("half")
    assert abs(half - cie(0.5)) < 0.005, "brightness 50 → level %.4f, expected %.4f" % (half, cie(0.5))
    print("   brightness 50 → duty %.4f (CIE %.4f); trace origin ±%.2f ms" % (half, cie(0.5), width * 500))
    assert not changes_between(ch, marks["again"][0], marks["again"][1]), "a repeated command changed the output"
    flips = [lv for _, lv in changes_between(ch, marks["strobe"][0] + 0.02, marks["strobe"][1])]
    assert len(flips) >= 4 and set(round(x, 3) for x in flips) == {0.0, 1.0}, "strobe-fast: %s" % flips
    print("   strobe-fast: %d output changes in 0.65 s" % len(flips))
    during = changes_between(ch, marks["flash"][0], marks["flash"][1])
    assert len(during) >= 6 and abs(at_end("flash") - 1.0) < 1e-6, "flash: %s" % during
    print("   flash 1 s: %d output changes, then steady again" % len(during))
    assert abs(at_end("transition") - cie(0.3)) < 0.005
    for name, lo, hi in (("transition", cie(0.3), 1.0), ("off", 0.0, cie(0.3))):
        between = [lv for _, lv in changes_between(ch, *marks[name]) if lo + 0.01 < lv < hi - 0.01]
        assert len(between) >= 3, "%s over 0.5 s: levels in between %s" % (name, between)
        print("   %s over 0.5 s: %d levels in between" % (name, len(between)))
    assert at_end("off") == 0.0 and at_end("off2") == 0.0
    assert level_at(ch, marks["effect"][0] + 0.1) and level_at(ch, marks["effect"][0] + 0.1) > 0, "effect alone did not light"
    ha.close()


def test_flash_not_saved(broker):
    """A flash is never saved: the owner's steady 40 %, a 3600 s flash, SIGKILL, a restart →
    the steady 40 % again, not the strobe."""
    t = Torch(TORCH, broker.port, "flsave", WORK)
    ha = Client(broker.port, topics=("torch/flsave/#",))
    assert t.request({"cmd": "on", "brightness": 0.4})["ok"]
    ha.publish("torch/flsave/set", {"state": "ON", "flash": 3600})
    wait_for(lambda: "flash: strobe-medium for 1h" in t.log(), 5, "the flash to start")
    time.sleep(0.3)
    state_file = os.path.join(t.dir, "state")
    with open(state_file) as f:
        saved = f.read()
    assert "strobe" not in saved, "the flash was saved:\n" + saved
    t.signal(signal.SIGKILL)
    t.proc.wait()
    again = Torch(TORCH, broker.port, "flsave", WORK)
    s = again.status()
    print("   after SIGKILL mid-flash: lit %s, %s at %s %%" % (s["lit"], s["pattern"], s["brightness_percent"]))
    assert s["lit"] is True and s["pattern"] == "steady" and s["brightness_percent"] == 40, s
    assert again.stop() == 0
    ha.close()


def test_remote_flashing(broker):
    """Flashing is the owner's choice: an effect not in [light] patterns, and a listed one
    that flashes more than 3 times a second, are refused (one line naming the pattern and
    the setting); Home Assistant's flash is strobe-medium."""
    ha = Client(broker.port, topics=("torch/rf/#",))
    t = Torch(TORCH, broker.port, "rf", WORK, extra="\n[light]\npatterns = steady, tactical-strobe\n")
    origin, _ = t.origin()
    wait_for(lambda: ha.on("torch/rf/state"), 5, "the first state")
    t0 = time.monotonic()
    ha.publish("torch/rf/set", {"state": "ON", "effect": "party-strobe"})
    ha.publish("torch/rf/set", {"state": "ON", "effect": "tactical-strobe"})
    wait_for(lambda: t.log().count("the light is unchanged") >= 2, 5, "two refusals")
    lines = [l for l in t.log().splitlines() if "the light is unchanged" in l]
    for l in lines:
        print("   " + l[:200])
    assert "pattern 'party-strobe' is not one of the owner's [light] patterns" in lines[0], lines
    assert "pattern 'tactical-strobe' flashes more than 3 times a second" in lines[1] \
        and "[light] remote-flashing = yes" in lines[1], lines
    assert t.status()["lit"] is False
    t1 = time.monotonic()
    ha.publish("torch/rf/set", {"state": "ON", "flash": 1})
    wait_for(lambda: "flash: strobe-medium for 1s" in t.log(), 5, "the slow flash")
    time.sleep(1.3)
    t2 = time.monotonic()
    assert t.stop() == 0
    ch = t.changes(origin)
    assert not changes_between(ch, t0, t1), "a refused strobe changed the output"
    flash = changes_between(ch, t1, t2)
    gaps = [b[0] - a[0] for a, b in zip(flash, flash[1:])]
    print("   flash 1 s: %d output changes, %s ms apart" % (len(flash), [round(g * 1000) for g in gaps]))
    assert len(flash) >= 3 and all(g > 0.25 for g in gaps[:-1]), flash
    ha.close()


def test_retained(broker):
    """A retained message is never a command on the board's own set topic: a retained ON,
    `off` on the socket, a restart → dark. On the group topic only with [mqtt]
    group-retained = yes."""
    ha = Client(broker.port, topics=("torch/ret/state",))
    group = "torch/retgroup"
    extra = "group-topic = %s\n" % group
    try:
        t = Torch(TORCH, broker.port, "ret", WORK, extra=extra)
        # Sent while the board is subscribed, it is delivered live (RETAIN 0): a command.
        ha.publish("torch/ret/set", {"state": "ON"}, retain=True)
        wait_for(lambda: t.status()["lit"] is True, 5, "the live ON")
        assert t.request({"cmd": "off"})["ok"]
        assert t.stop() == 0
        # At the restart the broker delivers it again, retained: not a command.
        t = Torch(TORCH, broker.port, "ret", WORK, extra=extra)
        wait_for(lambda: "a retained message" in t.log(), 5, "the retained message at the restart")
        line = [l for l in t.log().splitlines() if "a retained message" in l][0]
        print("   " + line[:200])
        assert "torch/ret/set" in line and "is not a command" in line, line
        time.sleep(0.3)
        assert t.status()["lit"] is False, "the retained ON lit the light after a restart"
        assert t.stop() == 0
        # The group topic: ignored by default, obeyed by a board that opts in.
        ha.publish(group, {"state": "ON"}, retain=True)
        t = Torch(TORCH, broker.port, "retg", WORK, extra=extra)
        wait_for(lambda: "without [mqtt] group-retained = yes" in t.log(), 5, "the retained group message ignored")
        assert t.status()["lit"] is False
        assert t.stop() == 0
        t = Torch(TORCH, broker.port, "retg2", WORK, extra=extra + "group-retained = yes\n")
        wait_for(lambda: t.status()["lit"] is True, 5, "the opted-in board to take the group's retained ON")
        print("   group-retained = yes: the retained group ON lit the board")
        assert t.stop() == 0
    finally:
        # No retained command left for the other tests.
        ha.publish("torch/ret/set", b"", retain=True)
        ha.publish(group, b"", retain=True)
        ha.close()


def test_oversized(broker):
    """An oversized message is skipped, not fatal: a retained 70 kB message on the group
    topic gives one log line with its topic and size; the session stays connected and
    obeys the next small command."""
    ha = Client(broker.port, topics=("torch/big/state",))
    group = "torch/biggroup"
    try:
        ha.publish(group, b"x" * 70000, retain=True)
        t = Torch(TORCH, broker.port, "big", WORK, extra="group-topic = %s\n" % group)
        wait_for(lambda: "skipped unread" in t.log(), 5, "the oversized message to be skipped")
        line = [l for l in t.log().splitlines() if "skipped unread" in l][0]
        print("   " + line[:200])
        # The remaining length: the topic field, the packet identifier (QoS 1), the payload.
        assert group in line and "%d bytes (retained)" % (2 + len(group) + 2 + 70000) in line, line
        ha.publish("torch/big/set", {"state": "ON", "brightness": 30})
        wait_for(lambda: t.status()["lit"] is True, 5, "the next small command")
        time.sleep(1)
        assert t.log().count("mqtt: connected to") == 1 and "reconnecting" not in t.log(), t.log()
        assert t.stop() == 0
    finally:
        ha.publish(group, b"", retain=True)
        ha.close()


def test_bad_commands(broker):
    """Non-JSON or out-of-range commands: one log line each, no change to the light."""
    ha = Client(broker.port, topics=("torch/bad/#",))
    t = Torch(TORCH, broker.port, "bad", WORK)
    origin, _ = t.origin()
    ha.publish("torch/bad/set", {"state": "ON", "brightness": 40})
    wait_for(lambda: len(ha.on("torch/bad/state")) >= 2, 5, "the state after ON")
    time.sleep(0.2)
    t_bad = time.monotonic()
    states = len(ha.on("torch/bad/state"))
    bad = [b"not json", b"", b"\xff\xfe", b"[1,2]", b'"ON"', b'{"state":"MAYBE"}', b'{"brightness":0}',
           b'{"brightness":101}', b'{"brightness":"50"}', b'{"state":"ON","effect":"nope"}',
           b'{"state":"ON","flash":-1}', b'{"state":"ON","transition":-2}', b'{"colour":"red"}',
           b'{"state":"ON","at":1}', b'{"state":"OFF"' + b" " * 5000 + b"}", b'{"a":' * 40 + b"1" + b"}" * 40]
    for payload in bad:
        ha.publish("torch/bad/set", payload)
    group_bad = [b'{"state":"ON","effect":"sos","at":1000}', b'{"state":"ON","at":-5}', b'{"state":"ON","at":1.5}']
    for payload in group_bad:
        ha.publish("torch/all", payload)
    want = len(bad) + len(group_bad)
    wait_for(lambda: t.log().count("the light is unchanged") >= want, 5, "%d log lines" % want)
    time.sleep(0.3)
    lines = [l for l in t.log().splitlines() if "the light is unchanged" in l]
    assert len(lines) == want, "%d lines for %d bad commands:\n%s" % (len(lines), want, "\n".join(lines))
    for l in lines[:3] + lines[-3:]:
        print("   " + l[:160])
    assert len(ha.on("torch/bad/state")) == states, "a bad command changed the state"
    assert t.status()["brightness_percent"] == 40 and t.status()["lit"] is True
    t_end = time.monotonic()
    assert t.stop() == 0
    assert not changes_between(t.changes(origin), t_bad, t_end), "a bad command changed the output"
    ha.close()


def test_button_echo(broker):
    """The state is published at once after a button press: the simulated button (the
    terminal's space bar, on a pty) toggles; each state message and the gesture's
    trigger message is timed from the key press (printed; make bench reports p50/p99)."""
    ha = Client(broker.port, topics=("torch/btn/#",))
    t = PtyTorch(TORCH, broker.port, "btn", WORK)
    try:
        t.wait_for(lambda: ha.last("torch/btn/availability") == b"online", 15, "the pty torch online")
        wait_for(lambda: ha.on("torch/btn/state"), 5, "the first state")
        echo, gesture = [], []
        lit = False
        for i in range(10):
            n, g = len(ha.on("torch/btn/state")), len(ha.on("torch/btn/gesture"))
            t0 = time.monotonic()
            t.key()
            t.wait_for(lambda: len(ha.on("torch/btn/state")) > n, 2, "the state after key press %d" % i)
            t.wait_for(lambda: len(ha.on("torch/btn/gesture")) > g, 2, "the gesture after key press %d" % i)
            lit = not lit
            s = json.loads(ha.on("torch/btn/state")[n][1])
            assert s["state"] == ("ON" if lit else "OFF"), "tap %d: %s" % (i, s)
            assert ha.on("torch/btn/gesture")[g][1] == b"tap"
            # A press from dark lights at once; a tap while lit goes dark at its release
            # (the terminal's synthetic release comes KeyboardButton.tapLength, 60 ms, after
            # the key): each echo is timed from the change it reports.
            changed = t0 if lit else t0 + 0.060
            echo.append((ha.on("torch/btn/state")[n][0] - changed) * 1000)
            gesture.append((ha.on("torch/btn/gesture")[g][0] - (t0 + 0.060)) * 1000)
            time.sleep(0.45)   # past the double-tap window: each press is a tap
        echo.sort()
        gesture.sort()
        print("   state echo after a button press: p50 %.2f ms, max %.2f ms (target ≤ 50 ms); "
              "gesture message after the release: p50 %.2f ms" % (echo[len(echo) // 2], echo[-1], gesture[len(gesture) // 2]))
    finally:
        t.stop()
        ha.close()


def test_broker_restart(_shared):
    """The broker killed and restarted on its port: torch reconnects with backoff and
    publishes availability and state again (the broker keeps nothing: persistence off)."""
    d = os.path.join(WORK, "restart")
    os.makedirs(d, exist_ok=True)
    broker = Broker(d)
    t = Torch(TORCH, broker.port, "rs", WORK, keepalive="2s")
    t.request({"cmd": "on", "brightness": 0.3})
    broker.kill()
    wait_for(lambda: "reconnecting in" in t.log(), 5, "torch to notice the broker is gone")
    time.sleep(1.5)
    broker.start()
    t.wait_connected(count=2, timeout=40)
    lines = [l for l in t.log().splitlines() if "reconnecting in" in l]
    for l in lines:
        print("   " + l[:150])
    assert len(lines) >= 2, "expected retries with backoff: %s" % lines
    ha = Client(broker.port, topics=("torch/rs/#",))
    wait_for(lambda: ha.last("torch/rs/availability") == b"online", 5, "availability online (retained) after the restart")
    wait_for(lambda: ha.last("torch/rs/state"), 5, "the state (retained) after the restart")
    s = ha.last_json("torch/rs/state")
    assert s["state"] == "ON" and s["brightness"] == 30, s
    assert t.stop() == 0
    ha.close()
    broker.stop()


def test_will(broker):
    """kill -STOP past 1.5 × keepalive → the broker publishes the will (offline); SIGCONT →
    online again; SIGKILL → offline; a clean stop → offline, then DISCONNECT (the will
    is discarded: offline exactly once)."""
    ha = Client(broker.port, topics=("torch/+/availability",))
    t = Torch(TORCH, broker.port, "will", WORK, keepalive="1s")
    av = "torch/will/availability"
    wait_for(lambda: ha.last(av) == b"online", 5, "online")
    t0 = time.monotonic()
    t.signal(signal.SIGSTOP)
    wait_for(lambda: ha.last(av) == b"offline", 20, "the will (offline) while stopped")
    print("   stopped: offline after %.2f s (keepalive 1 s)" % (time.monotonic() - t0))
    t.signal(signal.SIGCONT)
    wait_for(lambda: ha.last(av) == b"online", 10, "online again after SIGCONT")
    t.signal(signal.SIGKILL)
    t.proc.wait()
    wait_for(lambda: ha.last(av) == b"offline", 5, "offline after SIGKILL")
    print("   SIGKILL: offline")

    t = Torch(TORCH, broker.port, "clean", WORK, keepalive="1s")
    av = "torch/clean/availability"
    wait_for(lambda: ha.last(av) == b"online", 5, "online")
    n = len(ha.on(av))
    assert t.stop() == 0
    wait_for(lambda: len(ha.on(av)) > n, 5, "offline after a clean stop")
    time.sleep(2.0)   # a will, if the DISCONNECT were lost, comes as soon as the socket closes
    after = [p for (_, p, _) in ha.on(av)[n:]]
    assert after == [b"offline"], "after a clean stop: %s (the will must be discarded)" % after
    log = broker.log_text()
    assert "Client clean disconnected." in log, "mosquitto did not see a DISCONNECT from 'clean'"
    print("   clean stop: offline once, then DISCONNECT")
    ha.close()


def test_group_phase(broker):
    """20 torch instances on one broker, one group SOS with "at": all start in phase.
    Half the boards are stopped (SIGSTOP) while the command is delivered, so they get it
    300 ms late: anchored at the agreed instant they still start together."""
    n = int(os.environ.get("GROUP_SIZE", "20"))
    boards = [Torch(TORCH, broker.port, "g%02d" % i, WORK, wait=False) for i in range(n)]
    for b in boards:
        b.wait_connected(timeout=30)
    ha = Client(broker.port, topics=("torch/+/state",))
    origins = [b.origin() for b in boards]
    for b in boards[::2]:
        b.signal(signal.SIGSTOP)
    at_ms = int(time.time() * 1000) + 800
    at_mono = at_ms / 1000 - (time.time() - time.monotonic())
    ha.publish("torch/all", {"state": "ON", "effect": "sos", "at": at_ms})
    time.sleep(0.3)
    for b in boards[::2]:
        b.signal(signal.SIGCONT)
    time.sleep(max(0, at_mono - time.monotonic()) + 1.0)
    for b in boards:
        s = ha.last_json("torch/%s/state" % b.name)
        assert s and s["state"] == "ON" and s["effect"] == "sos", (b.name, s)
    for b in boards:
        assert b.stop() == 0
    starts = []
    for b, (origin, width) in zip(boards, origins):
        levels = b.trace_levels()
        rising = [t for t, lv in levels if lv > 0 and origin + t / 1e9 > at_mono - 0.5]
        assert rising, "%s never lit: %s" % (b.name, levels[-5:])
        starts.append(origin + rising[0] / 1e9)
    offsets = [(s - at_mono) * 1000 for s in starts]
    spread = max(starts) - min(starts)
    width = max(w for _, w in origins) * 1000
    print("   %d boards, group SOS: phase error (first light, max - min) %.2f ms; start - at: min %.2f, max %.2f ms "
          "(trace origins known to ±%.2f ms; target ≤ 2 ms)" % (n, spread * 1000, min(offsets), max(offsets), width / 2))
    assert spread < 0.050, "boards out of phase by %.1f ms: %s" % (spread * 1000, offsets)
    ha.close()


def test_fake_broker(_shared):
    """A fake broker sends packets before CONNACK, malformed packets and oversized
    remaining lengths: each gives one log line and a reconnect, and the light does not
    change; the well-behaved session after it works. One torch per bad script, in
    parallel (the backoff grows with consecutive failures)."""
    good = CONNACK + publish("torch/fake/set", b'{"state":"ON","brightness":60}')
    bad = [
        ("PUBLISH before CONNACK", publish("torch/fake/set", b'{"state":"ON"}')),
        ("not authorized (code 5)", bytes([0x20, 0x02, 0x00, 0x05])),
        ("remaining length 268435455 exceeds", CONNACK + bytes([0x90, 0xFF, 0xFF, 0xFF, 0x7F])),
        ("longer than 4 bytes", CONNACK + bytes([0x30, 0x80, 0x80, 0x80, 0x80, 0x01])),
        ("packet type 15", CONNACK + bytes([0xF0, 0x00])),
        ("QoS 3", CONNACK + bytes([0x36, 0x05, 0x00, 0x01, 0x61, 0x00, 0x01])),
        ("ends inside its topic", CONNACK + bytes([0x30, 0x04, 0x00, 0x09, 0x61, 0x62])),
        ("unexpected CONNACK", CONNACK + CONNACK),
        ("reserved flags", CONNACK + bytes([0x41, 0x02, 0x00, 0x01])),
        ("DUP set on a QoS 0", CONNACK + bytes([0x38, 0x03, 0x00, 0x01, 0x61])),
        ("not well-formed UTF-8", CONNACK + bytes([0x30, 0x04, 0x00, 0x02, 0xC3, 0x28])),
        ("bytes after its last field", CONNACK + bytes([0xD0, 0x01, 0x00])),
    ]
    runs = []
    for i, (needle, script) in enumerate(bad):
        fake = FakeBroker([script, good])
        t = Torch(TORCH, None, "fake%02d" % i, WORK, keepalive="5s", base="torch/fake",
                  broker_url="mqtt://localhost:%d" % fake.port, wait=False)
        runs.append((needle, fake, t))
    for needle, fake, t in runs:
        wait_for(lambda: fake.connections >= 2, 15, "torch to come back after '%s'" % needle)
        wait_for(lambda: t.status()["lit"], 5, "the good session's command after '%s'" % needle)
    for needle, fake, t in runs:
        assert t.stop() == 0
        fake.stop()
        lines = [l for l in t.log().splitlines() if "reconnecting in" in l]
        assert len(lines) == 1 and needle in lines[0], "after '%s': %s" % (needle, lines)
        print("   " + lines[0][:150])
        assert fake.first_packets and all(p == b"\x10" for p in fake.first_packets), "every session starts with CONNECT"
        levels = [lv for _, lv in t.trace_levels()]
        lit = [lv for lv in levels if lv > 0]
        assert lit and abs(lit[0] - cie(0.6)) < 0.005 and len(set(lit)) == 1, \
            "'%s': only the good session's command lights: %s" % (needle, levels)


def test_config_errors(_shared):
    """Bad [mqtt] values are file:line errors (exit 78); --mqtt is checked (exit 64)."""
    d = os.path.join(WORK, "conf")
    os.makedirs(d, exist_ok=True)
    for line, needle in [("broker = http://x", "mqtt://HOST"), ("broker = mqtts://x:0", "mqtts://HOST"),
                         ("broker = mqtts://x\ncert-file = /c.pem", "cert-file needs key-file"),
                         ("keepalive = 1.5s", "whole seconds"), ("keepalive = 0s", "1s"),
                         ("base-topic = a/#", "MQTT topic"), ("group-topic = /x", "MQTT topic"),
                         ("discovery = maybe", "maybe"), ("client-id = a b", "client identifier")]:
        conf = os.path.join(d, "bad.conf")
        with open(conf, "w") as f:
            f.write("[mqtt]\n" + line + "\n")
        r = subprocess.run([TORCH, "status", "--config", conf], capture_output=True, text=True, timeout=10)
        assert r.returncode == 78 and (conf + ":%d:" % (line.count("\n") + 2)) in r.stderr and needle in r.stderr, (line, r.returncode, r.stderr)
    print("   " + r.stderr.strip().splitlines()[0])
    r = subprocess.run([TORCH, "run", "--mqtt", "mqtt://[::1"], capture_output=True, text=True, timeout=10)
    assert r.returncode == 64 and "--mqtt" in r.stderr, (r.returncode, r.stderr)
    print("   " + r.stderr.strip().splitlines()[0])


def test_ipv6(_shared):
    """An IPv6 broker address ([::1]) connects (host names: the fake broker and the
    password tests connect to localhost)."""
    d = os.path.join(WORK, "v6")
    os.makedirs(d, exist_ok=True)
    port = __import__("harness").free_port()
    conf = os.path.join(d, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write("listener %d ::1\nallow_anonymous true\npersistence false\nuser %s\n" % (port, __import__("getpass").getuser()))
    proc = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        t = Torch(TORCH, None, "v6", WORK, broker_url="mqtt://[::1]:%d" % port)
        print("   " + [l for l in t.log().splitlines() if "connected" in l][0])
        assert t.stop() == 0
    finally:
        proc.terminate()
        proc.wait()


def test_auth(_shared):
    """A user name and a password read from a file (mosquitto with anonymous access off);
    a wrong password is refused in one line; `torch run --mqtt URL` overrides the
    config's broker."""
    d = os.path.join(WORK, "auth")
    os.makedirs(d, exist_ok=True)
    port = __import__("harness").free_port()
    passwd = os.path.join(d, "passwd")
    subprocess.run(["mosquitto_passwd", "-b", "-c", passwd, "torch", "s3cret pass"], check=True, capture_output=True)
    os.chmod(passwd, 0o644)
    conf = os.path.join(d, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write("listener %d 127.0.0.1\nallow_anonymous false\npassword_file %s\npersistence false\nuser %s\n"
                % (port, passwd, __import__("getpass").getuser()))
    proc = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for(lambda: subprocess.run(["mosquitto_pub", "-p", str(port), "-u", "torch", "-P", "s3cret pass", "-t", "x",
                                         "-m", "1"], capture_output=True).returncode == 0, 10, "the password broker")
        good = os.path.join(d, "good")
        with open(good, "w") as f:
            f.write("s3cret pass\n")
        bad = os.path.join(d, "bad")
        with open(bad, "w") as f:
            f.write("wrong\n")
        # A password file is the owner's only (as ssh's keys): readable by group or others,
        # it is refused in one line naming the file and the mode to use.
        t = Torch(TORCH, None, "auth-open", WORK, extra="username = torch\npassword-file = %s\n" % good,
                  broker_url="mqtt://127.0.0.1:%d" % port, wait=False)
        wait_for(lambda: "no MQTT" in t.log() or t.proc.poll() is not None, 10, "the open password file's line")
        line = [l for l in t.log().splitlines() if "no MQTT" in l][0]
        print("   " + line)
        assert good in line and "mode 0644" in line and "use mode 0600" in line, line
        assert t.stop() == 0
        os.chmod(good, 0o600)
        os.chmod(bad, 0o600)
        # A password file that is not there: one line, and the service goes on without
        # MQTT (exiting would restart it in a loop under systemd).
        t = Torch(TORCH, None, "auth-missing", WORK, extra="username = torch\npassword-file = %s\n"
                  % os.path.join(d, "missing"), broker_url="mqtt://127.0.0.1:%d" % port, wait=False)
        wait_for(lambda: "no MQTT" in t.log() or t.proc.poll() is not None, 10, "the missing password file's line")
        line = [l for l in t.log().splitlines() if "no MQTT" in l][0]
        print("   " + line)
        assert "password-file" in line and "missing" in line, line
        assert t.request({"cmd": "on"})["ok"] and t.status()["lit"] is True
        assert t.stop() == 0
        # The config names a port nothing listens on; --mqtt gives the real one.
        t = Torch(TORCH, None, "auth", WORK, broker_url="mqtt://127.0.0.1:1",
                  extra="username = torch\npassword-file = %s\n" % good, args=["--mqtt", "mqtt://localhost:%d" % port])
        print("   " + [l for l in t.log().splitlines() if "connected" in l][0])
        assert t.stop() == 0
        t = Torch(TORCH, None, "auth-bad", WORK, extra="username = torch\npassword-file = %s\n" % bad,
                  broker_url="mqtt://127.0.0.1:%d" % port, wait=False)
        wait_for(lambda: "refused the connection" in t.log(), 10, "the refusal")
        line = [l for l in t.log().splitlines() if "refused" in l][0]
        print("   " + line)
        assert "code 4" in line or "code 5" in line, line
        assert t.stop() == 0
    finally:
        proc.terminate()
        proc.wait()


TESTS = [test_config_errors, test_discovery, test_commands, test_flash_not_saved, test_remote_flashing, test_retained, test_oversized, test_bad_commands, test_button_echo, test_will,
         test_broker_restart, test_ipv6, test_auth, test_fake_broker, test_group_phase]


def main():
    global TORCH, WORK
    if len(sys.argv) < 2:
        print(__doc__)
        return 64
    TORCH = os.path.abspath(sys.argv[1])
    chosen = [t for t in TESTS if len(sys.argv) == 2 or t.__name__ in sys.argv[2:] or t.__name__[5:] in sys.argv[2:]]
    WORK = tempfile.mkdtemp(prefix="torch-mqtt.")
    broker = Broker(os.path.join(WORK))
    STARTED.remove(broker)   # shared by the tests; stopped at the end
    failed = []
    start = time.monotonic()
    try:
        for test in chosen:
            t0 = time.monotonic()
            print("mqtt-test %s: %s" % (test.__name__[5:], test.__doc__.strip().splitlines()[0]))
            try:
                test(broker)
                print("   ok (%.1f s)" % (time.monotonic() - t0))
            except Exception as e:  # one test's failure does not stop the others
                failed.append(test.__name__)
                print("   FAILED: %s: %s" % (type(e).__name__, e))
                print("   (files kept in %s)" % WORK)
            finally:
                stop_all()
    finally:
        broker.stop()
    print("mqtt-test: %d/%d passed in %.1f s" % (len(chosen) - len(failed), len(chosen), time.monotonic() - start))
    if not failed:
        shutil.rmtree(WORK, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
