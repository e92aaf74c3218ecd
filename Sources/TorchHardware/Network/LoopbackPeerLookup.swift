import CTorchSys
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// Finds who is at the other end of a loopback TCP connection and whether that user
/// could use the control socket (`LoopbackPeer`, the rule; this file, its syscalls).
public enum LoopbackPeerLookup {
    /// True when the process that opened `connection` (an accepted TCP socket) runs as a
    /// user who may connect to the socket file at `controlSocket`. False whenever
    /// anything is unknown: the peer not in this network namespace, its user gone, the
    /// socket file missing. Root's peers are answered from one netlink request; another
    /// user's also reads `/etc/passwd` and `/etc/group` (or what NSS uses): call it once
    /// per connection, on the event loop.
    public static func peerMayUseControlSocket(connection fd: Int32, controlSocket: String) -> Bool {
        guard let uid = peerUID(fd) else { return false }
        if uid == 0 { return true }
        var st = stat()
        guard stat(controlSocket, &st) == 0 else { return false }
        return LoopbackPeer.mayConnect(uid: uid, groups: groups(of: uid), owner: st.st_uid, group: st.st_gid,
                                       mode: UInt32(st.st_mode & 0o777))
    }

    /// The uid owning the client's end of `fd`: the kernel's sock_diag exact lookup (one
    /// request, whatever the number of sockets), else the client's line in
    /// `/proc/net/tcp(6)` (a read of the whole table). The table is read on every
    /// sock_diag error but "there and not live": a kernel without inet_diag answers
    /// ENOENT, the same as for a socket that is gone, and only the table tells them apart.
    /// `socketOwner` is the sock_diag lookup (`ctorch_tcp_socket_owner`'s contract).
    static func peerUID(_ fd: Int32,
                        socketOwner: (UnsafePointer<sockaddr>, UnsafePointer<sockaddr>, UnsafeMutablePointer<UInt32>) -> Int32
                            = { ctorch_tcp_socket_owner($0, $1, $2) }) -> UInt32? {
        guard var ours = address(fd, getsockname), var theirs = address(fd, getpeername) else { return nil }
        var uid: UInt32 = 0
        let rc = withUnsafePointer(to: &theirs) { p in
            withUnsafePointer(to: &ours) { q in
                p.withMemoryRebound(to: sockaddr.self, capacity: 1) { src in
                    q.withMemoryRebound(to: sockaddr.self, capacity: 1) { dst in socketOwner(src, dst, &uid) }
                }
            }
        }
        if rc == 0 { return uid }
        if rc == ESRCH { return nil }
        guard let (local, peer, family) = ends(of: fd),
              let table = try? AtomicFile.readFile(family == AF_INET6 ? "/proc/net/tcp6" : "/proc/net/tcp") else { return nil }
        return LoopbackPeer.owner(local: peer, remote: local, in: table)
    }

    private static func address(_ fd: Int32, _ call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32)
        -> sockaddr_storage? {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(fd, $0, &len) }
        }
        return rc == 0 ? storage : nil
    }

    /// The connection's own end and its peer's, as `LoopbackPeer.tableKey` texts.
    static func ends(of fd: Int32) -> (local: String, peer: String, family: Int32)? {
        guard let local = endpoint(fd, getsockname), let peer = endpoint(fd, getpeername),
              local.family == peer.family else { return nil }
        return (local.key, peer.key, local.family)
    }

    private static func endpoint(_ fd: Int32, _ call: (Int32, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> Int32)
        -> (key: String, family: Int32)? {
        var storage = sockaddr_storage()
        var len = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(fd, $0, &len) }
        }
        guard rc == 0 else { return nil }
        let family = Int32(storage.ss_family)
        return withUnsafeBytes(of: &storage) { raw -> (key: String, family: Int32)? in
            switch family {
            case AF_INET:
                let sin = raw.load(as: sockaddr_in.self)
                let address = withUnsafeBytes(of: sin.sin_addr) { Array($0) }
                return LoopbackPeer.tableKey(address: address, port: UInt16(bigEndian: sin.sin_port)).map { ($0, family) }
            case AF_INET6:
                let sin6 = raw.load(as: sockaddr_in6.self)
                let address = withUnsafeBytes(of: sin6.sin6_addr) { Array($0) }
                return LoopbackPeer.tableKey(address: address, port: UInt16(bigEndian: sin6.sin6_port)).map { ($0, family) }
            default:
                return nil
            }
        }
    }

    /// Every group `uid` belongs to (its primary group and the supplementary ones);
    /// empty when the user is unknown.
    static func groups(of uid: UInt32) -> [UInt32] {
        var pwd = passwd()
        var buffer = [CChar](repeating: 0, count: 4096)
        var found: UnsafeMutablePointer<passwd>? = nil
        guard getpwuid_r(uid, &pwd, &buffer, buffer.count, &found) == 0, found != nil, let name = pwd.pw_name else { return [] }
        var count: Int32 = 64
        var list = [gid_t](repeating: 0, count: Int(count))
        if getgrouplist(name, pwd.pw_gid, &list, &count) < 0 {
            // `count` now says how many there are.
            guard count > 0, count <= 65_536 else { return [pwd.pw_gid] }
            list = [gid_t](repeating: 0, count: Int(count))
            guard getgrouplist(name, pwd.pw_gid, &list, &count) >= 0 else { return [pwd.pw_gid] }
        }
        return Array(list.prefix(Int(max(0, count))))
    }
}
