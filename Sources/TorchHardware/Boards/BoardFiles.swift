#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// Finds and reads the `boards/` directory of board profiles.
public enum BoardFiles {
    /// Where board files are looked for, in order: `$TORCH_BOARDS` if set; beside the
    /// binary (`<exe dir>/../share/torch/boards`, as `make install` lays it out); the
    /// system places; and the source tree's `boards/` (for `swift run` in a checkout).
    public static func searchDirectories(executable: String? = executablePath()) -> [String] {
        var dirs: [String] = []
        if let env = ProcessEnvironment.variable("TORCH_BOARDS") { dirs.append(env) }
        if let exe = executable, let slash = exe.lastIndex(of: "/") {
            let exeDir = String(exe[..<slash])
            dirs.append((exeDir.isEmpty ? "" : exeDir) + "/../share/torch/boards")
        }
        dirs += ["/usr/local/share/torch/boards", "/usr/share/torch/boards", sourceTreeDirectory]
        return dirs
    }

    /// The source checkout's `boards/`, from this file's place in it.
    public static var sourceTreeDirectory: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(4)  // Sources/TorchHardware/Boards/BoardFiles.swift
        return parts.joined(separator: "/") + "/boards"
    }

    /// The running binary (`/proc/self/exe`), nil when it cannot be read.
    public static func executablePath() -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = buffer.withUnsafeMutableBufferPointer { readlink("/proc/self/exe", $0.baseAddress!, $0.count - 1) }
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The first search directory holding at least one `.board` file.
    public static func findDirectory(in dirs: [String] = searchDirectories()) -> String? {
        dirs.first { !boardFileNames(in: $0).isEmpty }
    }

    /// The `.board` file names in `directory`, sorted.
    public static func boardFileNames(in directory: String) -> [String] {
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if name.hasSuffix(".board"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// Reads and parses every board file in `directory`.
    public static func load(directory: String) throws(BoardLoadError) -> BoardCatalog {
        var files: [(name: String, text: String)] = []
        for name in boardFileNames(in: directory) {
            do {
                guard let text = try AtomicFile.readFile(directory + "/" + name) else { continue }
                files.append((name, text))
            } catch {
                throw .unreadable(error)
            }
        }
        do { return try BoardCatalog.parse(files: files) } catch { throw .invalid(error) }
    }

    /// Finds the directory and loads it.
    public static func loadCatalog(searching dirs: [String] = searchDirectories()) throws(BoardLoadError) -> (catalog: BoardCatalog, directory: String) {
        guard let directory = findDirectory(in: dirs) else { throw .notFound(searched: dirs) }
        return (try load(directory: directory), directory)
    }
}

/// The board files could not be found, read or parsed.
public enum BoardLoadError: Error, Equatable, CustomStringConvertible {
    case notFound(searched: [String])
    case unreadable(HardwareError)
    case invalid(BoardFileErrors)

    /// One line per problem.
    public var description: String {
        switch self {
        case let .notFound(dirs): return "no board files found (looked in \(dirs.joined(separator: ", ")))"
        case let .unreadable(e): return e.message
        case let .invalid(e): return e.description
        }
    }
}
