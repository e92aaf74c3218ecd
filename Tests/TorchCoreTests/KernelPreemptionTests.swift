import Testing
@testable import TorchCore

/// How the kernel's preemption is read from what it says, as `torch probe` shows it.
@Suite struct KernelPreemptionTests {
    let debian12 = "#1 SMP PREEMPT_DYNAMIC Debian 6.1.129-1 (2025-03-06)"
    let debianConfig = "CONFIG_PREEMPT_BUILD=y\nCONFIG_PREEMPT_VOLUNTARY=y\n# CONFIG_PREEMPT is not set\nCONFIG_PREEMPT_DYNAMIC=y\n"

    func read(_ version: String, debugfs: String? = nil, cmdline: String? = nil, config: String? = nil) -> KernelPreemptionReading {
        KernelPreemptionReading.read(version: version, debugfs: debugfs, commandLine: cmdline, buildConfig: config,
                                     buildConfigPath: "/boot/config-R")
    }

    @Test func debugfsNamesTheModeInUseInParentheses() {
        let r = read(debian12, debugfs: "none voluntary (full) lazy\n", cmdline: "preempt=none", config: debianConfig)
        #expect(r.mode == .full && r.waitsForSystemCalls == false && r.chosenAtBoot)
        #expect(r.source == "/sys/kernel/debug/sched/preempt")
        #expect(r.summary == "preemption full (/sys/kernel/debug/sched/preempt)")
    }

    @Test func aDynamicKernelTakesTheLastPreemptOnTheCommandLineThenItsBuildDefault() {
        let full = read(debian12, cmdline: "BOOT_IMAGE=/vmlinuz preempt=none quiet preempt=full\n", config: debianConfig)
        #expect(full.mode == .full && full.source == "preempt= on the kernel command line")
        let byDefault = read(debian12, cmdline: "BOOT_IMAGE=/vmlinuz preempt=sideways quiet\n", config: debianConfig)
        #expect(byDefault.mode == .voluntary && byDefault.waitsForSystemCalls == true)
        #expect(byDefault.summary == "preemption voluntary (the build's default in /boot/config-R): on a busy machine a "
            + "real-time wake-up waits for other tasks' system calls; boot with preempt=full")
        #expect(read(debian12, config: "CONFIG_PREEMPT_NONE=y\nCONFIG_PREEMPT_DYNAMIC=y\n").mode == KernelPreemption.none)
        #expect(read(debian12, config: "CONFIG_PREEMPT=y\nCONFIG_PREEMPT_DYNAMIC=y\n").mode == .full)
        #expect(read(debian12, config: "CONFIG_PREEMPT_LAZY=y\nCONFIG_PREEMPT_DYNAMIC=y\n").mode == .lazy)
    }

    /// A dynamic kernel with nothing readable but its version: not known, and said how
    /// to find out.
    @Test func aDynamicKernelWithoutDebugfsOrConfigIsNotKnown() {
            let r = read("#1 SMP PREEMPT_DYNAMIC @0", cmdline: "console=ttyS0 quiet\n")
        #expect(r.mode == nil && r.waitsForSystemCalls == nil && r.chosenAtBoot)
        #expect(r.summary == "preemption chosen at boot (uname -v: PREEMPT_DYNAMIC): which one is not readable here (as root "
            + "with debugfs mounted, /sys/kernel/debug/sched/preempt says); preempt=full on the kernel command line makes it full")
    }

    /// Raspberry Pi OS's kernels are built preemptible; a kernel built without
    /// preemption names none in its version, and waits either way.
    @Test func aBuildWithoutDynamicPreemptionIsNamedByItsVersion() {
        let pi = read("#1 SMP PREEMPT Debian 1:6.12.34-1+rpt1 (2025-06-26)")
        #expect(pi.mode == .full && !pi.chosenAtBoot && pi.waitsForSystemCalls == false)
        #expect(read("#1 SMP PREEMPT_RT Debian 6.1.129-1 (2025-03-06)").mode == .realtime)
        #expect(read("#1 SMP PREEMPT_LAZY Thu Jan 1").mode == .lazy)
        let plain = read("#1 SMP Debian 6.1.129-1 (2025-03-06)")
        #expect(plain.mode == nil && plain.waitsForSystemCalls == true && !plain.chosenAtBoot)
        #expect(plain.summary == "preemption none or voluntary (uname -v names no PREEMPT): on a busy machine a real-time "
            + "wake-up waits for other tasks' system calls; a kernel built with CONFIG_PREEMPT does not (Raspberry Pi OS's)")
    }

    @Test func onlyNoneAndVoluntaryWaitForSystemCalls() {
        #expect(KernelPreemption.allCases.filter(\.waitsForSystemCalls) == [.none, .voluntary])
    }
}
