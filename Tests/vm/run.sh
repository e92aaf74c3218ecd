#!/bin/sh
# The real-kernel VM test: boots Debian 12's own amd64 kernels, Linux 6.1 and 6.12
# (debian-kernel.sh: prebuilt, so a cold cache costs downloads and three small modules, not
# kernel builds), under qemu with an initramfs holding the built programs, their shared
# libraries and the kernel's modules the scenarios need (configfs, the LED triggers, and
# what Debian leaves out, built against its headers: gpio-sim, uleds, the test PWM chip;
# guest/init loads them), runs the guest scenarios (guest/), and turns the guest's verdict
# into the exit status.
#
#   Tests/vm/run.sh            every kernel (TORCH_VM_KERNELS, default "6.1 6.12") with
#                              both libgpiod generations: v1 (Debian's 1.6.3) and v2
#                              (built from the PyPI gpiod sdist): four combinations
#   Tests/vm/run.sh v1|v2      one generation (on every kernel in TORCH_VM_KERNELS)
#
# Each combination boots twice (no disk: the guest has none). Boot 1's init starts
# `torch run` as the boot light (guest/bootlight.sh), checks it (scenarios-boot.sh),
# runs the scenario files and prints the light's state file as "VMSTATE <base64>";
# boot 2 gets that file in its initramfs and torchvm.boot=2 on the kernel command line,
# starts the boot light again and checks that it comes back in the saved state.
# The generations run side by side (a lane each, its kernels one after the other), so
# two single-CPU guests use the host's two CPUs; on a one-CPU host they take turns.
# The GPIO scenarios run in every combination; the kernel-side ones (TORCH_VM_KERNEL_SCRIPTS:
# the sysfs PWM backend on the test chip and its differential test, the status LEDs on
# uleds and theirs, the state-directory faults) run once per kernel, shared out between
# the generations booted on it.
#
# Environment: TORCH_VM_CACHE (default ~/.cache/torch-vm: libgpiod v2, the guests' work;
# the builds are kept in ~/.cache/torch-swift/KEY/vm-GEN, as make unit-test's),
# TORCH_DEBIAN_KERNEL_CACHE (default ~/.cache/torch-debian-kernel: the kernels' packages
# and modules, shared with make systemd-test),
# TORCH_VM_KERNELS ("6.1 6.12"), TORCH_VM_TIMEOUT (seconds per boot, default 600: room for a boot with every scenario under emulation on a busy host),
# TORCH_VM_ACCEL (qemu accelerator, default tcg), TORCH_VM_PRODUCTS (SwiftPM products put
# in the guest, default "torch-gpio-check torch-sysfs-diff torch"), TORCH_VM_SCRIPTS
# (guest scenario files for every combination, default "scenarios-gpio.sh
# scenarios-torch.sh scenarios-faults-gpio.sh scenarios-setup.sh"), TORCH_VM_KERNEL_SCRIPTS (once per kernel,
# shared out between the generations; default "scenarios-pwm.sh scenarios-leds.sh
# scenarios-faults-state.sh scenarios-onecpu.sh scenarios-light.sh"), TORCH_VM_SOURCE (the
# package to build, default this checkout: point it at a snapshot while others edit).
# Output: the guest's VMTEST lines ([6.1/v1], [6.12/v2/boot2], ...), its figures (lines
# starting with two spaces), then "vm-test: N passed, M failed"; exit 1 on any failure,
# a kernel panic, a timeout or a boot that never reports.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
root=${TORCH_VM_SOURCE:-$(cd "$here/../.." && pwd)}
cache=${TORCH_VM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/torch-vm}
export TORCH_VM_CACHE="$cache"
work="$cache/work"
mkdir -p "$work"
keep="$HOME/.cache/torch-swift/$(printf '%s' "$(cd "$root" && pwd -P)" | sha256sum | cut -c1-16)"
rm -f "$work/failures"
boot_timeout=${TORCH_VM_TIMEOUT:-600}
products=${TORCH_VM_PRODUCTS:-torch-gpio-check torch-sysfs-diff torch}
scripts=${TORCH_VM_SCRIPTS:-scenarios-gpio.sh scenarios-torch.sh scenarios-faults-gpio.sh scenarios-setup.sh}
kernel_scripts=${TORCH_VM_KERNEL_SCRIPTS:-scenarios-pwm.sh scenarios-leds.sh scenarios-faults-state.sh scenarios-onecpu.sh scenarios-light.sh}
kernels=${TORCH_VM_KERNELS:-6.1 6.12}
generations=${*:-v1 v2}

log() { echo "vm-test: $*" >&2; }
now() { date +%s; }

# --- host tools --------------------------------------------------------------------
need=""
[ -x /bin/busybox ] || need="$need busybox-static"
command -v cpio >/dev/null || need="$need cpio"
command -v xz >/dev/null || need="$need xz-utils"
command -v gcc-12 >/dev/null || need="$need gcc-12"
command -v make >/dev/null || need="$need make"
[ -f /usr/include/gpiod.h ] || need="$need libgpiod-dev"
command -v pkg-config >/dev/null || need="$need pkg-config"
[ -z "$need" ] || sh "$here/../../dist/ensure-packages.sh" $need >&2 || exit 1
# The emulator: Debian 13's qemu (qemu-trixie.sh), whose TCG spends less host CPU on
# these guests than Debian 12's.
qemu=$(sh "$here/qemu-trixie.sh" qemu-system-x86_64) || { log "no Debian 13 qemu (Tests/vm/qemu-trixie.sh)"; exit 1; }

t_kernel=""

# copy_with_libs FILE DEST-DIR LIB-DIR ROOT [LD_LIBRARY_PATH]: copies an executable and
# every shared library ldd finds for it; the dynamic loader goes to its own path in ROOT.
copy_with_libs() {
    file=$1 dest=$2 libdir=$3 rootdir=$4 extra=${5:-}
    mkdir -p "$dest" "$libdir"
    cp "$file" "$dest/"
    deps=$(LD_LIBRARY_PATH="$extra" ldd "$file" 2>&1) || true
    case "$deps" in *"not a dynamic executable"*|*"statically linked"*) return 0 ;; esac
    if echo "$deps" | grep -q "not found"; then
        log "$file: missing shared libraries:"; echo "$deps" | grep "not found" >&2
        return 1
    fi
    echo "$deps" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | while read -r lib; do
        cp -L "$lib" "$libdir/"
    done
    echo "$deps" | awk '$1 ~ /^\// { print $1 }' | while read -r loader; do
        mkdir -p "$rootdir$(dirname "$loader")"
        cp -L "$loader" "$rootdir$loader"
    done
}

# boot_vm LABEL INITRAMFS BOOT: boots the guest (torchvm.boot=BOOT on the command line),
# prints its VMTEST lines prefixed [LABEL], and sets p, f (a boot problem counts as one
# failure), t_boot and console (the cleaned console log).
boot_vm() {
    label=$1 image=$2 boot=$3
    # Boot under software emulation: it boots in seconds, while a nested KVM may hang.
    accel=${TORCH_VM_ACCEL:-tcg}
    console="$work/console-$(echo "$label" | tr / -).log"
    log "$label: booting ($accel, timeout ${boot_timeout}s, initramfs $(du -h "$image" | cut -f1))"
    t0=$(now)
    status=0
    # no_timer_check: on a loaded host the emulated CPU can miss the kernel's early check
    # of the timer interrupt, which then panics ("IO-APIC + timer doesn't work").
    timeout "$boot_timeout" "$qemu" -nographic -no-reboot -m 512M \
        -machine "accel=$accel" -kernel "$kernel" -initrd "$image" \
        -append "console=ttyS0 panic=-1 quiet no_timer_check $TORCH_VM_GUEST_FAST torchvm.boot=$boot" < /dev/null > "$console" 2>&1 || status=$?
    t_boot=$(( $(now) - t0 ))
    # Plain lines: no carriage returns, no firmware terminal escapes (ESC c, ESC [ ... x).
    tr -d '\r' < "$console" | sed 's/\x1bc//g; s/\x1b\[[0-9;?]*[A-Za-z]//g' > "$console.txt"
    console="$console.txt"

    # The verdict: the guest's own lines, checked for completeness.
    grep -E '^(VMTEST|  )' "$console" | sed "s|^|[$label] |" || true
    p=$(grep -c '^VMTEST PASS ' "$console" || true)
    f=$(grep -c '^VMTEST FAIL ' "$console" || true)
    # Each failure with the lines after it (the check's own detail), kept for the end of
    # the run, where a reader of only the last lines sees them.
    grep -A 3 '^VMTEST FAIL ' "$console" | sed "s|^|[$label] |" >> "$failures" || true
    problem=""
    if [ "$status" = 124 ]; then problem="timed out after ${boot_timeout}s"
    elif grep -q 'Kernel panic' "$console"; then problem="kernel panic: $(grep -m1 'Kernel panic' "$console")"
    elif ! grep -q '^VMTEST BOOTED' "$console"; then problem="the guest never booted (qemu status $status)"
    elif ! grep -q '^VMTEST DONE' "$console"; then problem="the guest stopped before its verdict"
    fi
    if [ -n "$problem" ]; then
        echo "[$label] VMTEST FAIL boot: $problem (console: $console)"
        tail -n 20 "$console" | sed "s|^|[$label] \| |"
        f=$((f + 1))
    fi
}

# Debian's kernel defends against speculative execution and zeroes memory on every
# allocation; both are costly under emulation and guard nothing in a throwaway guest.
TORCH_VM_GUEST_FAST="mitigations=off init_on_alloc=0"

passed=0
failed=0
summary=""
# make_initramfs GEN SCRIPTS OUT [STATE]: the generation's rootfs with these scenario
# files (and STATE as the boot light's state file).
make_initramfs() {
    sed -i "s/^VMTEST_SCRIPTS=.*/VMTEST_SCRIPTS=\"$2\"/" "$work/rootfs-$1/vmtest/env"
    rm -f "$work/rootfs-$1/var/lib/torch/state"
    [ -z "${4:-}" ] || cp "$4" "$work/rootfs-$1/var/lib/torch/state"
    (cd "$work/rootfs-$1" && find . | cpio -o -H newc --quiet | gzip -1) > "$3"
    rm -f "$work/rootfs-$1/var/lib/torch/state"
}

for gen in $generations; do
    case "$gen" in
    v1)
        swift_flags=""
        libpath=""
        expect_api=1
        expect_version=$(pkg-config --modversion libgpiod)
        ;;
    v2)
        prefix=$("$here/build-libgpiod-v2.sh")
        swift_flags="-Xcc -I$prefix/include -Xlinker -L$prefix/lib"
        libpath="$prefix/lib"
        expect_api=2
        expect_version=$(cat "$prefix/VERSION")
        ;;
    *) log "unknown generation '$gen' (v1 or v2)"; exit 64 ;;
    esac

    # Build: a static Swift stdlib, so the guest needs only the C libraries beside it.
    # The scratch is kept with the checkout's other kept builds (make unit-test's), keyed
    # by the source's path, and the driver compares the sources' contents
    # (-enable-incremental-file-hashing): a fresh clone at the same path compiles only
    # what changed.
    t0=$(now)
    scratch="$keep/vm-$gen"
    mkdir -p "$scratch" && touch "$keep"
    for product in $products; do
        log "$gen: building $product (libgpiod $expect_version)"
        # shellcheck disable=SC2086 # swift_flags is a word list on purpose
        (cd "$root" && swift build --static-swift-stdlib --scratch-path "$scratch" \
            -Xswiftc -enable-incremental-file-hashing --product "$product" $swift_flags) > "$work/build-$gen.log" 2>&1 \
            || { cat "$work/build-$gen.log" >&2; log "$gen: build failed"; exit 1; }
    done
    # shellcheck disable=SC2086
    bindir=$(cd "$root" && swift build --static-swift-stdlib --scratch-path "$scratch" \
        -Xswiftc -enable-incremental-file-hashing $swift_flags --show-bin-path)
    eval "t_build_$gen=\$(( \$(now) - t0 ))"

    # The rootfs: busybox, /init, the scenarios, the programs and their libraries.
    rootfs="$work/rootfs-$gen"
    rm -rf "$rootfs"
    mkdir -p "$rootfs/bin" "$rootfs/proc" "$rootfs/sys" "$rootfs/dev" "$rootfs/tmp" "$rootfs/vmtest"
    copy_with_libs /bin/busybox "$rootfs/bin" "$rootfs/lib" "$rootfs"
    for product in $products; do
        copy_with_libs "$bindir/$product" "$rootfs/opt/torch/bin" "$rootfs/opt/torch/lib" "$rootfs" "$libpath"
    done
    cp "$here/guest/init" "$rootfs/init"
    chmod 755 "$rootfs/init"
    cp "$here"/guest/*.sh "$rootfs/vmtest/"
    cat > "$rootfs/vmtest/env" <<ENV
VMTEST_GENERATION=$gen
EXPECT_API=$expect_api
EXPECT_VERSION=$expect_version
VMTEST_SCRIPTS=""
ENV
    mkdir -p "$rootfs/var/lib/torch"    # the boot light's state file: none on boot 1
    eval "version_$gen=\$expect_version"
done

set -- $generations
ngen=$#
# The kernels first, one at a time: a cold cache downloads and builds here, before the
# lanes share it.
for kver in $kernels; do
    t0=$(now)
    kdir=$("$here/debian-kernel.sh" amd64 "$kver")
    eval "kdir_$(echo "$kver" | tr . _)=\$kdir"
    t_kernel="$t_kernel ${kver}: $(( $(now) - t0 ))s"
done

# run_lane GEN I: every kernel with generation GEN (the I-th of the generations), one
# combination after another; its VMTEST lines go to stdout, its summary lines and counts
# to $work/lane-GEN.summary and .counts. A lane touches only its generation's rootfs,
# initramfs and state file, so the lanes run side by side.
run_lane() {
    gen=$1 i=$2
    lane_passed=0 lane_failed=0
    failures="$work/failures-$gen"
    : > "$work/lane-$gen.summary"
    for kver in $kernels; do
        eval "kdir=\$kdir_$(echo "$kver" | tr . _)"
        kernel=$kdir/vmlinuz
        # This kernel's modules, which guest/init loads before the scenarios.
        rm -rf "$work/rootfs-$gen/modules"
        cp -r "$kdir/modules" "$work/rootfs-$gen/modules"
        # This kernel's own scenarios, shared out between the generations booted on it.
        extra="" j=0
        for k in $kernel_scripts; do
            [ $((j % ngen)) = "$i" ] && extra="$extra $k"
            j=$((j + 1))
        done
        combo="$kver/$gen"
        t0=$(now)
        initramfs="$work/initramfs-$gen.cpio.gz"
        make_initramfs "$gen" "$scripts$extra" "$initramfs"
        t_initramfs=$(( $(now) - t0 ))

        # Boot 1: every scenario; the guest prints its boot light's state file (VMSTATE).
        boot_vm "$combo" "$initramfs" 1
        p1=$p f1=$f t_boot1=$t_boot
        state=$(sed -n 's/^VMSTATE //p' "$console" | tail -n 1)

        # Boot 2: the same guest with boot 1's state file in place and torchvm.boot=2:
        # init starts the boot light again, which must come back in the saved state.
        if [ -n "$state" ] && printf '%s' "$state" | base64 -d > "$work/state-$gen" 2>/dev/null; then
            initramfs2="$work/initramfs-$gen-boot2.cpio.gz"
            make_initramfs "$gen" "" "$initramfs2" "$work/state-$gen"
            boot_vm "$combo/boot2" "$initramfs2" 2
        else
            echo "[$combo/boot2] VMTEST FAIL boot2-state: boot 1 printed no readable VMSTATE line"
            p=0 f=1 t_boot=0
        fi
        p=$((p1 + p)) f=$((f1 + f))
        lane_passed=$((lane_passed + p))
        lane_failed=$((lane_failed + f))
        eval "t_build=\$t_build_$gen; version=\$version_$gen"
        echo "vm-test: $combo (Linux $kver, libgpiod $version; scenarios: $scripts$extra): $p passed, $f failed; build ${t_build}s, initramfs ${t_initramfs}s, boot 1 ${t_boot1}s, boot 2 ${t_boot}s" \
            >> "$work/lane-$gen.summary"
        eval "t_build_$gen=0"    # built once, counted once
    done
    echo "$lane_passed $lane_failed" > "$work/lane-$gen.counts"
}

# The generations' lanes side by side, each qemu on a CPU of its own (one after another
# on a one-CPU host, where two guests would only slow each other). A lane's VMTEST lines
# are shown when it ends; its progress (booting, kernels) as it goes.
t0=$(now)
lanes=""
i=0
for gen in $generations; do
    rm -f "$work/failures-$gen" "$work/lane-$gen.counts"
    if [ "$(nproc)" -ge 2 ]; then
        run_lane "$gen" "$i" > "$work/lane-$gen.out" &
        lanes="$lanes $!"
    else
        run_lane "$gen" "$i" > "$work/lane-$gen.out"
    fi
    i=$((i + 1))
done
for pid in $lanes; do wait "$pid" || true; done
t_lanes=$(( $(now) - t0 ))
for gen in $generations; do
    cat "$work/lane-$gen.out"
    if [ -f "$work/lane-$gen.counts" ]; then
        read -r lp lf < "$work/lane-$gen.counts"
    else
        echo "[$gen] VMTEST FAIL lane: the $gen lane ended before its verdict"
        lp=0 lf=1
    fi
    passed=$((passed + lp))
    failed=$((failed + lf))
    summary="$summary
$(cat "$work/lane-$gen.summary" 2>/dev/null)"
    cat "$work/failures-$gen" >> "$work/failures" 2>/dev/null || true
done

if [ -s "$work/failures" ]; then
    echo "vm-test: the failures again, each with the lines after it:"
    cat "$work/failures"
fi
echo "vm-test: kernels${t_kernel}$summary"
echo "vm-test: the lanes (one per libgpiod generation, side by side) in ${t_lanes}s"
echo "vm-test: $passed passed, $failed failed"
[ "$failed" = 0 ]
