import Testing
import TorchCore
import TorchTestSupport
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The phones' file beside the state file: private, written whole, read again by the
/// service only when it changed; the old single-token files still read.
@Suite(.serialized) struct WebTokenFileTests {
    func tempDir() throws -> String {
        var template = Array("/tmp/torch-token-XXXXXX".utf8CString)
        return String(cString: try #require(mkdtemp(&template)))
    }

    func remove(_ dir: String, _ files: WebTokenFiles) {
        for p in [files.phones, files.legacyControl, files.legacyViewer] { unlink(p) }
        rmdir(dir + "/sub")
        rmdir(dir)
    }

    @Test func savedPrivatelyAndReadBack() throws {
        let dir = try tempDir()
        let files = WebTokenFiles(stateFile: dir + "/sub/state")
        defer { remove(dir, files) }
        #expect(files.phones == dir + "/sub/web-tokens")
        #expect(try files.load() == WebTokenTable())
        var t = WebTokenTable()
        try t.mint(WebPhone(name: "kitchen", access: .control, mintedAt: 7, token: try RandomToken.make()))
        try files.save(t)
        var st = stat()
        #expect(stat(files.phones, &st) == 0 && st.st_mode & 0o777 == 0o600)
        #expect(try files.load() == t)
        #expect(t.phones[0].token.count == 32 && WebAccess.isWellFormedToken(t.phones[0].token))
    }

    @Test func theOldFilesAreReadAsPhonesAndCarriedOverOnTheFirstChange() throws {
        let dir = try tempDir()
        let files = WebTokenFiles(stateFile: dir + "/sub/state")
        defer { remove(dir, files) }
        _ = makeParentDirectories(of: files.phones)
        try AtomicFile.write("OldControlTokenOldControl\n", to: files.legacyControl, mode: 0o600)
        try AtomicFile.write("OldViewerTokenOldViewer\n", to: files.legacyViewer, mode: 0o600)
        var t = try files.load()
        #expect(t.phones == [WebPhone(name: "old-link", access: .control, mintedAt: nil, token: "OldControlTokenOldControl"),
                             WebPhone(name: "old-viewer-link", access: .view, mintedAt: nil, token: "OldViewerTokenOldViewer")])
        try t.revoke(named: "old-viewer-link")
        try files.save(t)
        #expect(access(files.legacyControl, F_OK) != 0 && access(files.legacyViewer, F_OK) != 0)
        #expect(try files.load().phones.map(\.name) == ["old-link"])
        // A damaged old file grants nothing.
        unlink(files.phones)
        try AtomicFile.write("short\n", to: files.legacyControl, mode: 0o600)
        #expect(try files.load() == WebTokenTable())
    }

    @Test func aMalformedFileIsRefusedNamingItsLine() throws {
        let dir = try tempDir()
        let files = WebTokenFiles(stateFile: dir + "/sub/state")
        defer { remove(dir, files) }
        _ = makeParentDirectories(of: files.phones)
        try AtomicFile.write("# x\nkitchen admin 1 KitchenKitchenKitchen-01\n", to: files.phones, mode: 0o600)
        let error = try requireThrows(HardwareError.self) { try files.load() }
        #expect("\(error)".contains("\(files.phones):2: access 'admin'"))
    }

    @Test func theCacheReadsAgainOnlyWhenAFileChanged() throws {
        let dir = try tempDir()
        let files = WebTokenFiles(stateFile: dir + "/sub/state")
        defer { remove(dir, files) }
        let cache = WebTokenCache(files: files)
        #expect(cache.table().changed)
        #expect(!cache.table().changed)
        var t = WebTokenTable()
        try t.mint(WebPhone(name: "a", access: .control, mintedAt: 1, token: "AAAAAAAAAAAAAAAAAAAAAAAA"))
        try files.save(t)
        let (read, changed) = cache.table()
        #expect(changed && (try? read.get()) == t)
        #expect(!cache.table().changed)
        // The same length, at once: a new inode all the same.
        t.revokeAll()
        try t.mint(WebPhone(name: "a", access: .control, mintedAt: 1, token: "BBBBBBBBBBBBBBBBBBBBBBBB"))
        try files.save(t)
        let (again, changedAgain) = cache.table()
        #expect(changedAgain && (try? again.get())?.phones.first?.token == "BBBBBBBBBBBBBBBBBBBBBBBB")
    }
}
