import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// The real-time thread carries a name an operator (and the VM test) can find it by.
@Suite struct PatternSchedulerThreadNameTests {
    /// The threads of this process named `name` (/proc/self/task/TID/comm), by TID.
    static func threads(named name: String) -> Set<String> {
        guard let dir = opendir("/proc/self/task") else { return [] }
        defer { closedir(dir) }
        var tids: Set<String> = []
        while let entry = readdir(dir) {
            let tid = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard tid.first?.isNumber == true else { continue }
            let fd = open("/proc/self/task/\(tid)/comm", O_RDONLY)
            guard fd >= 0 else { continue }
            var buf = [UInt8](repeating: 0, count: 64)
            let n = read(fd, &buf, buf.count)
            close(fd)
            if n > 0 && String(decoding: buf[0..<n], as: UTF8.self) == name + "\n" { tids.insert(tid) }
        }
        return tids
    }

    @Test func theThreadIsNamed() throws {
        let s = PatternScheduler(output: SimulatedOutput(clock: MonotonicClock(), isBinary: false),
                                 settings: SchedulerSettings(realtimePriority: nil, lockMemory: false))
        #expect(PatternScheduler.threadName.utf8.count <= 15, "the kernel keeps 15 bytes")
        // Other suites' schedulers may run alongside: a new TID with the name is this one's.
        let before = Self.threads(named: PatternScheduler.threadName)
        try s.start()
        #expect(!Self.threads(named: PatternScheduler.threadName).subtracting(before).isEmpty)
        s.stop()
    }
}
