/// How the running kernel preempts a task that is inside a system call. The pattern
/// thread runs at SCHED_FIFO, so no program takes its CPU from it; but a kernel that does
/// not preempt itself lets the task it woke on finish its system call first, so a busy
/// machine (a build, a flood of network traffic) delays every real-time wake-up by up to
/// the longest such call, torch's and cyclictest's alike.
public enum KernelPreemption: String, Equatable, Sendable, CaseIterable {
    /// `none`: a task leaves the kernel before anything else runs on its CPU.
    case none
    /// `voluntary`: as `none`, but the kernel gives way at its explicit preemption points.
    case voluntary
    /// `full` (CONFIG_PREEMPT): preempted at once, outside the kernel's critical sections.
    case full
    /// `lazy`: a real-time thread preempts as with `full` (other tasks wait for the tick).
    case lazy
    /// PREEMPT_RT: the kernel's own interrupt work is preemptible too.
    case realtime = "rt"

    /// Whether a real-time wake-up waits for another task's system call to end.
    public var waitsForSystemCalls: Bool { self == .none || self == .voluntary }
}

/// What the kernel says of its preemption, and where it said it.
public struct KernelPreemptionReading: Equatable, Sendable {
    /// The mode in use; nil when nothing readable names it.
    public var mode: KernelPreemption?
    /// Whether a real-time wake-up waits for another task's system call; nil when not
    /// known (a kernel built without preemption is `none` or `voluntary`: it waits).
    public var waitsForSystemCalls: Bool?
    /// Whether the mode is chosen at boot (PREEMPT_DYNAMIC), so `preempt=full` on the
    /// kernel command line gives full preemption.
    public var chosenAtBoot: Bool
    /// Where the answer came from, for the one line that says it.
    public var source: String

    /// Reads, in this order: debugfs's `sched/preempt` (the mode in use, in parentheses),
    /// then the version (`uname -v`: PREEMPT_RT, PREEMPT_LAZY, PREEMPT, or PREEMPT_DYNAMIC,
    /// whose mode is `preempt=` on the command line, else the build's default in its
    /// config file).
    /// - Parameters:
    ///   - version: `/proc/sys/kernel/version`, e.g. "#1 SMP PREEMPT_DYNAMIC Debian 6.1.129-1".
    ///   - debugfs: `/sys/kernel/debug/sched/preempt`, e.g. "none (voluntary) full lazy";
    ///     nil when it cannot be read (debugfs not mounted, not root, a locked-down kernel).
    ///   - commandLine: `/proc/cmdline`.
    ///   - buildConfig: the running kernel's `/boot/config-RELEASE`, nil when absent.
    ///   - buildConfigPath: that file's path, to name it.
    public static func read(version: String, debugfs: String?, commandLine: String?, buildConfig: String?,
                            buildConfigPath: String) -> KernelPreemptionReading {
        let tokens = Set(version.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init))
        let dynamic = tokens.contains("PREEMPT_DYNAMIC")
        if let text = debugfs, let mode = inUse(text) {
            return .init(mode, chosenAtBoot: dynamic, source: "/sys/kernel/debug/sched/preempt")
        }
        if tokens.isEmpty {
            return KernelPreemptionReading(mode: nil, waitsForSystemCalls: nil, chosenAtBoot: false,
                                           source: "no kernel version to read")
        }
        if tokens.contains("PREEMPT_RT") { return .init(.realtime, chosenAtBoot: false, source: "uname -v: PREEMPT_RT") }
        if dynamic {
            if let mode = bootChoice(commandLine) { return .init(mode, chosenAtBoot: true, source: "preempt= on the kernel command line") }
            if let config = buildConfig, let mode = buildDefault(config) {
                return .init(mode, chosenAtBoot: true, source: "the build's default in \(buildConfigPath)")
            }
            return KernelPreemptionReading(mode: nil, waitsForSystemCalls: nil, chosenAtBoot: true,
                                           source: "uname -v: PREEMPT_DYNAMIC")
        }
        if tokens.contains("PREEMPT_LAZY") { return .init(.lazy, chosenAtBoot: false, source: "uname -v: PREEMPT_LAZY") }
        if tokens.contains("PREEMPT") { return .init(.full, chosenAtBoot: false, source: "uname -v: PREEMPT") }
        return KernelPreemptionReading(mode: nil, waitsForSystemCalls: true, chosenAtBoot: false,
                                       source: "uname -v names no PREEMPT")
    }

    init(_ mode: KernelPreemption, chosenAtBoot: Bool, source: String) {
        self.init(mode: mode, waitsForSystemCalls: mode.waitsForSystemCalls, chosenAtBoot: chosenAtBoot, source: source)
    }

    public init(mode: KernelPreemption?, waitsForSystemCalls: Bool?, chosenAtBoot: Bool, source: String) {
        self.mode = mode
        self.waitsForSystemCalls = waitsForSystemCalls
        self.chosenAtBoot = chosenAtBoot
        self.source = source
    }

    /// The mode in parentheses in debugfs's list.
    static func inUse(_ text: String) -> KernelPreemption? {
        for word in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) where word.hasPrefix("(") && word.hasSuffix(")") {
            return KernelPreemption(rawValue: String(word.dropFirst().dropLast()))
        }
        return nil
    }

    /// The last `preempt=` on the command line (the kernel takes the last one).
    static func bootChoice(_ commandLine: String?) -> KernelPreemption? {
        guard let line = commandLine else { return nil }
        let values = line.split(whereSeparator: { $0 == " " || $0 == "\n" }).filter { $0.hasPrefix("preempt=") }
        return values.last.flatMap { KernelPreemption(rawValue: String($0.dropFirst("preempt=".count))) }
    }

    /// The preemption model a PREEMPT_DYNAMIC build boots with, from its config.
    static func buildDefault(_ config: String) -> KernelPreemption? {
        let set = Set(config.split(separator: "\n").filter { $0.hasSuffix("=y") }.map { String($0.dropLast(2)) })
        if set.contains("CONFIG_PREEMPT_NONE") { return KernelPreemption.none }
        if set.contains("CONFIG_PREEMPT_VOLUNTARY") { return .voluntary }
        if set.contains("CONFIG_PREEMPT_LAZY") { return .lazy }
        if set.contains("CONFIG_PREEMPT") { return .full }
        return nil
    }

    /// The probe's line: the mode, where it was read, and what to do when it waits.
    public var summary: String {
        let unnamed = chosenAtBoot ? "preemption chosen at boot"
            : waitsForSystemCalls == true ? "preemption none or voluntary" : "preemption not known"
        let named = mode.map { "preemption \($0.rawValue)" } ?? unnamed
        var s = "\(named) (\(source))"
        switch waitsForSystemCalls {
        case true?:
            s += ": on a busy machine a real-time wake-up waits for other tasks' system calls"
            s += chosenAtBoot ? "; boot with preempt=full" : "; a kernel built with CONFIG_PREEMPT does not (Raspberry Pi OS's)"
        case false?:
            break
        case nil:
            s += chosenAtBoot
                ? ": which one is not readable here (as root with debugfs mounted, /sys/kernel/debug/sched/preempt says); preempt=full on the kernel command line makes it full"
                : ": not readable here"
        }
        return s
    }
}
