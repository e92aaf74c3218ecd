#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine

/// The scheduler holds /dev/cpu_dma_latency at 0 exactly while a program with deadlines
/// plays, and lets go on a steady level, dark and stop.
@Suite struct CPULatencyTests {
    static func scheduler(binary: Bool, hold: Bool = true) -> PatternScheduler {
        PatternScheduler(output: SimulatedOutput(clock: MonotonicClock(), isBinary: binary),
                         settings: SchedulerSettings(realtimePriority: nil, lockMemory: false, holdCPULatency: hold))
    }

    static func program(_ timeline: Timeline, lightness: Double = 1) -> ScheduledProgram {
        ScheduledProgram(timeline: timeline, lightness: lightness, startedAt: MonotonicClock().now(),
                         mapping: OutputMapping(curve: .linear))
    }

    static let blink = Timeline(steps: [.hold(1, .milliseconds(5)), .hold(0, .milliseconds(5))])

    @Test func whichProgramsWakeTheThread() {
        let line = Self.scheduler(binary: true)
        let dimmable = Self.scheduler(binary: false)
        #expect(line.needsWakeups(Self.program(Self.blink)))
        #expect(dimmable.needsWakeups(Self.program(Self.blink)))
        // Half brightness steady: software PWM on a line, one write on a dimmable output.
        #expect(line.needsWakeups(Self.program(.steady(1), lightness: 0.5)))
        #expect(!dimmable.needsWakeups(Self.program(.steady(1), lightness: 0.5)))
        #expect(!line.needsWakeups(Self.program(.steady(1))))
        #expect(!line.needsWakeups(Self.program(.dark)))
    }

    @Test func theRequestWritesAZeroAndLetsGo() throws {
        var template = Array("/tmp/torch-cpu-latency-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        try #require(fd >= 0)
        close(fd)
        let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        defer { unlink(path) }
        let r = CPULatencyRequest(path: path)
        #expect(r.hold() == 0 && r.isHeld)
        #expect(r.hold() == 0)   // idempotent: one open, one write
        r.release()
        #expect(!r.isHeld)
        var st = stat()
        #expect(stat(path, &st) == 0 && st.st_size == 4)   // one Int32, 0 µs
        #expect(CPULatencyRequest(path: "/nonexistent/cpu_dma_latency").hold() == ENOENT)
    }

    static var canHold: Bool { access(CPULatencyRequest.defaultPath, W_OK) == 0 }

    @Test(.enabled(if: CPULatencyTests.canHold, "needs write access to /dev/cpu_dma_latency"))
    func heldWhileAPatternPlaysAndReleasedOnSteadyAndStop() throws {
        let s = Self.scheduler(binary: true)
        try s.start()
        s.play(Self.program(Self.blink))
        #expect(s.holdsCPULatency)
        s.play(Self.program(.steady(1)))
        #expect(!s.holdsCPULatency)
        s.play(Self.program(.steady(1), lightness: 0.3))
        #expect(s.holdsCPULatency)
        s.stop()
        #expect(!s.holdsCPULatency)
    }

    @Test func notHeldWhenTheSettingIsOff() throws {
        let s = Self.scheduler(binary: true, hold: false)
        try s.start()
        s.play(Self.program(Self.blink))
        #expect(!s.holdsCPULatency)
        s.stop()
    }

    @Test func theConfigKeyReachesTheSetting() throws {
        #expect(try TorchConfig.parse("[service]\ncpu-latency = no\n", file: "t.conf", frontEnds: []).service.cpuLatency == false)
        #expect(try TorchConfig.parse("", file: "t.conf", frontEnds: []).service.cpuLatency == true)
        #expect(try TorchConfig.parse("[service]\nshare-cpu = no\n", file: "t.conf", frontEnds: []).service.shareCPU == false)
        #expect(try TorchConfig.parse("", file: "t.conf", frontEnds: []).service.shareCPU == true)
    }
}
