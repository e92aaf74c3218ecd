import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A child the tests start holds only its standard streams: a descriptor another test
/// left inheritable does not live on in it.
@Suite struct SpawnCleanTests {
    @Test func aChildDoesNotKeepAnInheritablePipeOpen() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0, "pipe: errno \(errno)")
        defer { close(ends[0]) }
        try #require(fcntl(ends[1], F_GETFD) & FD_CLOEXEC == 0, "the write end is inheritable")
        let child = try #require(try? spawnClean(["/bin/sleep", "30"], env: [], stdout: "/dev/null", stderr: "/dev/null").get())
        defer { kill(child, SIGKILL); _ = reap(child) }
        close(ends[1])
        var byte: UInt8 = 0
        #expect(read(ends[0], &byte, 1) == 0, "end-of-file at once: the child holds no copy of the write end")
    }

    @Test func runCleanGivesTheExitCodeAndBothStreamsToOneFile() throws {
        let dir = TempDir()
        let out = dir.path + "/out"
        #expect(runClean(["/bin/sh", "-c", "echo one; echo two >&2; exit 3"], stdout: out, stderr: out) == 3)
        #expect(readText(out) == "one\ntwo\n")
        #expect(runClean(["/nonexistent/program"]) != 0)
    }
}
