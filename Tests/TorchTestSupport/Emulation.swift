// Whether the tests run on an emulated CPU.
#if canImport(Glibc)
import Glibc
#endif

/// True when the tests run under qemu-user: Tests/arm64/run-tests.sh names the emulator
/// in TORCH_TEST_EMULATOR (the tests that start `torch` start it through it). The
/// emulated CPU is many times slower than the machine's own, so a check that counts what
/// a real-time thread does inside a fixed wall-clock window cannot hold there; such a
/// test says so in its `.disabled(if:)` trait and still runs natively.
public let underEmulation: Bool = getenv("TORCH_TEST_EMULATOR") != nil

/// How many times longer a wall-clock bound on waiting for another thread is under
/// emulation: a bound sized for the machine's own CPU, times ten on qemu-user.
public let emulationSlowdown: Int = underEmulation ? 10 : 1
