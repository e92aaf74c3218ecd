import TorchCore

/// `torch plot`: a pattern's light level over time, one panel per pattern, so a
/// pattern can be checked by eye before it runs. Built on `SVGPlot`'s text helpers.
///
/// Marked for tests and tools: each panel is a `<g class="pattern">`, its level a
/// `<polyline class="level">`, each Morse letter a `<text class="letter">`.
extension SVGPlot {
    /// One panel: a title and the pattern it shows.
    public struct PatternPanel: Sendable {
        public var title: String
        public var pattern: Pattern

        public init(title: String, pattern: Pattern) {
            self.title = title
            self.pattern = pattern
        }
    }

    /// The most points one panel draws; a pattern with more changes in the window is
    /// drawn up to there and says so (50 µs steps over minutes would be millions).
    public static let maximumPlotPoints = 20_000

    /// The window a plot shows by default: whole repetitions of the pattern covering at
    /// least 2 s (at most 60 s); a finite pattern in full plus a quarter; 2 s when steady.
    public static func defaultWindow(_ pattern: Pattern) -> Duration {
        let timeline = pattern.timeline()
        let period = timeline.period
        guard !timeline.isSteady, period > .zero else { return .seconds(2) }
        if let n = timeline.repeatCount {
            let whole = period * n
            return min(.seconds(60), whole + whole / 4)
        }
        var window = period
        while window < .seconds(2) { window += period }
        return min(.seconds(60), window)
    }

    /// The SVG for `panels`, each over `window` (nil: each pattern's default window).
    public static func renderPatterns(_ panels: [PatternPanel], window: Duration? = nil) -> String {
        let panelHeight = 170.0
        let top = 40.0
        let h = Int(top + panelHeight * Double(max(1, panels.count)) + 10)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(h)\" "
        svg += "viewBox=\"0 0 \(width) \(h)\" font-family=\"sans-serif\" font-size=\"12\">\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(h)\" fill=\"white\"/>\n"
        svg += text(x: 400, y: 22, "Light level over time (100 % = the brightness set; perceived lightness)", anchor: "middle", size: 14)
        for (i, panel) in panels.enumerated() {
            let y0 = top + panelHeight * Double(i)
            svg += patternPanel(panel, window: window ?? defaultWindow(panel.pattern),
                                frame: Frame(left: 70, top: y0 + 40, right: 770, bottom: y0 + panelHeight - 45))
        }
        return svg + "</svg>\n"
    }

    static func patternPanel(_ panel: PatternPanel, window: Duration, frame f: Frame) -> String {
        let span = max(1, window.nanoseconds)
        var out = "<g class=\"pattern\">\n"
        out += text(x: f.left, y: f.top - 22, escape(panel.title), anchor: "start", size: 13)
        out += axes(f)
        for level in [0.0, 0.5, 1.0] {
            let y = f.bottom - level * f.height
            out += line(x1: f.left - 4, y1: y, x2: f.left, y2: y)
            out += text(x: f.left - 7, y: y + 4, level == 0 ? "0" : level == 1 ? "100 %" : "50 %", anchor: "end")
        }
        // Time ticks every 1, 2 or 5 × 10ⁿ ns, at most ten; in ms below 2 s, else in s.
        let inMs = span < 2_000_000_000
        let step = niceStep(span)
        var t: Int64 = 0
        while t <= span {
            let x = f.left + Double(t) / Double(span) * f.width
            out += line(x1: x, y1: f.bottom, x2: x, y2: f.bottom + 4)
            let label = inMs ? DecimalSyntax.format(Double(t) / 1e6, maxFractionDigits: 3)
                             : DecimalSyntax.format(Double(t) / 1e9, maxFractionDigits: 3)
            out += text(x: x, y: f.bottom + 17, label, anchor: "middle")
            t += step
        }
        out += text(x: f.right, y: f.bottom + 32, inMs ? "time (ms)" : "time (s)", anchor: "end")
        func x(_ t: Int64) -> Double { f.left + Double(min(t, span)) / Double(span) * f.width }
        func y(_ level: Double) -> Double { f.bottom - min(1, max(0, level)) * f.height }

        let (points, truncated) = levelPoints(panel.pattern.timeline(), span: span)
        let drawn = points.map { "\(n(x($0.t))),\(n(y($0.level)))" }.joined(separator: " ")
        out += "<polyline class=\"level\" points=\"\(drawn)\" fill=\"none\" stroke=\"#e0a000\" stroke-width=\"2\"/>\n"
        if truncated {
            out += text(x: f.right, y: f.top - 8, "drawn up to \(maximumPlotPoints) points", anchor: "end", fill: "#c0392b")
        }
        if case let .morse(message, unit) = panel.pattern {
            let period = panel.pattern.timeline().period.nanoseconds
            var start: Int64 = 0
            // Every repetition in the window gets its letters.
            while start < span, period > 0 {
                for l in Morse.letterSpans(for: message, unit: unit) {
                    let a = start + l.start.nanoseconds, b = start + l.end.nanoseconds
                    guard a < span else { break }
                    out += "<text class=\"letter\" x=\"\(n((x(a) + x(b)) / 2))\" y=\"\(n(f.top - 6))\" text-anchor=\"middle\" "
                    // A prosign's letters are one sign: a bar over them, as it is written.
                    let overline = l.isProsign ? " text-decoration=\"overline\"" : ""
                    out += "font-size=\"13\" font-weight=\"bold\" fill=\"#2a5db0\"\(overline)>\(escape(l.label))</text>\n"
                    out += "<line x1=\"\(n(x(a)))\" y1=\"\(n(f.top - 2))\" x2=\"\(n(x(b)))\" y2=\"\(n(f.top - 2))\" stroke=\"#2a5db0\"/>\n"
                }
                start += period
            }
        }
        return out + "</g>\n"
    }

    /// A tick spacing of 1, 2 or 5 × 10ⁿ ns giving at most ten ticks over `span` ns.
    static func niceStep(_ span: Int64) -> Int64 {
        var decade: Int64 = 1
        while true {
            for m in [Int64(1), 2, 5] where span / (m * decade) <= 10 { return m * decade }
            guard decade <= Int64.max / 100 else { return span }
            decade *= 10
        }
    }

    /// The level's corners over `span` ns: a step is two points at the same instant, a
    /// ramp a point every 1/400 of the window.
    static func levelPoints(_ timeline: Timeline, span: Int64) -> (points: [(t: Int64, level: Double)], truncated: Bool) {
        var cursor = TimelineCursor(timeline)
        var points: [(t: Int64, level: Double)] = []
        var t: Int64 = 0
        let rampStep = max(1, span / 400)
        var last: Double?
        while points.count < maximumPlotPoints {
            let s = cursor.sample(at: t)
            // The window ends where it ends: no jump into the next repetition there.
            if t == span, let last {
                points.append((t, s.ramping ? s.level : last))
                return (points, false)
            }
            if let last, last != s.level, !s.ramping { points.append((t, last)) }
            points.append((t, s.level))
            last = s.level
            guard t < span else { return (points, false) }
            var next = s.ramping ? t.saturatingAdding(rampStep) : (s.nextBoundary ?? span)
            if let b = s.nextBoundary {
                next = min(next, b)
                // The ramp's own end, just before the next step takes over.
                if s.ramping, next == b, b - 1 > t, b - 1 < span {
                    let end = cursor.sample(at: b - 1).level
                    points.append((b - 1, end))
                    last = end
                }
            }
            t = min(max(next, t + 1), span)
        }
        return (points, true)
    }
}
