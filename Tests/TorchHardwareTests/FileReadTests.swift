#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware
import TorchTestSupport

/// Issue 15, finding 6 and 7: the one reader for config and state files opens without
/// blocking, refuses what is not a regular file, and says what is wrong in one line.
@Suite struct FileReadTests {
    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/state"
        #expect(mkfifo(path, 0o600) == 0)
        let error = try requireThrows(HardwareError.self) { try AtomicFile.readFile(path) }
        #expect(error.message == "\(path): is a FIFO, not a regular file")
    }

    @Test func aDirectoryIsRefusedByName() throws {
        let dir = try TemporaryDirectory()
        let error = try requireThrows(HardwareError.self) { try AtomicFile.readFile(dir.path) }
        #expect(error.message == "\(dir.path): is a directory, not a regular file")
        #expect(error.errno == EISDIR)
    }

    @Test func aDeviceIsRefusedByName() throws {
        let error = try requireThrows(HardwareError.self) { try AtomicFile.readFile("/dev/zero") }
        #expect(error.message == "/dev/zero: is a character device, not a regular file")
    }

    @Test func anOversizedFileIsRefusedBeforeReading() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/state"
        // Sparse: the size is what the check looks at, no need to write 2 MiB.
        let fd = open(path, O_WRONLY | O_CREAT, 0o644)
        #expect(fd >= 0)
        #expect(ftruncate(fd, 2 << 20) == 0)
        close(fd)
        let error = try requireThrows(HardwareError.self) { try AtomicFile.readFile(path) }
        #expect(error.message == "\(path): 2097152 bytes, over the 1 MiB limit for this file; is this the right file?")
        #expect(error.errno == EFBIG)
    }

    @Test func aFileJustUnderTheLimitIsRead() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/config"
        let text = String(repeating: "#", count: AtomicFile.maxReadSize - 1) + "\n"
        try AtomicFile.write(text, to: path)
        #expect(try AtomicFile.readFile(path)?.utf8.count == AtomicFile.maxReadSize)
    }
}
