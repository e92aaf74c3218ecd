#!/bin/sh
# The raspi3b check (issue 21, "The Pi's own GPIO"): Debian 13's arm64 kernel and its
# unmodified bcm2837-rpi-3-b device tree under `qemu-system-aarch64 -M raspi3b`, and the
# pin judged from outside the guest: the host reads the emulated GPIO block's level
# register GPLEV0 (0x3f200034; bit 18 is GPIO18) and function select GPFSEL1
# (0x3f200004; bits 24-26 are GPIO18's, 001 = output) through qemu's monitor.
#
#   Tests/raspi/run.sh [ARM64-TORCH [SUITE]]   ARM64-TORCH: an aarch64 torch binary, or
#                                      the arm64 .deb (its usr/bin/torch and boards);
#                                      SUITE: trixie (default) or bookworm
#
# SUITE bookworm: the same machine with Debian 12's arm64 kernel (6.1, whose package
# ships the same device trees) and Debian 12's libraries (glibc 2.36, libgpiod 1.6), for
# the bookworm build of torch (make deb ARCH=arm64 SUITE=bookworm). Part 1 is trixie's
# only (bookworm's gpioset 1.6 has no toggling and no consumer name): the bookworm run
# checks the pin's register, the device tree and the line's name, then all of part 2.
#
# Part 1, always: Debian 13's own libgpiod tools (gpiod, libgpiod3) find GPIO18 by name
# on the pinctrl-bcm2835 chip and drive it high, low and toggling; the register follows.
# Part 2, with ARM64-TORCH: `torch probe` names the board from /proc/device-tree
# (rpi3b), the chip and the line, and with the service holding it the kernel's name for
# offset 18; `torch on` (one-shot), then the service (`torch run`)
# with `torch on`, `torch off`, `torch blink`, `torch off` and SIGTERM; the register
# follows each. The gpiod backend is forced: see "What qemu 7.2 lacks".
#
# What qemu 7.2's raspi3b lacks (hw/gpio/bcm2835_gpio.c, hw/arm/bcm2835_peripherals.c,
# hw/misc/bcm2835_property.c), so these are not tested here:
# - no PWM block (no device at 0x3f20c000, not even a stub; the device tree's pwm node
#   is "okay", its driver pwm-bcm2835 a module left out here): hardware PWM cannot
#   run, hence --backend gpiod;
# - no GPIO interrupts: the block's interrupt lines are not wired and the edge-detect
#   registers (GPEDS, GPREN, GPFEN, GPHEN, GPLEN, GPAREN, GPAFEN) read 0 and ignore
#   writes: no line edge events, so torch's buttons cannot be tested;
# - no pulls and no outside input: GPPUD/GPPUDCLK are ignored and GPLEV0 reads back the
#   last GPSET/GPCLR bits whatever the pin's function, so an input pin cannot be driven;
# - no firmware GPIO: the property mailbox does not answer the GPIO tags, so the
#   firmware's expander chip (raspberrypi-exp-gpio, where the device tree puts the
#   ACT LED) fails ("Failed to get GPIO n config"); status LEDs are not tested (leds-gpio
#   is a module as well).
#
# Cached under TORCH_RASPI_CACHE (default ~/.cache/torch-raspi): the Debian packages by
# their SHA256 (debs/), the package list resolved once (packages.lock; TORCH_RASPI_REFRESH=1
# resolves again against today's trixie), the kernel and device tree and the unpacked
# packages by the hashes of the packages they come from. Only Debian's archive is used.
# Environment: TORCH_RASPI_BOOT_TIMEOUT (s, default 300), TORCH_RASPI_STEP_TIMEOUT (s per
# step, default 90), TORCH_RASPI_ACCEL (default tcg,thread=single: one host thread, as
# the host is shared). Output: PASS/FAIL lines, timings, then "N passed, N failed".
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cache=${TORCH_RASPI_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-raspi}
boot_timeout=${TORCH_RASPI_BOOT_TIMEOUT:-300}
step_timeout=${TORCH_RASPI_STEP_TIMEOUT:-90}
accel=${TORCH_RASPI_ACCEL:-tcg,thread=single}
torch_arg=${1:-}
raspi_suite=${2:-trixie}
# The machine: raspi3b (Debian 12's qemu 7.2) or raspi4b (TORCH_RASPI_MACHINE=raspi4b:
# qemu 10 from Debian 13, Tests/vm/qemu-trixie.sh, as Debian 12's has no raspi4b), each with its
# own register addresses, device tree, board and pin controller.
machine=${TORCH_RASPI_MACHINE:-raspi3b}
case "$machine" in
raspi3b) dtb=bcm2837-rpi-3-b.dtb gpio_base=0x3f200000 pwm_base=0x3f20c000 board=rpi3b
    model="Raspberry Pi 3 Model B" compatible=raspberrypi,3-model-b chip=pinctrl-bcm2835 chip_lines=54 ;;
raspi4b) dtb=bcm2711-rpi-4-b.dtb gpio_base=0xfe200000 pwm_base=0xfe20c000 board=rpi4b
    model="Raspberry Pi 4 Model B" compatible=raspberrypi,4-model-b chip=pinctrl-bcm2711 chip_lines=58 ;;
*) echo "raspi-test: machine '$machine': raspi3b or raspi4b" >&2; exit 64 ;;
esac
case "$raspi_suite" in
trixie) kernel_glob='linux-image-6.12.*-arm64' libgpiod=libgpiod3 ;;
bookworm) kernel_glob='linux-image-6.1.0-*-arm64' libgpiod=libgpiod2 ;;
*) echo "raspi-test: suite '$raspi_suite': trixie or bookworm" >&2; exit 64 ;;
esac
t_start=$(date +%s)

log() { echo "raspi-test: $*" >&2; }
die() { echo "raspi-test: $*" >&2; echo "0 passed, 1 failed"; exit 1; }
now() { date +%s; }

# --- host tools ------------------------------------------------------------------------
need=""
command -v qemu-system-aarch64 >/dev/null || need="$need qemu-system-arm"
command -v cpio >/dev/null || need="$need cpio"
command -v readelf >/dev/null || need="$need binutils"
[ -z "$need" ] || sh "$root/dist/ensure-packages.sh" $need >&2 || die "could not install$need"

# --- Debian arm64 packages, by content hash ------------------------------------------------
# Our own apt state (never the machine's sources): the suite's, arm64 only.
apt_dir="$cache/apt"
[ "$raspi_suite" = trixie ] || apt_dir="$cache/apt-$raspi_suite"
apt_opts="-q -o Dir::Etc::SourceList=$apt_dir/sources.list -o Dir::Etc::SourceParts=/nonexistent
 -o Dir::State::Lists=$apt_dir/lists -o Dir::Cache=$apt_dir/cache -o Dir::State::Status=/dev/null
 -o APT::Architecture=arm64 -o APT::Architectures=arm64 -o APT::Sandbox::User=root -o Debug::NoLocking=1"
# busybox for the shell; gpiod and libgpiod for part 1 and the line's state; libc6,
# libgcc-s1 and libstdc++6 for whatever the torch binary links (the closure is taken
# from NEEDED entries).
packages="KERNEL busybox-static gpiod $libgpiod libc6 libgcc-s1 libstdc++6"
lock="$cache/packages.lock"
[ "$raspi_suite" = trixie ] || lock="$cache/packages-$raspi_suite.lock"

suite="$raspi_suite arm64"
. "$here/../vm/debs.sh"

resolve_and_download() {
    mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$apt_dir/dl" "$cache/debs"
    echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $raspi_suite main" \
        > "$apt_dir/sources.list"
    log "resolving $suite packages (apt-get update in $apt_dir)"
    # shellcheck disable=SC2086 # apt_opts is a word list on purpose
    apt-get $apt_opts update >"$apt_dir/update.log" 2>&1 || die "apt-get update for $suite failed ($apt_dir/update.log)"
    # The kernel: whatever linux-image-arm64 depends on today (trixie 6.12.x, bookworm 6.1).
    kernel=$(show linux-image-arm64 Depends | sed -n 's/^\(linux-image-[^ ,]*\).*/\1/p')
    # shellcheck disable=SC2254 # a glob on purpose
    case "$kernel" in $kernel_glob) ;; *) die "$raspi_suite's linux-image-arm64 depends on '$kernel', not a $kernel_glob" ;; esac
    : > "$lock.tmp"
    for p in $packages; do
        [ "$p" = KERNEL ] && p=$kernel
        fetch "$p"
    done
    mv "$lock.tmp" "$lock"
}

# One run at a time fills the cache (make test and a hand run may overlap).
mkdir -p "$cache"
exec 9> "$cache/.lock"
flock 9
t0=$(now)
if [ "${TORCH_RASPI_REFRESH:-0}" = 1 ] || ! have_all; then resolve_and_download; fi
t_fetch=$(( $(now) - t0 ))
deb_of() { awk -v p="$1" '$1 == p || (p == "KERNEL" && $1 ~ /^linux-image-/) { print $3 }' "$lock"; }
t0=$(now)
kernel_sha=$(deb_of KERNEL)
kernel_name=$(awk '$1 ~ /^linux-image-/ { print $1 " " $2 }' "$lock")

# The kernel image, its config and the device tree, from the kernel package only (the
# modules stay packed: pinctrl-bcm2835 and the GPIO character device are built in).
kdir="$cache/kernel-$(echo "$kernel_sha" | cut -c1-16)"
if [ ! -f "$kdir/bcm2837-rpi-3-b.dtb" ] || [ ! -f "$kdir/bcm2711-rpi-4-b.dtb" ]; then
    log "unpacking $kernel_name (kernel, config, bcm2837-rpi-3-b.dtb, bcm2711-rpi-4-b.dtb)"
    rm -rf "$kdir" "$kdir.tmp" && mkdir -p "$kdir.tmp/x"
    dpkg-deb --fsys-tarfile "$cache/debs/$kernel_sha.deb" | tar -x -C "$kdir.tmp/x" --wildcards \
        './boot/vmlinuz-*' './boot/config-*' './usr/lib/linux-image-*/broadcom/bcm2837-rpi-3-b.dtb' \
        './usr/lib/linux-image-*/broadcom/bcm2711-rpi-4-b.dtb'
    mv "$kdir.tmp"/x/boot/vmlinuz-* "$kdir.tmp/vmlinuz"
    mv "$kdir.tmp"/x/boot/config-* "$kdir.tmp/config"
    mv "$kdir.tmp"/x/usr/lib/linux-image-*/broadcom/bcm2837-rpi-3-b.dtb "$kdir.tmp"/x/usr/lib/linux-image-*/broadcom/bcm2711-rpi-4-b.dtb "$kdir.tmp/"
    rm -rf "$kdir.tmp/x"
    mv "$kdir.tmp" "$kdir"
fi
grep -q '^CONFIG_PINCTRL_BCM2835=y' "$kdir/config" || die "$kernel_name: pinctrl-bcm2835 is not built in ($kdir/config)"

# raspi4b: qemu 10 models the BCM2711's GPIO block, not its display pipeline, HDMI,
# V3D or the always-on interrupt controller (and disables PCIe, GENET, the RNG and the
# thermal sensor in the device tree itself). Debian's kernel has those drivers built in,
# and each probe reads an unmapped register and panics (a synchronous external abort), so
# Debian's bcm2711-rpi-4-b.dtb is used with exactly those nodes' status set to
# "disabled" (fdtput), and clk_ignore_unused keeps the kernel from reading the HDMI
# clock gates of the same unmodelled block. Everything else is Debian's device tree.
append_extra="" qemu=qemu-system-aarch64 dtb_file="$kdir/$dtb"
if [ "$machine" = raspi4b ]; then
    command -v fdtput > /dev/null || sh "$root/dist/ensure-packages.sh" device-tree-compiler >&2 || die "could not install device-tree-compiler"
    qemu=$(sh "$here/../vm/qemu-trixie.sh" qemu-system-aarch64) || die "no Debian 13 qemu (Tests/vm/qemu-trixie.sh)"
    dtb_file="$kdir/bcm2711-rpi-4-b.qemu.dtb"
    cp "$kdir/$dtb" "$dtb_file.tmp.$$"
    unmodelled=$(dtc -q -I dtb -O dts "$dtb_file.tmp.$$" | awk -v re='"brcm,(bcm2711-(hvs|pixelvalve[0-9]|vec|hdmi[01]|hdmi-i2c|l2-intc)|2711-v3d)' '
        /^[ \t]*[^ \t]+ \{$/ { depth++; name[depth] = $1; next }
        /^[ \t]*[^ \t]+: [^ \t]+ \{$/ { depth++; name[depth] = $2; next }
        /^[ \t]*\};$/ { depth--; next }
        /^[ \t]*compatible = / && $0 ~ re { p = ""; for (i = 2; i <= depth; i++) p = p "/" name[i]; print p }')
    [ -n "$unmodelled" ] || die "$dtb: none of the unmodelled nodes found (their compatibles changed?)"
    for node in $unmodelled; do fdtput -t s "$dtb_file.tmp.$$" "$node" status disabled; done
    mv "$dtb_file.tmp.$$" "$dtb_file"
    echo "  raspi4b: Debian's $dtb with $(echo "$unmodelled" | wc -l) nodes qemu does not model disabled: $(echo "$unmodelled" | tr '\n' ' ')"
    append_extra=clk_ignore_unused
fi

# The other packages unpacked into one arm64 tree, the source of the guest's files.
user_shas=$(awk '$1 !~ /^linux-image-/ { print $3 }' "$lock")
sysroot="$cache/sysroot-$(echo "$user_shas" | sha256sum | cut -c1-16)"
if [ ! -d "$sysroot" ]; then
    rm -rf "$sysroot.tmp" && mkdir -p "$sysroot.tmp"
    for sha in $user_shas; do dpkg-deb -x "$cache/debs/$sha.deb" "$sysroot.tmp"; done
    mv "$sysroot.tmp" "$sysroot"
fi

t_unpack=$(( $(now) - t0 ))
exec 9>&-

# --- the initramfs ---------------------------------------------------------------------------
work=$(mktemp -d "${TMPDIR:-/tmp}/torch-raspi.XXXXXX")
qemu_pid=""
cleanup() {
    [ -z "$qemu_pid" ] || kill "$qemu_pid" 2>/dev/null || true
    [ -z "${readers:-}" ] || kill $readers 2>/dev/null || true
    [ -n "${TORCH_RASPI_KEEP:-}" ] || rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
rootfs="$work/rootfs"
mkdir -p "$rootfs/usr/bin" "$rootfs/usr/lib" "$rootfs/proc" "$rootfs/sys" "$rootfs/dev" \
    "$rootfs/tmp" "$rootfs/run" "$rootfs/etc" "$rootfs/raspi"
ln -s usr/bin "$rootfs/bin"; ln -s usr/bin "$rootfs/sbin"; ln -s usr/lib "$rootfs/lib"
echo 'root:x:0:0:root:/:/bin/sh' > "$rootfs/etc/passwd"
printf 'root:x:0:\ngpio:x:997:\n' > "$rootfs/etc/group"

# add_with_libs FILE: FILE into /usr/bin, and every library it needs (its NEEDED
# entries, recursively) from the arm64 tree into the same path; a missing one fails.
add_with_libs() {
    cp "$1" "$rootfs/usr/bin/"
    # The dynamic loader at the path the binary names (/lib is /usr/lib, as on trixie).
    interp=$(readelf -l "$1" | sed -n 's/.*Requesting program interpreter: \(.*\)]/\1/p')
    if [ -n "$interp" ] && [ ! -e "$rootfs$interp" ]; then
        [ -e "$sysroot$interp" ] || [ -e "$sysroot/usr$interp" ] || die "$1 needs $interp: not in the $raspi_suite packages"
        cp -L "$sysroot$interp" "$rootfs$interp" 2>/dev/null || cp -L "$sysroot/usr$interp" "$rootfs$interp"
    fi
    todo=$(readelf -d "$1" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
    while [ -n "$todo" ]; do
        next=""
        for lib in $todo; do
            [ -e "$rootfs/usr/lib/aarch64-linux-gnu/$lib" ] || [ -e "$rootfs/usr/lib/$lib" ] && continue
            found=""
            for d in usr/lib/aarch64-linux-gnu usr/lib lib/aarch64-linux-gnu lib; do
                [ -e "$sysroot/$d/$lib" ] && { found=$d; break; }
            done
            [ -n "$found" ] || die "$1 needs $lib: not in the $raspi_suite packages ($packages)"
            case "$found" in lib*) dest=usr/$found ;; *) dest=$found ;; esac
            mkdir -p "$rootfs/$dest"
            cp -L "$sysroot/$found/$lib" "$rootfs/$dest/$lib"
            next="$next $(readelf -d "$sysroot/$found/$lib" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')"
        done
        todo=$next
    done
}
cp "$sysroot/usr/bin/busybox" "$rootfs/usr/bin/" 2>/dev/null || cp "$sysroot/bin/busybox" "$rootfs/usr/bin/"  # bookworm: /bin
for tool in gpiodetect gpioinfo gpioget gpioset; do add_with_libs "$sysroot/usr/bin/$tool"; done
# libgpiod 1.6 finds a line by name with its own tool (2.x's take the name directly).
[ ! -e "$sysroot/usr/bin/gpiofind" ] || add_with_libs "$sysroot/usr/bin/gpiofind"

torch_bin=""
if [ -n "$torch_arg" ]; then
    [ -f "$torch_arg" ] || die "no such file: $torch_arg"
    boards="$root/boards"
    case "$torch_arg" in
    *.deb)
        dpkg-deb -x "$torch_arg" "$work/deb" || die "$torch_arg: not a Debian package"
        torch_bin="$work/deb/usr/bin/torch"
        boards="$work/deb/usr/share/torch/boards"
        [ -f "$torch_bin" ] || die "$torch_arg has no usr/bin/torch"
        ;;
    *) torch_bin=$torch_arg ;;
    esac
    readelf -h "$torch_bin" 2>/dev/null | grep -q 'Machine:.*AArch64' || die "$torch_bin: not an aarch64 ELF binary"
    add_with_libs "$torch_bin"
    [ "$(basename "$torch_bin")" = torch ] || mv "$rootfs/usr/bin/$(basename "$torch_bin")" "$rootfs/usr/bin/torch"
    # Where the package puts them, found beside the binary (../share/torch/boards).
    mkdir -p "$rootfs/usr/share/torch/boards"
    cp "$boards"/*.board "$rootfs/usr/share/torch/boards/"
fi
cp "$here/guest-init" "$rootfs/init" && chmod 755 "$rootfs/init"
cp "$here/guest.sh" "$rootfs/raspi/"
# What the guest's checks expect of this machine (guest.sh).
cat > "$rootfs/raspi/board.env" <<ENV
BOARD_MODEL="$model"
BOARD_COMPATIBLE=$compatible
BOARD_ID=$board
CHIP_LABEL=$chip
CHIP_LINES=$chip_lines
ENV
(cd "$rootfs" && find . | cpio -o -H newc --quiet | gzip -1) > "$work/initramfs.gz"

# --- boot ------------------------------------------------------------------------------------
# The console and the monitor are named pipes (qemu's pipe chardev: NAME.in, NAME.out):
# the host writes commands and reads answers without a fixed sleep anywhere.
mkfifo "$work/ser.in" "$work/ser.out" "$work/mon.in" "$work/mon.out"
console="$work/console.log" monlog="$work/monitor.log"
cat "$work/ser.out" > "$console" & readers=$!
cat "$work/mon.out" > "$monlog" & readers="$readers $!"
log "booting $kernel_name on $machine ($accel, initramfs $(du -h "$work/initramfs.gz" | cut -f1))"
t_boot0=$(now)
# -serial null -serial pipe: the console is the mini UART (ttyS1): the device tree
# gives the PL011 (ttyAMA0) to the Bluetooth chip, so it has no tty for input.
eval "timeout $((boot_timeout + 50 * step_timeout)) $qemu -M $machine -accel $accel \
    -kernel $kdir/vmlinuz -dtb $dtb_file -initrd $work/initramfs.gz \
    -append '$(echo console=ttyS1 panic=-1 quiet rdinit=/init $append_extra)' -no-reboot -display none \
    -serial null -serial pipe:$work/ser -monitor pipe:$work/mon" > "$work/qemu.log" 2>&1 &
qemu_pid=$!
# Read-write opens of a FIFO never block, whether or not qemu has opened its end yet.
exec 3<>"$work/ser.in" 4<>"$work/mon.in"

clean() { tr -d '\r' < "$1" | sed 's/\x1b\[[0-9;?]*[A-Za-z]//g'; }
alive() { kill -0 "$qemu_pid" 2>/dev/null; }
# wait_line PATTERN SECONDS FILE: polls FILE for a line matching PATTERN.
wait_line() {
    end=$(( $(now) + $2 ))
    until clean "$3" | grep -aq "$1"; do
        alive || return 2
        [ "$(now)" -lt "$end" ] || return 1
        sleep 0.1
    done
}
passed=0 failed=0
pass() { passed=$((passed + 1)); echo "PASS $1"; }
fail() { failed=$((failed + 1)); echo "FAIL $1: $2"; }

if ! wait_line '^RASPI BOOTED' "$boot_timeout" "$console"; then
    why="no 'RASPI BOOTED' line within ${boot_timeout}s"; alive || why="qemu exited before the guest booted"
    fail boot "$why (console: $console, qemu: $work/qemu.log)"
    TORCH_RASPI_KEEP=1
    clean "$console" | tail -n 15 | sed 's/^/  | /'
    echo "$passed passed, $failed failed"; exit 1
fi
t_boot=$(( $(now) - t_boot0 ))
clean "$console" | grep -a '^RASPI BOOTED'
pass boot

# guest CMD: runs CMD in the guest; sets rc to its status (124: no answer in time).
seq=0
guest() {
    seq=$((seq + 1))
    printf '%s %s\n' "$seq" "$1" >&3
    if wait_line "^RASPI RC $seq " "$step_timeout" "$console"; then
        rc=$(clean "$console" | sed -n "s/^RASPI RC $seq //p" | head -n 1)
    else rc=124; fi
}
# check NAME CMD: a guest step that must return 0; returns 1 when it did not.
check() {
    guest "$2"
    [ "$rc" = 0 ] && { pass "$1"; return 0; }
    fail "$1" "guest step '$2' returned $rc (console: $console)"
    return 1
}
# xp ADDR: one 32-bit word of guest physical memory as the monitor reads it ("none"
# when it does not answer within 10 s).
xp() {
    had=$(clean "$monlog" | grep -ac '^[0-9a-f]*: 0x' || :)
    printf 'xp /1wx %s\n' "$1" >&4
    end=$(( $(now) + 10 ))
    until [ "$(clean "$monlog" | grep -ac '^[0-9a-f]*: 0x' || :)" -gt "$had" ]; do
        [ "$(now)" -lt "$end" ] || { echo none; return; }
        sleep 0.05
    done
    clean "$monlog" | grep -a '^[0-9a-f]*: 0x' | tail -n 1 | sed 's/.*: //'
}
GPLEV0=$(printf '0x%x' $((gpio_base + 0x34))) GPFSEL1=$(printf '0x%x' $((gpio_base + 0x4)))
bit18() { v=$(xp $GPLEV0); [ "$v" = none ] && echo none || echo $(( (v >> 18) & 1 )); }
regs() { echo "GPLEV0=$(xp $GPLEV0) GPFSEL1=$(xp $GPFSEL1)"; }
# expect_pin NAME LEVEL [released]: within the step timeout GPLEV0 bit 18 reads LEVEL,
# GPIO18's function (GPFSEL1 bits 24-26) is output (001) or, once released, input (000:
# the kernel's pinctrl-bcm2835 returns a freed line to input), and the next 5 reads
# agree (steady, not toggling).
expect_pin() {
    want_fsel=1 what=output
    [ "${3:-}" = released ] && want_fsel=0 what="input (released)"
    end=$(( $(now) + step_timeout ))
    while [ "$(bit18)" != "$2" ]; do
        [ "$(now)" -lt "$end" ] || { fail "$1" "GPIO18 never read $2 from the host in ${step_timeout}s: $(regs)"; return; }
        sleep 0.1
    done
    while :; do
        v=$(xp $GPFSEL1); [ "$v" != none ] || v=0x7000000
        fsel=$(( (v >> 24) & 7 ))
        [ "$fsel" = "$want_fsel" ] && break
        [ "$(now)" -lt "$end" ] || { fail "$1" "GPIO18 reads $2 but its function is $fsel, not $what: $(regs)"; return; }
        sleep 0.1
    done
    i=0 steady=1
    while [ $i -lt 5 ]; do [ "$(bit18)" = "$2" ] || steady=0; i=$((i + 1)); sleep 0.1; done
    [ "$steady" = 1 ] && pass "$1" || fail "$1" "GPIO18 read $2, then changed within 0.5 s: $(regs)"
}
# expect_toggling NAME: GPLEV0 bit 18 read about every 0.1 s until both levels and at
# least 4 changes were seen (no timing asserted: the guest runs under emulation).
expect_toggling() {
    end=$(( $(now) + step_timeout ))
    ones=0 zeros=0 changes=0 last="" n=0
    while [ "$(now)" -lt "$end" ]; do
        b=$(bit18); n=$((n + 1))
        case "$b" in 1) ones=$((ones + 1)) ;; 0) zeros=$((zeros + 1)) ;; esac
        [ -n "$last" ] && [ "$b" != "$last" ] && changes=$((changes + 1))
        last=$b
        [ "$ones" -gt 0 ] && [ "$zeros" -gt 0 ] && [ "$changes" -ge 4 ] && break
        sleep 0.1
    done
    echo "  $1: $n reads from the host, $ones high, $zeros low, $changes changes"
    [ "$ones" -gt 0 ] && [ "$zeros" -gt 0 ] && [ "$changes" -ge 4 ] && pass "$1" ||
        fail "$1" "GPIO18 did not toggle in ${step_timeout}s: $n reads, $ones high, $zeros low, $changes changes"
}

t_checks0=$(now)
# The register is GPIO18's: at reset nothing is driven, and the monitor reads the block.
before=$(bit18)
[ "$before" = 0 ] && pass gplev0-readable || fail gplev0-readable "GPLEV0 bit 18 before any request: $before ($(regs))"
guest show_machine
# What the model lacks, as this run sees it (said, not counted).
printf 'info mtree\n' >&4
wait_line 'bcm2835_gpio' 10 "$monlog" || :
clean "$monlog" | grep -aqi 'pwm' && echo "  qemu: a PWM region is mapped (info mtree)" ||
    echo "  qemu lacks: no PWM device in 'info mtree' ($pwm_base is unmapped): hardware PWM cannot be tested"
guest 'echo "RASPI EXPFAIL $(dmesg | grep -c "raspberrypi-exp-gpio.*Failed to get GPIO")"'
n=$(clean "$console" | sed -n 's/^RASPI EXPFAIL //p')
echo "  qemu lacks: firmware GPIO (the mailbox's GPIO tags): raspberrypi-exp-gpio logged $n 'Failed to get GPIO n config' lines; the ACT LED is on it"
check device-tree-$board dt_is_board || :
check gpio18-by-name-on-$chip line_by_name || :

# --- part 1: Debian's libgpiod tools -------------------------------------------------------
if [ "$raspi_suite" != trixie ]; then
    echo "  part 1 (libgpiod's tools driving GPIO18) runs with trixie's tools only: $raspi_suite's gpioset cannot toggle"
else
check gpioset-high 'gpiod_set 1' && expect_pin gpioset-high-seen 1
check gpioset-low 'gpiod_set 0' && expect_pin gpioset-low-seen 0
# The bit is the pin's own: GPIO17 driven high sets bit 17; GPIO18, last driven low, stays 0.
if check gpioset-gpio17 'gpiod_set 1 GPIO17'; then
    v=$(xp $GPLEV0)
    if [ "$v" != none ] && [ $(( (v >> 17) & 1 )) = 1 ] && [ $(( (v >> 18) & 1 )) = 0 ]; then pass gpio17-is-bit-17-not-18
    else fail gpio17-is-bit-17-not-18 "GPIO17 high, GPIO18 low: GPLEV0=$v, want bit 17 set and bit 18 clear"; fi
fi
check gpioset-toggle 'gpiod_blink' && expect_toggling gpioset-toggle-seen
check gpioset-release 'gpiod_set 0 && gpiod_release' && expect_pin gpioset-released-low 0 released
fi

# --- part 2: torch ---------------------------------------------------------------------------
if [ -n "$torch_bin" ]; then
    check torch-config torch_conf || :
    check torch-probe torch_probe || :
    guest show_probe
    clean "$console" | sed -n 's/^RASPI PROBE /  probe | /p'
    check torch-probe-board-$board probe_board || :
    check torch-probe-chip-$chip probe_chip || :
    check torch-probe-kernel-preemption probe_kernel || :
    check torch-probe-led-gpio18 probe_line || :
    # torch setup by flags: the board and GPIO18 named, the LED lit, then dark and released.
    check torch-setup-names-rpi3b-and-gpio18 torch_setup && expect_pin torch-setup-dark 0 released
    # One-shot: lit while it runs, dark and released when --for runs out.
    check torch-on-oneshot torch_oneshot && expect_pin torch-on-oneshot-seen 1
    check torch-on-oneshot-exit torch_oneshot_done && expect_pin torch-on-oneshot-dark 0 released
    # The service, as the package runs it, and the client commands a user types.
    check torch-run torch_service || :
    check torch-probe-names-held-line-gpio18 probe_in_use || :
    check torch-on 'torch_cmd on 100%' && expect_pin torch-on-seen 1
    check torch-off 'torch_cmd off' && expect_pin torch-off-seen 0
    check torch-blink 'torch_cmd blink --on 400ms --off 400ms' && expect_toggling torch-blink-seen
    check torch-off-after-blink 'torch_cmd off' && expect_pin torch-off-after-blink-seen 0
    check torch-run-sigterm torch_service_stop && expect_pin torch-final-dark 0 released
else
    echo "raspi-test: torch part not run: no arm64 torch binary given (it needs 'make deb ARCH=arm64' first: .build/arm64/release/torch)"
fi
t_checks=$(( $(now) - t_checks0 ))

# The monitor's quit ends qemu at once (the raspi3b machine has no power-off).
printf 'quit\n' >&4
wait "$qemu_pid" 2>/dev/null || true
qemu_pid=""
[ "$failed" = 0 ] || { TORCH_RASPI_KEEP=1; log "logs kept in $work"; }
echo "raspi-test: $kernel_name, qemu $(eval "$qemu --version" | sed -n '1s/.*version \([^ ]*\).*/\1/p') $machine (emulated, TCG): fetch ${t_fetch}s, unpack ${t_unpack}s, boot ${t_boot}s to the guest's first line, checks ${t_checks}s, total $(( $(now) - t_start ))s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
