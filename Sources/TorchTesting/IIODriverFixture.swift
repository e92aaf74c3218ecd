/// A Linux IIO driver's sysfs attribute names, derived from an excerpt of its source
/// (`Tests/iio/fixtures/<version>/<driver>.c`, written by Tests/iio/extract-fixtures.sh
/// from Debian's linux-source) by the IIO core's own rules and tables (the excerpt of
/// `industrialio-core.c` beside it): what `__iio_device_attr_init` names each channel's
/// info attribute (`in_illuminance0_input`, `in_voltage0-voltage1_raw`,
/// `integration_time`), the `_available` lists, the attributes a driver declares with
/// `IIO_*ATTR*`, and the names its device reports. The light-sensor tests build their
/// sysfs double from these names, so torch is checked against what the kernel creates.
public struct IIODriverFixture: Equatable, Sendable {
    /// One `iio_chan_spec` array (a chip variant: ads1015_channels, ads1115_channels).
    public struct ChannelArray: Equatable, Sendable {
        public var name: String
        /// The attribute names, sorted, `name` included.
        public var attributes: [String]
    }

    public var arrays: [ChannelArray]
    /// What the device's `name` attribute can read: a literal it sets, or the names of
    /// its i2c_device_id table when it takes the client's.
    public var deviceNames: [String]

    /// The core's tables: enum constant → text (`IIO_LIGHT` → `illuminance`).
    public struct CoreTables: Equatable, Sendable {
        public var types: [String: String]
        public var modifiers: [String: String]
        public var postfixes: [String: String]

        /// From the excerpt of `industrialio-core.c`.
        public init(_ text: String) {
            func table(_ name: String) -> [String: String] {
                guard let body = IIODriverFixture.block(after: "static const char * const \(name)[] =", in: text) else { return [:] }
                var out: [String: String] = [:]
                for entry in IIODriverFixture.topLevel(body, separator: ",") {
                    // [IIO_LIGHT] = "illuminance"
                    let parts = entry.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
                    guard parts.count == 2, parts[0].hasPrefix("["), parts[0].hasSuffix("]") else { continue }
                    out[String(parts[0].dropFirst().dropLast())] = parts[1].unquoted
                }
                return out
            }
            types = table("iio_chan_type_name_spec")
            modifiers = table("iio_modifier_names")
            postfixes = table("iio_chan_info_postfix")
        }
    }

    /// Reads a driver's excerpt with the core's tables.
    public init(_ text: String, core: CoreTables) {
        let source = Self.withoutComments(text)
        let macros = Self.macros(in: source)
        var arrays: [ChannelArray] = []
        var extra: Set<String> = ["name"]
        for line in source.split(separator: "\n").map(String.init) {
            // static IIO_CONST_ATTR(in_illuminance_integration_time_available, "…");
            for (macro, fixed) in [("IIO_CONST_ATTR_INT_TIME_AVAIL(", "integration_time_available"),
                                   ("IIO_DEV_ATTR_INT_TIME_AVAIL(", "integration_time_available"),
                                   ("IIO_CONST_ATTR_SAMP_FREQ_AVAIL(", "sampling_frequency_available")] where line.contains(macro) {
                extra.insert(fixed)
            }
            for macro in ["IIO_CONST_ATTR(", "IIO_DEVICE_ATTR(", "IIO_DEVICE_ATTR_RO(", "IIO_DEVICE_ATTR_RW(", "IIO_DEVICE_ATTR_WO("] {
                guard let r = line.firstRange(of: "static " + macro) else { continue }
                let rest = line[r.upperBound...]
                let name = rest.prefix { $0 != "," && $0 != ")" }.trimmed
                if !name.isEmpty { extra.insert(name) }
            }
        }
        var searchFrom = source.startIndex
        while let r = source[searchFrom...].firstRange(of: "static const struct iio_chan_spec ") {
            let name = String(source[r.upperBound...].prefix { $0 != "[" }).trimmed
            searchFrom = r.upperBound
            guard let body = Self.block(after: "", in: String(source[r.upperBound...])) else { continue }
            var names = extra
            for element in Self.topLevel(body, separator: ",") {
                guard let fields = Self.initializer(element, macros: macros) else { continue }
                names.formUnion(Self.attributes(fields, core: core))
            }
            arrays.append(ChannelArray(name: name, attributes: names.sorted()))
        }
        self.arrays = arrays
        var deviceNames: [String] = []
        for line in source.split(separator: "\n") where line.contains("->name = ") {
            let value = line.split(separator: "=", maxSplits: 1).last.map { String($0).trimmed } ?? ""
            let v = value.hasSuffix(";") ? String(value.dropLast()).trimmed : value
            if v.hasPrefix("\"") {
                deviceNames.append(v.unquoted)
            } else if let define = macros.first(where: { $0.name == v && $0.parameters.isEmpty }) {
                deviceNames.append(define.body.trimmed.unquoted)
            } else {
                // The I2C client's name: an i2c_device_id entry, or a device-tree
                // compatible without its vendor ("amstaos,tsl2591" → "tsl2591").
                for marker in ["static const struct i2c_device_id ", "static const struct of_device_id "] {
                    guard let table = Self.block(after: marker, in: source) else { continue }
                    for entry in Self.topLevel(table, separator: ",", depthOne: true) {
                        let inner = entry.trimmed
                        guard inner.hasPrefix("{"), let q = inner.split(separator: "\"").dropFirst().first else { continue }
                        deviceNames.append(String(q.split(separator: ",").last ?? q))
                    }
                }
            }
        }
        self.deviceNames = Array(Set(deviceNames)).sorted()
    }

    // MARK: - The IIO core's naming (__iio_device_attr_init)

    /// A channel initializer's fields, by name without the dot.
    typealias Fields = [String: String]

    static func attributes(_ f: Fields, core: CoreTables) -> [String] {
        guard let typeConstant = f["type"], let type = core.types[typeConstant] else { return [] }
        let direction = f["output"].map { $0 == "1" ? "out" : "in" } ?? "in"
        let indexed = f["indexed"] == "1"
        let modified = f["modified"] == "1"
        let differential = f["differential"] == "1"
        let channel = f["channel"] ?? "0"
        let channel2 = f["channel2"] ?? "0"
        var out: [String] = []
        func name(_ postfix: String, _ shared: String) -> String {
            let full = modified && shared == "separate" ? (core.modifiers[channel2] ?? channel2) + "_" + postfix : postfix
            switch shared {
            case "shared_by_all": return full
            case "shared_by_dir": return direction + "_" + full
            case "shared_by_type":
                return differential ? "\(direction)_\(type)-\(type)_\(full)" : "\(direction)_\(type)_\(full)"
            default:
                if differential { return "\(direction)_\(type)\(channel)-\(type)\(channel2)_\(full)" }
                return indexed ? "\(direction)_\(type)\(channel)_\(full)" : "\(direction)_\(type)_\(full)"
            }
        }
        for shared in ["separate", "shared_by_type", "shared_by_dir", "shared_by_all"] {
            for (suffix, avail) in [("", false), ("_available", true)] {
                guard let mask = f["info_mask_" + shared + suffix] else { continue }
                for bit in bits(mask) {
                    guard let postfix = core.postfixes[bit] else { continue }
                    out.append(name(avail ? postfix + "_available" : postfix, shared))
                }
            }
        }
        return out
    }

    /// `BIT(IIO_CHAN_INFO_RAW) | BIT(IIO_CHAN_INFO_SCALE)` → the constants.
    static func bits(_ mask: String) -> [String] {
        mask.split(separator: "|").compactMap { part in
            let t = part.trimmed
            guard t.hasPrefix("BIT("), t.hasSuffix(")") else { return nil }
            return String(t.dropFirst(4).dropLast()).trimmed
        }
    }

    // MARK: - Reading C

    struct Macro { var name: String; var parameters: [String]; var body: String }

    /// `#define NAME(a, b) body` (continuation lines joined) and `#define NAME value`.
    static func macros(in source: String) -> [Macro] {
        var out: [Macro] = []
        var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
        while let line = lines.popFirst() {
            guard line.hasPrefix("#define ") else { continue }
            var text = line
            while text.hasSuffix("\\"), let next = lines.popFirst() { text = String(text.dropLast()) + " " + next }
            let rest = text.dropFirst("#define ".count)
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let after = rest.dropFirst(name.count)
            if after.hasPrefix("("), let close = after.firstIndex(of: ")") {
                let params = after[after.index(after: after.startIndex)..<close].split(separator: ",").map { String($0).trimmed }
                out.append(Macro(name: name, parameters: params, body: String(after[after.index(after: close)...])))
            } else {
                out.append(Macro(name: name, parameters: [], body: String(after)))
            }
        }
        return out
    }

    /// One array element as its fields: `{ .type = IIO_LIGHT, … }`, or a macro call
    /// expanded first; nil for anything else (a timestamp channel's macro).
    static func initializer(_ element: String, macros: [Macro]) -> Fields? {
        var text = element.trimmed
        if !text.hasPrefix("{") {
            let name = String(text.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            guard let m = macros.first(where: { $0.name == name && !$0.parameters.isEmpty }),
                  let open = text.firstIndex(of: "("), let close = text.lastIndex(of: ")") else { return nil }
            let args = topLevel(String(text[text.index(after: open)..<close]), separator: ",").map(\.trimmed)
            text = substitute(m.body, parameters: m.parameters, arguments: args).trimmed
        }
        guard text.hasPrefix("{"), text.hasSuffix("}") else { return nil }
        var fields: Fields = [:]
        for member in topLevel(String(text.dropFirst().dropLast()), separator: ",") {
            let parts = member.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            guard parts.count == 2, parts[0].hasPrefix(".") else { continue }
            fields[String(parts[0].dropFirst())] = parts[1]
        }
        return fields
    }

    /// The macro body with each parameter (a whole identifier) replaced by its argument.
    static func substitute(_ body: String, parameters: [String], arguments: [String]) -> String {
        var out = ""
        var word = ""
        func flush() {
            if let i = parameters.firstIndex(of: word), i < arguments.count { out += arguments[i] } else { out += word }
            word = ""
        }
        for c in body {
            if c.isLetter || c.isNumber || c == "_" { word.append(c) } else { flush(); out.append(c) }
        }
        flush()
        return out
    }

    /// The text between the first `{` after `marker` and its matching `}`.
    static func block(after marker: String, in text: String) -> String? {
        let start = marker.isEmpty ? text.startIndex : (text.firstRange(of: marker)?.upperBound ?? text.endIndex)
        guard let open = text[start...].firstIndex(of: "{") else { return nil }
        var depth = 0
        var i = open
        while i < text.endIndex {
            if text[i] == "{" { depth += 1 }
            if text[i] == "}" {
                depth -= 1
                if depth == 0 { return String(text[text.index(after: open)..<i]) }
            }
            i = text.index(after: i)
        }
        return nil
    }

    /// `text` split at `separator` outside parentheses, braces and strings (with
    /// `depthOne`, the elements of a list of `{ … }`).
    static func topLevel(_ text: String, separator: Character, depthOne: Bool = false) -> [String] {
        var out: [String] = []
        var current = ""
        var depth = 0
        var inString = false
        for c in text {
            if c == "\"" { inString.toggle() }
            if !inString {
                if c == "(" || c == "{" { depth += 1 }
                if c == ")" || c == "}" { depth -= 1 }
                if c == separator && depth == 0 {
                    if !current.trimmed.isEmpty { out.append(current) }
                    current = ""
                    continue
                }
            }
            current.append(c)
        }
        if !current.trimmed.isEmpty { out.append(current) }
        return out
    }

    /// The source without `/* … */` and `// …` comments.
    static func withoutComments(_ text: String) -> String {
        var out = ""
        var i = text.startIndex
        while i < text.endIndex {
            let rest = text[i...]
            if rest.hasPrefix("/*") {
                guard let end = rest.firstRange(of: "*/") else { break }
                i = end.upperBound
            } else if rest.hasPrefix("//") {
                i = rest.firstIndex(of: "\n") ?? text.endIndex
            } else {
                out.append(text[i])
                i = text.index(after: i)
            }
        }
        return out
    }
}

extension StringProtocol {
    var trimmed: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" { s = s.dropLast() }
        return String(s)
    }

    /// `"bh1750"` → `bh1750`.
    var unquoted: String {
        let t = trimmed
        return t.count >= 2 && t.hasPrefix("\"") && t.hasSuffix("\"") ? String(t.dropFirst().dropLast()) : t
    }
}
