#if canImport(Glibc)
import Glibc
#endif

extension StandardInput {
    /// Blocks until standard input gives a newline, ends, or fails (a closed or
    /// redirected-from-/dev/null input returns at once): `torch button press` holds
    /// the button until the user presses Enter.
    public static func waitForLineOrEnd() {
        var byte: UInt8 = 0
        while true {
            let n = Interrupted.retry { read(descriptor, &byte, 1) }
            if n <= 0 || byte == 0x0A { return }
        }
    }
}
