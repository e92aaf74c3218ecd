/// A failure talking to the machine: one line naming the thing, the call and what to do.
public struct HardwareError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The errno, when the failure came from a system call (0 otherwise).
    public var errno: Int32
    /// The whole one-line message, e.g.
    /// "gpiochip0 line 18: busy, held by 'gpioset' (stop it or pick another line)".
    public var message: String

    public init(_ message: String, errno: Int32 = 0) {
        self.message = message
        self.errno = errno
    }

    public var description: String { message }
}
