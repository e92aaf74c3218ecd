#if canImport(Glibc)
import Glibc
#endif

/// The process's standard descriptors, named, for the layers that import no Glibc.
public enum StandardStream {
    public static let input: Int32 = STDIN_FILENO
    public static let output: Int32 = STDOUT_FILENO
    public static let error: Int32 = STDERR_FILENO

    /// Writes `text` whole to standard error.
    public static func printError(_ text: String) { writeAll(error, text) }
}
