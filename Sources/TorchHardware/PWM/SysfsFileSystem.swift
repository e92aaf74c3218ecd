/// A failed file-system call: the errno the kernel (or the test double) returned.
public struct SysfsErrno: Error, Equatable, Sendable {
    public var code: Int32
    public init(_ code: Int32) { self.code = code }
}

/// A sysfs attribute opened once for writing, written many times. The PWM output keeps
/// `duty_cycle` open this way so the real-time thread's write is one `pwrite`.
public protocol SysfsWriteHandle: AnyObject {
    /// Writes `bytes` at offset 0 in one call (a sysfs store takes the whole value at
    /// once). Returns 0 or an errno. Must not allocate, lock or log: the scheduler's
    /// real-time loop calls it.
    func write(_ bytes: UnsafeRawBufferPointer) -> Int32

    /// Closes the handle; later writes return EBADF. Idempotent.
    func close()
}

/// The few file operations the sysfs PWM backend needs, so the same code runs against
/// the kernel's `/sys/class/pwm` (`SystemSysfs`) and the in-memory `SysfsPWMDouble`.
/// Paths are absolute.
public protocol SysfsFileSystem: AnyObject {
    /// The contents of a small text file (a sysfs attribute is at most a page).
    func readSmallFile(_ path: String) throws(SysfsErrno) -> String

    /// Opens `path`, writes `value` in one call, closes it. Returns 0 or an errno
    /// (the kernel's answer to a sysfs store arrives as the write's errno).
    func write(_ path: String, _ value: String) -> Int32

    /// Opens `path` for repeated writes.
    func openForWriting(_ path: String) throws(SysfsErrno) -> any SysfsWriteHandle

    /// The names in a directory (without `.` and `..`), in no particular order.
    func listDirectory(_ path: String) throws(SysfsErrno) -> [String]

    /// The target of the symbolic link at `path`, as stored (often relative).
    func readLink(_ path: String) throws(SysfsErrno) -> String

    /// True when `path` exists (following symbolic links).
    func exists(_ path: String) -> Bool
}
