#if canImport(Glibc)
import Glibc
#endif

/// Puts a terminal into raw, non-echoing mode for single key presses and puts it back
/// exactly as it was (`restore()`, also called from `deinit`). Hides the cursor while
/// active. Works inside tmux (plain termios and ANSI sequences only).
public final class RawTerminal {
    public let fd: Int32
    private var saved = termios()
    private var active = false

    /// True when `fd` is a terminal.
    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    public init?(fd: Int32 = STDIN_FILENO) {
        guard isatty(fd) == 1, tcgetattr(fd, &saved) == 0 else { return nil }
        self.fd = fd
        var raw = saved
        // Keys arrive one at a time without echo; Ctrl-C arrives as byte 3 (ISIG off), so
        // the torch can go dark and restore the terminal before it exits.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(fd, TCSANOW, &raw) == 0 else { return nil }
        active = true
    }

    deinit { restore() }

    /// Puts the terminal back as it was. Idempotent.
    public func restore() {
        guard active else { return }
        active = false
        tcsetattr(fd, TCSANOW, &saved)
    }

    /// Reads the key bytes waiting (non-blocking: VMIN 0). Empty when none.
    public func readKeys() -> [UInt8] {
        var buf = [UInt8](repeating: 0, count: 64)
        let n = buf.withUnsafeMutableBytes { read(fd, $0.baseAddress, 64) }
        return n > 0 ? Array(buf[0..<n]) : []
    }
}

/// Writes a string to a file descriptor without buffering (terminal drawing, messages);
/// a failed write loses the rest silently (there is nowhere left to report it).
public func writeAll(_ fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { _ = FileDescriptor.writeAll(fd, UnsafeRawBufferPointer($0)) }
}
