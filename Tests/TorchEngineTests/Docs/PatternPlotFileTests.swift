import Testing
import TorchCore
import TorchEngine
import TorchTesting

/// The pattern plots of docs/patterns.md (docs/plots/NAME.svg, one per built-in pattern) are
/// exactly what `torch plot NAME --svg …` draws with the default settings
/// (`make docs` rewrites them), and every plot has what a reader needs.
@Suite struct PatternPlotFileTests {
    static func plot(_ name: String) throws -> String {
        let pattern = try PatternLibrary.standard.lookup(name)
        return SVGPlot.renderPatterns([.init(title: "\(name): \(pattern.displayName)", pattern: pattern)])
    }

    @Test(arguments: PatternLibrary.builtInNames)
    func committedPlotIsRegenerated(_ name: String) throws {
        let svg = try Self.plot(name)
        RepoFiles.writeIfAsked("docs/plots/\(name).svg", svg)
        let file = try #require(RepoFiles.read("docs/plots/\(name).svg"), "docs/plots/\(name).svg missing: run 'make docs'")
        #expect(file == svg, "docs/plots/\(name).svg differs from torch plot: run 'make docs'")
    }

    @Test func thePatternsPageShowsEveryBuiltInPlot() throws {
        let page = try #require(RepoFiles.read("docs/patterns.md"))
        for name in PatternLibrary.builtInNames { #expect(page.contains("](plots/\(name).svg)"), "docs/patterns.md lacks \(name)'s plot") }
    }

    @Test func axesCarryUnits() throws {
        let svg = try Self.plot("blink")
        #expect(svg.contains(">time (s)<") || svg.contains(">time (ms)<"))
        #expect(svg.contains(">100 %<") && svg.contains(">50 %<"))
        #expect(svg.contains("<polyline class=\"level\""))
    }

    @Test func sosMarksItsLetters() throws {
        let svg = try Self.plot("sos")
        let letters = svg.split(separator: "\n").filter { $0.contains("class=\"letter\"") }.map { $0.split(separator: ">")[1].prefix(1) }
        #expect(letters.prefix(3) == ["S", "O", "S"])
    }

    @Test func morseLetterSpansMatchTheSteps() {
        let unit = Duration.milliseconds(100)
        let spans = Morse.letterSpans(for: "SOS HI", unit: unit)
        #expect(spans.map(\.label) == ["S", "O", "S", "H", "I"])
        #expect(spans.allSatisfy { !$0.isProsign })
        // S: 3 dots + 2 gaps = 5 units; gap 3; O: 3 dashes + 2 gaps = 11 units.
        #expect(spans[0].start == .zero && spans[0].end == unit * 5)
        #expect(spans[1].start == unit * 8 && spans[1].end == unit * 19)
        // Word gap 7 after the second S (ends at 19 + 3 + 5 = 27): H starts at 34.
        #expect(spans[3].start == unit * 34)
        // The steps agree: light on exactly at each span's start.
        var t = Duration.zero
        var onsets: [Duration] = []
        var previous = 0.0
        for step in Morse.steps(for: "SOS HI", unit: unit) {
            if step.level > 0, previous == 0 { onsets.append(t) }
            previous = step.level
            t += step.duration
        }
        for span in spans { #expect(onsets.contains(span.start)) }
    }

    /// A prosign is one span: `<SOS>` is 9 symbols with 1-unit gaps, 3 + 3 + 9 + 8 = 23
    /// units, and the word after it starts 7 units later; its plot draws a bar over it.
    @Test func aProsignIsOneSpan() {
        let unit = Duration.milliseconds(100)
        let spans = Morse.letterSpans(for: "<SOS> HI", unit: unit)
        #expect(spans.map(\.label) == ["SOS", "H", "I"])
        #expect(spans.map(\.isProsign) == [true, false, false])
        #expect(spans[0].start == .zero && spans[0].end == unit * 23)
        #expect(spans[1].start == unit * 30)
        let svg = SVGPlot.renderPatterns([.init(title: "sign", pattern: .morse(text: "<SOS>", unit: .milliseconds(200)))])
        #expect(svg.contains("text-decoration=\"overline\">SOS</text>"), "\(svg.prefix(400))")
    }

    @Test func plotWindowAndPointsAreBounded() {
        // 50 µs steps for 10 min would be 24 million corners: drawn up to the cap.
        let fast = Pattern.blink(on: .microseconds(50), off: .microseconds(50))
        let svg = SVGPlot.renderPatterns([.init(title: "fast", pattern: fast)], window: .seconds(600))
        #expect(svg.contains("drawn up to \(SVGPlot.maximumPlotPoints) points"))
        #expect(SVGPlot.defaultWindow(.steady) == .seconds(2))
        #expect(SVGPlot.defaultWindow(.strobe(.slow)) == .milliseconds(3200))
    }
}
