#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware
import TorchTestSupport

/// A fresh directory from mkdtemp, removed with its files afterwards.
final class TemporaryDirectory {
    let path: String

    init() throws {
        var template = Array("/tmp/torch-atomic-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf -> UnsafeMutablePointer<CChar>? in
            guard let base = buf.baseAddress else { return nil }
            return mkdtemp(base)
        }
        path = try #require(made.map { String(cString: $0) })
    }

    /// The names in the directory, without `.` and `..`, sorted.
    func names() -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var out: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { out.append(name) }
        }
        return out.sorted()
    }

    deinit {
        for name in names() { unlink("\(path)/\(name)") }
        chmod(path, 0o755)
        rmdir(path)
    }
}

@Suite struct AtomicFileTests {
    @Test func writeThenRead() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/state"
        try AtomicFile.write("version=1\nlit=yes\n", to: path)
        #expect(try AtomicFile.readFile(path) == "version=1\nlit=yes\n")
        var st = stat()
        #expect(stat(path, &st) == 0)
        // 0644 less the umask: never group- or world-writable, always owner-readable.
        #expect(st.st_mode & 0o022 == 0)
        #expect(st.st_mode & 0o400 != 0)
    }

    @Test func overwriteReplacesContentsAndLeavesNoTemporaryFiles() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/state"
        try AtomicFile.write(String(repeating: "long old contents\n", count: 100), to: path)
        try AtomicFile.write("new\n", to: path)
        try AtomicFile.write("newest\n", to: path)
        #expect(try AtomicFile.readFile(path) == "newest\n")
        #expect(dir.names() == ["state"])
    }

    @Test func emptyAndNonASCIIContents() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/state"
        try AtomicFile.write("", to: path)
        #expect(try AtomicFile.readFile(path) == "")
        try AtomicFile.write("pattern=morse 'ÄÖ µs'\n", to: path)
        #expect(try AtomicFile.readFile(path) == "pattern=morse 'ÄÖ µs'\n")
    }

    @Test func largerThanOneReadChunk() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/big"
        let text = String(repeating: "0123456789abcdef", count: 1000)
        try AtomicFile.write(text, to: path)
        #expect(try AtomicFile.readFile(path) == text)
    }

    @Test func missingFileReadsAsNil() throws {
        let dir = try TemporaryDirectory()
        #expect(try AtomicFile.readFile("\(dir.path)/nothing-here") == nil)
    }

    @Test func missingDirectoryGivesAnErrorNamingThePathAndErrno() throws {
        let dir = try TemporaryDirectory()
        let path = "\(dir.path)/no-such-dir/state"
        let error = try requireThrows(HardwareError.self) { try AtomicFile.write("x", to: path) }
        #expect(error.message == "\(path): cannot create a temporary file in \(dir.path)/no-such-dir: No such file or directory")
        #expect(error.errno == ENOENT)
    }

    @Test func parentThatIsAFileGivesAnError() throws {
        let dir = try TemporaryDirectory()
        try AtomicFile.write("x", to: "\(dir.path)/file")
        let path = "\(dir.path)/file/state"
        let error = try requireThrows(HardwareError.self) { try AtomicFile.write("x", to: path) }
        #expect(error.message == "\(path): cannot create a temporary file in \(dir.path)/file: Not a directory")
        #expect(dir.names() == ["file"])
    }

    /// Root ignores directory permissions, so this runs only for other users.
    @Test(.enabled(if: geteuid() != 0, "root may write anywhere"))
    func unwritableDirectoryGivesAnErrorNamingThePath() throws {
        let dir = try TemporaryDirectory()
        #expect(chmod(dir.path, 0o555) == 0)
        let path = "\(dir.path)/state"
        let error = try requireThrows(HardwareError.self) { try AtomicFile.write("x", to: path) }
        #expect(error.message == "\(path): cannot create a temporary file in \(dir.path): Permission denied")
        #expect(error.errno == EACCES)
    }

    /// As root, a directory on a read-only mount stands in for an unwritable one:
    /// /proc refuses new files to everyone.
    @Test func directoryNobodyMayWriteGivesAnError() throws {
        let path = "/proc/torch-atomic-test"
        let error = try requireThrows(HardwareError.self) { try AtomicFile.write("x", to: path) }
        #expect(error.message.hasPrefix("\(path): cannot create a temporary file in /proc: "))
        #expect(error.errno != 0)
    }
}
