/// Compact JSON text (no spaces, members in their order), one line: what the control
/// socket sends.
extension JSONValue {
    /// The value as compact JSON text: the one JSON writer of every `--json` output and
    /// every control-socket line. Numbers that are whole print without a fraction
    /// (`3`, not `3.0`); NaN and infinities, which JSON cannot carry, print as `null`.
    public var jsonText: String {
        var out = ""
        append(to: &out)
        return out
    }

    private func append(to out: inout String) {
        switch self {
        case let .object(members):
            out += "{"
            for (i, m) in members.enumerated() {
                if i > 0 { out += "," }
                out += JSONText.string(m.key)
                out += ":"
                m.value.append(to: &out)
            }
            out += "}"
        case let .array(items):
            out += "["
            for (i, v) in items.enumerated() {
                if i > 0 { out += "," }
                v.append(to: &out)
            }
            out += "]"
        case let .string(s):
            out += JSONText.string(s)
        case let .number(n):
            out += JSONValue.numberText(n)
        case let .decimal(n, digits):
            out += n.isFinite ? DecimalSyntax.fixed(n, decimals: digits) : "null"
        case let .bool(b):
            out += b ? "true" : "false"
        case .null:
            out += "null"
        }
    }

    /// `3` for whole numbers within ±2^53 (exact in a double), else Swift's shortest
    /// round-trip form (`0.4`, `1e-05`), which is valid JSON.
    static func numberText(_ n: Double) -> String {
        guard n.isFinite else { return "null" }
        if n == n.rounded(), abs(n) <= 9_007_199_254_740_992 {
            return String(Int64(n))
        }
        return "\(n)"
    }
}
