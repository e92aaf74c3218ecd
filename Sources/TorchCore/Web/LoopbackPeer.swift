/// Who controls the light through a web page that needs no pairing (a loopback listener,
/// `[web] pairing = auto`): exactly the users who could use the control socket
/// themselves. Loopback is reachable by every local user, so without this rule a user
/// refused the socket (not root, not in its group) would control the light through the
/// page. Anyone else gets the page's pairing prompt, as on any other address.
///
/// The peer is known from the kernel's socket table (`/proc/net/tcp`, `/proc/net/tcp6`):
/// the client's end of an accepted connection is a line whose local address is the
/// connection's peer and whose remote address is the server's end, with its owner's uid.
public enum LoopbackPeer {
    /// The kernel's text for one end of a connection in `/proc/net/tcp(6)`: the address
    /// as 32-bit words in host byte order, 8 upper-case hex digits each (one word for
    /// IPv4, four for IPv6), a colon, then the port as 4 hex digits. Nil unless
    /// `address` has 4 or 16 bytes.
    public static func tableKey(address: [UInt8], port: UInt16) -> String? {
        guard address.count == 4 || address.count == 16 else { return nil }
        var text = ""
        for start in stride(from: 0, to: address.count, by: 4) {
            var word: UInt32 = 0
            withUnsafeMutableBytes(of: &word) { raw in
                for i in 0..<4 { raw[i] = address[start + i] }
            }
            text += hex(UInt64(word), digits: 8)
        }
        return text + ":" + hex(UInt64(port), digits: 4)
    }

    /// The socket states in which a client's line still carries its owner (ESTABLISHED,
    /// FIN_WAIT1, FIN_WAIT2). A closed client's TIME_WAIT line reads uid 0 and must
    /// never be taken as root's.
    static let liveStates: Set<Substring> = ["01", "04", "05"]

    /// The uid that owns the live socket whose local end is `local` and remote end
    /// `remote` (`tableKey` texts) in a `/proc/net/tcp(6)` table; nil when no such line
    /// is there or it is malformed.
    public static func owner(local: String, remote: String, in table: String) -> UInt32? {
        for line in table.split(separator: "\n").dropFirst() {
            // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count > 7, fields[1] == local, fields[2] == remote else { continue }
            guard liveStates.contains(fields[3]) else { return nil }
            return UInt32(fields[7])
        }
        return nil
    }

    /// True when a user (`uid`, with every group it belongs to) may connect to a socket
    /// file of `owner`, `group` and permission bits `mode`: write permission as the
    /// kernel judges it (the owner's bits for its owner, else the group's for a member,
    /// else the others'); root always.
    public static func mayConnect(uid: UInt32, groups: [UInt32], owner: UInt32, group: UInt32, mode: UInt32) -> Bool {
        if uid == 0 { return true }
        if uid == owner { return mode & 0o200 != 0 }
        if groups.contains(group) { return mode & 0o020 != 0 }
        return mode & 0o002 != 0
    }

    static func hex(_ value: UInt64, digits: Int) -> String {
        let symbols = Array("0123456789ABCDEF")
        var out: [Character] = []
        var v = value
        for _ in 0..<digits {
            out.append(symbols[Int(v & 0xF)])
            v >>= 4
        }
        return String(out.reversed())
    }
}
