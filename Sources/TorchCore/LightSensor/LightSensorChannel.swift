/// Which sysfs attributes of an IIO device give a light reading, chosen from the names
/// in its directory by the kernel's naming rules (`Documentation/ABI/testing/
/// sysfs-bus-iio`; `__iio_device_attr_init`): a channel `in_<type>[<index>]` has a value
/// `_input` (already in the channel's unit: lux for illuminance, millivolts for a
/// voltage) or `_raw`, whose unit comes from `(raw + offset) × scale`. The scale, offset,
/// integration time and sampling frequency may be the channel's own
/// (`in_illuminance0_scale`), shared by its type (`in_illuminance_scale`) or shared by
/// every channel (`scale`).
public struct LightSensorChannel: Equatable, Sendable {
    /// What the channel measures.
    public enum Quantity: String, Equatable, Sendable {
        /// `in_illuminance…`: lux (a light sensor: bh1750, veml6030, opt3001, tsl2563, tsl2591).
        case illuminance
        /// `in_voltage…`: millivolts (a photodiode's voltage on an ADC, such as ti-ads1015).
        case voltage

        /// The unit of a value after scale and offset.
        public var unit: String { self == .illuminance ? "lx" : "mV" }
    }

    /// The channel's name without its info part: `in_illuminance`, `in_illuminance0`,
    /// `in_voltage1`.
    public var name: String
    public var quantity: Quantity
    /// The attribute read for each reading: `<name>_input` or `<name>_raw`.
    public var valueFile: String
    /// For a `_raw` value: the scale and offset attributes found (nil: 1 and 0).
    public var scaleFile: String?
    public var offsetFile: String?
    /// The integration time attribute (seconds), if the device has one.
    public var integrationTimeFile: String?
    /// The sampling frequency attribute (hertz), if the device has one and no
    /// integration time: a conversion takes 1/f.
    public var samplingFrequencyFile: String?

    /// True when the value is `_raw` (scaled by `scaleFile` and `offsetFile`).
    public var isRaw: Bool { valueFile.hasSuffix("_raw") }

    /// The reading of one value: `_input` as it is, `_raw` as `(raw + offset) × scale`.
    public static func reading(value: Double, scale: Double?, offset: Double?) -> Double {
        (value + (offset ?? 0)) * (scale ?? 1)
    }

    /// Every light channel in `attributes` (a device directory's names), illuminance
    /// first, each once, in name order.
    public static func all(in attributes: [String]) -> [LightSensorChannel] {
        var names: Set<String> = []
        for a in attributes {
            for info in ["_input", "_raw"] where a.hasSuffix(info) {
                let base = String(a.dropLast(info.count))
                if quantity(of: base) != nil { names.insert(base) }
            }
        }
        let set = Set(attributes)
        return names.sorted { a, b in
            let (qa, qb) = (quantity(of: a) == .illuminance, quantity(of: b) == .illuminance)
            return qa != qb ? qa : a < b
        }.compactMap { channel(named: $0, in: set) }
    }

    /// The channel to read: `requested` (a channel name as `all` gives them, or one of
    /// its attributes, `in_voltage0_raw`), else the first illuminance channel. Throws
    /// when the requested one is not there or the device has no illuminance channel.
    public static func choose(in attributes: [String], requested: String?) throws(ValueError) -> LightSensorChannel {
        let channels = all(in: attributes)
        if let requested {
            var base = requested
            for info in ["_input", "_raw"] where base.hasSuffix(info) { base = String(base.dropLast(info.count)) }
            if let c = channels.first(where: { $0.name == base }) { return c }
            throw ValueError(value: requested, allowed: "a light channel of this device: "
                             + (channels.isEmpty ? "it has none (no in_illuminance*_input/_raw or in_voltage*_raw)"
                                                 : WordList.or(channels.map(\.name))))
        }
        guard let c = channels.first(where: { $0.quantity == .illuminance }) else {
            throw ValueError(value: "", allowed: "a device with an illuminance channel (in_illuminance*_input or _raw)"
                             + (channels.isEmpty ? "" : ", or [sensor] channel set to one of " + WordList.or(channels.map(\.name))))
        }
        return c
    }

    /// `in_illuminance` or `in_illuminance<digits>` → illuminance; `in_voltage<digits>` →
    /// voltage (an ADC's channels are indexed); anything else (modifiers, differential
    /// pairs) → nil.
    static func quantity(of base: String) -> Quantity? {
        for (prefix, q) in [("in_illuminance", Quantity.illuminance), ("in_voltage", .voltage)] where base.hasPrefix(prefix) {
            let index = base.dropFirst(prefix.count)
            guard index.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            if q == .voltage && index.isEmpty { return nil }
            return q
        }
        return nil
    }

    static func channel(named base: String, in set: Set<String>) -> LightSensorChannel? {
        guard let q = quantity(of: base) else { return nil }
        let typeWide = "in_" + q.rawValue
        func find(_ info: String) -> String? {
            [base + "_" + info, typeWide + "_" + info, info].first { set.contains($0) }
        }
        let value = set.contains(base + "_input") ? base + "_input" : base + "_raw"
        let raw = value.hasSuffix("_raw")
        let integration = find("integration_time")
        return LightSensorChannel(name: base, quantity: q, valueFile: value,
                                  scaleFile: raw ? find("scale") : nil, offsetFile: raw ? find("offset") : nil,
                                  integrationTimeFile: integration,
                                  samplingFrequencyFile: integration == nil ? find("sampling_frequency") : nil)
    }
}
