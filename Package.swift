// swift-tools-version:6.0
// torch: a GPIO/PWM-driven hardware torch for Linux single-board computers.
//
// Layers (each a folder under Sources/):
//   TorchCore      pure Swift, no Glibc: levels, patterns → timelines, Morse, gestures,
//                  the torch state machine, config and state-file models, Clock.
//   CTorchSys      what Swift cannot call or express directly: futex waits and wakes, ppoll
//                  with a nanosecond timeout, prctl timer slack, SCHED_FIFO, mlockall with
//                  MCL_ONFAULT, atomics on a shared word, a non-blocking pipe.
//   CTorchTLS      MQTT's TLS: OpenSSL's libssl behind a few calls, loaded on first use.
//   TorchHardware  outputs (simulated, gpiod line, sysfs PWM), inputs, terminal, files
//                  (`FileDescriptor` owns and closes one descriptor; `Interrupted.retry` is
//                  the one EINTR loop), standard streams, environment, threads, libm:
//                  every syscall and `#if canImport(Glibc)` lives here.
//   TorchEngine    the real-time scheduler's loop (its decisions are TorchCore's
//                  `PlaybackStep`, its thread, futex and mlock TorchHardware's), the event
//                  loop, the torch service, benches, the trace format; imports no Glibc.
//   TorchCLI       the command line's grammar: the spec of each subcommand that drives the
//                  light or asks the service, with its typed options and request builder;
//                  the parser, help and usage errors; `LocalCommand` for the others.
//   torch          the executable: every subcommand in help's order, each one run in this
//                  process as one file (its spec and what it does); TorchCLI's request →
//                  config, hardware, engine → exit code; imports no Glibc.
import PackageDescription

let strict: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "torch",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "torch", targets: ["torch"]),
    ],
    targets: [
        // `rounded()` and friends live in libm; the core imports no Glibc but links it.
        .target(name: "TorchCore", swiftSettings: strict, linkerSettings: [.linkedLibrary("m")]),
        .target(name: "CTorchSys"),
        // TLS for MQTT: OpenSSL's libssl, opened with dlopen only when mqtts:// is used
        // (no OpenSSL headers or library needed to build; checked against the headers
        // where they are installed).
        .target(name: "CTorchTLS", linkerSettings: [.linkedLibrary("dl")]),
        // libgpiod v1 (1.6.x) or v2 (2.x), whichever gpiod.h is on the include path
        // (`swift build -Xcc -I<dir> -Xlinker -L<dir>` picks a locally built v2).
        .target(name: "CGPIOD", linkerSettings: [.linkedLibrary("gpiod")]),
        .target(name: "TorchHardware", dependencies: ["TorchCore", "CTorchSys", "CTorchTLS", "CGPIOD"], swiftSettings: strict),
        .target(name: "TorchEngine", dependencies: ["TorchCore", "TorchHardware"], swiftSettings: strict),
        // The command line's grammar: specs, typed options, parsing, help, requests; no I/O,
        // so the tests parse in process.
        .target(name: "TorchCLI", dependencies: ["TorchCore"], swiftSettings: strict),
        .executableTarget(name: "torch", dependencies: ["TorchCore", "TorchHardware", "TorchEngine", "TorchCLI"],
                          swiftSettings: strict),
        // The real-kernel VM test's own probe of the GPIO classes (Tests/vm/run.sh).
        .executableTarget(name: "torch-gpio-check", dependencies: ["TorchCore", "TorchHardware"],
                          path: "Tests/vm/gpio-check", swiftSettings: strict),
        // The VM test's differential run of the sysfs doubles against the real kernel.
        .executableTarget(name: "torch-sysfs-diff", dependencies: ["TorchCore", "TorchHardware", "TorchTesting"],
                          path: "Tests/vm/sysfs-diff", swiftSettings: strict),
        // Test doubles of kernel interfaces (sysfs PWM and LED classes) and the embedded
        // service (the real turn on a manual clock) for the test targets; `torch` does
        // not link it.
        .target(name: "TorchTesting", dependencies: ["TorchCore", "TorchHardware", "TorchEngine"], swiftSettings: strict),
        // The tests' helpers over Swift Testing: the error a closure throws, in a form
        // Swift 6.0 accepts (its `#expect(throws:)` returns nothing); whether they run
        // under qemu-user.
        .target(name: "TorchTestSupport", path: "Tests/TorchTestSupport", swiftSettings: strict),
        .testTarget(name: "TorchCoreTests", dependencies: ["TorchCore", "TorchTestSupport"], swiftSettings: strict),
        .testTarget(name: "TorchHardwareTests", dependencies: ["TorchCore", "TorchHardware", "TorchTesting", "TorchTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "TorchEngineTests", dependencies: ["TorchCore", "TorchHardware", "TorchEngine", "TorchTesting",
                                                             "TorchTestSupport"],
                    swiftSettings: strict),
        .testTarget(name: "TorchCLITests", dependencies: ["TorchCore", "TorchHardware", "TorchCLI", "torch", "TorchTesting", "TorchTestSupport"],
                    exclude: ["Golden"], swiftSettings: strict),
    ]
)
