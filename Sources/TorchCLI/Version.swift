/// torch's version: the one place it is written. `torch --version` prints it, and the
/// Makefile reads it from this line for the Debian package, its changelog entry and the
/// man pages' headers (`make version` prints it).
enum TorchVersion {
    static let number = "0.1.0"
}
