#if canImport(Glibc)
import Glibc
#endif

/// The running processes, as /proc lists them: enough to name another torch that holds
/// a line this one could not take (the GPIO uAPI names a line's consumer label, not
/// its process).
public enum ProcessTable {
    /// The pids whose command name (`/proc/PID/comm`, the executable's name cut to 15
    /// bytes) is `name`, this process left out, in increasing order; at most `limit`.
    public static func pids(named name: String, limit: Int = 4) -> [Int32] {
        guard let dir = opendir("/proc") else { return [] }
        defer { closedir(dir) }
        let me = getpid()
        var found: [Int32] = []
        while let entry = readdir(dir) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(entryName), pid != me else { continue }
            let comm = ((try? AtomicFile.readFile("/proc/\(pid)/comm")) ?? nil) ?? ""
            if comm.split(separator: "\n").first.map(String.init) == name { found.append(pid) }
        }
        return Array(found.sorted().prefix(limit))
    }
}
