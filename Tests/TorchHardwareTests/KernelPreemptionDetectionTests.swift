import Testing
import TorchCore
@testable import TorchHardware

/// The kernel's preemption read from a fake machine root's files.
@Suite struct KernelPreemptionDetectionTests {
    @Test func theFilesAreReadInOrder() throws {
        let root = try FakeMachineRoot()
        try root.file("proc/sys/kernel/osrelease", "6.1.0-32-amd64\n")
        try root.file("proc/sys/kernel/version", "#1 SMP PREEMPT_DYNAMIC Debian 6.1.129-1 (2025-03-06)\n")
        try root.file("proc/cmdline", "BOOT_IMAGE=/boot/vmlinuz-6.1.0-32-amd64 root=/dev/sda1 ro quiet\n")
        let probe = MachineProbe(root: root.path)
        #expect(probe.kernelRelease() == "6.1.0-32-amd64")
        #expect(probe.kernelPreemption().mode == nil)
        try root.file("boot/config-6.1.0-32-amd64", "CONFIG_PREEMPT_VOLUNTARY=y\nCONFIG_PREEMPT_DYNAMIC=y\n")
        #expect(probe.kernelPreemption().mode == .voluntary)
        #expect(probe.kernelPreemption().source == "the build's default in /boot/config-6.1.0-32-amd64")
        try root.file("sys/kernel/debug/sched/preempt", "none voluntary (full)\n")
        #expect(probe.kernelPreemption().mode == .full)
    }

    @Test func noKernelFilesIsNotKnown() throws {
        let root = try FakeMachineRoot()
        let probe = MachineProbe(root: root.path)
        #expect(probe.kernelRelease() == nil)
        let r = probe.kernelPreemption()
        #expect(r.mode == nil && r.waitsForSystemCalls == nil && r.source == "no kernel version to read")
    }
}
