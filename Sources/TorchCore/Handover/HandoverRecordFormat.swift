/// The handover record's text: three lines of its own, then the state file's lines for
/// the light's state (`StateFileFormat`):
///
///     handover=1
///     output=gpiod gpiochip0 18 active-high
///     origin=123456789000
///     version=1
///     brightness=40%
///     …
///
/// or, for a PWM channel, `output=pwm pwmchip0 0 exported` (torch exported it) or
/// `output=pwm pwmchip0 0 found 500000 0 normal 1` (found exported: period, duty cycle,
/// polarity, enable as found). `origin` is CLOCK_MONOTONIC nanoseconds. A process that
/// stopped for a restart adds `handed-over=yes`.
public enum HandoverRecordFormat {
    public static let version = 1
    static let ownKeys = ["handover", "output", "origin", "handed-over"]

    public static func encode(_ record: HandoverRecord) -> String {
        let output: String
        switch record.output {
        case let .gpioLine(chip, offset, activeLow):
            output = "gpiod \(chip) \(offset) \(activeLow ? "active-low" : "active-high")"
        case let .pwmChannel(chip, channel, found):
            output = "pwm \(chip) \(channel) " + (found.map {
                "found \($0.period) \($0.dutyCycle) \($0.polarity.rawValue) \($0.enabled ? 1 : 0)"
            } ?? "exported")
        }
        return "handover=\(version)\noutput=\(output)\norigin=\(record.resumption.origin.nanoseconds)\n"
            + (record.handedOver ? "handed-over=yes\n" : "")
            + StateFileFormat.encode(record.resumption.state)
    }

    /// The record in `text`, or why not.
    public static func decode(_ text: String) throws(HandoverRecordError) -> HandoverRecord {
        var own: [String: String] = [:]
        var rest = ""
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = String(raw)
            if let eq = line.firstIndex(of: "="), ownKeys.contains(String(line[..<eq])) {
                let key = String(line[..<eq])
                guard own[key] == nil else { throw HandoverRecordError("duplicate key '\(key)'") }
                own[key] = String(line[line.index(after: eq)...])
            } else {
                rest += line + "\n"
            }
        }
        guard own["handover"] == String(version) else {
            throw HandoverRecordError("not a version \(version) handover record ('handover=\(EchoedText.bounded(own["handover"] ?? ""))')")
        }
        guard let originText = own["origin"], let ns = Int64(originText), ns >= 0 else {
            throw HandoverRecordError("origin '\(EchoedText.bounded(own["origin"] ?? ""))' is not a CLOCK_MONOTONIC instant")
        }
        let output = try decodeOutput(own["output"] ?? "")
        guard own["handed-over"] == nil || own["handed-over"] == "yes" else {
            throw HandoverRecordError("handed-over '\(EchoedText.bounded(own["handed-over"] ?? ""))' is not yes")
        }
        let state: PersistentState
        do { state = try StateFileFormat.decode(rest) } catch {
            throw HandoverRecordError("state: \(error)")
        }
        return HandoverRecord(output: output, resumption: Resumption(state: state, origin: Instant(nanoseconds: ns)),
                              handedOver: own["handed-over"] == "yes")
    }

    private static func decodeOutput(_ text: String) throws(HandoverRecordError) -> HandoverRecord.Output {
        let w = text.split(separator: " ").map(String.init)
        let bad = HandoverRecordError("output '\(EchoedText.bounded(text))' is not 'gpiod CHIP OFFSET active-high|active-low' or 'pwm CHIP CHANNEL exported|found …'")
        guard w.count >= 4, validName(w[1]) else { throw bad }
        switch w[0] {
        case "gpiod":
            guard w.count == 4, let offset = UInt32(w[2]), w[3] == "active-high" || w[3] == "active-low" else { throw bad }
            return .gpioLine(chip: w[1], offset: offset, activeLow: w[3] == "active-low")
        case "pwm":
            guard let channel = Int(w[2]), channel >= 0, channel < 1 << 16 else { throw bad }
            if w.count == 4, w[3] == "exported" { return .pwmChannel(chip: w[1], channel: channel, found: nil) }
            guard w.count == 8, w[3] == "found", let period = UInt64(w[4]), let duty = UInt64(w[5]),
                  let polarity = PWMPolarity(rawValue: w[6]), w[7] == "0" || w[7] == "1" else { throw bad }
            return .pwmChannel(chip: w[1], channel: channel,
                               found: PWMChannelState(period: period, dutyCycle: duty, polarity: polarity, enabled: w[7] == "1"))
        default:
            throw bad
        }
    }

    /// A chip's kernel name: letters, digits, `.`, `-`, `_`, at most 64.
    static func validName(_ s: String) -> Bool {
        !s.isEmpty && s.utf8.count <= 64 && s.utf8.allSatisfy {
            ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || $0 == 0x2E || $0 == 0x2D || $0 == 0x5F
        }
    }
}
