#if canImport(Glibc)
import Glibc
#endif

/// The machine's host name (gethostname): the MQTT defaults `torch-<hostname>` and
/// `torch/<hostname>`, the web page's `Host` allowlist and pairing link; nil when it
/// cannot be read.
public enum HostName {
    public static func current() -> String? {
        var buf = [CChar](repeating: 0, count: 256)
        guard gethostname(&buf, buf.count - 1) == 0 else { return nil }
        let s = String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return s.isEmpty ? nil : s
    }

    /// The process id (the MQTT reconnect jitter's seed mixes it in).
    public static var processID: Int32 { getpid() }
}
