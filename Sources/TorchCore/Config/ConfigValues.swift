/// Value parsers for config keys, on top of the shared unit syntaxes. Each throws a
/// `ValueError` that names the value and what is allowed; the parser adds `file:line: key:`.
public enum ConfigValue {
    /// A duration with a unit, inside `range`.
    public static func duration(_ text: String, in range: ClosedRange<Duration>) throws(ValueError) -> Duration {
        let d = try DurationSyntax.parse(text)
        guard range.contains(d) else {
            throw ValueError(value: text, allowed: "a duration from \(DurationSyntax.format(range.lowerBound)) to \(DurationSyntax.format(range.upperBound))")
        }
        return d
    }

    /// A duration inside `range`, or `off` (also `no`, `none`) for nil.
    public static func durationOrOff(_ text: String, in range: ClosedRange<Duration>) throws(ValueError) -> Duration? {
        switch text.lowercased() {
        case "off", "no", "none": return nil
        default: break
        }
        do {
            return try duration(text, in: range)
        } catch {
            throw ValueError(value: text, allowed: "off or \(error.allowed)")
        }
    }

    /// A frequency with a unit (`2kHz`), inside `range` hertz.
    public static func frequency(_ text: String, in range: ClosedRange<Double>) throws(ValueError) -> Double {
        let hz = try FrequencySyntax.parse(text)
        guard range.contains(hz) else {
            throw ValueError(value: text, allowed: "a frequency from \(FrequencySyntax.format(range.lowerBound)) to \(FrequencySyntax.format(range.upperBound))")
        }
        return hz
    }

    /// A plain decimal number inside `range` (no unit, no `%`).
    public static func number(_ text: String, in range: ClosedRange<Double>, meaning: String) throws(ValueError) -> Double {
        guard let v = DecimalSyntax.parse(text), range.contains(v) else {
            throw ValueError(value: text, allowed: meaning)
        }
        return v
    }

    /// A whole number inside `range`.
    public static func integer(_ text: String, in range: ClosedRange<Int>) throws(ValueError) -> Int {
        guard let v = Int(text), range.contains(v) else {
            throw ValueError(value: text, allowed: "a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return v
    }

    /// One of an enum's raw values, exactly as spelt.
    public static func choice<E: RawRepresentable & CaseIterable>(_ text: String, of _: E.Type) throws(ValueError) -> E
    where E.RawValue == String {
        guard let v = E(rawValue: text) else {
            throw ValueError(value: text, allowed: "one of " + E.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return v
    }

    /// A gesture action (`toggle`, `lockout`, …), with a did-you-mean for a near miss.
    public static func action(_ text: String, rampAllowed: Bool = false) throws(ValueError) -> GestureAction {
        if let a = GestureAction(rawValue: text) {
            guard a != .ramp || rampAllowed else {
                throw ValueError(value: text, allowed: "an action other than ramp: ramp is the hold of 1h only")
            }
            return a
        }
        let names = GestureAction.allCases.map(\.rawValue)
        var allowed = "an action: " + names.joined(separator: ", ")
        if let near = ConfigSuggestion.closest(to: text, in: names) { allowed += "; did you mean '\(near)'?" }
        throw ValueError(value: text, allowed: allowed)
    }

    /// A non-empty word: a chip, a line, a group, a path. Its meaning is checked later
    /// (by the hardware layer), so here only emptiness is an error.
    public static func text(_ text: String, meaning: String) throws(ValueError) -> String {
        guard !text.isEmpty else { throw ValueError(value: text, allowed: meaning) }
        return text
    }

    /// A comma-separated list of non-empty items (`steady, sos`).
    public static func list(_ text: String, meaning: String) throws(ValueError) -> [String] {
        let items = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmedASCII }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw ValueError(value: text, allowed: meaning)
        }
        return items
    }

    /// True for a pattern name: one or more of `a-z`, `0-9`, `-`.
    public static func isPatternName(_ name: String) -> Bool {
        !name.isEmpty && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }
}
