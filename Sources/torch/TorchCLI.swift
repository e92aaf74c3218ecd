import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// Exit codes (sysexits.h where one fits).
enum ExitCode {
    static let ok: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 64
    static let config: Int32 = 78
}

enum TorchCLI {
    /// The instant `main` began (CLOCK_MONOTONIC): the start of "time to first light".
    nonisolated(unsafe) static var processStart = Instant.zero

    /// Runs one command line and returns the exit code: parse and check (the TorchCLI
    /// library), then run.
    static func main(_ args: [String]) -> Int32 {
        // First thing: a SIGTERM or SIGHUP in the service's first milliseconds (systemd
        // stopping or reloading a start) waits, pending, for the event loop's signalfd
        // instead of killing the process before its handlers exist. A command that runs
        // no event loop lets them go again below; one that runs it in the foreground
        // blocks them again before it touches the light.
        SignalDescriptor.block(TorchService.stopSignals)
        processStart = MonotonicClock().now()
        let outcome = CommandLineOutcome.interpret(args, commands: Commands.all)
        if case .run(.run, _) = outcome {} else { SignalDescriptor.unblock(TorchService.stopSignals) }
        switch outcome {
        case let .print(text):
            StandardOutput.write(text)
            return ExitCode.ok
        case let .usageError(text):
            StandardError.write(text)
            return ExitCode.usage
        case let .run(request, global):
            return Runner.run(request, global)
        }
    }
}
