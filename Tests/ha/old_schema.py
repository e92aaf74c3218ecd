"""One older Home Assistant release's MQTT JSON light schema on a discovery payload
(stdin): prints `accepted` or `refused: …`. Run by ha_test.py with the release's own
source first on the path (its wheel, unpacked) and the test's venv for the rest: the
schema module needs only the libraries the newer release brings, plus the few that
release's http integration imported then (`extra`).

usage: old_schema.py SOURCE_DIR EXTRA_DIR < payload.json"""
import json
import sys

sys.path[0:0] = [sys.argv[1], sys.argv[2]]
import homeassistant.const  # noqa: E402
assert homeassistant.const.__file__.startswith(sys.argv[1]), homeassistant.const.__file__
from homeassistant.components.mqtt.light.schema_json import DISCOVERY_SCHEMA_JSON  # noqa: E402

try:
    DISCOVERY_SCHEMA_JSON(json.load(sys.stdin))
    print("accepted")
except Exception as e:  # voluptuous.Invalid: its text says which keys
    print("refused: %s" % e)
