// torch-gpio-check: drives the GPIO classes of TorchHardware from the command line, for
// the real-kernel VM test (Tests/vm/guest/). Until `torch on/off/run` exist, the guest
// scenarios run this; each command prints machine-readable lines and flushes them.
//
//   torch-gpio-check version
//   torch-gpio-check chips
//   torch-gpio-check info CHIP LINE
//   torch-gpio-check hold CHIP LINE on|off [--active-low]
//       requests the line as an output, prints READY, holds it until SIGTERM/SIGINT,
//       then closes it (dark, then released) and prints RELEASED.
//   torch-gpio-check watch CHIP LINE [--min-edges N] [--settle-ms MS] [--debounce-ms MS]
//                                    [--bias pull-up|pull-down|disabled|as-is] [--active-high]
//                                    [--start-file PATH]
//       requests the line as a button input, prints READY, (waits for PATH to exist,
//       leaving events to pile up in the kernel,) then prints one EDGE line per edge;
//       after at least N edges and MS ms without one (or 20 s in all) prints SUMMARY.
//   torch-gpio-check press-latency SIMDIR BUTTON LED COUNT
//       with a service driving LED from BUTTON (toggle, button to ground): COUNT times
//       presses (sim_gpioBUTTON/pull = pull-down), waits (polling every 50 µs) for
//       sim_gpioLED/value to change, releases, waits 600 ms; prints one PRESS line per
//       press (latency µs, or "none") and SUMMARY with p50/max in µs.
#if canImport(Glibc)
import Glibc
#endif
import TorchCore
import TorchHardware

/// Writes one line straight to a descriptor: no stdio buffer to flush before the
/// guest script looks for it.
func emit(_ fd: Int32, _ line: String) {
    var text = line + "\n"
    text.withUTF8 { bytes in _ = write(fd, bytes.baseAddress, bytes.count) }
}

func say(_ line: String) { emit(1, line) }

func fail(_ message: String) -> Never {
    emit(2, "torch-gpio-check: error: \(message)")
    exit(1)
}

func usage() -> Never {
    emit(2, "usage: torch-gpio-check version | chips | info CHIP LINE | hold CHIP LINE on|off [--active-low]"
        + " | watch CHIP LINE [--min-edges N] [--settle-ms MS] [--debounce-ms MS] [--bias B] [--active-high]")
    exit(64)
}

/// Options after the positional arguments: `--flag` or `--name value`.
struct Options {
    var flags: Set<String> = []
    var values: [String: String] = [:]

    init(_ args: ArraySlice<String>, valued: Set<String>) {
        var i = args.startIndex
        while i < args.endIndex {
            let a = args[i]
            if valued.contains(a), i + 1 < args.endIndex {
                values[a] = args[i + 1]
                i += 2
            } else if a.hasPrefix("--") {
                flags.insert(a)
                i += 1
            } else {
                usage()
            }
        }
    }

    func int(_ name: String, default value: Int) -> Int {
        guard let text = values[name] else { return value }
        guard let n = Int(text), n >= 0 else { fail("\(name) \(text): expected a whole number ≥ 0") }
        return n
    }
}

func waitForStopSignal() {
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTERM)
    sigaddset(&set, SIGINT)
    var sig: Int32 = 0
    _ = sigwait(&set, &sig)
}

func monotonicMilliseconds() -> Int64 {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
}

func run(_ args: [String]) throws(HardwareError) {
    guard args.count >= 2 else { usage() }
    switch args[1] {
    case "version":
        say("LIBGPIOD \(GPIOLibrary.version) API \(GPIOLibrary.apiGeneration)")

    case "chips":
        for chip in GPIOChipEntry.scan() {
            say("CHIP \(chip.name) label=\(chip.label ?? "?") lines=\(chip.lineCount.map(String.init) ?? "?")")
        }

    case "info":
        guard args.count == 4 else { usage() }
        let chip = try GPIOChip(args[2])
        let info = try chip.lineInfo(try chip.offset(of: args[3]))
        say("LINE \(chip.name) \(info.offset) name=\(info.name) used=\(info.isUsed ? 1 : 0)"
            + " consumer=\(info.consumer) output=\(info.isOutput ? 1 : 0) active-low=\(info.isActiveLow ? 1 : 0)")

    case "hold":
        guard args.count >= 5, args[4] == "on" || args[4] == "off" else { usage() }
        let options = Options(args[5...], valued: [])
        // Block the stop signals before anything can deliver them; sigwait takes them.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_BLOCK, &set, nil)
        let chip = try GPIOChip(args[2])
        let output = try GPIOOutputLine(chip: chip, line: args[3],
                                        activeLow: options.flags.contains("--active-low"))
        let rc = output.write(duty: args[4] == "on" ? 1 : 0)
        if rc != 0 { fail("\(output.summary): write failed, errno \(rc)") }
        say("READY \(output.summary)")
        waitForStopSignal()
        output.close()
        say("RELEASED")

    case "watch":
        guard args.count >= 4 else { usage() }
        let options = Options(args[4...], valued: ["--min-edges", "--settle-ms", "--debounce-ms", "--bias", "--start-file"])
        let minEdges = options.int("--min-edges", default: 1)
        let settle = options.int("--settle-ms", default: 300)
        let debounce = options.int("--debounce-ms", default: 0)
        guard let bias = GPIOBias(rawValue: options.values["--bias"] ?? "pull-up") else {
            fail("--bias \(options.values["--bias"] ?? ""): expected pull-up, pull-down, disabled or as-is")
        }
        let chip = try GPIOChip(args[2])
        let button = try GPIOButtonInput(chip: chip, line: args[3],
                                         activeLow: !options.flags.contains("--active-high"),
                                         bias: bias, debounce: .milliseconds(debounce))
        say("READY kernel-debounce=\(button.kernelDebounce ? 1 : 0) pressed=\(try button.isPressed() ? 1 : 0)")
        if let startFile = options.values["--start-file"] {
            // A stalled reader: the kernel's event buffer fills and drops events.
            while access(startFile, F_OK) != 0 { usleep(20_000) }
        }
        let start = monotonicMilliseconds()
        var count = 0, lost = 0
        var lastEdge = start
        while true {
            let now = monotonicMilliseconds()
            if now - start > 20_000 { break }
            if count >= minEdges, now - lastEdge >= Int64(settle) { break }
            var pfd = pollfd(fd: button.pollDescriptor, events: Int16(POLLIN), revents: 0)
            let wait = count >= minEdges ? Int32(max(1, Int64(settle) - (now - lastEdge))) : 100
            let ready = poll(&pfd, 1, wait)
            if ready < 0, errno != EINTR { fail("poll: errno \(errno)") }
            guard ready > 0 else { continue }
            for edge in try button.readEdges() {
                count += 1
                lastEdge = monotonicMilliseconds()
                say("EDGE pressed=\(edge.pressed ? 1 : 0) t=\(edge.at.nanoseconds) seq=\(edge.sequence)")
            }
            lost += button.takeLostEventCount()
        }
        say("SUMMARY edges=\(count) lost=\(lost) pressed=\(try button.isPressed() ? 1 : 0)")
        button.close()

    case "press-latency":
        guard args.count == 6, let count = Int(args[5]), count > 0 else { usage() }
        let dir = args[2]
        func put(_ file: String, _ text: String) {
            let fd = open(file, O_WRONLY)
            guard fd >= 0 else { fail("\(file): errno \(errno)") }
            var t = text
            _ = t.withUTF8 { Glibc.write(fd, $0.baseAddress, $0.count) }
            close(fd)
        }
        func value(_ file: String) -> UInt8 {
            let fd = open(file, O_RDONLY)
            guard fd >= 0 else { fail("\(file): errno \(errno)") }
            var b: UInt8 = 0
            _ = read(fd, &b, 1)
            close(fd)
            return b
        }
        func nowNs() -> Int64 {
            var ts = timespec()
            clock_gettime(CLOCK_MONOTONIC, &ts)
            return Int64(ts.tv_sec) * 1_000_000_000 + Int64(ts.tv_nsec)
        }
        let pull = "\(dir)/sim_gpio\(args[3])/pull", led = "\(dir)/sim_gpio\(args[4])/value"
        var latencies: [Int64] = []
        for i in 0..<count {
            let before = value(led)
            let t0 = nowNs()
            put(pull, "pull-down")
            var changed: Int64? = nil
            while nowNs() - t0 < 2_000_000_000 {
                if value(led) != before { changed = nowNs() - t0; break }
                usleep(50)
            }
            say("PRESS \(i) latency=\(changed.map { String($0 / 1000) } ?? "none")")
            if let changed { latencies.append(changed) }
            usleep(100_000)
            put(pull, "pull-up")
            usleep(600_000)
        }
        latencies.sort()
        let p50 = latencies.isEmpty ? 0 : latencies[latencies.count / 2] / 1000
        say("SUMMARY presses=\(count) changed=\(latencies.count) p50_us=\(p50) max_us=\((latencies.last ?? 0) / 1000)")

    default:
        usage()
    }
}

do {
    try run(CommandLine.arguments)
} catch {
    fail(error.message)
}
