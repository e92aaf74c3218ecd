import TorchCore

/// `torch bench KIND [options]`, checked.
public struct BenchRequest: Sendable {
    public enum Kind: String, Sendable { case timing, button, pwm, sweep }
    public var kind: Kind
    public var duration: Duration
    public var json: Bool
    public var svg: String?
    public var presses: Int
    /// Frequencies to try, in hertz.
    public var frequencies: [Double]
    /// Duty cycle to hold, 0.001…1.
    public var level: Double
    public var steps: Int
    public var compare: Bool
    public var storm = false
    /// `bench button --button-line L`: record this real button's bounce instead of
    /// injecting presses.
    public var buttonLine: String? = nil
}

/// `torch bench`: its options and how they become a `BenchRequest`.
enum BenchSubcommand {
    static let duration = Option("duration", value: "duration", help: "timing: how long to play; pwm/sweep: time per step; button --button-line: the longest to listen. (default: 10s / 2s / 60s)",
                                 parse: DurationSyntax.parse)
    static let json = Flag("json", help: "Print one JSON object instead of text.")
    static let svg = Option("svg", value: "file", help: "timing: write a lateness histogram and a timeline plot as SVG.")
    static let storm = Flag("storm", help: "timing: hand the scheduler 500 brightness changes/s meanwhile.")
    static let presses = Option("presses", value: "n", help: "button: presses to inject (default: 200), or with --button-line to record (default: 10).") {
        (t: String) throws(ValueError) -> Int in
        guard let n = Int(t), (1...100_000).contains(n) else { throw ValueError(value: t, allowed: "a count from 1 to 100000") }
        return n
    }
    static let frequencies = Option("frequencies", value: "list", help: "pwm: frequencies to try. (default: 100Hz,500Hz,1kHz,2kHz,5kHz)") {
        (t: String) throws(ValueError) -> [Double] in
        var out: [Double] = []
        for part in t.split(separator: ",") { out.append(try FrequencySyntax.parse(String(part))) }
        guard !out.isEmpty else { throw ValueError(value: t, allowed: "a comma list of frequencies, e.g. 100Hz,1kHz") }
        return out
    }
    static let level = Option("level", value: "level", help: "pwm: the duty cycle to hold. (default: 50%)") {
        (t: String) throws(ValueError) -> Double in try LevelSyntax.parse(t, range: 0.001...1)
    }
    static let steps = Option("steps", value: "n", help: "sweep: brightness steps from 1% to 100%. (default: 10)") {
        (t: String) throws(ValueError) -> Int in
        guard let n = Int(t), (2...100).contains(n) else { throw ValueError(value: t, allowed: "a count from 2 to 100") }
        return n
    }
    static let compare = Flag("compare", help: "sweep: run the cie curve, then linear, to compare.")

    static let spec = CommandSpec(
        name: "bench", overview: "Bench-test an LED and this machine: timing, button latency, PWM, sweeps.",
        arguments: [ArgumentSpec(name: "kind", help: "timing, button, pwm or sweep. (default: timing)", optional: true)],
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
        """) { p, light throws(UsageError) in
        .bench(try request(p), light)
    }

    static func request(_ p: ParsedArguments) throws(UsageError) -> BenchRequest {
        let word = p.positionals.first ?? "timing"
        guard let kind = BenchRequest.Kind(rawValue: word) else {
            throw UsageError(message: "<kind>: '\(word)' is not valid: expected timing, button, pwm or sweep", command: p.command)
        }
        let buttonLine = kind == .button ? try p.value(CommonOptions.buttonLine) : nil
        let duration = try p.value(duration)
            ?? (kind == .timing ? .seconds(10) : buttonLine != nil ? .seconds(60) : .seconds(2))
        guard duration > .zero else { throw UsageError(message: "--duration: must be above zero", command: p.command) }
        return BenchRequest(kind: kind, duration: duration, json: p.isSet(json), svg: try p.value(svg),
                            presses: try p.value(presses) ?? (buttonLine != nil ? 10 : 200),
                            frequencies: try p.value(frequencies) ?? [100, 500, 1000, 2000, 5000],
                            level: try p.value(level) ?? 0.5, steps: try p.value(steps) ?? 10,
                            compare: p.isSet(compare), storm: p.isSet(storm), buttonLine: buttonLine)
    }
}
