/// The text of the machine files the effects and the readout read, parsed here (pure, so
/// tests and the fuzzer feed it anything); the reads themselves are in TorchHardware.
public enum MachineReadings {
    /// The 1-minute load average from /proc/loadavg's text (`0.52 0.58 0.59 1/234 5678`):
    /// the first field, a non-negative decimal; nil for anything else.
    public static func loadAverage(_ text: String) -> Double? {
        guard let first = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).first,
              first.count <= 20, first.allSatisfy({ $0.isASCII && ($0.isNumber || $0 == ".") }),
              let v = DecimalSyntax.parse(String(first)), v.isFinite, v >= 0 else { return nil }
        return v
    }

    /// Whole degrees Celsius from a thermal zone's `temp` (millidegrees, e.g. `48312`),
    /// rounded to the nearest degree; nil unless it is one integer within ±1000 °C.
    public static func celsius(millidegrees text: String) -> Int? {
        let t = text.trimmedASCII
        guard !t.isEmpty, t.count <= 8, let m = Int(t), (-1_000_000...1_000_000).contains(m) else { return nil }
        // Round half away from zero: 48500 → 49, -1500 → -2.
        return m >= 0 ? (m + 500) / 1000 : -((-m + 500) / 1000)
    }

    /// The thermal zone that measures the CPU among `zones` (name → its `type`): the first
    /// by number whose type names a CPU, SoC or x86 package (`cpu-thermal` on a Raspberry
    /// Pi, `x86_pkg_temp`, `soc_thermal`), else the lowest numbered zone.
    public static func cpuZone(_ zones: [(name: String, type: String)]) -> String? {
        let sorted = zones.filter { $0.name.hasPrefix("thermal_zone") }.sorted {
            (Int($0.name.dropFirst(12)) ?? Int.max, $0.name) < (Int($1.name.dropFirst(12)) ?? Int.max, $1.name)
        }
        let cpu = sorted.first { z in
            let t = z.type.lowercased()
            return ["cpu", "soc", "x86_pkg"].contains { t.includes($0) }
        }
        return (cpu ?? sorted.first)?.name
    }

    /// One network interface's IPv4 address, as getifaddrs lists it.
    public struct InterfaceAddress: Equatable, Sendable {
        public var name: String
        public var isUp: Bool
        public var isLoopback: Bool
        /// The four bytes, most significant first (192, 168, 1, 23).
        public var ipv4: [UInt8]

        public init(name: String, isUp: Bool, isLoopback: Bool, ipv4: [UInt8]) {
            self.name = name
            self.isUp = isUp
            self.isLoopback = isLoopback
            self.ipv4 = ipv4
        }
    }

    /// The board's address for the readout: the first interface in the kernel's order
    /// that is up, not loopback, with an IPv4 address outside 127.0.0.0/8 and not
    /// link-local (169.254.0.0/16, no DHCP answer); nil when there is none.
    public static func boardAddress(_ all: [InterfaceAddress]) -> InterfaceAddress? {
        all.first { a in
            a.isUp && !a.isLoopback && a.ipv4.count == 4 && a.ipv4[0] != 127 && !(a.ipv4[0] == 169 && a.ipv4[1] == 254)
        }
    }
}

/// What `torch readout` blinks out.
public enum ReadoutSource: Equatable, Sendable {
    /// The last part of the board's IPv4 address (`MachineReadings.boardAddress`).
    case ip
    /// The CPU temperature in whole °C.
    case temperature
    /// torch's version, digit groups joined by dots.
    case version
    /// Any number the user gives.
    case number(Readout)

    public static let allowed = "ip, temp, version or a number (42, 1.2.3)"

    /// `ip`, `temp`, `version` or a number (`Readout`'s text).
    public static func parse(_ text: String) throws(ValueError) -> ReadoutSource {
        switch text {
        case "ip": return .ip
        case "temp": return .temperature
        case "version": return .version
        default:
            do { return .number(try Readout(text)) } catch {
                // Digits and dots: the number's own rule (its length limit) says what is wrong.
                guard !text.isEmpty, text.allSatisfy({ $0 == "." || ($0.isASCII && $0.isNumber) }) else {
                    throw ValueError(value: text, allowed: allowed)
                }
                throw error
            }
        }
    }
}
