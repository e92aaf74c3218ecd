#!/bin/sh
# Runs the unit tests cross-built for arm64 (make arm64-test builds them into
# .build/arm64) under Debian's qemu-user-static, and prints Swift Testing's summary:
#   Tests/arm64/run-tests.sh TOOLCHAIN-DIR [SWIFT-TESTING-ARGUMENT...]
# qemu-aarch64-static runs the test bundle directly (no binfmt registration needed),
# with the cross toolchain's trixie root as the arm64 library prefix (-L): the arm64
# libc, libgcc, libstdc++ and libgpiod are installed there multiarch, and the Swift
# runtime, Foundation and Swift Testing for aarch64 are in its Swift SDK, which the
# bundle's run path names. The tests run from the work tree, as swift test runs them.
set -eu
toolchain=$1
shift
cd "$(dirname "$0")/../.."
root="$toolchain/root"
bundle=.build/arm64/debug/torchPackageTests.xctest
[ -x "$bundle" ] || { echo "arm64-test: $bundle is not built (make arm64-test builds it)" >&2; exit 1; }
command -v qemu-aarch64-static >/dev/null || { echo "arm64-test: qemu-aarch64-static missing (apt-get install qemu-user-static)" >&2; exit 1; }
machine=$(readelf -h "$bundle" | sed -n 's/^ *Machine: *//p')
[ "$machine" = AArch64 ] || { echo "arm64-test: $bundle is for '$machine', not AArch64" >&2; exit 1; }
log=.build/arm64/test.log
start=$(date +%s)
status=0
# The tests that start the torch binary start it the same way (TorchProcess.command).
emulator="$(command -v qemu-aarch64-static) -L $root"
TORCH_TEST_EMULATOR=$emulator $emulator "$bundle" --testing-library swift-testing "$@" > "$log" 2>&1 || status=$?
# The failures in full, then Swift Testing's own summary line.
grep -E '✘|recorded an issue|error:' "$log" | head -n 60 || true
summary=$(grep -E '^. Test run with [0-9]+ tests' "$log" | tail -n 1)
[ -n "$summary" ] || { tail -n 30 "$log"; echo "arm64-test: no Swift Testing summary (exit $status; $log)"; exit 1; }
echo "$summary"
echo "arm64-test: under qemu-aarch64-static in $(( $(date +%s) - start )) s (log: $log)"
exit "$status"
