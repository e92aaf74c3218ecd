/// torch(1)'s EFFECTS entries, one per `EffectKind` (its name, its defaults, its
/// `manual` paragraph), between the page's `GENERATED EFFECTS` marks. `make docs`
/// writes them; `NameListsTests` fails when the page differs from what this returns.
public enum EffectManual {
    static let begin = ".\\\" BEGIN GENERATED EFFECTS: make docs writes this part from Sources/TorchCore/Patterns/Effects/*.swift"
    static let end = ".\\\" END GENERATED EFFECTS"

    /// The entries, marks included.
    static func entries() -> String {
        var lines = [begin]
        for kind in EffectKind.allCases {
            lines.append(".TP")
            let name = kind.rawValue.split(separator: "-", omittingEmptySubsequences: false).joined(separator: "\\-")
            let defaults = kind.defaultParameters.map { "[\\fB\($0)\\fR]" }
            lines.append(defaults.isEmpty ? ".B \(name)" : ".BR \(name) \"\(defaults.map { " " + $0 }.joined())\"")
            lines.append(roff(kind.manual))
        }
        lines.append(end)
        return lines.map { $0 + "\n" }.joined()
    }

    /// `page` with its generated part written anew; nil when it lacks the marks.
    public static func manPage(replacingEffectsIn page: String) -> String? {
        ConfigReference.replacing(from: begin, to: end, in: page, with: entries())
    }

    /// A paragraph in roff: as the config reference writes one, with µ and × as roff's
    /// own characters (the page is ASCII).
    static func roff(_ text: String) -> String {
        var out = ""
        for c in ConfigReference.roff(text) {
            switch c {
            case "µ": out += "\\(mc"
            case "×": out += "\\(mu"
            default: out.append(c)
            }
        }
        return out
    }
}
