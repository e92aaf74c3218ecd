import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch bench KIND`: measurements for people testing LEDs, with a progress bar on a
/// terminal and `--json` for scripts.
enum BenchCommand {
    static let duration = Option("duration", value: "duration", help: "timing: how long to play; pwm/sweep: time per step; button --button-line: the longest to listen. (default: 10s / 2s / 60s)",
                                 parse: DurationSyntax.parse)
    static let json = Flag("json", help: "Print one JSON object instead of text.")
    static let svg = Option("svg", value: "file", help: "timing: write a lateness histogram and a timeline plot as SVG; light: the measured lightness against the CIE target.")
    static let storm = Flag("storm", help: "timing: hand the scheduler 500 brightness changes/s meanwhile.")
    static let presses = Option("presses", value: "n", help: "button: presses to inject (default: 200), or with --button-line to record (default: 10).") {
        (t: String) throws(ValueError) -> Int in
        guard let n = Int(t), (1...100_000).contains(n) else { throw ValueError(value: t, allowed: "a count from 1 to 100000") }
        return n
    }
    static let frequencies = Option("frequencies", value: "list", help: "pwm, flicker: frequencies to try. (default: pwm 100Hz,500Hz,1kHz,2kHz,5kHz; flicker the output's configured one)") {
        (t: String) throws(ValueError) -> [Double] in
        var out: [Double] = []
        for part in t.split(separator: ",") { out.append(try FrequencySyntax.parse(String(part))) }
        guard !out.isEmpty else { throw ValueError(value: t, allowed: "a comma list of frequencies, e.g. 100Hz,1kHz") }
        return out
    }
    static let level = Option("level", value: "level", help: "pwm, flicker: the duty cycle to hold. (default: 50%)") {
        (t: String) throws(ValueError) -> Double in try LevelSyntax.parse(t, range: 0.001...1)
    }
    static let steps = Option("steps", value: "n", help: "sweep: brightness steps from 1% to 100%; light: levels from 100%/n to 100%. (default: 10)") {
        (t: String) throws(ValueError) -> Int in
        guard let n = Int(t), (2...100).contains(n) else { throw ValueError(value: t, allowed: "a count from 2 to 100") }
        return n
    }
    static let compare = Flag("compare", help: "sweep: run the cie curve, then linear, to compare.")

    static let spec = CommandSpec(
        name: "bench", overview: "Bench-test an LED and this machine: timing, button latency, PWM, sweeps, flicker, light.",
        arguments: [ArgumentSpec(name: "kind", help: "timing, button, pwm, sweep, flicker or light. (default: timing)", optional: true)],
        options: [duration.spec, json.spec, svg.spec, storm.spec, presses.spec, frequencies.spec, level.spec, steps.spec, compare.spec],
        discussion: """
        KINDS:
          timing   a 100 Hz blink: edge lateness p50/p99/p99.9/max, drift, CPU, wake-ups/s
          button   injected button edges → output change latency (toggle mode); with
                   --button-line L, a real button's bounce: every press's and release's
                   edges in µs, and a suggested debounce
          pwm      holds --level at each PWM frequency in turn: software PWM on a GPIO
                   line or the simulated LED (duty error and CPU per frequency), or on a
                   hardware PWM channel the period and duty written and read back
          sweep    steps the brightness 1%…100% so you can watch the LED's response
          flicker  the PWM carrier's flicker at --level per frequency: measured
                   frequency, percent flicker, flicker index, and IEEE 1789-2015's
                   region (low risk, no observable effect) with its limits there
          light    the light itself through a light sensor ([sensor]): the LED dark,
                   --steps levels through the curve (and this LED's calibration), then
                   full; per level the reading, its lightness L* and the CIE target's
        """) { p, light throws(UsageError) in
        .local(try request(p, light))
    }

    static func request(_ p: ParsedArguments, _ light: LightOptions) throws(UsageError) -> BenchRequest {
        let word = p.positionals.first ?? "timing"
        guard let kind = BenchRequest.Kind(rawValue: word) else {
            throw UsageError(message: "<kind>: '\(word)' is not valid: expected timing, button, pwm, sweep, flicker or light", command: p.command)
        }
        let buttonLine = kind == .button ? try p.value(CommonOptions.buttonLine) : nil
        let duration = try p.value(duration)
            ?? (kind == .timing ? .seconds(10) : buttonLine != nil ? .seconds(60) : kind == .flicker ? .seconds(1) : .seconds(2))
        guard duration > .zero else { throw UsageError(message: "--duration: must be above zero", command: p.command) }
        return BenchRequest(kind: kind, duration: duration, json: p.isSet(json), svg: try p.value(svg),
                            presses: try p.value(presses) ?? (buttonLine != nil ? 10 : 200),
                            frequencies: try p.value(frequencies),
                            level: try p.value(level) ?? 0.5, steps: try p.value(steps) ?? 10,
                            compare: p.isSet(compare), storm: p.isSet(storm), buttonLine: buttonLine, light: light)
    }

    static func run(_ r: BenchRequest, output: any LightOutput, reason: String, config: TorchConfig,
                    curve: BrightnessCurve?, statePath: String) -> Int32 {
        if !r.json { StandardError.write(reason + "\n") }
        let scheduler = SettingsFactory.scheduler(config)
        defer { output.close() }
        do {
            switch r.kind {
            case .timing: return try timing(r, output, scheduler)
            case .button: return try button(r, output, scheduler, config: config)
            case .pwm: return try pwm(r, output, scheduler)
            case .sweep:
                // The cie sweep through this LED's calibration, as every output plays it.
                return try sweep(r, output, scheduler, curve: curve ?? config.light.curve,
                                 calibration: SettingsFactory.calibration(statePath: statePath).0)
            case .flicker: return try flicker(r, output, scheduler, config: config)
            case .light:
                let (calibration, warning) = SettingsFactory.calibration(statePath: statePath)
                if let warning, !r.json { StandardError.write(warning + "\n") }
                return try light(r, output, scheduler, config: config,
                                 mapping: SettingsFactory.mapping(config, curve: curve, calibration: calibration))
            }
        } catch {
            StandardError.write(clearLine + "torch: bench \(r.kind.rawValue): \(error)\n")
            return ExitCode.failure
        }
    }

    // MARK: - Kinds

    private static func timing(_ r: BenchRequest, _ output: any LightOutput, _ s: SchedulerSettings) throws(HardwareError) -> Int32 {
        var bench = BenchRun(output: output, duration: r.duration, settings: s)
        if r.storm { bench.stormRate = 500 }
        let report = try bench.run(progress: bar(r, "timing"))
        endBar(r)
        StandardOutput.write(r.json ? report.json + "\n" : report.text)
        if let svg = r.svg { try AtomicFile.write(SVGPlot.render(report), to: svg) }
        return ExitCode.ok
    }

    private static func button(_ r: BenchRequest, _ output: any LightOutput, _ s: SchedulerSettings,
                               config: TorchConfig) throws(HardwareError) -> Int32 {
        if let line = r.buttonLine {
            // A bounce is the real contacts' doing: the simulated LED has no button to record.
            guard output.kind != .sim else {
                throw HardwareError("--button-line \(EchoedText.bounded(line)): recording a button's bounce needs its GPIO "
                    + "line, and the simulated LED has none (without --button-line, bench button injects presses "
                    + "on the simulated LED)")
            }
            return try bounce(r, line: line, config: config)
        }
        let stats = try ButtonLatencyBench(output: output, presses: r.presses, scheduler: s).run(progress: bar(r, "button"))
        endBar(r)
        if r.json {
            let json = JSONValue.object([
                JSONMember("presses", .number(Double(r.presses))), JSONMember("matched", .number(Double(stats.count))),
                JSONMember("latency_p50_ns", .number(Double(stats.p50))), JSONMember("latency_p99_ns", .number(Double(stats.p99))),
                JSONMember("latency_max_ns", .number(Double(stats.max))),
            ])
            StandardOutput.write(json.jsonText + "\n")
        } else {
            StandardOutput.write("button edge → output change, \(stats.count) of \(r.presses) presses\n"
                     + "latency    p50 \(DecimalSyntax.microseconds(stats.p50)) µs  p99 \(DecimalSyntax.microseconds(stats.p99)) µs"
                     + "  max \(DecimalSyntax.microseconds(stats.max)) µs\n")
        }
        return ExitCode.ok
    }

    /// A real button's bounce: its raw edges (no debounce anywhere) for `--presses`
    /// presses, on the chip `[button]` would use (`LinePlacement`).
    private static func bounce(_ r: BenchRequest, line: String, config: TorchConfig) throws(HardwareError) -> Int32 {
        let at = BackendChoice.buttonPlacement(config, line: line, board: try BackendChoice.board(config))
        let bias: GPIOBias = switch config.button.bias {
        case .pullUp: .pullUp
        case .pullDown: .pullDown
        case .disabled: .disabled
        }
        let input = try GPIOButtonInput(chip: try GPIOChip(at.chip), line: at.line, role: .on,
                                        activeLow: config.button.activeLow, bias: bias, debounce: .zero,
                                        consumer: "torch-bench")
        defer { input.close() }
        let source = "\(input.chipName) line \(input.offset)" + (input.lineName.isEmpty ? "" : " (\(input.lineName))")
        if !r.json {
            StandardError.write("listening on \(source): press and release the button \(r.presses) times"
                                + " (at most \(DurationSyntax.format(r.duration)))\n")
        }
        let recording = try BounceRecorder(input: input, presses: r.presses, duration: r.duration).run { n in
            progress(r, "\(n) of \(r.presses) presses")
        }
        endBar(r)
        let a = recording.analysis
        if r.json {
            guard case var .object(members) = a.jsonValue else { return ExitCode.failure }
            members.insert(JSONMember("line", .string(source)), at: 0)
            members.append(JSONMember("lost_edges", .number(Double(recording.lostEdges))))
            StandardOutput.write(JSONValue.object(members).jsonText + "\n")
        } else {
            StandardOutput.write(a.text(source: source))
            if recording.lostEdges > 0 {
                StandardOutput.write("warning: the kernel dropped \(recording.lostEdges) edges (its event queue overflowed)\n")
            }
        }
        return ExitCode.ok
    }

    private static func pwm(_ r: BenchRequest, _ output: any LightOutput, _ s: SchedulerSettings) throws(HardwareError) -> Int32 {
        if let hardware = output as? SysfsPWMOutput { return try hardwarePWM(r, hardware) }
        // Software PWM: on the simulated LED behave like a GPIO line (on/off only).
        let line: any LightOutput = output.kind == .sim ? SimulatedOutput(clock: MonotonicClock(), isBinary: true) : output
        guard line.isBinary else {
            throw HardwareError("bench pwm: \(output.summary) is neither a GPIO line nor a sysfs PWM channel")
        }
        var rows: [String] = []
        var jsonRows: [JSONValue] = []
        for f in r.frequencies ?? BenchRequest.pwmFrequencies {
            var settings = s
            settings.softPWMFrequency = f
            progress(r, "\(FrequencySyntax.format(f)) at \(LevelSyntax.format(r.level)) duty …")
            let report = try BenchRun(output: line, timeline: .steady(1), duration: r.duration, settings: settings,
                                      label: "soft PWM \(FrequencySyntax.format(f))", lightness: r.level).run()
            let duty = SoftPWMStatistics(stamps: report.stamps, targetDuty: r.level)
            if r.json {
                jsonRows.append(.object([
                    JSONMember("frequency_hz", .number(f)), JSONMember("duty", .number(r.level)),
                    JSONMember("soft_pwm", duty.jsonValue),
                    JSONMember("cpu_percent", .decimal(report.cpuPercent, fractionDigits: 3)),
                    JSONMember("wakeups_per_second", .decimal(report.wakeupsPerSecond, fractionDigits: 1)),
                    JSONMember("budget_rests", .number(Double(report.budgetRests))),
                ]))
            } else {
                // Rests: this machine could not keep up with that frequency (`CPUBudget`).
                rows.append("\(FrequencySyntax.format(f))\t" + duty.text.split(separator: "\n").joined(separator: "  ")
                            + "  cpu \(DecimalSyntax.fixed(report.cpuPercent, decimals: 2)) %"
                            + (report.budgetRests > 0 ? "  CPU-budget rests \(report.budgetRests)" : ""))
            }
        }
        endBar(r)
        StandardOutput.write(r.json ? JSONValue.array(jsonRows).jsonText + "\n" : rows.joined(separator: "\n") + "\n")
        return ExitCode.ok
    }

    /// Hardware PWM: each frequency set, the duty written, both read back from sysfs.
    private static func hardwarePWM(_ r: BenchRequest, _ output: SysfsPWMOutput) throws(HardwareError) -> Int32 {
        let rows = try HardwarePWMSweep(output: output, frequencies: r.frequencies ?? BenchRequest.pwmFrequencies, level: r.level).run { f in
            progress(r, "\(FrequencySyntax.format(f)) at \(LevelSyntax.format(r.level)) duty …")
        }
        endBar(r)
        StandardOutput.write(r.json ? HardwarePWMSweep.json(rows, level: r.level).jsonText + "\n"
                                    : HardwarePWMSweep.text(rows, level: r.level))
        return ExitCode.ok
    }

    private static func sweep(_ r: BenchRequest, _ output: any LightOutput, _ s: SchedulerSettings,
                              curve: BrightnessCurve, calibration: LightCalibration?) throws(HardwareError) -> Int32 {
        let scheduler = PatternScheduler(output: output, settings: s)
        try scheduler.start()
        defer { scheduler.stop() }
        let curves: [BrightnessCurve] = r.compare ? [.cie, .linear] : [curve]
        let clock = MonotonicClock()
        var table = "level  " + curves.map { "duty (\($0.rawValue))" }.joined(separator: "  ") + "\n"
        var levels: [Double] = []
        for i in 0..<r.steps { levels.append(0.01 + 0.99 * Double(i) / Double(r.steps - 1)) }
        for c in curves {
            let mapping = OutputMapping(curve: c, calibration: calibration)
            for (i, level) in levels.enumerated() {
                scheduler.play(ScheduledProgram(timeline: .steady(1), lightness: level, startedAt: clock.now(), mapping: mapping))
                let duty = mapping.duty(forLightness: level)
                let filled = Int((duty * 30).rounded(.up))
                progress(r, "\(c.rawValue) step \(i + 1)/\(levels.count): level "
                         + "\(LevelSyntax.format(level)) → duty \(LevelSyntax.format(duty)) ["
                         + String(repeating: "█", count: filled) + String(repeating: "·", count: 30 - filled) + "]")
                let until = clock.now() + r.duration
                clock.sleep(until: until)
            }
        }
        endBar(r)
        for level in levels {
            table += LevelSyntax.format(level).padding(6) + " "
                + curves.map { LevelSyntax.format(OutputMapping(curve: $0, calibration: calibration).duty(forLightness: level)).padding(12) }
                    .joined(separator: " ") + "\n"
        }
        StandardOutput.write(table)
        return ExitCode.ok
    }

    // MARK: - Progress

    static func bar(_ r: BenchRequest, _ label: String) -> (Double) -> Void {
        let show = !r.json && StandardError.isTerminal
        return { fraction in
            guard show else { return }
            let width = 30
            let done = Int((fraction * Double(width)).rounded())
            let bar = String(repeating: "█", count: done) + String(repeating: "·", count: max(0, width - done))
            StandardError.write("\r\(label) [\(bar)] \(Int((fraction * 100).rounded()))%")
        }
    }

    static func endBar(_ r: BenchRequest) {
        if !r.json { StandardError.write(clearLine) }
    }

    /// A progress line, drawn over the last one; only on a terminal (a file or a pipe
    /// gets the figures, never terminal control codes).
    static func progress(_ r: BenchRequest, _ text: String) {
        if !r.json && StandardError.isTerminal { StandardError.write(clearLine + text) }
    }

    /// Goes back to the line's start and clears it, on a terminal; nothing otherwise.
    private static var clearLine: String { StandardError.isTerminal ? "\r\u{1B}[2K" : "" }
}

private extension String {
    func padding(_ n: Int) -> String { self + String(repeating: " ", count: max(0, n - count)) }
}

/// `torch bench KIND [options]`, checked.
struct BenchRequest: LocalCommand {
    enum Kind: String, Sendable { case timing, button, pwm, sweep, flicker, light }
    var kind: Kind
    var duration: Duration
    var json: Bool
    var svg: String?
    var presses: Int
    /// Frequencies to try, in hertz; nil: the kind's own (`pwmFrequencies`, or the
    /// output's configured one for flicker).
    var frequencies: [Double]?
    /// What `bench pwm` tries without `--frequencies`, hertz.
    static let pwmFrequencies: [Double] = [100, 500, 1000, 2000, 5000]
    /// Duty cycle to hold, 0.001…1.
    var level: Double
    var steps: Int
    var compare: Bool
    var storm = false
    /// `bench button --button-line L`: record this real button's bounce instead of
    /// injecting presses.
    var buttonLine: String? = nil
    /// The common light options: the output to measure.
    var light = LightOptions()

    var lightOptions: LightOptions? { light }

    func run(_ context: LocalContext) -> Int32 {
        if let holder = LightHolder.holder(path: LightHolder.path(stateFile: context.statePath)) {
            StandardError.write("torch: bench: \(holder.message)\n")
            return ExitCode.failure
        }
        return Runner.withOutput(light, context.config) { output, reason in
            BenchCommand.run(self, output: output, reason: reason, config: context.config, curve: light.curve,
                             statePath: context.statePath)
        }
    }
}
