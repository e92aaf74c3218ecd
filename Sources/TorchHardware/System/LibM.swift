#if canImport(Glibc)
import Glibc
#endif

/// The libm functions the layers above need; the standard library has no logarithm,
/// and the engine imports no Glibc (it is linked anyway).
public enum LibM {
    /// The base-10 logarithm (the bench plot's log-scale counts).
    public static func log10(_ x: Double) -> Double { Glibc.log10(x) }
}
