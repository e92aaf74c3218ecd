import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// Log lines that journald understands: when stderr is the journal (systemd sets
/// `$JOURNAL_STREAM` to stderr's `device:inode`), each line gets a `<N>` priority
/// prefix; in a terminal or a pipe the text is written plain.
public struct JournalLog: Sendable {
    /// Where lines go (stderr by default).
    public let fd: Int32
    /// True when lines carry `<N>` prefixes (the fd is the journal's stream).
    public let prefixesPriority: Bool

    /// Logs to stderr, with prefixes when stderr is the journal.
    public init(fd: Int32 = STDERR_FILENO) {
        let stream = ProcessEnvironment.variable("JOURNAL_STREAM")
        self.init(fd: fd, prefixesPriority: JournalLog.isJournal(fd: fd, journalStream: stream))
    }

    public init(fd: Int32, prefixesPriority: Bool) {
        self.fd = fd
        self.prefixesPriority = prefixesPriority
    }

    /// True when `journalStream` (`"DEV:INO"`, decimal) names the file behind `fd`;
    /// a redirected stderr (`torch run 2>file` under systemd) keeps plain text.
    public static func isJournal(fd: Int32, journalStream: String?) -> Bool {
        guard let journalStream else { return false }
        let parts = journalStream.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let dev = UInt64(parts[0]), let ino = UInt64(parts[1]) else { return false }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return false }
        return UInt64(st.st_dev) == dev && UInt64(st.st_ino) == ino
    }

    /// The text written for `message`: one `<N>`-prefixed line per line of the message
    /// when prefixing, else the message as is; always ending in a newline.
    public func format(_ priority: LogPriority, _ message: String) -> String {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false)
        guard prefixesPriority else { return lines.joined(separator: "\n") + "\n" }
        return lines.map { "<\(priority.rawValue)>" + $0 + "\n" }.joined()
    }

    /// Writes one message (a single write, so lines from threads do not interleave).
    public func log(_ priority: LogPriority, _ message: String) {
        writeAll(fd, format(priority, message))
    }
}
