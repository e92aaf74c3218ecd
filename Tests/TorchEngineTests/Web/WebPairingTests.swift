import Testing
import TorchCore
@testable import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The service's view of the phones: a malformed token file grants nothing and is
/// logged once (not at every request) until it changes.
@Suite(.serialized) struct WebPairingTests {
    final class Lines { var all: [String] = [] }

    @Test func aMalformedFileGrantsNothingAndIsLoggedOncePerChange() throws {
        var template = Array("/tmp/torch-pairing-XXXXXX".utf8CString)
        let dir = try #require(mkdtemp(&template).map { String(cString: $0) })
        let files = WebTokenFiles(stateFile: dir + "/state")
        defer { unlink(files.phones); rmdir(dir) }
        let token = "KitchenKitchenKitchen-01"
        try AtomicFile.write("kitchen control 1 \(token)\nhall admin 2 HallHallHallHallHall_02x\n", to: files.phones, mode: 0o600)
        let lines = Lines()
        let pairing = WebPairing(files: files) { _, line in lines.all.append(line) }
        #expect(pairing.phone(presenting: token) == nil)
        #expect(pairing.phone(presenting: token) == nil)
        #expect(lines.all == ["web: \(files.phones):2: access 'admin' of 'hall' is not valid: expected control or view: "
                              + "no phone is paired until it is fixed (torch web-link --list)"])
        try AtomicFile.write("kitchen control 1 \(token)\n", to: files.phones, mode: 0o600)
        #expect(pairing.phone(presenting: token)?.name == "kitchen")
        #expect(lines.all.count == 1)
    }
}
