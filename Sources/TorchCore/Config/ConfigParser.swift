extension TorchConfig {
    /// Parses config file text. `file` is only used in messages (`file:line: …`);
    /// `frontEnds` are the sections front ends bring, after the built-in ones (a section
    /// not among them is an unknown section). Throws every problem found, in line order,
    /// not just the first.
    public static func parse(_ text: String, file: String,
                             frontEnds: [any FrontEndSection.Type]) throws(ConfigErrors) -> TorchConfig {
        var parser = ConfigParser(file: file, sections: ConfigSchema.sections(frontEnds: frontEnds))
        parser.read(text)
        parser.finishPatterns()
        parser.checkCombinations()
        parser.checkSections()
        guard parser.errors.isEmpty else {
            parser.keepFirstErrors()
            throw ConfigErrors(parser.errors, omitted: parser.omittedErrors)
        }
        return parser.config
    }
}

/// Reads lines into a `TorchConfig`, collecting errors as it goes.
struct ConfigParser {
    /// Where the lines being read belong.
    enum Place {
        case outside
        case section(ConfigSection)
        case pattern(String)
        /// After a bad header: its keys are not reported again.
        case ignored
    }

    /// A key that was set, as written: "button.mode" → line and value text.
    struct Setting {
        var key: String
        var line: Int
        var value: String
    }

    let file: String
    /// Every section this file may have, built-in and front ends'.
    let sections: [ConfigSection]
    var config = TorchConfig()
    /// The first `ConfigErrors.shownLimit` errors by line found so far (a file of
    /// garbage costs no memory per bad line).
    var errors: [ConfigError] = []
    /// Errors found and dropped: beyond the first `ConfigErrors.shownLimit` by line.
    var omittedErrors = 0
    /// Keys set with a valid value, by "section.key".
    var settings: [String: Setting] = [:]
    /// The first line of every key seen (valid or not), by "section.key", for duplicates.
    var firstLine: [String: Int] = [:]
    /// `[pattern.NAME]` names in file order, with their first header line.
    var patternHeaders: [(name: String, line: Int)] = []
    var patternSteps: [String: (steps: String, line: Int)] = [:]

    init(file: String, sections: [ConfigSection]) {
        self.file = file
        self.sections = sections
    }

    /// Records an error. The message's values should already be cut with `shown`;
    /// control characters are escaped here whatever their source, and an over-long
    /// message (a long list of names) is cut as a last resort. An error that would not
    /// be shown is only counted: its message is never built.
    mutating func error(_ line: Int, _ message: @autoclosure () -> String) {
        guard wouldShow(line) else {
            omittedErrors += 1
            return
        }
        let safe = EchoedText.bounded(message(), limit: ConfigParser.messageLimit)
        errors.append(ConfigError(file: file, line: line, message: safe))
        if errors.count > ConfigErrors.shownLimit { keepFirstErrors() }
    }

    /// True when an error on `line` would be among the first `ConfigErrors.shownLimit`
    /// by line. A file of garbage then costs a counter per bad line, not a message
    /// (a "did you mean" costs an edit distance per known key).
    func wouldShow(_ line: Int) -> Bool {
        errors.count < ConfigErrors.shownLimit || line < (errors.map(\.line).max() ?? 0)
    }

    /// The longest message kept, in characters.
    static let messageLimit = 400

    /// Keeps the first `ConfigErrors.shownLimit` errors by line (errors on one line stay
    /// in the order they were found) and counts the rest.
    mutating func keepFirstErrors() {
        let sorted = errors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
        let kept = sorted.prefix(ConfigErrors.shownLimit).map(\.element)
        omittedErrors += errors.count - kept.count
        errors = kept
    }


    mutating func read(_ text: String) {
        var place = Place.outside
        for (number, line) in ConfigLexer.lines(of: text) {
            switch line {
            case .blank:
                continue
            case let .malformed(message):
                error(number, message)
            case let .section(name):
                place = enter(name, line: number)
            case let .entry(key, value):
                entry(key, value, line: number, in: place)
            }
        }
    }

    mutating func enter(_ name: String, line: Int) -> Place {
        if let section = sections.section(name) { return .section(section) }
        if name.hasPrefix(ConfigSchema.patternPrefix) || name == "pattern" {
            let patternName = String(name.dropFirst(min(name.count, ConfigSchema.patternPrefix.count)))
            guard ConfigValue.isPatternName(patternName) else {
                error(line, "pattern name '\(shown(patternName))' is not valid: expected lowercase letters, digits and '-', as in [pattern.my-blink]")
                return .ignored
            }
            if !patternHeaders.contains(where: { $0.name == patternName }) {
                patternHeaders.append((patternName, line))
            }
            return .pattern(patternName)
        }
        let names = sections.map(\.name)
        // `[patern.x]`: compare the part before the dot with "pattern".
        let head = name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? name
        if let near = ConfigSuggestion.closest(to: name, in: names) {
            error(line, "unknown section [\(shown(name))]; did you mean [\(near)]?")
        } else if ConfigSuggestion.closest(to: head, in: ["pattern"]) != nil {
            error(line, "unknown section [\(shown(name))]; did you mean [pattern.NAME]?")
        } else {
            let all = names.map { "[\($0)]" }.joined(separator: ", ")
            error(line, "unknown section [\(shown(name))]; expected one of \(all) or [pattern.NAME]")
        }
        return .ignored
    }

    mutating func entry(_ key: String, _ value: String, line: Int, in place: Place) {
        switch place {
        case .ignored:
            return
        case .outside:
            let homes = sections.names(having: key).map { "[\($0)]" }
            let hint = homes.isEmpty ? "a section header such as [light]" : homes.joined(separator: " or ")
            error(line, "'\(shown(key))' is outside any section: put it under \(hint)")
        case let .section(section):
            guard !isDuplicate(key, in: section.name, line: line) else { return }
            guard let known = section.key(key) else {
                unknownKey(key, in: section.name, allowed: section.keys.map(\.name), line: line)
                return
            }
            do {
                try known.apply(&config, value)
                settings["\(section.name).\(key)"] = Setting(key: key, line: line, value: value)
            } catch {
                // A quoted value is the likeliest slip from other config formats: say so.
                let quoted = value.count >= 2 && (value.first == "\"" || value.first == "'") && value.last == value.first
                self.error(line, "\(key): '\(shown(error.value))' is not valid: expected \(error.allowed)"
                    + (quoted ? " (values are written without quotes)" : ""))
            }
        case let .pattern(name):
            let section = ConfigSchema.patternPrefix + name
            guard !isDuplicate(key, in: section, line: line) else { return }
            guard key == "steps" else {
                unknownKey(key, in: section, allowed: ConfigSchema.patternKeys, line: line)
                return
            }
            guard !value.isEmpty else {
                error(line, "steps: '' is not valid: expected custom pattern steps, e.g. 100% 200ms 0 300ms")
                return
            }
            patternSteps[name] = (value, line)
        }
    }

    /// Reports a key seen before in the same section (repeated headers merge, as in
    /// systemd units, so the first may be under an earlier header).
    mutating func isDuplicate(_ key: String, in section: String, line: Int) -> Bool {
        let id = "\(section).\(key)"
        if let first = firstLine[id] {
            error(line, "duplicate key '\(shown(key))' in [\(shown(section))]: first set on line \(first)")
            return true
        }
        firstLine[id] = line
        return false
    }

    mutating func unknownKey(_ key: String, in section: String, allowed: [String], line: Int) {
        // Only counted: skip the suggestions and their edit distances.
        guard wouldShow(line) else {
            omittedErrors += 1
            return
        }
        if section == ConfigSchema.gestures.name {
            var message = "unknown gesture '\(shown(key))' in [gestures]: expected 1c to 10c (clicks) or 1h to 10h (clicks, the last one held)"
            if let near = ConfigSuggestion.closest(to: key, in: allowed) { message += "; did you mean '\(near)'?" }
            error(line, message)
        } else if let near = ConfigSuggestion.closest(to: key, in: allowed) {
            error(line, "unknown key '\(shown(key))' in [\(shown(section))]; did you mean '\(near)'?")
        } else if let home = sections.names(having: key).first {
            error(line, "unknown key '\(shown(key))' in [\(shown(section))]; it belongs in [\(home)]")
        } else {
            error(line, "unknown key '\(shown(key))' in [\(shown(section))]; allowed: \(allowed.joined(separator: ", "))")
        }
    }

    /// Turns `[pattern.NAME]` sections into definitions; one without `steps` is an error.
    mutating func finishPatterns() {
        for header in patternHeaders {
            if let s = patternSteps[header.name] {
                if PatternLibrary.builtInNames.contains(header.name) {
                    error(header.line, "[pattern.\(header.name)]: '\(header.name)' is a built-in pattern; pick another name")
                }
                do { _ = try CustomPatternSyntax.parse(s.steps) } catch let syntax {
                    error(s.line, "steps: \(syntax)")
                }
                config.customPatterns.append(TorchConfig.PatternDefinition(name: header.name, steps: s.steps, line: s.line))
            } else if firstLine["\(ConfigSchema.patternPrefix)\(header.name).steps"] == nil {
                error(header.line, "[pattern.\(shown(header.name))] has no 'steps': add steps = <level duration ...>, e.g. steps = 100% 200ms 0 300ms")
            }
        }
        // Every name in `pattern` and `patterns` must be a built-in or a [pattern.NAME].
        let known = PatternLibrary.builtInNames + patternHeaders.map(\.name).filter { !PatternLibrary.builtInNames.contains($0) }
        for key in ["pattern", "patterns"] {
            guard let line = firstLine["light.\(key)"] else { continue }
            let names = key == "pattern" ? [config.light.pattern] : config.light.patterns
            for name in names where !known.contains(name) {
                var message = "\(key): unknown pattern '\(shown(name))'"
                if let s = ConfigSuggestion.closest(to: name, in: known) { message += "; did you mean '\(s)'?" }
                message += " (patterns: \(known.joined(separator: ", ")))"
                error(line, message)
            }
        }
    }
}

/// A value from the file as echoed in a message: at most 40 characters, controls
/// escaped. A free function: messages are built lazily inside the parser's mutating
/// `error`, where touching `self` again would be an overlapping access.
private func shown(_ s: String) -> String { EchoedText.bounded(s) }
