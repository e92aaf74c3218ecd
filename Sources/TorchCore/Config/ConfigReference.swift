/// The config reference, generated from the sections' docs (`ConfigKeyDocs` for the
/// built-in ones, each front end's own for its section): the whole commented
/// `dist/torch.conf`, and the key sections of `torch.conf(5)` (between its
/// `GENERATED KEYS` marks). `make docs` writes both; `ConfigReferenceTests` fails when
/// either file differs from what this returns for the executable's front ends.
enum ConfigReference {
    // MARK: - dist/torch.conf

    /// The whole commented default config, with `frontEnds`' sections after the built-in ones.
    static func confFile(frontEnds: [any FrontEndSection.Type]) -> String {
        var lines = confHeader
        for section in ConfigSchema.sections(frontEnds: frontEnds) {
            lines.append("[\(section.name)]")
            if let intro = section.intro {
                lines += wrap(intro.text, prefix: "# ") + confTable(intro.terms) + [""]
            }
            let docs = section.docs
            for (i, doc) in docs.enumerated() {
                if doc.brief {
                    // A family of keys explained above: their default lines together.
                    lines.append(doc.defaultValue.map { "#\(doc.key) = \($0)" } ?? "# \(doc.key) = \(doc.example)")
                    if i + 1 == docs.count || !docs[i + 1].brief { lines.append("") }
                    continue
                }
                lines += wrap(doc.summary, prefix: "# ") + confTable(doc.choices)
                if let value = doc.defaultValue {
                    lines += wrap("Allowed: \(doc.allowed). Example: \(doc.key) = \(doc.example)", prefix: "# ")
                    lines.append("#\(doc.key) = \(value)")
                } else {
                    lines += wrap("Allowed: \(doc.allowed). No default; for example:", prefix: "# ")
                    lines.append("# \(doc.key) = \(doc.example)")
                }
                lines.append("")
            }
        }
        return (lines + confTrailer).joined(separator: "\n") + "\n"
    }

    /// A two-column comment table: each name, then its text wrapped under itself.
    static func confTable(_ terms: [ConfigTerm]) -> [String] {
        guard let widest = terms.map(\.name.count).max() else { return [] }
        return terms.flatMap { term in
            let first = "#   " + term.name + String(repeating: " ", count: widest + 2 - term.name.count)
            let rest = "#   " + String(repeating: " ", count: widest + 2)
            return wrap(term.text, prefix: first, then: rest)
        }
    }

    static let confHeader: [String] = [
        "# /etc/torch/torch.conf: settings for torch, the GPIO/PWM torch.",
        "#",
        "# The format is like a systemd unit: [section] headers, then \"key = value\" lines.",
        "# A line starting with '#' or ';' is a comment; so is the rest of a line after",
        "# \" #\" (a '#' after a space). Keys and choices are lower case.",
        "#",
        "# Every line of the form \"#key = value\" shows a setting at its default: remove",
        "# the '#' and change the value to use it. Lines \"# key = value\" (with a space)",
        "# are examples of settings that have no default.",
        "#",
        "# Values carry their units:",
        "#   durations    10us, 20ms, 1.5s, 30min, 2h   (0 needs no unit)",
        "#   levels       40% or 0.4",
        "#   frequencies  100Hz, 2kHz",
        "#   on/off       yes/no, on/off, true/false, 1/0",
        "#",
        "# Mistakes are reported as \"file:line: message\", each on its own line (the first 20,",
        "# then \"… and N more errors\"), and torch exits with status 78.",
        "",
    ]

    static let confTrailer: [String] = [
        "# Custom patterns: one [pattern.NAME] section each, NAME from a-z, 0-9 and '-'.",
        "# steps are \"level duration\" pairs; '~' before a level ramps to it; an optional",
        "# repeat count \"xN\" ends the list (default: forever). Add NAME to the patterns list",
        "# above to reach it with a double tap.",
        "#",
        "# [pattern.signal]",
        "# steps = 100% 50ms 0 950ms",
        "#",
        "# [pattern.pulse]",
        "# steps = ~100% 1s ~10% 1s x5",
    ]

    // MARK: - torch.conf(5)

    static let manBegin = ".\\\" BEGIN GENERATED KEYS: make docs writes this part from Sources/TorchCore/Config/ConfigKeyDocs*.swift and the front ends' Sources/TorchEngine/**/*Section.swift"
    static let manEnd = ".\\\" END GENERATED KEYS"

    /// The key sections of the man page, marks included.
    static func manKeys(frontEnds: [any FrontEndSection.Type]) -> String {
        var lines = [manBegin]
        for section in ConfigSchema.sections(frontEnds: frontEnds) {
            lines.append(".SH \"[\(section.name)]\"")
            if let intro = section.intro {
                lines.append(roff(intro.text))
                lines += manTable(intro.terms)
            }
            for doc in section.docs {
                lines.append(".TP")
                lines.append(".B \(doc.key)")
                if doc.brief {
                    lines.append(roff(doc.summary) + (doc.defaultValue.map { " Default: \\fB\(roffInline($0))\\fR." } ?? ""))
                    continue
                }
                lines.append(roff(doc.summary))
                if !doc.choices.isEmpty { lines += manTable(doc.choices) + [".IP"] }
                var facts = "Allowed: \(roffInline(doc.allowed))."
                if let value = doc.defaultValue { facts += " Default: \\fB\(roffInline(value))\\fR." }
                facts += " Example: \\fB\(doc.key) = \(roffInline(doc.example))\\fR."
                lines.append(facts)
            }
        }
        lines.append(manEnd)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A table as an indented list of tagged paragraphs.
    static func manTable(_ terms: [ConfigTerm]) -> [String] {
        guard let widest = terms.map(\.name.count).max() else { return [] }
        return [".RS", ".PD 0"] + terms.flatMap { [".TP \(widest + 2)", ".B \(roffInline($0.name))", roff($0.text)] } + [".PD", ".RE"]
    }

    /// The man page with its generated part replaced; nil when the marks are missing.
    static func manPage(replacingKeysIn page: String, frontEnds: [any FrontEndSection.Type]) -> String? {
        replacing(from: manBegin, to: manEnd, in: page, with: manKeys(frontEnds: frontEnds))
    }

    /// `page` with the lines from `begin` to `end` (both whole lines) replaced by `part`
    /// (which writes the marks again); nil when a mark is missing.
    static func replacing(from begin: String, to end: String, in page: String, with part: String) -> String? {
        let lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let b = lines.firstIndex(of: begin), let e = lines[b...].firstIndex(of: end) else { return nil }
        let before = lines[..<b].map { $0 + "\n" }.joined()
        let after = lines[(e + 1)...].joined(separator: "\n")
        return before + part + after
    }

    /// Text as a roff paragraph line: backslashes escaped, no control character first.
    static func roff(_ text: String) -> String {
        let t = roffInline(text)
        return t.hasPrefix(".") || t.hasPrefix("'") ? "\\&" + t : t
    }

    static func roffInline(_ text: String) -> String {
        var out = ""
        for c in text { if c == "\\" { out += "\\e" } else { out.append(c) } }
        return out
    }

    // MARK: - Wrapping

    /// `text` in lines of at most 86 columns after `prefix` (`then` on the lines after
    /// the first), split at spaces.
    static func wrap(_ text: String, prefix: String, then: String? = nil, width: Int = 86) -> [String] {
        var lines: [String] = []
        var current = ""
        var lead = prefix
        for word in text.split(separator: " ") {
            if !current.isEmpty, lead.count + current.count + 1 + word.count > width {
                lines.append(lead + current)
                current = ""
                lead = then ?? prefix
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        if !current.isEmpty { lines.append(lead + current) }
        return lines
    }
}
