import TorchCore
import TorchHardware

/// Exit codes (sysexits.h where one fits).
enum ExitCode {
    static let ok: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let config: Int32 = 78
}

enum TorchCLI {
    /// Runs one command line and returns the exit code.
    /// The instant `main` began (CLOCK_MONOTONIC): the start of "time to first light".
    nonisolated(unsafe) static var processStart = Instant.zero

    static func main(_ args: [String]) -> Int32 {
        processStart = MonotonicClock().now()
        let invocation: Invocation
        let request: Request
        let global: GlobalOptions
        do {
            invocation = try ArgumentParser.parse(args)
            switch invocation {
            case let .help(text):
                StandardOutput.write(text)
                return ExitCode.ok
            case .version:
                StandardOutput.write(HelpText.version + "\n")
                return ExitCode.ok
            case let .run(parsed):
                (request, global) = try Request.from(parsed)
            }
        } catch {
            var text = "torch: error: \(error.message)\n"
            if let c = error.command {
                text += "Usage: \(HelpText.usage(c))\n  See 'torch \(c.name) --help'.\n"
            } else {
                text += "Usage: torch <subcommand> [<options>]\n  See 'torch --help'.\n"
            }
            StandardError.write(text)
            return ExitCode.usage
        }
        return Runner.run(request, global)
    }
}
