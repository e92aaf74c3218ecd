#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware

/// `FileDescriptor` closes its descriptor exactly once: on `close()` or in `deinit`.
struct FileDescriptorTests {
    /// A pipe: the read end sees end-of-file only once every write end is closed.
    private func pipeEnds() throws -> (read: Int32, write: Int32) {
        var fds: [Int32] = [-1, -1]
        try #require(pipe(&fds) == 0)
        return (fds[0], fds[1])
    }

    private func readEnd(_ fd: Int32) -> Int {
        var byte: UInt8 = 0
        return read(fd, &byte, 1)
    }

    @Test func deinitClosesTheDescriptor() throws {
        let (r, w) = try pipeEnds()
        defer { close(r) }
        do {
            let owner = FileDescriptor(owning: w)
            #expect(owner.isOpen)
        }
        #expect(readEnd(r) == 0, "the write end is closed, so the read end is at end-of-file")
    }

    @Test func closeIsIdempotentAndLaterWritesSayEBADF() throws {
        let (r, w) = try pipeEnds()
        defer { close(r) }
        let owner = FileDescriptor(owning: w)
        let text: [UInt8] = Array("x".utf8)
        #expect(text.withUnsafeBytes { owner.writeAll($0) } == 0)
        #expect(owner.close() == 0)
        #expect(owner.close() == 0)
        #expect(owner.rawValue == -1)
        #expect(text.withUnsafeBytes { owner.writeAll($0) } == EBADF)
        #expect(readEnd(r) == 1)
        #expect(readEnd(r) == 0)
    }

    @Test func createdFileTruncatesAndWritesInOrder() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/trace"
        try AtomicFile.write("old contents that are longer\n", to: path)
        let file = try CreatedFile(creating: path)
        #expect(file.write(Array("1,0.5\n".utf8)) == 0)
        #expect(file.write(Array("2,0\n".utf8)) == 0)
        file.close()
        #expect(try AtomicFile.readFile(path) == "1,0.5\n2,0\n")
    }

    @Test func createdFileNamesThePathWhenItCannotCreate() {
        #expect(throws: HardwareError("/nonexistent-torch-dir/trace: cannot create: No such file or directory", errno: ENOENT)) {
            _ = try CreatedFile(creating: "/nonexistent-torch-dir/trace")
        }
    }
}
