import TorchCore
import TorchHardware

/// A standalone SVG picture of a bench run, built as plain text (no Foundation): a
/// lateness histogram (log-scale count against µs) above a timeline plot (duty against
/// time for the first changes, intended in grey, actual in colour). Opens in any browser.
///
/// Marked for tests and tools: each histogram bar is a `<rect class="bar">`, each change
/// on the timeline a `<circle class="edge">`.
public enum SVGPlot {
    public static let width = 800
    public static let height = 600

    /// The whole picture for `report`, showing up to `timelineChanges` changes.
    public static func render(_ report: BenchReport, timelineChanges: Int = 40) -> String {
        render(stamps: report.stamps, statistics: report.statistics,
               title: "\(report.label) on \(report.backend), \(DecimalSyntax.fixed(report.duration.seconds, decimals: 1)) s",
               timelineChanges: timelineChanges)
    }

    /// The whole picture for `stamps` (in the order written).
    public static func render(stamps: [OutputStamp], statistics: LatenessStatistics, title: String,
                              timelineChanges: Int = 40) -> String {
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        svg += "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"12\">\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"white\"/>\n"
        svg += text(x: 400, y: 22, escape(title), anchor: "middle", size: 15)
        let s = statistics
        let summary = "\(s.count) changes · p50 \(DecimalSyntax.microseconds(s.p50)) µs · p99 \(DecimalSyntax.microseconds(s.p99)) µs"
            + " · p99.9 \(DecimalSyntax.microseconds(s.p999)) µs · max \(DecimalSyntax.microseconds(s.max)) µs"
            + " · drift \(DecimalSyntax.microseconds(s.drift)) µs"
        svg += text(x: 400, y: 42, summary, anchor: "middle")
        svg += histogram(LatenessHistogram(latenesses: stamps.map(\.lateness)), statistics: s,
                         frame: Frame(left: 70, top: 70, right: 770, bottom: 290))
        svg += timeline(Array(stamps.prefix(max(0, timelineChanges))),
                        frame: Frame(left: 70, top: 370, right: 770, bottom: 550))
        svg += "</svg>\n"
        return svg
    }

    struct Frame {
        var left: Double, top: Double, right: Double, bottom: Double
        var width: Double { right - left }
        var height: Double { bottom - top }
    }

    static func histogram(_ h: LatenessHistogram, statistics s: LatenessStatistics, frame f: Frame) -> String {
        var out = "<g class=\"histogram\">\n"
        out += text(x: f.left, y: f.top - 12, "Edge lateness (count, log scale)", anchor: "start", size: 13)
        out += axes(f)
        out += text(x: (f.left + f.right) / 2, y: f.bottom + 34, "lateness (µs)", anchor: "middle")
        guard !h.counts.isEmpty else {
            out += text(x: (f.left + f.right) / 2, y: (f.top + f.bottom) / 2, "no changes measured", anchor: "middle")
            return out + "</g>\n"
        }
        let bins = Double(h.counts.count)
        let barWidth = f.width / bins
        let logPeak = LibM.log10(Double(h.peak) + 1)
        func y(_ count: Double) -> Double { f.bottom - (logPeak > 0 ? LibM.log10(count + 1) / logPeak : 0) * f.height }
        // Count ticks at powers of ten.
        var tick = 1
        while tick <= h.peak {
            out += line(x1: f.left - 4, y1: y(Double(tick)), x2: f.left, y2: y(Double(tick)))
            out += text(x: f.left - 7, y: y(Double(tick)) + 4, "\(tick)", anchor: "end")
            tick *= 10
        }
        for (i, c) in h.counts.enumerated() where c > 0 {
            let top = y(Double(c))
            out += "<rect class=\"bar\" x=\"\(n(f.left + Double(i) * barWidth))\" y=\"\(n(top))\" "
            out += "width=\"\(n(max(1, barWidth - 1)))\" height=\"\(n(f.bottom - top))\" fill=\"#4a7bd0\">"
            out += "<title>\(DecimalSyntax.microseconds(Int64(i) * h.binWidth))–\(DecimalSyntax.microseconds(Int64(i + 1) * h.binWidth)) µs: \(c)</title></rect>\n"
        }
        // Lateness ticks: about ten labels, on bin edges.
        let span = Int64(h.counts.count) * h.binWidth
        let every = max(1, (h.counts.count + 9) / 10)
        var b = 0
        while b <= h.counts.count {
            let x = f.left + Double(b) / bins * f.width
            out += line(x1: x, y1: f.bottom, x2: x, y2: f.bottom + 4)
            out += text(x: x, y: f.bottom + 17, micro(Int64(b) * h.binWidth), anchor: "middle")
            b += every
        }
        for (name, value, colour) in [("p50", s.p50, "#2a9d4b"), ("p99", s.p99, "#e07b00"), ("max", s.max, "#c0392b")] {
            let x = f.left + Double(min(max(0, value), span)) / Double(span) * f.width
            out += "<line class=\"marker\" x1=\"\(n(x))\" y1=\"\(n(f.top))\" x2=\"\(n(x))\" y2=\"\(n(f.bottom))\" "
            out += "stroke=\"\(colour)\" stroke-dasharray=\"4 3\"/>\n"
            // Labels near the right edge hang to the left of their line so they stay inside.
            let rightSide = x > f.left + f.width * 0.7
            out += text(x: rightSide ? x - 3 : x + 3, y: f.top + 12 + (name == "p99" ? 14 : name == "max" ? 28 : 0),
                        "\(name) \(DecimalSyntax.microseconds(value)) µs", anchor: rightSide ? "end" : "start", fill: colour)
        }
        return out + "</g>\n"
    }

    static func timeline(_ stamps: [OutputStamp], frame f: Frame) -> String {
        var out = "<g class=\"timeline\">\n"
        out += text(x: f.left, y: f.top - 12, "Output duty over time (first \(stamps.count) changes; grey intended, blue actual)",
                    anchor: "start", size: 13)
        out += axes(f)
        out += text(x: (f.left + f.right) / 2, y: f.bottom + 34, "time since first change (ms)", anchor: "middle")
        for d in [0.0, 0.5, 1.0] {
            let y = f.bottom - d * f.height
            out += line(x1: f.left - 4, y1: y, x2: f.left, y2: y)
            out += text(x: f.left - 7, y: y + 4, d == 0.5 ? "0.5" : d == 0 ? "0" : "1", anchor: "end")
        }
        guard let first = stamps.first, let last = stamps.last else {
            out += text(x: (f.left + f.right) / 2, y: (f.top + f.bottom) / 2, "no changes measured", anchor: "middle")
            return out + "</g>\n"
        }
        let origin = min(first.intended, first.actual)
        let spanNs = max(1, max(last.actual, last.intended) - origin)
        func x(_ t: Int64) -> Double { f.left + Double(t - origin) / Double(spanNs) * f.width }
        func y(_ duty: Double) -> Double { f.bottom - min(1, max(0, duty)) * f.height }
        func steps(_ at: (OutputStamp) -> Int64) -> String {
            var points: [String] = []
            var previous: Double? = nil
            for s in stamps {
                if let p = previous { points.append("\(n(x(at(s)))),\(n(y(p)))") }
                points.append("\(n(x(at(s)))),\(n(y(s.duty)))")
                previous = s.duty
            }
            return points.joined(separator: " ")
        }
        out += "<polyline class=\"intended\" points=\"\(steps(\.intended))\" fill=\"none\" stroke=\"#999\" stroke-width=\"3\"/>\n"
        out += "<polyline class=\"actual\" points=\"\(steps(\.actual))\" fill=\"none\" stroke=\"#4a7bd0\" stroke-width=\"1.5\"/>\n"
        for s in stamps {
            out += "<circle class=\"edge\" cx=\"\(n(x(s.actual)))\" cy=\"\(n(y(s.duty)))\" r=\"2.5\" fill=\"#4a7bd0\">"
            out += "<title>+\(DecimalSyntax.microseconds(s.actual - origin)) µs, duty \(DecimalSyntax.fixed(s.duty, decimals: 3)), "
            out += "\(DecimalSyntax.microseconds(s.lateness)) µs late</title></circle>\n"
        }
        let every = 10
        for i in 0...every {
            let t = spanNs * Int64(i) / Int64(every)
            let xx = f.left + Double(i) / Double(every) * f.width
            out += line(x1: xx, y1: f.bottom, x2: xx, y2: f.bottom + 4)
            out += text(x: xx, y: f.bottom + 17, DecimalSyntax.fixed(Double(t) / 1e6, decimals: 1), anchor: "middle")
        }
        return out + "</g>\n"
    }

    // MARK: - Text building

    static func axes(_ f: Frame) -> String {
        line(x1: f.left, y1: f.top, x2: f.left, y2: f.bottom) + line(x1: f.left, y1: f.bottom, x2: f.right, y2: f.bottom)
    }

    static func line(x1: Double, y1: Double, x2: Double, y2: Double) -> String {
        "<line x1=\"\(n(x1))\" y1=\"\(n(y1))\" x2=\"\(n(x2))\" y2=\"\(n(y2))\" stroke=\"#333\"/>\n"
    }

    static func text(x: Double, y: Double, _ content: String, anchor: String, size: Int = 12, fill: String = "#222") -> String {
        "<text x=\"\(n(x))\" y=\"\(n(y))\" text-anchor=\"\(anchor)\" font-size=\"\(size)\" fill=\"\(fill)\">\(content)</text>\n"
    }

    /// Lateness in µs for an axis label: whole numbers when whole.
    static func micro(_ ns: Int64) -> String {
        ns % 1000 == 0 ? "\(ns / 1000)" : DecimalSyntax.microseconds(ns)
    }

    /// A coordinate with one decimal.
    static func n(_ v: Double) -> String { DecimalSyntax.fixed(v, decimals: 1) }

    /// `s` safe inside SVG text and attribute values.
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
