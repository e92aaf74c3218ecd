#!/bin/sh
# Checks dist/torch.service with systemd's own tools:
#   systemd-analyze verify              must print nothing
#   systemd-analyze security --offline  exposure must be at most 3.0
# The unit's /usr/local/bin/torch is swapped for a stub in a temporary directory, so
# the check runs on a machine where torch is not installed.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
unit="$here/dist/torch.service"
max_exposure=${MAX_EXPOSURE:-3.0}

work=$(mktemp -d /tmp/torch-unit-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
printf '#!/bin/sh\nexit 0\n' > "$work/torch"
chmod 755 "$work/torch"
sed "s#/usr/local/bin/torch#$work/torch#g" "$unit" > "$work/torch.service"

fail=0
out=$(cd "$work" && systemd-analyze verify ./torch.service 2>&1) || fail=1
if [ -n "$out" ] || [ "$fail" -ne 0 ]; then
    echo "check-unit: systemd-analyze verify reported:" >&2
    echo "$out" >&2
    exit 1
fi
echo "check-unit: systemd-analyze verify: clean"

security=$(cd "$work" && systemd-analyze security --offline=yes --no-pager ./torch.service 2>&1) || {
    echo "$security" >&2
    echo "check-unit: systemd-analyze security failed" >&2
    exit 1
}
exposure=$(printf '%s\n' "$security" | sed -n 's/.*Overall exposure level for torch.service: \([0-9.]*\).*/\1/p')
if [ -z "$exposure" ]; then
    echo "check-unit: no exposure figure in systemd-analyze security output" >&2
    exit 1
fi
echo "check-unit: exposure $exposure (at most $max_exposure)"
awk -v e="$exposure" -v m="$max_exposure" 'BEGIN { exit !(e <= m) }' || {
    printf '%s\n' "$security" | grep '✗' >&2
    echo "check-unit: exposure $exposure is above $max_exposure" >&2
    exit 1
}
