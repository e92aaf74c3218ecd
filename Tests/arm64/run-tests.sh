#!/bin/sh
# Runs the unit tests cross-built for arm64 (make arm64-test builds them) under
# Debian's qemu-user-static, and prints Swift Testing's summaries:
#   Tests/arm64/run-tests.sh TOOLCHAIN-DIR
# qemu-aarch64-static runs the test bundle directly (no binfmt registration needed),
# with the cross toolchain's trixie root as the arm64 library prefix (-L): the arm64
# libc, libgcc, libstdc++ and libgpiod are installed there multiarch, and the Swift
# runtime, Foundation and Swift Testing for aarch64 are in its Swift SDK, which the
# bundle's run path names. The tests run from the work tree, as swift test runs them.
# One process per test module, side by side: Swift Testing runs a process's tests on
# a thread pool as wide as the CPUs, and under emulation the tests that wait (sockets,
# threads, child processes) hold those threads far longer than natively.
set -eu
toolchain=$1
cd "$(dirname "$0")/../.."
root="$toolchain/root"
# TORCH_ARM64_BUNDLE: where make arm64-test-build put the test bundle (in its mirror of
# the work tree: Makefile, ARM64_TEST_TREE).
bundle=${TORCH_ARM64_BUNDLE:-.build/arm64/debug/torchPackageTests.xctest}
[ -x "$bundle" ] || { echo "arm64-test: $bundle is not built (make arm64-test builds it)" >&2; exit 1; }
command -v qemu-aarch64-static >/dev/null || { echo "arm64-test: qemu-aarch64-static missing (apt-get install qemu-user-static)" >&2; exit 1; }
machine=$(readelf -h "$bundle" | sed -n 's/^ *Machine: *//p')
[ "$machine" = AArch64 ] || { echo "arm64-test: $bundle is for '$machine', not AArch64" >&2; exit 1; }
# Debian 12's qemu-user, not Debian 13's (Tests/vm/qemu-trixie.sh, which the guests run
# on): on these tests qemu 10's user mode spends more host CPU than 7.2's.
# The tests that start the torch binary start it the same way (TorchProcess.command).
# A Cortex-A72 (the Raspberry Pi 4's core, as for the systemd guests: machine.sh):
# ARMv8.0, without pointer authentication, so the branch-protection instructions
# trixie's libraries are built with are hints qemu runs as no-ops.
emulator="$(command -v qemu-aarch64-static) -cpu cortex-a72 -L $root"
modules=$(cd Tests && ls -d Torch*Tests | tr '\n' ' ')
# The logs go to the work tree, which has no .build/arm64 of its own when the bundle was
# built in the mirror (make arm64-test-build) and nothing else built here.
mkdir -p .build/arm64
start=$(date +%s)
for m in $modules; do
    TORCH_TEST_EMULATOR=$emulator $emulator "$bundle" --testing-library swift-testing --filter "^$m\\." \
        > ".build/arm64/test-$m.log" 2>&1 &
done
wait
status=0
for m in $modules; do
    log=.build/arm64/test-$m.log
    # The failures in full, then Swift Testing's own summary line.
    grep -E '✘|error:' "$log" | grep -v ' skipped: ' | head -n 40 || true
    summary=$(grep -E '^. Test run with [0-9]+ tests' "$log" | tail -n 1)
    if [ -z "$summary" ]; then tail -n 20 "$log"; echo "arm64-test: $m: no Swift Testing summary ($log)"; status=1; continue; fi
    echo "$m: $summary"
    case $summary in *passed*) ;; *) status=1 ;; esac
done
echo "arm64-test: under qemu-aarch64-static in $(( $(date +%s) - start )) s (logs: .build/arm64/test-*.log)"
exit "$status"
