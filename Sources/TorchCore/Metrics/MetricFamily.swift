/// One metric of the Prometheus text exposition format (version 0.0.4): a name, its
/// `# HELP` and `# TYPE`, and its samples. Names follow Prometheus's conventions: base
/// units in the name (`_seconds`, `_ratio`), `_total` only on counters; the checks here
/// refuse a family that breaks them, so a new metric cannot slip past `promtool`.
public struct MetricFamily: Equatable, Sendable {
    public enum Kind: String, Sendable {
        case counter, gauge, histogram
    }

    /// One line: the family's name plus `suffix` (`_bucket`, `_sum`, `_count` for a
    /// histogram; empty otherwise), its labels in order, and its value.
    public struct Sample: Equatable, Sendable {
        public var suffix: String
        public var labels: [MetricLabel]
        public var value: Double

        public init(suffix: String = "", labels: [MetricLabel] = [], value: Double) {
            self.suffix = suffix
            self.labels = labels
            self.value = value
        }
    }

    public var name: String
    public var help: String
    public var kind: Kind
    public var samples: [Sample]

    public init(name: String, help: String, kind: Kind, samples: [Sample]) {
        self.name = name
        self.help = help
        self.kind = kind
        self.samples = samples
    }

    /// A counter or gauge with one unlabelled sample.
    public static func single(_ name: String, _ kind: Kind, help: String, _ value: Double) -> MetricFamily {
        MetricFamily(name: name, help: help, kind: kind, samples: [Sample(value: value)])
    }

    /// A counter or gauge with one sample per label value (e.g. per front end).
    public static func labelled(_ name: String, _ kind: Kind, help: String, label: String,
                                _ values: [(String, Double)]) -> MetricFamily {
        MetricFamily(name: name, help: help, kind: kind,
                     samples: values.map { Sample(labels: [MetricLabel(label, $0.0)], value: $0.1) })
    }

    /// A histogram's family: cumulative `_bucket` lines (with `+Inf`), `_sum` and `_count`.
    public static func histogram(_ name: String, help: String, _ h: MetricHistogram) -> MetricFamily {
        var samples: [Sample] = []
        var cumulative = 0
        for (bound, count) in zip(h.bounds, h.counts) {
            cumulative += count
            samples.append(Sample(suffix: "_bucket", labels: [MetricLabel("le", MetricText.number(bound))], value: Double(cumulative)))
        }
        samples.append(Sample(suffix: "_bucket", labels: [MetricLabel("le", "+Inf")], value: Double(h.count)))
        samples.append(Sample(suffix: "_sum", value: h.sum))
        samples.append(Sample(suffix: "_count", value: Double(h.count)))
        return MetricFamily(name: name, help: help, kind: .histogram, samples: samples)
    }

    /// Why this family breaks the format or the naming conventions; nil when it is sound.
    public var problem: String? {
        guard MetricText.isValidName(name) else {
            return "metric name '\(name)' is not valid: expected [a-zA-Z_:][a-zA-Z0-9_:]*"
        }
        if kind == .counter, !name.hasSuffix("_total") {
            return "counter '\(name)' must end in _total"
        }
        if kind != .counter, name.hasSuffix("_total") {
            return "\(kind.rawValue) '\(name)' must not end in _total (only counters do)"
        }
        if kind == .histogram, samples.contains(where: { !["_bucket", "_sum", "_count"].contains($0.suffix) }) {
            return "histogram '\(name)' has a sample that is not _bucket, _sum or _count"
        }
        if kind != .histogram, samples.contains(where: { !$0.suffix.isEmpty }) {
            return "\(kind.rawValue) '\(name)' has a suffixed sample"
        }
        for s in samples {
            for l in s.labels where !MetricText.isValidLabelName(l.name) {
                return "label name '\(l.name)' of '\(name)' is not valid: expected [a-zA-Z_][a-zA-Z0-9_]*, not starting with __"
            }
        }
        return nil
    }
}

/// A label of a sample: `name="value"`.
public struct MetricLabel: Equatable, Sendable {
    public var name: String
    public var value: String

    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
