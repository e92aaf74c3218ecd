#if canImport(Glibc)
import Glibc
#endif
import TorchHardware

/// Talks to a running service over its control socket directly, without the CLI (whose
/// own validation would answer bad values before the service sees them).
enum ServiceSocket {
    /// Sends one request line and returns the reply line (without its newline); nil when
    /// nothing answers within two seconds.
    static func ask(_ socket: String, _ request: String) -> String? {
        guard let connection = try? UnixSocket.connect(path: socket, timeout: .seconds(2)) else { return nil }
        defer { connection.close() }
        let fd = connection.rawValue
        guard UnixSocket.send(fd, Array((request + "\n").utf8)) else { return nil }
        var reply: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(UInt8(ascii: "\n")) {
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard n > 0 else { return nil }
            reply += chunk[0..<n]
        }
        return String(decoding: reply.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }

    /// True once a `status` request on `socket` gets a successful reply: the service is
    /// serving, not merely bound.
    static func answers(_ socket: String) -> Bool {
        ask(socket, #"{"cmd":"status"}"#)?.hasPrefix(#"{"ok":true"#) == true
    }
}
