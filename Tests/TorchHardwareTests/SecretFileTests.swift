#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware
import TorchTestSupport

/// The MQTT password file readable by group or others is refused in one line naming the
/// file and the mode to use.
@Suite struct SecretFileTests {
    func make(_ path: String, mode: mode_t) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = "s3cret\n".withCString { write(fd, $0, 7) }
        fchmod(fd, mode)
        close(fd)
    }

    @Test func aFileOthersCanReadIsRefusedNamingTheModeToUse() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/password"
        for mode: mode_t in [0o644, 0o640, 0o604] {
            make(path, mode: mode)
            let error = try requireThrows(HardwareError.self) { try AtomicFile.readSecret(path) }
            #expect(error.message == "\(path): mode 0\(String(mode, radix: 8)) lets group or others read the password: use mode 0600 (chmod 600 \(path))")
        }
    }

    @Test func anOwnerOnlyFileIsRead() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/password"
        for mode: mode_t in [0o600, 0o400] {
            make(path, mode: mode)
            #expect(try AtomicFile.readSecret(path) == "s3cret\n")
        }
        #expect(try AtomicFile.readSecret("\(dir.path)/missing") == nil)
    }
}
