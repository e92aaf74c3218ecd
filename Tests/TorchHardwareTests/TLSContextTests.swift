#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
import TorchHardware
import TorchTestSupport

/// The files of `[mqtt]`'s TLS are checked at start, each refusal one line naming the key
/// and the file. (The handshakes themselves run against mosquitto: Tests/mqtt/tls.py.)
@Suite struct TLSContextTests {
    func write(_ path: String, _ text: String, mode: mode_t = 0o600) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = text.withCString { Glibc.write(fd, $0, strlen($0)) }
        fchmod(fd, mode)
        close(fd)
    }

    @Test func aKeyOthersMayReadIsRefusedNamingTheKeyAndTheMode() throws {
        let dir = try TemporaryDirectory()
        write("\(dir.path)/client.pem", "x")
        write("\(dir.path)/client.key", "x", mode: 0o640)
        let error = try requireThrows(HardwareError.self) {
            _ = try TLSContext(TLSFiles(certFile: "\(dir.path)/client.pem", keyFile: "\(dir.path)/client.key"))
        }
        #expect(error.message == "key-file: \(dir.path)/client.key: mode 0640 lets group or others read the private key: use mode 0600 (chmod 600 \(dir.path)/client.key)")
    }

    @Test func aMissingFileIsNamedWithItsKey() throws {
        let dir = try TemporaryDirectory()
        let ca = try requireThrows(HardwareError.self) { _ = try TLSContext(TLSFiles(caFile: "\(dir.path)/none.pem")) }
        #expect(ca.message.hasPrefix("ca-file: \(dir.path)/none.pem: cannot open: "))
        write("\(dir.path)/client.pem", "x")
        let key = try requireThrows(HardwareError.self) {
            _ = try TLSContext(TLSFiles(certFile: "\(dir.path)/client.pem", keyFile: "\(dir.path)/none.key"))
        }
        #expect(key.message.hasPrefix("key-file: \(dir.path)/none.key: cannot open: "))
    }

    @Test func aCAFileThatIsNoCertificateIsRefusedByOpenSSL() throws {
        let dir = try TemporaryDirectory()
        write("\(dir.path)/ca.pem", "not a certificate\n", mode: 0o644)
        let error = try requireThrows(HardwareError.self) { _ = try TLSContext(TLSFiles(caFile: "\(dir.path)/ca.pem")) }
        #expect(error.message.hasPrefix("ca-file \(dir.path)/ca.pem: not a PEM certificate file OpenSSL can read: "), "\(error.message)")
    }

    @Test func theSystemsCAsMakeAContext() throws {
        let context = try TLSContext(TLSFiles())
        #expect(context.trusted == "the system's CAs (/etc/ssl/certs)")
    }
}
