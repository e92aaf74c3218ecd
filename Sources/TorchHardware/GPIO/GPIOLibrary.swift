import CGPIOD

/// The libgpiod this program was built against and runs with.
public enum GPIOLibrary {
    /// The API generation compiled in: 1 (libgpiod 1.x) or 2 (libgpiod 2.x).
    public static var apiGeneration: Int { Int(cgpiod_api_generation()) }

    /// The library's own version string at run time, e.g. "1.6.3" or "2.3".
    public static var version: String {
        guard let p = cgpiod_library_version() else { return "unknown" }
        return String(cString: p)
    }

    /// True when input requests can ask the kernel to debounce (v2's
    /// `debounce_period_us`); with v1 the core's software debounce does it.
    public static var hasKernelDebounce: Bool { apiGeneration >= 2 }

    /// "libgpiod 1.6.3".
    public static var summary: String { "libgpiod \(version)" }
}
