import Testing
import TorchCore
@testable import TorchHardware
import TorchTesting

/// A PWM channel at a restart (`SysfsPWMOutput` `takingOver:`, `handOver`): the next
/// process takes the channel over with no write while it is as the last one left it,
/// and the stop puts back what the first process found.
@Suite struct PWMTakeOverTests {
    func open(_ fs: SysfsPWMDouble, takingOver: PWMTakeOver?) throws(HardwareError) -> SysfsPWMOutput {
        let time = PWMTestTime()
        return try SysfsPWMOutput(chip: "1f00098000.pwm", channel: 0, fs: fs, takingOver: takingOver,
                                  clock: time.clock, pause: { time.pause($0) })
    }

    @Test func aHandOverWritesNothingAndTheNextProcessTakesTheChannelAsItIs() throws {
        let fs = makePWMDouble()
        let first = try open(fs, takingOver: nil)
        #expect(first.write(duty: 0.4) == 0)
        let record = first.takeOver
        #expect(record == PWMTakeOver(found: nil), "torch exported it")
        fs.clearWrites()
        first.handOver()
        #expect(fs.writeLog.isEmpty, "a hand-over writes nothing: \(fs.writeLog)")
        #expect(fs.channelState(chip: 0, channel: 0) == PWMChannelState(period: 500_000, dutyCycle: 200_000, polarity: .normal, enabled: true))

        let next = try open(fs, takingOver: record)
        #expect(fs.writeLog.isEmpty, "taken over with no write (no glitch): \(fs.writeLog)")
        #expect(next.takenOver && next.exportedByUs)
        #expect(next.dutyCycle == 200_000)
        #expect(next.summary.hasSuffix(", taken over from the last run"))
        // The stop: dark, then unexported, as the first process exported it.
        next.close()
        #expect(!fs.isExported(chip: 0, channel: 0))
    }

    @Test func aChannelFoundExportedIsPutBackAsTheFirstProcessFoundIt() throws {
        let fs = makePWMDouble()
        let before = PWMChannelState(period: 1_000_000, dutyCycle: 0, polarity: .normal, enabled: false)
        fs.preExport(chip: 0, channel: 0, before)
        let first = try open(fs, takingOver: nil)
        _ = first.write(duty: 1)
        #expect(first.takeOver == PWMTakeOver(found: before))
        first.handOver()
        let next = try open(fs, takingOver: first.takeOver)
        #expect(next.takenOver && !next.exportedByUs)
        #expect(next.found == before, "what the first process found, not the lit channel it took over")
        next.close()
        let after = try #require(fs.channelState(chip: 0, channel: 0))
        #expect(fs.isExported(chip: 0, channel: 0))
        #expect(after.period == 1_000_000 && after.dutyCycle == 0, "period as found, dark")
    }

    @Test func aChannelChangedMeanwhileIsSetUpAgain() throws {
        let fs = makePWMDouble()
        // Disabled by someone while no process ran: torch sets it up (and lights as
        // the program says), still putting back what the first process found.
        fs.preExport(chip: 0, channel: 0, PWMChannelState(period: 500_000, dutyCycle: 100_000, polarity: .normal, enabled: false))
        let next = try open(fs, takingOver: PWMTakeOver(found: nil))
        #expect(!next.takenOver)
        #expect(next.exportedByUs, "the record says torch exported it")
        #expect(fs.channelState(chip: 0, channel: 0)?.enabled == true)
        next.close()
        #expect(!fs.isExported(chip: 0, channel: 0))
    }
}
