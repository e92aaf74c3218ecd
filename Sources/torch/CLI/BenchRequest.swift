import TorchCore

/// `torch bench KIND [options]`, checked.
struct BenchRequest {
    enum Kind: String { case timing, button, pwm, sweep }
    var kind: Kind
    var duration: Duration
    var json: Bool
    var svg: String?
    var presses: Int
    var frequencies: [Double]
    var level: Double
    var steps: Int
    var compare: Bool
    var storm = false

    static func from(_ p: ParsedArguments) throws(UsageError) -> BenchRequest {
        let word = p.positionals.first ?? "timing"
        guard let kind = Kind(rawValue: word) else {
            throw UsageError(message: "<kind>: '\(word)' is not valid: expected timing, button, pwm or sweep", command: p.command)
        }
        let duration = try p.value("duration", DurationSyntax.parse) ?? (kind == .timing ? .seconds(10) : .seconds(2))
        guard duration > .zero else { throw UsageError(message: "--duration: must be above zero", command: p.command) }
        let presses = try p.value("presses") { (t: String) throws(ValueError) -> Int in
            guard let n = Int(t), (1...100_000).contains(n) else { throw ValueError(value: t, allowed: "a count from 1 to 100000") }
            return n
        } ?? 200
        let frequencies = try p.value("frequencies") { (t: String) throws(ValueError) -> [Double] in
            var out: [Double] = []
            for part in t.split(separator: ",") { out.append(try FrequencySyntax.parse(String(part))) }
            guard !out.isEmpty else { throw ValueError(value: t, allowed: "a comma list of frequencies, e.g. 100Hz,1kHz") }
            return out
        } ?? [100, 500, 1000, 2000, 5000]
        let level = try p.value("level") { (t: String) throws(ValueError) -> Double in
            try LevelSyntax.parse(t, range: 0.001...1)
        } ?? 0.5
        let steps = try p.value("steps") { (t: String) throws(ValueError) -> Int in
            guard let n = Int(t), (2...100).contains(n) else { throw ValueError(value: t, allowed: "a count from 2 to 100") }
            return n
        } ?? 10
        var r = BenchRequest(kind: kind, duration: duration, json: p.flags.contains("json"), svg: p.values["svg"],
                             presses: presses, frequencies: frequencies, level: level, steps: steps,
                             compare: p.flags.contains("compare"))
        r.storm = p.flags.contains("storm")
        return r
    }
}
