import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// EAI_ADDRFAMILY (glibc, -9) is behind _GNU_SOURCE, which Swift does not see.
let EAI_NODATA_VALUE: Int32 = -9

/// One resolved TCP address (IPv4 or IPv6), as getaddrinfo gives it.
public struct SocketAddress: Sendable, CustomStringConvertible {
    public var family: Int32
    var storage: sockaddr_storage
    var length: socklen_t
    /// "127.0.0.1:1883" or "[::1]:1883".
    public var description: String

    /// Every address of `host` for TCP `port`, in getaddrinfo's order (RFC 6724: IPv6
    /// first where it is configured). A numeric host never touches DNS (see
    /// `TCPConnection` for how long a name can take); `numericOnly` refuses any other
    /// (an address to listen on: the event loop must never wait on a name server).
    public static func resolve(host: String, port: Int, numericOnly: Bool = false) throws(HardwareError) -> [SocketAddress] {
        let numeric = numericOnly ? AI_NUMERICHOST : 0
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_ADDRCONFIG | AI_NUMERICSERV | numeric
        var list: UnsafeMutablePointer<addrinfo>? = nil
        var rc = getaddrinfo(host, String(port), &hints, &list)
        if rc == EAI_NONAME || rc == EAI_NODATA_VALUE {
            // AI_ADDRCONFIG hides loopback-only machines' addresses (no network at all).
            hints.ai_flags = AI_NUMERICSERV | numeric
            rc = getaddrinfo(host, String(port), &hints, &list)
        }
        guard rc == 0 else {
            throw HardwareError("cannot resolve '\(host)': \(String(cString: gai_strerror(rc)))")
        }
        defer { freeaddrinfo(list) }
        var out: [SocketAddress] = []
        var p = list
        while let ai = p {
            p = ai.pointee.ai_next
            guard let sa = ai.pointee.ai_addr, ai.pointee.ai_family == AF_INET || ai.pointee.ai_family == AF_INET6,
                  Int(ai.pointee.ai_addrlen) <= MemoryLayout<sockaddr_storage>.size else { continue }
            var storage = sockaddr_storage()
            withUnsafeMutableBytes(of: &storage) { dst in
                dst.copyMemory(from: UnsafeRawBufferPointer(start: sa, count: Int(ai.pointee.ai_addrlen)))
            }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            _ = getnameinfo(sa, ai.pointee.ai_addrlen, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST)
            let name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let shown = ai.pointee.ai_family == AF_INET6 ? "[\(name)]:\(port)" : "\(name):\(port)"
            out.append(SocketAddress(family: ai.pointee.ai_family, storage: storage, length: ai.pointee.ai_addrlen, description: shown))
        }
        guard !out.isEmpty else { throw HardwareError("cannot resolve '\(host)': no IPv4 or IPv6 address") }
        return out
    }

    /// Calls `body` with the address as the `sockaddr` pointer and length bind(2) and
    /// connect(2) take.
    public func withSockaddr<R>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        withUnsafePointer(to: storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) } }
    }
}
