import Testing
import TorchCore
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

@Suite struct WebTokenFileTests {
    @Test func madeOnceSecretAndRenewable() throws {
        var template = Array("/tmp/torch-token-XXXXXX".utf8CString)
        let dir = String(cString: try #require(mkdtemp(&template)))
        let path = WebTokenFile.controlPath(stateFile: dir + "/sub/state")
        #expect(path == dir + "/sub/web-token")
        #expect(WebTokenFile.read(path) == nil)
        let first = try WebTokenFile.ensure(path)
        #expect(WebAccess.isWellFormedToken(first) && first.count == 32)
        #expect(try WebTokenFile.ensure(path) == first)
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_mode & 0o777 == 0o600)
        let second = try WebTokenFile.ensure(path, renew: true)
        #expect(second != first && WebTokenFile.read(path) == second)
        // A damaged file grants nothing.
        try AtomicFile.write("short\n", to: path, mode: 0o600)
        #expect(WebTokenFile.read(path) == nil)
        unlink(path)
        rmdir(dir + "/sub")
        rmdir(dir)
    }
}
