#if canImport(Glibc)
import Glibc
#endif
import TorchCore
import TorchHardware

/// The differential test of the sysfs doubles against a real kernel: one seeded
/// sequence of stores (valid and invalid, in random order) is applied to the real
/// `/sys/class/...` and to the double; after every store the errno and the files that
/// can be read back must agree. The generator is pure (same seed → same sequence), so
/// the unit tests and the VM guest (`torch-sysfs-diff`) see the same stores.
public enum SysfsDifferential {
    /// One store: `path` relative to the class directory, the exact bytes written.
    public struct Step: Equatable, Sendable, CustomStringConvertible {
        public var path: String
        public var value: String
        public init(_ path: String, _ value: String) {
            self.path = path
            self.value = value
        }
        /// `pwmchip0/pwm0/period "500000"` (the value quoted, newlines as \n).
        public var description: String {
            "\(path) \"\(value.replacingNewlines)\""
        }
    }

    /// One store's result on both sides, and what was read back after it.
    public struct Outcome: Sendable {
        public var step: Step
        public var kernel: Int32
        public var double: Int32
        public var kernelReads: [String]
        public var doubleReads: [String]
        public var agrees: Bool { kernel == double && kernelReads == doubleReads }
    }

    /// The sequences' generator: seeded, the same on every platform.
    public typealias Random = SplitMix64

    // MARK: - PWM

    /// `count` stores to `chip` (channels 0 ..< `channels`): export/unexport (valid,
    /// out of range, malformed), then period, duty_cycle, enable and polarity with values
    /// around the channel's current period, zero, too large, malformed, with and
    /// without a newline. Mostly aimed at exported channels, sometimes at gone ones.
    public static func pwmSequence(seed: UInt64, count: Int, chip: String = "pwmchip0", channels: Int = 2) -> [Step] {
        var r = Random(seed: seed)
        var exported = Set<Int>()
        var periods = [Int: UInt64]()
        var steps: [Step] = []
        let badNumbers = ["abc", "-1", " 5", "5 ", "0x", "1e3", "18446744073709551616", "4294967296",
                          "99999999999999999999x", "5\n\n", "+", "08", "0xZZ"]
        while steps.count < count {
            let roll = r.below(100)
            if roll < 12 || exported.isEmpty && roll < 40 {
                let value = r.below(4) == 0 ? r.pick(["2", "7", "x", "-1", "0x1", "01", "1\n", "4294967296", " 0"])
                                            : String(r.below(channels))
                let file = r.below(3) == 0 ? "unexport" : "export"
                steps.append(Step("\(chip)/\(file)", value))
                // Where the store will likely land, to aim later stores (a guess: the
                // real outcome is whatever both sides answer).
                if case .success(let m) = KernelNumberParsing.unsigned(value, max: UInt64(UInt32.max)),
                   m < UInt64(channels) {
                    if file == "export" { exported.insert(Int(m)) } else { exported.remove(Int(m)) }
                }
                continue
            }
            // A channel: usually an exported one, sometimes any (its files may be gone).
            let ch = !exported.isEmpty && r.below(10) > 0 ? r.pick(exported.sorted()) : r.below(channels)
            let base = "\(chip)/pwm\(ch)/"
            let period = periods[ch] ?? 0
            switch r.below(4) {
            case 0:
                let value: String
                switch r.below(10) {
                case 0: value = "0"
                case 1: value = r.pick(badNumbers)
                case 2: value = "\(r.pick([1, 10, 1000, 20_000_000]))\n"
                case 3: value = r.pick(["0x7a120", "0400", "+500000", "18446744073709551615"])
                default: value = String(1000 + r.below(2_000_000))
                }
                if let v = UInt64(value.trimmingNewline) { periods[ch] = v }
                steps.append(Step(base + "period", value))
            case 1:
                let value: String
                switch r.below(8) {
                case 0: value = "0"
                case 1: value = r.pick(badNumbers)
                case 2: value = String(period &+ 1 &+ UInt64(r.below(1000)))
                case 3: value = String(period)
                default: value = String(period == 0 ? UInt64(r.below(5000)) : UInt64(r.below(Int(min(period, 1 << 40)) + 1)))
                }
                steps.append(Step(base + "duty_cycle", value))
            case 2:
                steps.append(Step(base + "enable", r.pick(["1", "0", "1", "0", "1\n", "2", "-1", "x", "01", "0x1", " 1"])))
            default:
                steps.append(Step(base + "polarity", r.pick(["normal", "inversed", "normal\n", "inversed\n",
                                                             "inverted", "NORMAL", "normal\n\n", " normal"])))
            }
        }
        return steps
    }

    /// The files read back after each PWM store: every channel directory that exists,
    /// with its four values.
    public static func pwmReads(_ fs: any SysfsFileSystem, classDirectory: String, chip: String = "pwmchip0",
                                channels: Int = 2) -> [String] {
        var out: [String] = []
        for ch in 0..<channels {
            let dir = "\(classDirectory)/\(chip)/pwm\(ch)"
            guard fs.exists(dir) else { continue }
            var line = "pwm\(ch):"
            for file in ["period", "duty_cycle", "enable", "polarity"] {
                line += " " + ((try? fs.readSmallFile(dir + "/" + file))?.trimmingNewline ?? "?")
            }
            out.append(line)
        }
        return out
    }

    // MARK: - LEDs

    /// `count` stores to the LEDs' `brightness`, `trigger` and `max_brightness`:
    /// numbers in and out of range (including 2³² + n, which `led_set_brightness` cuts
    /// to 32 bits), malformed numbers, known and unknown triggers.
    public static func ledSequence(seed: UInt64, count: Int, leds: [String], triggers: [String]) -> [Step] {
        var r = Random(seed: seed)
        var steps: [Step] = []
        while steps.count < count {
            let led = r.pick(leds)
            switch r.below(10) {
            case 0...4:
                let value: String
                switch r.below(10) {
                case 0: value = "0"
                case 1: value = r.pick(["abc", "-1", " 5", "0x10", "1e2", "+", "5\n\n", "18446744073709551616"])
                case 2: value = r.pick(["4294967296", "4294967297", "4294967551", "18446744073709551615"])
                case 3: value = r.pick(["010", "+7", "255\n", "256", "1000"])
                default: value = String(r.below(300))
                }
                steps.append(Step("\(led)/brightness", value))
            case 5...8:
                let known = triggers.isEmpty ? ["none"] : triggers
                let value = r.below(4) == 0
                    ? r.pick(["bogus", "none\n", "NONE", "heartbeat\n\n", " none", "default-on\n", "timer "])
                    : r.pick(known)
                steps.append(Step("\(led)/trigger", value))
            default:
                steps.append(Step("\(led)/max_brightness", r.pick(["1", "255"])))
            }
        }
        return steps
    }

    /// The files read back after each LED store: the trigger list with the active one,
    /// and the brightness while no blinking trigger changes it on its own.
    public static func ledReads(_ fs: any SysfsFileSystem, classDirectory: String, leds: [String]) -> [String] {
        leds.map { led in
            let trigger = (try? fs.readSmallFile("\(classDirectory)/\(led)/trigger"))?.trimmingNewline ?? "?"
            let active = activeTrigger(trigger)
            let steady = active == "none" || active == "default-on"
            let brightness = steady ? ((try? fs.readSmallFile("\(classDirectory)/\(led)/brightness"))?.trimmingNewline ?? "?")
                                    : "(\(active ?? "?"))"
            return "\(led): [\(active ?? "?")] \(brightness)"
        }
    }

    /// The bracketed name in a `trigger` file: "none [heartbeat] timer" → heartbeat.
    public static func activeTrigger(_ text: String) -> String? {
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" })
            where word.hasPrefix("[") && word.hasSuffix("]") {
            return String(word.dropFirst().dropLast())
        }
        return nil
    }

    /// Every name in a `trigger` file, brackets removed.
    public static func triggerNames(_ text: String) -> [String] {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
            String($0.hasPrefix("[") && $0.hasSuffix("]") ? $0.dropFirst().dropLast() : $0)
        }
    }

    // MARK: - Running

    /// Applies `steps` to both file systems under `classDirectory`, reading back with
    /// `reads` after each; returns one outcome per step.
    public static func run(_ steps: [Step], classDirectory: String, kernel: any SysfsFileSystem,
                           double: any SysfsFileSystem,
                           reads: (any SysfsFileSystem) -> [String]) -> [Outcome] {
        steps.map { step in
            let path = classDirectory + "/" + step.path
            let k = kernel.write(path, step.value)
            let d = double.write(path, step.value)
            return Outcome(step: step, kernel: k, double: d, kernelReads: reads(kernel), doubleReads: reads(double))
        }
    }

    /// "EINVAL 120, ENODEV 31, EBUSY 7" for the refused stores of `outcomes` (kernel side).
    public static func refusalSummary(_ outcomes: [Outcome]) -> String {
        var counts: [Int32: Int] = [:]
        for o in outcomes where o.kernel != 0 { counts[o.kernel, default: 0] += 1 }
        let parts = counts.sorted { $0.value > $1.value || ($0.value == $1.value && $0.key < $1.key) }
            .map { "\(PWMErrors.errnoName($0.key)) \($0.value)" }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}

extension String {
    /// Without one trailing newline.
    var trimmingNewline: String { hasSuffix("\n") ? String(dropLast()) : self }
    /// Newlines shown as `\n`.
    var replacingNewlines: String {
        var out = ""
        for c in self { out += c == "\n" ? "\\n" : String(c) }
        return out
    }
}

extension SplitMix64 {
    /// One of `items` (not empty).
    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }
}
