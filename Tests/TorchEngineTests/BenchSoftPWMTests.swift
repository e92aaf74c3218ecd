import Testing
import TorchCore
import TorchHardware
@testable import TorchEngine

/// Software-PWM duty error from hand-made on/off changes, and from a short real run.
@Suite struct BenchSoftPWMTests {
    /// On/off stamps for periods of 1 ms whose on-times are `onNs[i]` nanoseconds.
    private func pwmStamps(_ onNs: [Int64]) -> [OutputStamp] {
        var out: [OutputStamp] = []
        for (i, on) in onNs.enumerated() {
            let start = 1_000_000 * Int64(i)
            out.append(OutputStamp(intended: start, actual: start, duty: 1))
            out.append(OutputStamp(intended: start + on, actual: start + on, duty: 0))
        }
        // The last period needs the next rising edge to be complete.
        let end = 1_000_000 * Int64(onNs.count)
        out.append(OutputStamp(intended: end, actual: end, duty: 1))
        return out
    }

    @Test func exactPeriodsHaveNoError() {
        let s = SoftPWMStatistics(stamps: pwmStamps([500_000, 500_000, 500_000]), targetDuty: 0.5)
        #expect(s.periods == 3)
        #expect(s.meanDuty == 0.5)
        #expect(s.errorP99 == 0 && s.errorMax == 0)
        #expect(s.meanPeriod == 1_000_000)
    }

    @Test func errorsArePercentagePointsWithNearestRanks() {
        // Duty 50 %, 52 %, 47 %, 50 % against 50 %: errors 0, 2, 3, 0 points.
        let s = SoftPWMStatistics(stamps: pwmStamps([500_000, 520_000, 470_000, 500_000]), targetDuty: 0.5)
        #expect(s.periods == 4)
        #expect((s.errorP50 - 0).magnitude < 1e-9)        // rank 2 of [0, 0, 2, 3]
        #expect((s.errorP99 - 3).magnitude < 1e-9)
        #expect((s.errorMax - 3).magnitude < 1e-9)
        #expect((s.meanDuty - 0.4975).magnitude < 1e-12)
    }

    @Test func incompleteAndEmptyInputs() {
        #expect(SoftPWMStatistics(stamps: [], targetDuty: 0.05).periods == 0)
        let onlyOne = [OutputStamp(intended: 0, actual: 0, duty: 1), OutputStamp(intended: 50, actual: 50, duty: 0)]
        let s = SoftPWMStatistics(stamps: onlyOne, targetDuty: 0.05)
        #expect(s.periods == 0 && s.errorMax == 0)
        #expect(s.json.hasPrefix("{\"periods\":0,"))
    }

    @Test func textAndJSON() {
        let s = SoftPWMStatistics(stamps: pwmStamps([50_000, 70_000]), targetDuty: 0.05)
        #expect(s.text == "software PWM 5.0 % at 1000.0 Hz: 2 periods, mean duty 6.0 %, error p50 0.00 p99 2.00 max 2.00 points")
        #expect(s.json == "{\"periods\":2,\"target_duty\":0.0500,\"mean_duty\":0.0600,\"duty_error_p50_points\":0.000,"
            + "\"duty_error_p99_points\":2.000,\"duty_error_max_points\":2.000,\"mean_period_ns\":1000000.0}")
    }

    @Test func shortRunOnABinaryOutputMakesWholePeriods() throws {
        let out = SimulatedOutput(clock: MonotonicClock(), isBinary: true)
        let run = BenchRun(output: out, timeline: .steady(1), duration: .milliseconds(100),
                           settings: SchedulerSettings(realtimePriority: nil, lockMemory: false, softPWMFrequency: 1000),
                           label: "software PWM 50 %", lightness: 0.5)
        let report = try run.run()
        let s = SoftPWMStatistics(stamps: report.stamps, targetDuty: 0.5)
        #expect(s.periods > 0)
        #expect(report.stamps.allSatisfy { $0.duty == 0 || $0.duty == 1 })
        // At most one pulse per 1 ms period (a late wake-up shifts its pulse, never doubles
        // it). How many periods got a pulse depends on the machine's load: that is a
        // figure for `make bench`, not something a test may assert.
        let ons = report.stamps.filter { $0.duty == 1 }
        let first = try #require(ons.first).intended
        let index = ons.map { ($0.intended - first) / 1_000_000 }
        #expect(zip(index, index.dropFirst()).allSatisfy { $0 < $1 }, "one pulse per period: \(index)")
        // Off-edges alternate with on-edges.
        for (a, b) in zip(report.stamps, report.stamps.dropFirst()) { #expect(a.duty != b.duty) }
    }
}
