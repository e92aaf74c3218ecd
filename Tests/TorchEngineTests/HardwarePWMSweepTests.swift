import Testing
import TorchCore
import TorchHardware
import TorchTesting
@testable import TorchEngine

/// `torch bench pwm` on a hardware PWM channel, against the sysfs double taught to round
/// periods as a counter with a fixed clock does.
@Suite struct HardwarePWMSweepTests {
    static func open(_ fs: SysfsPWMDouble) throws -> SysfsPWMOutput {
        fs.addChip(number: 0, device: "1f00098000.pwm", channels: 4)
        return try SysfsPWMOutput(chip: "1f00098000.pwm", channel: 0, fs: fs, clock: ManualClock(), pause: { _ in })
    }

    @Test func readsBackThePeriodTheHardwareRoundedTo() throws {
        let fs = SysfsPWMDouble()
        let output = try Self.open(fs)
        defer { output.close() }
        // A 3 µs step (a 333⅓ kHz counter clock): 1 kHz is exact, 3 kHz and 7 kHz are not.
        fs.roundPeriods(chip: 0, step: 3_000)
        let rows = try HardwarePWMSweep(output: output, frequencies: [1000, 3000, 7000], level: 0.5).run()
        #expect(rows.map(\.periodWritten) == [1_000_000, 333_333, 142_857])
        #expect(rows.map(\.periodRead) == [999_000, 333_000, 144_000])
        #expect(rows.map(\.dutyWritten) == [500_000, 166_667, 71_429])
        #expect(rows.map(\.dutyRead) == [501_000, 168_000, 72_000])
        #expect(rows.allSatisfy { $0.enabled })
        #expect(rows[1].periodErrorNs == -333)
        #expect(abs(rows[2].frequencyRead - 6944.44) < 0.01)
        // The kernel checked the values written: no store was refused along the way.
        #expect(!fs.writeLog.contains { $0.contains("→") })
    }

    @Test func anExactDriverReadsBackWhatWasWritten() throws {
        let fs = SysfsPWMDouble()
        let output = try Self.open(fs)
        defer { output.close() }
        let rows = try HardwarePWMSweep(output: output, frequencies: [100, 2000, 25000], level: 0.05).run()
        for r in rows {
            #expect(r.periodRead == r.periodWritten)
            #expect(r.dutyRead == r.dutyWritten)
            #expect(abs(r.dutyRead01 - 0.05) < 1e-4)
        }
        // Down the sweep from 10 ms to 40 µs the duty went down before each shorter period.
        #expect(fs.channelState(chip: 0, channel: 0)?.period == 40_000)
    }

    @Test func theTableShowsWrittenAndReadBackSideBySide() throws {
        let fs = SysfsPWMDouble()
        let output = try Self.open(fs)
        defer { output.close() }
        fs.roundPeriods(chip: 0, step: 3_000)
        let rows = try HardwarePWMSweep(output: output, frequencies: [3000], level: 0.5).run()
        let lines = HardwarePWMSweep.text(rows, level: 0.5).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[1].contains("333333 → 333000"))
        #expect(lines[1].contains("3003.0 Hz"))
        #expect(lines[1].contains("166667 → 168000"))
        #expect(lines[1].hasSuffix("0.45 points"))
        let json = HardwarePWMSweep.json(rows, level: 0.5).jsonText
        #expect(json.contains("\"period_read_ns\":333000") && json.contains("\"duty_read_ns\":168000"))
    }

    @Test func closingAfterTheSweepPutsTheChannelBack() throws {
        let fs = SysfsPWMDouble()
        let output = try Self.open(fs)
        _ = try HardwarePWMSweep(output: output, frequencies: [500, 5000], level: 0.3).run()
        output.close()
        #expect(!fs.isExported(chip: 0, channel: 0))
        #expect(fs.channelState(chip: 0, channel: 0)?.dutyCycle == 0)
    }
}
