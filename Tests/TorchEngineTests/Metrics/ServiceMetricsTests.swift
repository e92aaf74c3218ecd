import Testing
import TorchCore
@testable import TorchEngine

/// The event loop's side of `GET /metrics`: lateness, the button path and software
/// PWM's duty error from the stamps the loop drains, on made-up stamps (no thread).
@Suite struct ServiceMetricsTests {
    @Test func latenessIsObservedPerStampInSeconds() {
        let m = ServiceMetrics(binaryOutput: false)
        m.observe(OutputStamp(intended: 1_000_000, actual: 1_030_000, duty: 0.5))   // 30 µs
        m.observe(OutputStamp(intended: 2_000_000, actual: 6_000_000, duty: 0.2))   // 4 ms
        m.observe(OutputStamp(intended: 3_000_000, actual: 2_999_000, duty: 0.2))   // early: 0
        #expect(m.lateness.count == 3)
        #expect(abs(m.lateness.sum - 0.00403) < 1e-12)
        let i30 = m.lateness.bounds.firstIndex(of: 5e-5)
        #expect(i30.map { m.lateness.counts[$0] } == 1)
        #expect(m.dutyError.count == 0, "no duty error on an output that dims by itself")
    }

    @Test func theButtonPathIsTheEdgeToTheFirstChangeAfterItsHandOff() {
        let m = ServiceMetrics(binaryOutput: false)
        m.observe(OutputStamp(intended: 0, actual: 500_000, duty: 1))            // before any edge
        m.buttonHandedOff(edge: Instant(nanoseconds: 1_000_000), at: Instant(nanoseconds: 1_200_000))
        m.observe(OutputStamp(intended: 1_100_000, actual: 1_150_000, duty: 1))  // an older program's change
        m.observe(OutputStamp(intended: 1_200_000, actual: 1_250_000, duty: 0))  // the press's: 250 µs
        m.observe(OutputStamp(intended: 1_300_000, actual: 1_300_000, duty: 1))  // not another press
        #expect(m.buttonLatency.count == 1 && abs(m.buttonLatency.sum - 0.00025) < 1e-12)
        // A hand-off whose change comes more than a second later is not a button figure.
        m.buttonHandedOff(edge: Instant(nanoseconds: 2_000_000_000), at: Instant(nanoseconds: 2_000_000_000))
        m.observe(OutputStamp(intended: 3_500_000_000, actual: 3_500_000_000, duty: 1))
        #expect(m.buttonLatency.count == 1)
    }

    @Test func softwarePWMDutyErrorFromIntendedAndActualEdges() {
        let m = ServiceMetrics(binaryOutput: true)
        // 1 kHz at 30 %: each rising edge on time, each falling edge 20 µs late → 2 points.
        for i in Int64(0)..<5 {
            let t = i * 1_000_000
            m.observe(OutputStamp(intended: t, actual: t, duty: 1))
            m.observe(OutputStamp(intended: t + 300_000, actual: t + 320_000, duty: 0))
        }
        #expect(m.dutyError.count == 4)
        #expect(abs(m.dutyError.sum - 4 * 0.02) < 1e-9)
        // A blink (cycles of 1 s) is not PWM.
        let blink = ServiceMetrics(binaryOutput: true)
        for i in Int64(0)..<3 {
            blink.observe(OutputStamp(intended: i * 1_000_000_000, actual: i * 1_000_000_000, duty: 1))
            blink.observe(OutputStamp(intended: i * 1_000_000_000 + 500_000_000, actual: i * 1_000_000_000 + 500_000_000, duty: 0))
        }
        #expect(blink.dutyError.count == 0)
    }

    @Test func stateFileSaves() {
        let m = ServiceMetrics(binaryOutput: false)
        m.stateSaved(true)
        m.stateSaved(true)
        m.stateSaved(false)
        #expect(m.stateWrites == 2 && m.stateWriteFailures == 1)
    }
}
