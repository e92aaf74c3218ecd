#if canImport(Glibc)
import Glibc
#endif
import TorchHardware

/// Files of this repository, found from this file's path (Sources/TorchTesting/…), for
/// the tests that check documents against the code; `write` is only for `make docs`.
public enum RepoFiles {
    public static var root: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }

    /// The file's text; nil when it cannot be read (the service's own reader: a regular
    /// file of at most 1 MiB).
    public static func read(_ relative: String) -> String? {
        (try? AtomicFile.readFile(root + "/" + relative)) ?? nil
    }

    /// Replaces the file (only when `TORCH_WRITE_DOCS=1`, set by `make docs`); true when written.
    @discardableResult
    public static func writeIfAsked(_ relative: String, _ text: String) -> Bool {
        guard let v = getenv("TORCH_WRITE_DOCS"), String(cString: v) == "1",
              let file = fopen(root + "/" + relative, "w") else { return false }
        defer { fclose(file) }
        let bytes = Array(text.utf8)
        return fwrite(bytes, 1, bytes.count, file) == bytes.count
    }

    /// The files of a directory with a suffix, sorted.
    public static func list(_ relative: String, suffix: String) -> [String] {
        guard let dir = opendir(root + "/" + relative) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(suffix) { names.append(name) }
        }
        return names.sorted()
    }
}
