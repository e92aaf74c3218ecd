#!/bin/sh
# Writes the fixtures the IIO light-sensor tests read (Tests/iio/fixtures/<version>/):
# excerpts of the Linux sources of each driver torch reads a light from — bh1750, veml6030
# (the VEML7700's), opt3001, tsl2563, tsl2591, ti-ads1015 — and of the IIO core's naming
# tables, from Debian's linux-source-6.1 and linux-source-6.12, the kernels make vm-test
# boots (their packages as Tests/vm/debian-kernel.sh cached them).
#
#   Tests/iio/extract-fixtures.sh        (make iio-fixtures)
#
# Each driver's excerpt holds what its sysfs attributes are made from: its iio_chan_spec
# arrays (and the channel macros they use), its attributes declared with IIO_*ATTR*, the
# names it gives its device (indio_dev->name, its i2c_device_id table). The core's holds
# iio_direction, iio_chan_type_name_spec, iio_modifier_names and iio_chan_info_postfix.
# IIODriverAttributeTests derives each driver's attribute names from them by the core's
# rules (__iio_device_attr_init) and checks torch's channel choice and the sysfs double
# (SysfsIIODouble) against them.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cache=${TORCH_DEBIAN_KERNEL_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-debian-kernel}
drivers="drivers/iio/light/bh1750.c drivers/iio/light/veml6030.c drivers/iio/light/opt3001.c
 drivers/iio/light/tsl2563.c drivers/iio/light/tsl2591.c drivers/iio/adc/ti-ads1015.c"
for version in 6.1 6.12; do
    lock="$cache/kernel-amd64-$version.lock"
    [ -f "$lock" ] || { sh "$here/../vm/debian-kernel.sh" amd64 "$version" > /dev/null; }
    sha=$(awk -v p="linux-source-$version" '$1 == p { print $3 }' "$lock")
    pkgversion=$(awk -v p="linux-source-$version" '$1 == p { print $2 }' "$lock")
    deb="$cache/debs/$sha.deb"
    [ -f "$deb" ] || { echo "extract-fixtures: no linux-source-$version in $cache (make vm-test fetches it)" >&2; exit 1; }
    src=$(mktemp -d)
    # shellcheck disable=SC2086
    dpkg-deb --fsys-tarfile "$deb" | tar -xO "./usr/src/linux-source-$version.tar.xz" \
        | tar -xJ -C "$src" --strip-components=1 $(for d in $drivers drivers/iio/industrialio-core.c; do echo "linux-source-$version/$d"; done)
    out="$here/fixtures/$version"
    mkdir -p "$out"
    for d in $drivers; do
        name=$(basename "$d")
        {
            echo "/* Excerpt of $d, Debian linux-source-$version $pkgversion (Tests/iio/extract-fixtures.sh) */"
            # Channel macros: from '#define NAME_CHAN(' to the first line not ending in '\'.
            awk '/^#define [A-Z0-9_]*CHAN[A-Z0-9_]*\(/ { on = 1 } on { print } on && !/\\$/ { on = 0 }' "$src/$d"
            # Channel arrays and the device-id tables (i2c ids, device-tree compatibles): from
            # the declaration to the closing "};".
            awk '/^static const struct (iio_chan_spec|i2c_device_id|of_device_id) [a-z0-9_]+\[\] = \{/ { on = 1 } on { print } on && /^};/ { on = 0 }' "$src/$d"
            # Attributes declared by hand, and the device's name.
            grep -E '^static (IIO_|DEVICE_ATTR)|->name = |^#define [A-Z0-9_]*DRV_NAME' "$src/$d" || true
        } > "$out/$name"
    done
    {
        echo "/* Excerpt of drivers/iio/industrialio-core.c, Debian linux-source-$version $pkgversion (Tests/iio/extract-fixtures.sh) */"
        awk '/^static const char \* const iio_(direction|chan_type_name_spec|modifier_names|chan_info_postfix)\[\] = \{/ { on = 1 } on { print } on && /^};/ { on = 0 }' \
            "$src/drivers/iio/industrialio-core.c"
    } > "$out/industrialio-core.c"
    rm -rf "$src"
    echo "extract-fixtures: $out ($pkgversion)"
done
