#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
import TorchHardware
import TorchTestSupport

/// Issue 36: torch's own files in its state directory (the state file, the holder file,
/// the web page's phones, the status LEDs' save) are never followed through a symbolic
/// link. A link is refused in one line naming it; its target is not read, not
/// truncated, not replaced, and nothing of it reaches the message.
@Suite struct OwnFileLinkTests {
    static let secret = "root:x:0:0:the target's own words\n"

    /// `dir/target` holding `secret`, and `dir/NAME` a symbolic link to it.
    func linked(_ dir: TemporaryDirectory, _ name: String) -> (link: String, target: String) {
        let target = dir.path + "/target"
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = Array(Self.secret.utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let link = dir.path + "/" + name
        symlink(target, link)
        return (link, target)
    }

    func contents(_ path: String) -> String? { try? AtomicFile.readFile(path) }

    func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK
    }

    func refusal(_ path: String) -> String {
        "\(path): is a symbolic link, refused: torch reads and writes its own files only as regular files (remove the link)"
    }

    @Test func theStateFileIsNotReadThroughALink() throws {
        let dir = try TemporaryDirectory()
        let (link, _) = linked(dir, "state")
        let file = StateFile(path: link)
        #expect(file.load() == nil)
        #expect(file.warning == "torch: " + refusal(link) + "; using defaults")
        #expect(file.warning?.contains("target's own words") == false)
    }

    @Test func theStateFileIsNotWrittenThroughALink() throws {
        let dir = try TemporaryDirectory()
        let (link, target) = linked(dir, "state")
        let error = try requireThrows(HardwareError.self) {
            try StateFile(path: link).save(PersistentState(brightness: Brightness(clamping: 0.4), pattern: .steady,
                                                          buttonMode: .smart, lit: true))
        }
        #expect(error.message == refusal(link))
        #expect(contents(target) == Self.secret, "the target is untouched")
        #expect(isLink(link), "and the link stays as it was")
    }

    @Test func aFollowingReadStillFollows() throws {
        // The config may be a link (configuration management keeps it elsewhere).
        let dir = try TemporaryDirectory()
        let (link, _) = linked(dir, "torch.conf")
        #expect(try AtomicFile.readFile(link) == Self.secret)
    }

    @Test func theHolderFileIsNeitherCreatedNorTruncatedThroughALink() throws {
        let dir = try TemporaryDirectory()
        let (link, target) = linked(dir, "state.holder")
        guard case let .refused(error) = LightHolder.take(path: link, command: "torch run", isService: true) else {
            Issue.record("a linked holder file is refused")
            return
        }
        #expect(error.message == refusal(link))
        #expect(contents(target) == Self.secret, "not truncated")
        #expect(LightHolder.holder(path: link) == nil, "and never read as a holder")
    }

    @Test func aDanglingHolderLinkCreatesNothing() throws {
        let dir = try TemporaryDirectory()
        let link = dir.path + "/state.holder"
        let target = dir.path + "/created-by-root"
        symlink(target, link)
        guard case .refused = LightHolder.take(path: link, command: "torch run", isService: true) else {
            Issue.record("a dangling link is refused too")
            return
        }
        #expect(access(target, F_OK) != 0, "no file made where the link points")
    }

    @Test func theWebPhonesAreNotReadOrWrittenThroughALink() throws {
        let dir = try TemporaryDirectory()
        let (link, target) = linked(dir, "web-tokens")
        let files = WebTokenFiles(stateFile: dir.path + "/state")
        #expect(files.phones == link)
        let read = try requireThrows(HardwareError.self) { _ = try files.load() }
        #expect(read.message == refusal(link))
        let written = try requireThrows(HardwareError.self) { try files.save(WebTokenTable()) }
        #expect(written.message == refusal(link))
        #expect(contents(target) == Self.secret)
    }

    @Test func anOldTokenFileBehindALinkGrantsNothing() throws {
        let dir = try TemporaryDirectory()
        let target = dir.path + "/token-elsewhere"
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        _ = Array("0123456789abcdef0123456789abcdef\n".utf8).withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        symlink(target, dir.path + "/web-token")
        let files = WebTokenFiles(stateFile: dir.path + "/state")
        #expect(try files.load().phones.isEmpty)
    }
}
