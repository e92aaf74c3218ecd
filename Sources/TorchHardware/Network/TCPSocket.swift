import CTorchSys
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// TCP sockets for the web page (`[web] listen`): a non-blocking listener on a numeric
/// IPv4 or IPv6 address, and accepted connections, each a `FileDescriptor` its holder
/// owns (closed once, by `close()` or when the last reference goes). Reading and writing
/// an accepted connection go through `UnixSocket.receive/sendAll` (the same calls on any
/// stream socket). Every failure is a `HardwareError` naming the call and the
/// address, with its errno.
public enum TCPSocket {
    /// A listening socket bound at `address` (non-blocking, close-on-exec,
    /// SO_REUSEADDR so a restart does not wait for TIME_WAIT; an IPv6 listener is
    /// IPv6-only, so `[::]` and `0.0.0.0` are separate choices).
    public static func listen(_ address: WebListenAddress, backlog: Int32 = 32) throws(HardwareError) -> FileDescriptor {
        let family = address.isIPv6 ? AF_INET6 : AF_INET
        // Numeric only: listening never waits on a name server.
        let found = try? SocketAddress.resolve(host: address.host, port: Int(address.port), numericOnly: true)
        guard let sa = found?.first(where: { $0.family == family }) else {
            throw HardwareError("\(address): not an \(address.isIPv6 ? "IPv6" : "IPv4") address", errno: EINVAL)
        }
        let fd = socket(family, Int32(SOCK_STREAM.rawValue | SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw fail("socket", address) }
        let listener = FileDescriptor(owning: fd)
        var one: Int32 = 1
        _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        if address.isIPv6 {
            _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        guard sa.withSockaddr({ bind(fd, $0, $1) }) == 0 else { throw fail("bind", address) }
        guard Glibc.listen(fd, backlog) == 0 else { throw fail("listen", address) }
        return listener
    }

    /// Accepts one waiting connection (non-blocking, close-on-exec, TCP_NODELAY so a
    /// small reply or event leaves at once) with the peer's address as text; nil when
    /// none is waiting or on a transient error (the caller polls again).
    public static func accept(_ listener: FileDescriptor) -> (fd: FileDescriptor, peer: String)? {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { ctorch_accept(listener.rawValue, $0, &len) }
        }
        guard fd >= 0 else { return nil }
        var one: Int32 = 1
        _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        // Room for the page in one go: a reply never waits on a half-sent buffer.
        var sndbuf: Int32 = 256 * 1024
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDBUF, &sndbuf, socklen_t(MemoryLayout<Int32>.size))
        return (FileDescriptor(owning: fd), peerText(storage))
    }

    /// Sends as much of `bytes` as the socket takes now: the count sent (maybe 0 when
    /// the buffer is full), or nil when the peer is gone or the send failed.
    public static func sendSome(_ fd: Int32, _ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return 0 }
        let n = Interrupted.retry {
            bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }
        if n >= 0 { return n }
        let e = errno
        return e == EAGAIN || e == EWOULDBLOCK ? 0 : nil
    }

    /// The port a listener is bound to (getsockname).
    public static func boundPort(_ fd: Int32) -> UInt16? {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &len) }
        }
        guard rc == 0 else { return nil }
        return withUnsafePointer(to: &storage) { p -> UInt16 in
            p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt16(bigEndian: $0.pointee.sin_port) }
        }
    }

    /// `192.0.2.7:51234` or `[2001:db8::7]:51234`.
    static func peerText(_ storage: sockaddr_storage) -> String {
        var s = storage
        var buf = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        switch Int32(s.ss_family) {
        case AF_INET:
            return withUnsafePointer(to: &s) { p in
                p.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sa in
                    var addr = sa.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &addr, &buf, socklen_t(buf.count))
                    return "\(String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)):\(UInt16(bigEndian: sa.pointee.sin_port))"
                }
            }
        case AF_INET6:
            return withUnsafePointer(to: &s) { p in
                p.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sa in
                    var addr = sa.pointee.sin6_addr
                    _ = inet_ntop(AF_INET6, &addr, &buf, socklen_t(buf.count))
                    return "[\(String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))]:\(UInt16(bigEndian: sa.pointee.sin6_port))"
                }
            }
        default:
            return "peer unknown"
        }
    }

    /// The error of the call that just failed (errno read before the caller's socket
    /// is closed by going out of scope).
    private static func fail(_ call: String, _ address: WebListenAddress) -> HardwareError {
        let e = errno
        return HardwareError("web: \(address): \(call): \(errnoText(e))\(NetworkClosed.hint(e))", errno: e)
    }
}
