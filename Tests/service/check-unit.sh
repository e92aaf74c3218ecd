#!/bin/sh
# Checks dist/torch.service and dist/torch.socket with systemd's own tools:
#   systemd-analyze verify              must print nothing (both units, together)
#   systemd-analyze security --offline  the service's exposure must be at most 2.0
#   the socket: the path, mode 0660 and group gpio the CLI and the docs promise; the
#   service: takes it (Sockets=), enables it (Also=) and has no capability (no chown)
# The unit's /usr/local/bin/torch is swapped for a stub in a temporary directory, so
# the check runs on a machine where torch is not installed.
set -eu
here=$(cd "$(dirname "$0")/../.." && pwd)
unit="$here/dist/torch.service"
max_exposure=${MAX_EXPOSURE:-2.0}

work=$(mktemp -d /tmp/torch-unit-check.XXXXXX)
trap 'rm -rf "$work"' EXIT
printf '#!/bin/sh\nexit 0\n' > "$work/torch"
chmod 755 "$work/torch"
sed "s#/usr/local/bin/torch#$work/torch#g" "$unit" > "$work/torch.service"
cp "$here/dist/torch.socket" "$work/torch.socket"
# Documentation=man:… is checked too: the man pages from dist/, found through MANPATH.
mkdir -p "$work/man/man1" "$work/man/man5"
cp "$here/dist/torch.1" "$work/man/man1/torch.1"
cp "$here/dist/torch.conf.5" "$work/man/man5/torch.conf.5"
export MANPATH="$work/man"

fail=0
out=$(cd "$work" && systemd-analyze verify ./torch.socket ./torch.service 2>&1) || fail=1
if [ -n "$out" ] || [ "$fail" -ne 0 ]; then
    echo "check-unit: systemd-analyze verify reported:" >&2
    echo "$out" >&2
    exit 1
fi
echo "check-unit: systemd-analyze verify: clean"

# What the rest of torch relies on (the CLI's system socket, the docs' group).
for want in "ListenStream=/run/torch/torch.sock" "SocketMode=0660" "SocketGroup=gpio"; do
    grep -qx "$want" "$work/torch.socket" || { echo "check-unit: torch.socket lacks $want" >&2; exit 1; }
done
for want in "Sockets=torch.socket" "Also=torch.socket" "CapabilityBoundingSet=" "RuntimeDirectoryPreserve=yes" \
    "FileDescriptorStoreMax=1" "Environment=FDSTORE=1" "NotifyAccess=exec"; do
    grep -qx "$want" "$work/torch.service" || { echo "check-unit: torch.service lacks $want" >&2; exit 1; }
done
if grep -q CAP_CHOWN "$work/torch.service"; then echo "check-unit: torch.service still has CAP_CHOWN" >&2; exit 1; fi
echo "check-unit: torch.socket (0660, group gpio) passed to torch.service, which has no capability"

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
