import TorchCore

/// The running kernel's preemption (`KernelPreemptionReading`), from files only:
/// `/proc/sys/kernel/version` (uname -v), `/sys/kernel/debug/sched/preempt` (readable
/// by root where debugfs is mounted), `/proc/cmdline` and `/boot/config-<release>`
/// (`<release>` is `/proc/sys/kernel/osrelease`, uname -r).
extension MachineProbe {
    public func kernelPreemption() -> KernelPreemptionReading {
        func read(_ path: String) -> String? { (try? AtomicFile.readFile(root + path)) ?? nil }
        let release = kernelRelease()
        let configPath = "/boot/config-" + (release ?? "RELEASE")
        let config = release == nil ? nil : read(configPath)
        return KernelPreemptionReading.read(version: read("/proc/sys/kernel/version") ?? "",
                                            debugfs: read("/sys/kernel/debug/sched/preempt"),
                                            commandLine: read("/proc/cmdline"), buildConfig: config,
                                            buildConfigPath: configPath)
    }
}
