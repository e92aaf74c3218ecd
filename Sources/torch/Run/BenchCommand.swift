import TorchCore
import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// `torch bench timing`: plays the bench pattern and prints the figures, with a progress
/// bar on a terminal.
enum BenchCommand {
    static func timing(output: any LightOutput, reason: String, duration: Duration, json: Bool, svg: String?,
                       scheduler: SchedulerSettings) -> Int32 {
        let showProgress = !json && RawTerminal.isTerminal(STDERR_FILENO)
        if !json { writeAll(STDERR_FILENO, reason + "\n") }
        let bench = BenchRun(output: output, duration: duration, settings: scheduler)
        let report: BenchReport
        do {
            report = try bench.run { fraction in
                guard showProgress else { return }
                let width = 30
                let done = Int((fraction * Double(width)).rounded())
                let bar = String(repeating: "█", count: done) + String(repeating: "·", count: max(0, width - done))
                writeAll(STDERR_FILENO, "\r[\(bar)] \(Int((fraction * 100).rounded()))%")
            }
        } catch {
            output.close()
            writeAll(STDERR_FILENO, "torch: bench: \(error)\n")
            return ExitCode.failure
        }
        output.close()
        if showProgress { writeAll(STDERR_FILENO, "\r\u{1B}[2K") }
        writeAll(STDOUT_FILENO, json ? report.json + "\n" : report.text)
        if let svg {
            do { try AtomicFile.write(SVGPlot.render(report), to: svg) } catch {
                writeAll(STDERR_FILENO, "torch: --svg: \(error)\n")
                return ExitCode.failure
            }
        }
        return ExitCode.ok
    }
}
