#if canImport(Glibc)
import Glibc
#endif

/// Secrets for pairing a browser (`torch web-link`): random bytes from the kernel's
/// CSPRNG (/dev/urandom, which never blocks once the pool is seeded at boot).
public enum RandomToken {
    /// `bytes` random bytes as URL-safe text (`A-Z a-z 0-9 - _`, 4 characters per 3 bytes).
    public static func make(bytes: Int = 24) throws(HardwareError) -> String {
        guard let file = FileDescriptor.open("/dev/urandom", O_RDONLY | O_CLOEXEC) else {
            throw HardwareError("/dev/urandom: cannot open: \(errnoText(errno))", errno: errno)
        }
        var raw = [UInt8](repeating: 0, count: bytes)
        let n = raw.withUnsafeMutableBytes { buf in Interrupted.retry { Glibc.read(file.rawValue, buf.baseAddress, buf.count) } }
        _ = file.close()
        guard n == bytes else { throw HardwareError("/dev/urandom: short read", errno: EIO) }
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        var out: [UInt8] = []
        var i = 0
        while i + 2 < raw.count {
            let v = UInt32(raw[i]) << 16 | UInt32(raw[i + 1]) << 8 | UInt32(raw[i + 2])
            for shift in [18, 12, 6, 0] { out.append(alphabet[Int((v >> UInt32(shift)) & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
