import TorchHardware

// The one place the process exits: parse → validate → run, then exit with the code.
exitProcess(TorchCLI.main(Array(CommandLine.arguments.dropFirst())))
