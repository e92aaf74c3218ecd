import TorchCore

/// `torch bench light --svg`: the measured lightness (L* of the relative luminance the
/// sensor read) at each perceived level, against the CIE target (L* = the level): a
/// diagonal for the target, the measured points joined, each with its reading.
///
/// Marked for tests and tools: the target is a `<polyline class="target">`, each
/// measured level a `<circle class="measured">`.
extension SVGPlot {
    public static func render(lightness t: LightnessTable, title: String) -> String {
        let f = Frame(left: 70, top: 70, right: 770, bottom: 530)
        var svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
        svg += "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"12\">\n"
        svg += "<rect x=\"0\" y=\"0\" width=\"\(width)\" height=\"\(height)\" fill=\"white\"/>\n"
        svg += text(x: 400, y: 22, escape(title), anchor: "middle", size: 15)
        svg += text(x: 400, y: 42, escape("\(t.sensor) · dark \(DecimalSyntax.fixed(t.dark, decimals: 2)) \(t.unit), full "
                                           + "\(DecimalSyntax.fixed(t.full, decimals: 2)) \(t.unit) · worst error "
                                           + "\(DecimalSyntax.fixed(t.worstError, decimals: 1)) L*"), anchor: "middle")
        svg += axes(f)
        svg += text(x: (f.left + f.right) / 2, y: f.bottom + 34, "perceived level asked for (%)", anchor: "middle")
        svg += "<text x=\"20\" y=\"\(n((f.top + f.bottom) / 2))\" text-anchor=\"middle\" font-size=\"12\" fill=\"#222\" "
        svg += "transform=\"rotate(-90 20 \(n((f.top + f.bottom) / 2)))\">lightness L* (CIE)</text>\n"
        func x(_ level: Double) -> Double { f.left + min(1, max(0, level)) * f.width }
        func y(_ lStar: Double) -> Double { f.bottom - min(100, max(0, lStar)) / 100 * f.height }
        for v in stride(from: 0, through: 100, by: 10) {
            let d = Double(v)
            svg += line(x1: x(d / 100), y1: f.bottom, x2: x(d / 100), y2: f.bottom + 4)
            svg += text(x: x(d / 100), y: f.bottom + 17, "\(v)", anchor: "middle")
            svg += line(x1: f.left - 4, y1: y(d), x2: f.left, y2: y(d))
            svg += text(x: f.left - 7, y: y(d) + 4, "\(v)", anchor: "end")
        }
        let cap = t.rows.last.map { $0.target / 100 } ?? 1
        svg += "<polyline class=\"target\" points=\"\(n(x(0))),\(n(y(0))) \(n(x(cap))),\(n(y(cap * 100))) \(n(x(1))),\(n(y(cap * 100)))\" "
        svg += "fill=\"none\" stroke=\"#999\" stroke-width=\"3\" stroke-dasharray=\"6 4\"/>\n"
        svg += text(x: f.right - 5, y: f.top + 14, "grey: the CIE target · blue: measured", anchor: "end")
        let points = t.rows.map { "\(n(x($0.level))),\(n(y($0.measured)))" }.joined(separator: " ")
        svg += "<polyline class=\"measured-line\" points=\"\(points)\" fill=\"none\" stroke=\"#4a7bd0\" stroke-width=\"1.5\"/>\n"
        for r in t.rows {
            svg += "<circle class=\"measured\" cx=\"\(n(x(r.level)))\" cy=\"\(n(y(r.measured)))\" r=\"3.5\" "
            svg += "fill=\"\(r.measurable ? "#4a7bd0" : "#bbb")\"><title>\(LevelSyntax.format(r.level)): duty "
            svg += "\(DecimalSyntax.fixed(r.duty * 100, decimals: 3)) %, \(DecimalSyntax.fixed(r.reading, decimals: 2)) \(escape(t.unit)), "
            svg += "L* \(DecimalSyntax.fixed(r.measured, decimals: 1)) against \(DecimalSyntax.fixed(r.target, decimals: 1))</title></circle>\n"
        }
        svg += "</svg>\n"
        return svg
    }
}
