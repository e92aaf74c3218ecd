/// Unbuffered writes to the standard streams, so code above this layer needs neither
/// Glibc nor descriptor numbers. Each call writes the whole text (EINTR retried);
/// a closed stream loses it silently (there is nowhere left to report that).
public enum StandardOutput {
    public static let descriptor: Int32 = 1

    public static func write(_ text: String) { writeAll(descriptor, text) }

    /// True when standard output is a terminal (draw, use colours).
    public static var isTerminal: Bool { RawTerminal.isTerminal(descriptor) }
}

public enum StandardError {
    public static let descriptor: Int32 = 2

    public static func write(_ text: String) { writeAll(descriptor, text) }

    /// True when standard error is a terminal.
    public static var isTerminal: Bool { RawTerminal.isTerminal(descriptor) }
}

public enum StandardInput {
    public static let descriptor: Int32 = 0

    /// True when standard input is a terminal (the keyboard can be the button).
    public static var isTerminal: Bool { RawTerminal.isTerminal(descriptor) }
}
