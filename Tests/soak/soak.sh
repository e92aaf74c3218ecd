#!/bin/sh
# `make soak` / `make soak-quick`: the service under steady traffic for MINUTES
# (Tests/soak/soak.py says what it does and what fails it).
# usage: Tests/soak/soak.sh MINUTES [TORCH]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
# Debian's python3 (its paho for the MQTT traffic) when there.
py=python3; [ -x /usr/bin/python3 ] && py=/usr/bin/python3
exec "$py" "$here/soak.py" "${1:-60}" "${2:-.build/release/torch}"
