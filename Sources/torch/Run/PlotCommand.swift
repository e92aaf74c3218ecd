import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch plot`: the patterns resolved against the config's library, drawn by
/// `SVGPlot.renderPatterns`, written atomically to the `--svg` file.
enum PlotCommand {
    static func run(_ plot: PlotRequest, library: PatternLibrary) -> Int32 {
        var panels: [SVGPlot.PatternPanel] = []
        for item in plot.items {
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
            try AtomicFile.write(SVGPlot.renderPatterns(panels, window: plot.window), to: plot.svg)
        } catch {
            StandardError.write("torch: plot: \(plot.svg): \(error)\n")
            return ExitCode.failure
        }
        StandardError.write("torch: wrote \(plot.svg) (\(panels.count) pattern\(panels.count == 1 ? "" : "s"))\n")
        return ExitCode.ok
    }
}
