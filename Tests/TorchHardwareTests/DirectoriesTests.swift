#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware

/// `makeParentDirectories`: the one `mkdir -p`, which says where it stopped.
struct DirectoriesTests {
    @Test func makesEveryMissingParentAndAcceptsExistingOnes() throws {
        let dir = try TemporaryDirectory()
        let file = dir.path + "/a/b/state"
        #expect(makeParentDirectories(of: file) == nil)
        #expect(fileExists(dir.path + "/a/b"))
        #expect(makeParentDirectories(of: file) == nil, "existing directories are fine")
        rmdir(dir.path + "/a/b")
        rmdir(dir.path + "/a")
    }

    @Test func namesTheDirectoryItCouldNotMake() throws {
        let dir = try TemporaryDirectory()
        try AtomicFile.write("x", to: dir.path + "/plain")
        let failure = makeParentDirectories(of: dir.path + "/plain/sub/state")
        #expect(failure?.directory == dir.path + "/plain/sub")
        #expect(failure?.errno == ENOTDIR)
    }
}
