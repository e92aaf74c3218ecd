#if canImport(Glibc)
import Glibc
#endif

// The one place the process exits: parse → validate → run, then exit with the code.
exit(TorchCLI.main(Array(CommandLine.arguments.dropFirst())))
