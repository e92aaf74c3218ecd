#!/bin/sh
# Prints the path of a virtual environment with Home Assistant (Tests/ha/requirements.txt)
# for make ha-test, making it first when it is not there: cached by the hash of the
# requirements, this script and the Python version under ~/.cache/torch-ha (or
# TORCH_HA_CACHE), so a second run installs nothing. The Python is pyenv's 3.13.0
# (or TORCH_HA_PYTHON). What it says goes to stderr; stdout is the path alone.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
python=${TORCH_HA_PYTHON:-$HOME/.pyenv/versions/3.13.0/bin/python3}
if [ ! -x "$python" ]; then
    echo "ha-test: no Python 3.13 at $python (pyenv install 3.13.0, or set TORCH_HA_PYTHON)" >&2
    exit 1
fi
cache=${TORCH_HA_CACHE:-$HOME/.cache/torch-ha}
key=$( (cat "$here/requirements.txt" "$here/venv.sh"; "$python" --version) | sha256sum | cut -c1-16)
venv="$cache/venv-$key"
if [ ! -f "$venv/.complete" ]; then
    start=$(date +%s)
    echo "ha-test: installing Home Assistant into $venv (a few minutes, once)" >&2
    rm -rf "$venv"
    mkdir -p "$cache"
    "$python" -m venv "$venv"
    "$venv/bin/pip" install -q --upgrade pip >&2
    ha=$(grep '^homeassistant==' "$here/requirements.txt")
    # Home Assistant first without its dependencies, then them pinned exactly as the
    # release pins them: its Requires-Dist, under its package_constraints.txt (without
    # the constraints pip backtracks through bluetooth packages for a long time).
    "$venv/bin/pip" install -q --no-deps "$ha" >&2
    "$venv/bin/python" -c "from importlib.metadata import requires; print('\n'.join(requires('homeassistant')))" > "$venv/ha-requirements.txt"
    grep -v '^homeassistant==' "$here/requirements.txt" | grep -v '^#' >> "$venv/ha-requirements.txt"
    constraints=$("$venv/bin/python" -c "import homeassistant, os; print(os.path.join(os.path.dirname(homeassistant.__file__), 'package_constraints.txt'))")
    "$venv/bin/pip" install -q --prefer-binary -r "$venv/ha-requirements.txt" -c "$constraints" >&2
    touch "$venv/.complete"
    echo "ha-test: installed in $(( $(date +%s) - start )) s" >&2
fi
echo "$venv"
