/// The state file's text: a version line, then one `key=value` per line. The pattern
/// must read as canonical pattern text within `PatternLimits`.
///
///     version=1
///     brightness=40%
///     pattern=steady
///     button-mode=smart
///     lit=yes
///
/// A pure codec: reading and writing the file (atomically) is the hardware layer's job.
public enum StateFileFormat {
    /// The version this code writes and reads.
    public static let version = 1

    static let keys = ["brightness", "pattern", "button-mode", "lit"]
    /// Written only when set (so a file without them reads as before).
    static let optionalKeys = ["light-by-default", "hold-for-light", "sleep-timer", "stealth"]

    /// The file's text for `state`, ending in a newline.
    public static func encode(_ state: PersistentState) -> String {
        // Four decimals of a percent: a ramped brightness comes back within 1e-6.
        let brightness = DecimalSyntax.format(state.brightness.fraction * 100, maxFractionDigits: 4) + "%"
        return """
            version=\(version)
            brightness=\(brightness)
            pattern=\(escape(state.pattern.canonicalText))
            button-mode=\(state.buttonMode.rawValue)
            lit=\(state.lit ? "yes" : "no")

            """ + optionalLines(state)
    }

    static func optionalLines(_ state: PersistentState) -> String {
        var out = ""
        if let l = state.settings.lightByDefault { out += "light-by-default=\(l ? "yes" : "no")\n" }
        if let h = state.settings.holdForLight { out += "hold-for-light=\(h ? "yes" : "no")\n" }
        if let t = state.settings.sleepTimer { out += "sleep-timer=\(t == .zero ? "off" : DurationSyntax.format(t))\n" }
        if state.stealth { out += "stealth=yes\n" }
        return out
    }

    /// The state in `text`, or a one-line reason it cannot be read.
    public static func decode(_ text: String) throws(StateFileError) -> PersistentState {
        var lines = text.utf8.split(separator: 10, omittingEmptySubsequences: false)
            .map { String(decoding: $0, as: UTF8.self) }
        if lines.last == "" { lines.removeLast() }
        guard !lines.isEmpty, lines.contains(where: { !$0.trimmedASCII.isEmpty }) else {
            throw StateFileError(line: nil, reason: "empty file")
        }
        let first = lines[0].trimmedASCII
        guard first.hasPrefix("version=") else {
            throw StateFileError(line: 1, reason: "expected 'version=\(version)', got '\(shown(first))'")
        }
        let v = String(first.dropFirst("version=".count))
        guard v == String(version) else {
            throw StateFileError(line: 1, reason: "version '\(shown(v))' is not supported (this torch reads version \(version))")
        }

        var values: [String: (value: String, line: Int)] = [:]
        for (i, raw) in lines.enumerated().dropFirst() {
            let number = i + 1
            let line = raw.trimmedASCII
            if line.isEmpty { continue }
            guard let eq = line.firstIndex(of: "=") else {
                throw StateFileError(line: number, reason: "expected 'key=value', got '\(shown(line))'")
            }
            let key = String(line[..<eq])
            let value = String(line[line.index(after: eq)...])
            guard keys.contains(key) || optionalKeys.contains(key) else {
                throw StateFileError(line: number, reason: "unknown key '\(shown(key))'")
            }
            if let earlier = values[key] {
                throw StateFileError(line: number, reason: "duplicate key '\(key)' (first on line \(earlier.line))")
            }
            values[key] = (value, number)
        }
        for key in keys where values[key] == nil {
            throw StateFileError(line: nil, reason: "missing '\(key)' (the file may have been cut short)")
        }
        // Every key is present (checked just above); the `?? ("", 0)` is never taken.
        func get(_ key: String) -> (value: String, line: Int) { values[key] ?? ("", 0) }

        let b = get("brightness")
        let brightness: Brightness
        do {
            brightness = try Brightness.parse(b.value)
        } catch {
            let number = b.value.hasSuffix("%") ? DecimalSyntax.parse(String(b.value.dropLast())) : DecimalSyntax.parse(b.value)
            let what = number == nil ? "is not a level" : "out of range"
            throw StateFileError(line: b.line, reason: "brightness '\(shown(b.value))' \(what)")
        }

        let p = get("pattern")
        guard let pattern = unescape(p.value), !pattern.isEmpty else {
            throw StateFileError(line: p.line, reason: p.value.isEmpty ? "pattern is empty" : "pattern '\(shown(p.value))' has a bad escape")
        }
        // Read through the same parser (and limits) as the socket and the command line:
        // a pattern that breaks them (saved by an older torch, or edited) would crash or
        // spin the light on every start, so the whole file is set aside instead.
        let parsed: Pattern
        do {
            parsed = try Pattern.parseCanonical(pattern)
        } catch {
            throw StateFileError(line: p.line, reason: "pattern '\(shown(pattern))': \(shown(error.description, limit: 160))")
        }

        let m = get("button-mode")
        guard let mode = ButtonMode(rawValue: m.value) else {
            let modes = TorchConfig.ButtonMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw StateFileError(line: m.line, reason: "button-mode '\(shown(m.value))' is not one of \(modes)")
        }

        let l = get("lit")
        let lit: Bool
        do {
            lit = try BoolSyntax.parse(l.value)
        } catch {
            throw StateFileError(line: l.line, reason: "lit '\(shown(l.value))' is not yes or no")
        }
        var settings = UserSettings()
        func flag(_ key: String) throws(StateFileError) -> Bool? {
            guard let v = values[key] else { return nil }
            do { return try BoolSyntax.parse(v.value) } catch {
                throw StateFileError(line: v.line, reason: "\(key) '\(shown(v.value))' is not yes or no")
            }
        }
        settings.lightByDefault = try flag("light-by-default")
        settings.holdForLight = try flag("hold-for-light")
        if let t = values["sleep-timer"] {
            if t.value == "off" {
                settings.sleepTimer = .zero
            } else {
                guard let d = UserSettings.wholeSeconds(try? DurationSyntax.parse(t.value)) else {
                    throw StateFileError(line: t.line, reason: "sleep-timer '\(shown(t.value))' is not off or a duration from 1s to 24h")
                }
                settings.sleepTimer = d
            }
        }
        return PersistentState(brightness: brightness, pattern: parsed, buttonMode: mode, lit: lit,
                               settings: settings, stealth: try flag("stealth") ?? false)
    }

    /// File text made safe for a one-line warning on a terminal: control characters
    /// become `?` and anything past `limit` characters becomes `…`.
    static func shown(_ s: String, limit: Int = 40) -> String {
        var out = ""
        for (i, c) in s.unicodeScalars.enumerated() {
            if i == limit { return out + "…" }
            out.unicodeScalars.append(c.value < 0x20 || c.value == 0x7F ? "?" : c)
        }
        return out
    }

    /// Keeps the value on one line: `\` → `\\`, newline → `\n`, carriage return → `\r`.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// The inverse of `escape`; nil for a lone or unknown escape.
    static func unescape(_ s: String) -> String? {
        var out = ""
        var pending = false
        for c in s.unicodeScalars {
            if pending {
                switch c {
                case "\\": out += "\\"
                case "n": out += "\n"
                case "r": out += "\r"
                default: return nil
                }
                pending = false
            } else if c == "\\" {
                pending = true
            } else {
                out.unicodeScalars.append(c)
            }
        }
        return pending ? nil : out
    }
}
