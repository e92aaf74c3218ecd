import TorchCore
import TorchEngine
import TorchHardware

/// `torch bench flicker`: the carrier's flicker per frequency, as IEEE 1789-2015 judges
/// it. Software PWM (a GPIO line, or the simulated LED as one) is played and measured
/// from its own trace: the frequency, percent flicker and flicker index of the whole
/// periods it wrote. A hardware PWM channel is set and read back: the period the
/// hardware holds gives the frequency, the duty read back the index.
extension BenchCommand {
    static func flicker(_ r: BenchRequest, _ output: any LightOutput, _ s: SchedulerSettings,
                        config: TorchConfig) throws(HardwareError) -> Int32 {
        let rows: [FlickerRow]
        if let hardware = output as? SysfsPWMOutput {
            let frequencies = r.frequencies ?? [config.output.pwmFrequency]
            let swept = try HardwarePWMSweep(output: hardware, frequencies: frequencies, level: r.level).run { f in
                progress(r, "\(FrequencySyntax.format(f)) at \(LevelSyntax.format(r.level)) duty …")
            }
            rows = swept.map { row in
                let f = FlickerFigures.pwm(frequency: row.frequencyRead, duty: row.dutyRead01)
                return FlickerRow(kind: .hardwarePWM, asked: row.frequency, figures: f, rests: 0)
            }
        } else {
            let line: any LightOutput = output.kind == .sim ? SimulatedOutput(clock: MonotonicClock(), isBinary: true) : output
            guard line.isBinary else {
                throw HardwareError("bench flicker: \(output.summary) is neither a GPIO line nor a sysfs PWM channel")
            }
            var measured: [FlickerRow] = []
            for f in r.frequencies ?? [config.output.softPWMFrequency] {
                var settings = s
                settings.softPWMFrequency = f
                progress(r, "software PWM at \(FrequencySyntax.format(f)), \(LevelSyntax.format(r.level)) duty …")
                let report = try BenchRun(output: line, timeline: .steady(1), duration: r.duration, settings: settings,
                                          label: "soft PWM \(FrequencySyntax.format(f))", lightness: r.level).run()
                let changes = report.stamps.map { (at: $0.actual, level: $0.duty) }
                guard let w = LightWaveform(changes: changes) else {
                    throw HardwareError("bench flicker: software PWM at \(FrequencySyntax.format(f)) wrote fewer than two periods in \(DurationSyntax.format(r.duration)); try a longer --duration")
                }
                measured.append(FlickerRow(kind: .softwarePWM, asked: f, figures: FlickerFigures(w), rests: report.budgetRests))
            }
            rows = measured
        }
        endBar(r)
        StandardOutput.write(r.json ? JSONValue.array(rows.map(\.json)).jsonText + "\n" : FlickerRow.table(rows))
        return ExitCode.ok
    }
}

/// One frequency's flicker, as measured.
struct FlickerRow {
    var kind: PWMCarrier.Kind
    /// The frequency asked for, hertz.
    var asked: Double
    var figures: FlickerFigures
    /// Times the real-time thread rested for its CPU budget (dark gaps of 2–4 ms: a
    /// slower flicker of their own).
    var rests: Int

    var json: JSONValue {
        .object([
            JSONMember("output", .string(kind.rawValue)),
            JSONMember("frequency_hz", .number(asked)),
            JSONMember("frequency_measured_hz", .decimal(figures.frequency, fractionDigits: 2)),
            JSONMember("duty", .decimal(figures.duty, fractionDigits: 4)),
            JSONMember("modulation_percent", .decimal(figures.modulationPercent, fractionDigits: 2)),
            JSONMember("flicker_index", .decimal(figures.flickerIndex, fractionDigits: 3)),
            JSONMember("region", .string(figures.region.rawValue)),
            JSONMember("low_risk_limit_percent", figures.lowRiskLimit.map { .decimal($0, fractionDigits: 3) } ?? .null),
            JSONMember("no_observable_effect_limit_percent", figures.noObservableEffectLimit.map { .decimal($0, fractionDigits: 3) } ?? .null),
            JSONMember("budget_rests", .number(Double(rests))),
        ])
    }

    /// The table: one row per frequency, the limits beside the modulation.
    static func table(_ rows: [FlickerRow]) -> String {
        func limit(_ l: Double?) -> String { l.map { "< " + DecimalSyntax.format($0, maxFractionDigits: 2) + " %" } ?? "none" }
        func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
        var out = pad("output", 14) + pad("frequency", 11) + pad("measured", 13) + pad("duty", 9) + pad("Mod%", 9)
            + pad("index", 7) + pad("low risk", 11) + pad("no effect", 12) + "IEEE 1789\n"
        for r in rows {
            let f = r.figures
            out += pad(r.kind.rawValue, 14) + pad(FrequencySyntax.format(r.asked), 11)
                + pad(DecimalSyntax.fixed(f.frequency, decimals: 1) + " Hz", 13)
                + pad(LevelSyntax.format(f.duty), 9)
                + pad(DecimalSyntax.fixed(f.modulationPercent, decimals: 1), 9)
                + pad(DecimalSyntax.fixed(f.flickerIndex, decimals: 2), 7)
                + pad(limit(f.lowRiskLimit), 11) + pad(limit(f.noObservableEffectLimit), 12) + f.region.text
                + (r.rests > 0 ? "  (CPU-budget rests \(r.rests): dark gaps of 2-4 ms, a slower flicker)" : "") + "\n"
        }
        return out
    }
}
