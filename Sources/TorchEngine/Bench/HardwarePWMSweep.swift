import TorchCore
import TorchHardware

/// `torch bench pwm` on a hardware PWM channel: a frequency sweep that, at each
/// frequency, writes the period and the duty for `level`, then reads `period` and
/// `duty_cycle` back from the kernel — the period the hardware rounded to (where the
/// driver reports its applied state) and the duty it holds.
public struct HardwarePWMSweep {
    public var output: SysfsPWMOutput
    /// Frequencies to try, hertz.
    public var frequencies: [Double]
    /// The duty cycle to hold, 0…1.
    public var level: Double

    public init(output: SysfsPWMOutput, frequencies: [Double], level: Double) {
        self.output = output
        self.frequencies = frequencies
        self.level = level
    }

    /// One frequency: what was written and what the kernel reads back.
    public struct Row: Equatable, Sendable {
        public var frequency: Double
        /// The period written, ns.
        public var periodWritten: UInt64
        /// `period` read back, ns.
        public var periodRead: UInt64
        /// The duty cycle written, ns.
        public var dutyWritten: UInt64
        /// `duty_cycle` read back, ns.
        public var dutyRead: UInt64
        /// `enable` read back.
        public var enabled: Bool

        /// The frequency the read-back period gives, hertz (0 for a zero period).
        public var frequencyRead: Double { periodRead > 0 ? 1e9 / Double(periodRead) : 0 }
        /// Read-back period minus the written one, ns.
        public var periodErrorNs: Int64 {
            Int64(clamping: periodRead) &- Int64(clamping: periodWritten)
        }
        /// The duty the hardware holds, 0…1 of its own period.
        public var dutyRead01: Double { periodRead > 0 ? Double(dutyRead) / Double(periodRead) : 0 }
    }

    /// Sweeps; `progress` gets each frequency before it is set. Leaves the channel at the
    /// last frequency (the caller closes it: dark, and unexported if torch exported it).
    public func run(progress: (Double) -> Void = { _ in }) throws(HardwareError) -> [Row] {
        var rows: [Row] = []
        for f in frequencies {
            progress(f)
            try output.setFrequency(f)
            let rc = output.write(duty: level)
            if rc != 0 { throw HardwareError("bench pwm: writing duty_cycle at \(FrequencySyntax.format(f)): \(errnoText(rc))", errno: rc) }
            let back = try output.readBack()
            rows.append(Row(frequency: f, periodWritten: output.period, periodRead: back.period,
                            dutyWritten: output.dutyCycle, dutyRead: back.dutyCycle, enabled: back.enabled))
        }
        return rows
    }

    /// The table `torch bench pwm` prints for `rows` at `level`.
    public static func text(_ rows: [Row], level: Double) -> String {
        var out = "frequency   period written → read (ns)   frequency read   duty written → read (ns)   duty read   error\n"
        for r in rows {
            let error = (r.dutyRead01 - level).magnitude * 100
            out += FrequencySyntax.format(r.frequency).padded(12)
                + "\(r.periodWritten) → \(r.periodRead)".padded(29)
                + (DecimalSyntax.fixed(r.frequencyRead, decimals: 1) + " Hz").padded(17)
                + "\(r.dutyWritten) → \(r.dutyRead)".padded(27)
                + (DecimalSyntax.fixed(r.dutyRead01 * 100, decimals: 2) + " %").padded(12)
                + DecimalSyntax.fixed(error, decimals: 2) + " points"
                + (r.enabled ? "" : "  (disabled!)") + "\n"
        }
        return out
    }

    /// The rows as a JSON array (times in ns, duties as fractions).
    public static func json(_ rows: [Row], level: Double) -> JSONValue {
        .array(rows.map { r in
            .object([
                JSONMember("frequency_hz", .number(r.frequency)),
                JSONMember("period_written_ns", .number(Double(r.periodWritten))),
                JSONMember("period_read_ns", .number(Double(r.periodRead))),
                JSONMember("frequency_read_hz", .decimal(r.frequencyRead, fractionDigits: 3)),
                JSONMember("duty_written_ns", .number(Double(r.dutyWritten))),
                JSONMember("duty_read_ns", .number(Double(r.dutyRead))),
                JSONMember("duty", .decimal(level, fractionDigits: 4)),
                JSONMember("duty_read", .decimal(r.dutyRead01, fractionDigits: 6)),
                JSONMember("enabled", .bool(r.enabled)),
            ])
        })
    }
}

extension String {
    fileprivate func padded(_ n: Int) -> String { self + String(repeating: " ", count: Swift.max(0, n - count)) }
}
