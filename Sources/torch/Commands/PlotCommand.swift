import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch plot`: the patterns resolved against the config's library, drawn by
/// `SVGPlot.renderPatterns`, written atomically to the `--svg` file.
enum PlotCommand {
    static let svg = Option("svg", value: "file", help: "Write the plot here as SVG (required).")
    static let duration = Option("duration", value: "duration", help: "How much time each plot shows, 1ms to 10min. (default: whole repetitions, at least 2s)") {
        (t: String) throws(ValueError) in
        let d = try DurationSyntax.parse(t)
        guard d >= .milliseconds(1), d <= .seconds(600) else { throw ValueError(value: t, allowed: "a duration from 1ms to 10min") }
        return d
    }
    static let morse = Option("morse", value: "text", help: "Also plot this text in Morse code (the config's sos-unit), letters marked.") {
        (t: String) throws(ValueError) in
        let bad = Morse.unsupportedCharacters(in: t)
        guard !t.trimmedASCII.isEmpty, bad.isEmpty else {
            throw ValueError(value: t, allowed: "letters, digits and common punctuation Morse can send")
        }
        return t
    }

    static let spec = CommandSpec(
        name: "plot", overview: "Plot patterns' light level over time as an SVG, to check them by eye before they run.",
        arguments: [ArgumentSpec(name: "pattern", help: "Pattern names (steady, blink, strobe-slow, sos, breathe, a [pattern.NAME]) or custom steps as for 'torch pattern'.",
                                 optional: true, variadic: true)],
        options: [svg.spec, duration.spec, morse.spec],
        discussion: """
        One panel per pattern: the level in % of the brightness set, against time in ms
        or s; Morse letters are marked above their dots and dashes.

        EXAMPLES:
          torch plot sos --svg sos.svg                     SOS with its letters marked
          torch plot steady blink breathe --svg three.svg  three panels, one file
          torch plot ~100% 1s ~0 1s x3 --svg fade.svg      custom steps
          torch plot --morse "HELLO WORLD" --svg hello.svg
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        guard let file = try p.value(svg), !file.isEmpty else {
            throw UsageError(message: "--svg: required: the file to write the plot to", command: p.command)
        }
        var items: [PlotRequest.Item] = []
        let words = p.positionals
        if !words.isEmpty {
            if words.allSatisfy(isName) {
                items = words.map { .named($0) }
            } else {
                let text = words.joined(separator: " ")
                do throws(PatternSyntaxError) {
                    items = [.given(.exact(.custom(try CustomPatternSyntax.parse(text))), title: "custom: \(text)")]
                } catch {
                    throw UsageError(message: "<pattern>: \(error)\n" + error.caretLine(for: text), command: p.command)
                }
            }
        }
        if let text = try p.value(morse) { items.append(.given(.morse(text: text, unit: nil), title: "morse \"\(text)\"")) }
        guard !items.isEmpty else {
            throw UsageError(message: "<pattern>: give a pattern name, custom steps or --morse TEXT", command: p.command)
        }
        return .local(PlotRequest(items: items, svg: file, window: try p.value(duration)))
    }

    /// A pattern name: a-z, 0-9 and '-', not starting with a digit (so `0 1s` is steps).
    static func isName(_ word: String) -> Bool {
        guard let first = word.first, first.isLetter else { return false }
        return word.allSatisfy { ($0.isASCII && ($0.isLowercase || $0.isNumber)) || $0 == "-" }
    }
}

/// What `torch plot` was asked: the patterns (by name from the config's library, or
/// custom steps, or Morse text), the SVG file, and the window.
struct PlotRequest: LocalCommand {
    enum Item: Sendable, Equatable {
        /// A name from the pattern library (built-in or `[pattern.NAME]`).
        case named(String)
        /// A pattern given on the command line, with its panel title.
        case given(PatternChoice, title: String)
    }

    var items: [Item]
    /// Where the SVG goes.
    var svg: String
    /// How much of each pattern to show; nil: whole repetitions covering at least 2 s.
    var window: Duration?

    func run(_ context: LocalContext) -> Int32 {
        let library = context.library
        var panels: [SVGPlot.PatternPanel] = []
        for item in items {
            switch item {
            case let .named(name):
                do {
                    let pattern = try library.lookup(name)
                    panels.append(.init(title: "\(name): \(pattern.displayName)", pattern: pattern))
                } catch {
                    StandardError.write("torch: plot: \(error)\n")
                    return ExitCode.usage
                }
            case let .given(choice, title):
                panels.append(.init(title: title, pattern: choice.resolve(library)))
            }
        }
        do {
            try AtomicFile.write(SVGPlot.renderPatterns(panels, window: window), to: svg)
        } catch {
            StandardError.write("torch: plot: \(svg): \(error)\n")
            return ExitCode.failure
        }
        StandardError.write("torch: wrote \(svg) (\(panels.count) pattern\(panels.count == 1 ? "" : "s"))\n")
        return ExitCode.ok
    }
}
