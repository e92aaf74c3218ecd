"""make ha-test (issue 24): torch as Home Assistant itself sees it.

Run with the Python of Tests/ha/venv.sh (a pinned `homeassistant` from PyPI):

  1. every discovery payload `torch run --backend sim` publishes (to Debian's mosquitto
     on a free loopback port) is validated with Home Assistant's own schemas: the MQTT
     JSON light (`DISCOVERY_SCHEMA_JSON`), the binary sensors (`DISCOVERY_SCHEMA` of
     mqtt/binary_sensor.py: the stuck button's problem sensor, and the LED-dark one, as
     torch runs with a `[sensor]` and a calibration beside its state file, so it watches
     the LED) and the device trigger (`TRIGGER_DISCOVERY_SCHEMA`), after its own
     abbreviation expansion;
  2. Home Assistant's core is started in this process against that broker (the MQTT
     config entry written into the config directory's .storage before the start, as
     the UI's config flow stores it): the device, the light, the problem sensor (off,
     device class problem) and every trigger appear in its registries; `light.turn_on` with brightness, effect, transition and flash
     (called through Home Assistant's own service registry) reaches the simulated LED
     (torch's status and its --trace file); a tap, the end of its click sequence and a
     1 s hold's release on torch's control socket (the virtual button) each fire an
     automation with their device trigger, written as the README's example is.

usage: <venv>/bin/python Tests/ha/ha_test.py TORCH
Every wait has a timeout; the whole run is bounded (about a minute when it passes)."""

import asyncio
import json
import os
import sys
import tempfile
import threading
import time
import uuid

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "mqtt"))
from harness import Broker, Torch, stop_all, summary  # noqa: E402
import torchproc  # noqa: E402  (put on the path by harness)

import paho.mqtt.client as paho  # noqa: E402  (the venv's 2.x, as Home Assistant pins it)

TORCH = None
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)


def retained(port, prefix, seconds=2.0):
    """Every retained message under `prefix`/# (topic → payload), as a new subscriber
    (Home Assistant at its start) gets them."""
    got = {}
    c = paho.Client(paho.CallbackAPIVersion.VERSION2, client_id="ha-test-%d" % os.getpid())
    c.on_message = lambda _c, _u, m: got.__setitem__(m.topic, m.payload.decode())
    c.connect("127.0.0.1", port)
    c.subscribe(prefix + "/#", qos=1)
    c.loop_start()
    time.sleep(seconds)
    c.loop_stop()
    c.disconnect()
    return {t: p for t, p in got.items() if p}


def expand(payload):
    """Home Assistant's discovery abbreviations expanded (mqtt/discovery.py does the same
    before validating): keys, the device's keys, and `~` in topics."""
    from homeassistant.components.mqtt.abbreviations import ABBREVIATIONS, DEVICE_ABBREVIATIONS
    out = {ABBREVIATIONS.get(k, k): v for k, v in payload.items()}
    if isinstance(out.get("device"), dict):
        out["device"] = {DEVICE_ABBREVIATIONS.get(k, k): v for k, v in out["device"].items()}
    base = out.pop("~", None)
    if base:
        for k, v in list(out.items()):
            if isinstance(v, str) and (k.endswith("_topic") or k == "topic"):
                out[k] = v.replace("~", base) if v.startswith("~") or v.endswith("~") else v
    return out


def validate_discovery(messages):
    """Part 1: Home Assistant's schemas on every config torch published."""
    from homeassistant.components.mqtt.light.schema_json import DISCOVERY_SCHEMA_JSON
    from homeassistant.components.mqtt.device_trigger import TRIGGER_DISCOVERY_SCHEMA
    from homeassistant.components.mqtt.binary_sensor import DISCOVERY_SCHEMA as BINARY_SENSOR_SCHEMA
    lights = {t: p for t, p in messages.items() if t.startswith("homeassistant/light/")}
    sensors = {t: p for t, p in messages.items() if t.startswith("homeassistant/binary_sensor/")}
    triggers = {t: p for t, p in messages.items() if t.startswith("homeassistant/device_automation/")}
    check(len(lights) == 1, "one light config (%s)" % sorted(lights))
    check(sorted(sensors) == ["homeassistant/binary_sensor/hatest/button_stuck/config", "homeassistant/binary_sensor/hatest/led_dark/config"],
          "two binary sensor configs, the stuck button's and the dark LED's (%s)" % sorted(sensors))
    check(len(triggers) >= 1, "%d device trigger configs" % len(triggers))
    validated = {}
    for topic, text in sorted(lights.items()) + sorted(sensors.items()) + sorted(triggers.items()):
        schema = DISCOVERY_SCHEMA_JSON if topic in lights else BINARY_SENSOR_SCHEMA if topic in sensors else TRIGGER_DISCOVERY_SCHEMA
        try:
            validated[topic] = schema(expand(json.loads(text)))
            refusal = None
        except Exception as e:  # voluptuous.Invalid and its kin: the message says what
            refusal = str(e)
        check(refusal is None, "Home Assistant's schema accepts %s%s" % (topic, "" if refusal is None else ": refused: " + refusal))
    return lights, triggers, validated


# The README's lowest release: the last one before it refuses torch's light (it wanted
# `color_mode` with `supported_color_modes`), the first one of it accepts it.
OLD_RELEASES = [("2024.3.3", False), ("2024.4.0", True)]
# What those releases' http integration imported that 2025.4.4 no longer brings.
OLD_EXTRAS = ["aiohttp-fast-url-dispatcher==0.3.0", "aiohttp-zlib-ng==0.3.1", "zlib-ng==1.1.0"]


def old_releases(light_text):
    """The light's payload against the schema of each of OLD_RELEASES: their wheels
    (no dependencies) are unpacked once into the cache beside the venv."""
    import subprocess
    import zipfile
    cache = os.path.join(os.environ.get("TORCH_HA_CACHE", os.path.expanduser("~/.cache/torch-ha")), "old-releases")
    extra = os.path.join(cache, "extra")
    if not os.path.isdir(extra):
        subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", extra + ".part", *OLD_EXTRAS],
                       check=True, timeout=300)
        os.rename(extra + ".part", extra)
    for version, accepts in OLD_RELEASES:
        src = os.path.join(cache, version)
        if not os.path.isdir(src):
            wheels = os.path.join(cache, "wheels")
            subprocess.run([sys.executable, "-m", "pip", "download", "-q", "--no-deps", "-d", wheels, "homeassistant==" + version],
                           check=True, timeout=300)
            wheel = [w for w in os.listdir(wheels) if w.startswith("homeassistant-%s-" % version)][0]
            zipfile.ZipFile(os.path.join(wheels, wheel)).extractall(src + ".part")
            os.rename(src + ".part", src)
        r = subprocess.run([sys.executable, os.path.join(os.path.dirname(os.path.abspath(__file__)), "old_schema.py"), src, extra],
                           input=light_text, capture_output=True, text=True, timeout=120)
        said = (r.stdout.strip().splitlines() or [r.stderr.strip()[-300:]])[-1]
        check(said == "accepted" if accepts else said.startswith("refused: ") and "color_mode" in said,
              "Home Assistant %s's schema %s torch's light (%s)" % (version, "accepts" if accepts else "refuses", said))


def write_config(config_dir, http_port, broker_port):
    """A config directory as Home Assistant's UI leaves it after adding MQTT: the
    integration's config entry in .storage/core.config_entries (the broker in `data`,
    discovery in `options`, as the 2.x config flow stores them)."""
    os.makedirs(os.path.join(config_dir, ".storage"))
    with open(os.path.join(config_dir, "configuration.yaml"), "w") as f:
        f.write("homeassistant:\n  name: torch test\n  time_zone: UTC\n  unit_system: metric\n"
                "  latitude: 0\n  longitude: 0\n  elevation: 0\n"
                "http:\n  server_host: 127.0.0.1\n  server_port: %d\n"
                "automation: !include automations.yaml\nlogger:\n  default: warning\n" % http_port)
    with open(os.path.join(config_dir, "automations.yaml"), "w") as f:
        f.write("[]\n")
    now = "2026-01-01T00:00:00+00:00"
    entry = {"entry_id": uuid.uuid4().hex, "version": 1, "minor_version": 2, "domain": "mqtt",
             "title": "127.0.0.1", "data": {"broker": "127.0.0.1", "port": broker_port},
             "options": {"discovery": True, "discovery_prefix": "homeassistant"},
             "pref_disable_new_entities": False, "pref_disable_polling": False, "source": "user",
             "unique_id": None, "disabled_by": None, "created_at": now, "modified_at": now,
             "discovery_keys": {}, "subentries": []}
    with open(os.path.join(config_dir, ".storage", "core.config_entries"), "w") as f:
        json.dump({"version": 1, "minor_version": 5, "key": "core.config_entries", "data": {"entries": [entry]}}, f)


async def until(predicate, timeout, what):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = predicate()
        if value:
            return value
        await asyncio.sleep(0.05)
    raise AssertionError("timed out after %.0f s waiting for %s" % (timeout, what))


async def io(fn, *args):
    """A blocking call (torch's control socket, its log file) off the event loop: Home
    Assistant refuses blocking calls in its loop, as it would an integration's."""
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


async def until_io(fn, test, timeout, what):
    """Polls the blocking `fn` off the loop until `test` of its value holds."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        value = await io(fn)
        if test(value):
            return value
        await asyncio.sleep(0.05)
    raise AssertionError("timed out after %.0f s waiting for %s" % (timeout, what))


async def live(config_dir, torch, validated, triggers):
    """Part 2: Home Assistant's core, started here, against the broker torch is on."""
    from homeassistant import bootstrap, runner
    from homeassistant.components.device_automation import DeviceAutomationType, async_get_device_automations
    from homeassistant.helpers import device_registry as dr, entity_registry as er

    t0 = time.monotonic()
    hass = await bootstrap.async_setup_hass(runner.RuntimeConfig(config_dir=config_dir, skip_pip=True, safe_mode=False))
    check(hass is not None, "Home Assistant's core set up")
    await hass.async_start()
    print("   Home Assistant %s started in %.1f s" % (__import__("homeassistant.const").const.__version__, time.monotonic() - t0), flush=True)
    try:
        devices = dr.async_get(hass)
        # The light's config names the device (a trigger's may register it first).
        device = await until(lambda: (lambda d: d if d and d.name else None)(devices.async_get_device(identifiers={("mqtt", torch.name)})),
                             60, "torch's device with its name")
        check(bool(device.name) and ("mqtt", torch.name) in device.identifiers, "device '%s' (%s, %s) in the device registry" % (device.name, device.model, device.sw_version))
        entities = er.async_get(hass)
        light_id = await until(lambda: entities.async_get_entity_id("light", "mqtt", torch.name + "_light"), 30, "torch's light entity")
        check(light_id is not None, "light %s in the entity registry" % light_id)
        await until(lambda: hass.states.get(light_id) and hass.states.get(light_id).state in ("on", "off"), 30, "the light's state")
        state = hass.states.get(light_id)
        check(state.attributes.get("supported_color_modes") == ["brightness"], "its color modes: %s" % state.attributes.get("supported_color_modes"))
        print("   effects offered: %s" % state.attributes.get("effect_list"))
        # The stuck button's problem sensor: off while the button is not held.
        stuck_id = await until(lambda: entities.async_get_entity_id("binary_sensor", "mqtt", torch.name + "_button_stuck"), 30,
                               "the problem sensor's entity")
        await until(lambda: hass.states.get(stuck_id) and hass.states.get(stuck_id).state in ("on", "off"), 30, "its state")
        stuck = hass.states.get(stuck_id)
        check(stuck.state == "off" and stuck.attributes.get("device_class") == "problem" and not stuck_id.startswith("binary_sensor.none"),
              "problem sensor %s: %s, device class %s" % (stuck_id, stuck.state, stuck.attributes.get("device_class")))
        # The LED-dark problem sensor: the device's, off (the LED reads no dark).
        dark_id = await until(lambda: entities.async_get_entity_id("binary_sensor", "mqtt", torch.name + "_led_dark"), 30,
                              "the LED-dark sensor's entity")
        await until(lambda: hass.states.get(dark_id) and hass.states.get(dark_id).state in ("on", "off"), 30, "its state")
        dark = hass.states.get(dark_id)
        check(dark.state == "off" and dark.attributes.get("device_class") == "problem"
              and dark_id == "binary_sensor.%s_led_dark" % device.name.lower(),
              "problem sensor %s: %s, device class %s" % (dark_id, dark.state, dark.attributes.get("device_class")))

        want = {(v["type"], v["subtype"]) for t, v in validated.items() if t in triggers}
        async def found():
            got = await async_get_device_automations(hass, DeviceAutomationType.TRIGGER, [device.id])
            return {(a["type"], a["subtype"]) for a in got.get(device.id, []) if a.get("domain") == "mqtt"}
        end = time.monotonic() + 30
        have = await found()
        while not want <= have and time.monotonic() < end:
            await asyncio.sleep(0.2)
            have = await found()
        check(want <= have and len(want) == len(triggers), "every trigger (%d) is the device's: %s" % (len(want), sorted(have)))

        # light.turn_on: brightness and effect, then a transition, then a flash, each
        # as Home Assistant's JSON schema sends it.
        async def turn_on(**data):
            await hass.services.async_call("light", "turn_on", dict(entity_id=light_id, **data), blocking=True)

        await turn_on(brightness_pct=40, effect="breathe")
        s = await until_io(torch.status, lambda r: r["brightness_percent"] == 40 and r["pattern_name"].lower().startswith("breathe"), 10, "torch at 40 % breathe")
        check(s["lit"], "light.turn_on brightness_pct 40 effect breathe → torch lit, 40 %%, %s" % s["pattern_name"])
        await turn_on(effect="steady", brightness_pct=100)
        await until_io(torch.status, lambda r: r["brightness_percent"] == 100 and r["pattern_name"].lower().startswith("steady"), 10, "steady 100 %")
        t_transition = time.monotonic()
        await turn_on(brightness_pct=20, transition=1.5)
        s = await until_io(torch.status, lambda r: r["brightness_percent"] == 20, 10, "torch at 20 %")
        check(s["lit"] and s["brightness_percent"] == 20, "light.turn_on brightness_pct 20 transition 1.5 → torch at 20 % (levels checked in the trace below)")
        await asyncio.sleep(2.0)
        # Home Assistant's own top (6553 s): clamped to torch's 3600 s, not refused.
        await turn_on(brightness_pct=60, transition=6553)
        log = await until_io(torch.log, lambda t: "transition 6553 s is above" in t, 10, "the clamped transition's log line")
        s = await until_io(torch.status, lambda r: r["brightness_percent"] == 60, 10, "torch at 60 %")
        said = [l for l in log.splitlines() if "transition 6553" in l]
        check(s["brightness_percent"] == 60 and len(said) == 1, "transition 6553 s → played (brightness 60 %%), with one line: %s"
              % (said or [""])[0].split("mqtt: ", 1)[-1])
        await turn_on(brightness_pct=100)
        await turn_on(flash="short")
        log = await until_io(torch.log, lambda t: "flash: strobe" in t, 10, "torch's flash")
        said = [l for l in log.splitlines() if "flash: strobe" in l]
        check(bool(said) and "(mqtt)" in said[-1], "light.turn_on flash short → torch: %s" % (said or [""])[-1].split("torch: ")[-1])

        # A gesture: the automation as the README writes it (no discovery_id).
        # All four in one call, as Home Assistant's JSON schema sends them together: the
        # flash plays over the light, the brightness in it applies.
        await asyncio.sleep(2.5)
        await turn_on(brightness_pct=70, effect="steady", transition=0.5, flash="long")
        log = await until_io(torch.log, lambda t: "flash: strobe-medium for 10s" in t, 10, "the long flash")
        s = await until_io(torch.status, lambda r: r["brightness_percent"] == 70, 10, "torch at 70 %")
        check(s["lit"] and s["brightness_percent"] == 70, "light.turn_on brightness_pct 70 effect steady transition 0.5 flash long → a 10 s flash at 70 %")

        # Three automations, each on one trigger: a tap, the end of a hold (released
        # between hold-time and long-hold) and the end of a click sequence.
        wanted = {"tap": "torch_test_tapped", "hold-end": "torch_test_released", "clicks-ended": "torch_test_ended"}
        chosen = {p: next(v for t, v in validated.items() if t in triggers and v["payload"] == p) for p in wanted}
        def write_automation():
            with open(os.path.join(config_dir, "automations.yaml"), "w") as f:
                for p, event in wanted.items():
                    f.write("- alias: torch %s\n  triggers:\n    - trigger: device\n      domain: mqtt\n      device_id: %s\n"
                            "      type: %s\n      subtype: %s\n  actions:\n    - event: %s\n"
                            % (p, device.id, chosen[p]["type"], chosen[p]["subtype"], event))
        await io(write_automation)
        await hass.services.async_call("automation", "reload", blocking=True)
        fired = {p: [] for p in wanted}
        for p, event in wanted.items():
            hass.bus.async_listen(event, lambda e, p=p: fired[p].append(time.monotonic()))
        await asyncio.sleep(0.5)
        pressed = time.monotonic()
        assert (await io(torch.request, {"cmd": "press"}))["ok"] and (await io(torch.request, {"cmd": "release"}))["ok"]
        await until(lambda: fired["tap"], 10, "the automation's event after a tap")
        check(len(fired["tap"]) == 1, "a tap on the virtual button fired the automation (%s/%s) in %.0f ms"
              % (chosen["tap"]["type"], chosen["tap"]["subtype"], (fired["tap"][0] - pressed) * 1000))
        await until(lambda: fired["clicks-ended"], 10, "the automation's event after the tap's sequence ended")
        check(len(fired["clicks-ended"]) == 1, "the tap's sequence ending fired the automation (%s/%s)"
              % (chosen["clicks-ended"]["type"], chosen["clicks-ended"]["subtype"]))
        await asyncio.sleep(1.0)
        # Past hold-time (400 ms), short of long-hold (2 s), on one connection.
        await io(torchproc.hold, torch.socket, 1.0)
        try:
            await until(lambda: fired["hold-end"], 10, "the automation's event after a hold's release")
        except AssertionError as e:
            raise AssertionError("%s; torch's log ends: %s" % (e, (await io(torch.log))[-1200:]))
        check(len(fired["hold-end"]) == 1 and len(fired["tap"]) == 1, "a 1 s hold's release fired the automation (and not the tap's) (%s/%s)"
              % (chosen["hold-end"]["type"], chosen["hold-end"]["subtype"]))
    finally:
        await hass.async_stop()
    return t_transition


def main():
    global TORCH
    TORCH = os.path.abspath(sys.argv[1])
    start = time.monotonic()
    work = tempfile.mkdtemp(prefix="torch-ha.")
    broker = Broker(work)
    try:
        # A light sensor and this LED's calibration beside the state file: torch watches
        # the LED (the sensor itself is not on this machine: one log line), and announces
        # the LED-dark problem sensor.
        os.makedirs(os.path.join(work, "hatest"), exist_ok=True)
        with open(os.path.join(work, "hatest", "calibration"), "w") as f:
            f.write("version=1\nsensor=bh1750 iio:device9 in_illuminance\nunit=lx\ndark=1\nnoise=0.2\n"
                    "point=0.25 60\npoint=0.5 180\npoint=1 400\n")
        torch = Torch(TORCH, broker.port, "hatest", work,
                      extra="\n[light]\npatterns = steady, breathe, strobe-medium\n\n[sensor]\ndevice = iio:device9\n")
        origin = torch.origin()[0]
        messages = retained(broker.port, "homeassistant")
        lights, triggers, validated = validate_discovery(messages)
        old_releases(next(iter(lights.values())))
        config_dir = os.path.join(work, "ha-config")
        write_config(config_dir, __import__("harness").free_port(), broker.port)
        # Home Assistant's core on a thread of its own: once set up, it refuses blocking
        # calls on the thread its loop ran on, and the test's own waits block.
        result = {}
        def run():
            try:
                result["t"] = asyncio.run(asyncio.wait_for(live(config_dir, torch, validated, triggers), 240))
            except BaseException as e:  # reported on the main thread
                result["error"] = e
        thread = threading.Thread(target=run, name="home-assistant")
        thread.start()
        thread.join(300)
        if "error" in result:
            raise result["error"]
        assert "t" in result, "Home Assistant's part did not finish within 300 s"
        t_transition = result["t"]
        assert torch.stop() == 0
        changes = torch.changes(origin)
        between = [lv for t, lv in changes if t_transition <= t < t_transition + 1.6 and 0.05 < lv < 0.99]
        check(len(between) >= 5, "transition 1.5 s: %d levels in between on the LED" % len(between))
    except AssertionError as e:
        check(False, str(e))
    finally:
        stop_all()
        broker.stop()
    return summary("ha-test", failures, start, work)


if __name__ == "__main__":
    sys.exit(main())
