#!/bin/sh
# make install / make uninstall into a DESTDIR: the files land where docs/install-pi.md says,
# an existing config is never overwritten, the unit points at PREFIX, and uninstall
# removes exactly what install put there.
set -eu
cd "$(dirname "$0")/../.."
bin=${BIN:-.build/release/torch}
[ -x "$bin" ] || { echo "check-install: $bin not built" >&2; exit 1; }
dest=$(mktemp -d /tmp/torch-install.XXXXXX)
trap 'rm -rf "$dest"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }

make -s install-files BIN="$bin" DESTDIR="$dest" PREFIX=/opt/torch >/dev/null
for f in opt/torch/bin/torch opt/torch/share/man/man1/torch.1 etc/torch/torch.conf \
         etc/systemd/system/torch.service etc/systemd/system/torch.socket opt/torch/share/torch/boards/rpi5.board; do
    [ -e "$dest/$f" ] || fail "missing $f"
done
grep -q '^ExecStart=/opt/torch/bin/torch run' "$dest/etc/systemd/system/torch.service" || fail "ExecStart not at PREFIX"
"$dest/opt/torch/bin/torch" --version >/dev/null || fail "installed binary does not run"

# An edited config survives a second install and the uninstall.
echo "# edited" >> "$dest/etc/torch/torch.conf"
make -s install-files BIN="$bin" DESTDIR="$dest" PREFIX=/opt/torch >/dev/null
grep -q '^# edited' "$dest/etc/torch/torch.conf" || fail "install overwrote an existing config"
make -s uninstall DESTDIR="$dest" PREFIX=/opt/torch >/dev/null
left=$(cd "$dest" && find . -type f | sort)
[ "$left" = "./etc/torch/torch.conf" ] || fail "uninstall left: $left"

# With the default config, uninstall removes everything it installed.
rm -rf "$dest"/*
make -s install-files BIN="$bin" DESTDIR="$dest" PREFIX=/opt/torch >/dev/null
make -s uninstall DESTDIR="$dest" PREFIX=/opt/torch >/dev/null
left=$(cd "$dest" && find . -type f | sort)
[ -z "$left" ] || fail "uninstall left: $left"
echo "check-install: install and uninstall into DESTDIR: ok"
