import TorchCore

/// torch's version: the one place it is written. `torch --version` prints it, and the
/// Makefile reads it from this line for the Debian package, its changelog entry and the
/// man pages' headers (`make version` prints it).
public enum TorchVersion {
    static let number = "0.1.0"
}

extension TorchVersion {
    /// "torch 0.1.0": what other modules show (Home Assistant's `sw_version`).
    public static var text: String { "torch \(number)" }

    /// The version as a readout (`0.1.0`: digit groups joined by dots).
    public static var readout: Readout? { try? Readout(number) }
}
