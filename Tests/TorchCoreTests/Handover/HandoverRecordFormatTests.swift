import Testing
import TorchCore

/// The handover record's text: the output, the program's time zero, the light's state.
@Suite struct HandoverRecordFormatTests {
    let state = PersistentState(brightness: Brightness(clamping: 0.4), pattern: .blink(on: .milliseconds(250), off: .milliseconds(250)),
                                buttonMode: .smart, lit: true, stealth: true)

    @Test func aGPIOLineRoundTrips() throws {
        let record = HandoverRecord(output: .gpioLine(chip: "gpiochip1", offset: 18, activeLow: true),
                                    resumption: Resumption(state: state, origin: Instant(nanoseconds: 123_456_789_000)))
        let text = HandoverRecordFormat.encode(record)
        #expect(text.hasPrefix("handover=1\noutput=gpiod gpiochip1 18 active-low\norigin=123456789000\nversion=1\n"))
        #expect(try HandoverRecordFormat.decode(text) == record)
    }

    @Test func aHandedOverRecordSaysSo() throws {
        var record = HandoverRecord(output: .gpioLine(chip: "gpiochip0", offset: 1, activeLow: false),
                                    resumption: Resumption(state: state, origin: .zero), handedOver: true)
        #expect(HandoverRecordFormat.encode(record).contains("\nhanded-over=yes\n"))
        #expect(try HandoverRecordFormat.decode(HandoverRecordFormat.encode(record)) == record)
        record.handedOver = false
        #expect(!HandoverRecordFormat.encode(record).contains("handed-over"))
        #expect(try HandoverRecordFormat.decode(HandoverRecordFormat.encode(record)) == record)
    }

    @Test func aPWMChannelRoundTripsWithWhatWasFound() throws {
        for found in [nil, PWMChannelState(period: 500_000, dutyCycle: 0, polarity: .inversed, enabled: true)] {
            let record = HandoverRecord(output: .pwmChannel(chip: "pwmchip0", channel: 1, found: found),
                                        resumption: Resumption(state: state, origin: Instant(nanoseconds: 5)))
            #expect(try HandoverRecordFormat.decode(HandoverRecordFormat.encode(record)) == record)
        }
        let text = HandoverRecordFormat.encode(HandoverRecord(
            output: .pwmChannel(chip: "pwmchip0", channel: 1, found: PWMChannelState(period: 500_000, dutyCycle: 7, polarity: .normal, enabled: false)),
            resumption: Resumption(state: state, origin: .zero)))
        #expect(text.contains("output=pwm pwmchip0 1 found 500000 7 normal 0\n"))
    }

    /// The next process takes over only the output the config drives now.
    @Test func theRecordNamesTheConfiguredOutputOrNot() {
        let line = HandoverRecord(output: .gpioLine(chip: "gpiochip0", offset: 18, activeLow: false),
                                  resumption: Resumption(state: state, origin: .zero))
        #expect(line.names(.gpioLine(chip: "gpiochip0", offset: 18, activeLow: false)))
        #expect(!line.names(.gpioLine(chip: "gpiochip4", offset: 18, activeLow: false)), "another chip")
        #expect(!line.names(.gpioLine(chip: "gpiochip0", offset: 17, activeLow: false)), "another line")
        #expect(!line.names(.gpioLine(chip: "gpiochip0", offset: 18, activeLow: true)), "active-low changed")
        #expect(!line.names(.pwmChannel(chip: "pwmchip0", channel: 0, found: nil)), "a PWM channel now")
        let found = PWMChannelState(period: 1000, dutyCycle: 0, polarity: .normal, enabled: false)
        let pwm = HandoverRecord(output: .pwmChannel(chip: "pwmchip0", channel: 1, found: found),
                                 resumption: Resumption(state: state, origin: .zero))
        #expect(pwm.names(.pwmChannel(chip: "pwmchip0", channel: 1, found: nil)), "what was found does not matter")
        #expect(!pwm.names(.pwmChannel(chip: "pwmchip0", channel: 0, found: found)))
        #expect(!pwm.names(.pwmChannel(chip: "pwmchip2", channel: 1, found: found)))
        #expect(!pwm.names(.gpioLine(chip: "gpiochip0", offset: 18, activeLow: false)))
    }

    @Test func aBrokenRecordSaysWhy() {
        let good = HandoverRecordFormat.encode(HandoverRecord(output: .gpioLine(chip: "gpiochip0", offset: 0, activeLow: false),
                                                              resumption: Resumption(state: state, origin: .zero)))
        func reason(_ text: String) -> String? {
            do { _ = try HandoverRecordFormat.decode(text); return nil } catch { return error.reason }
        }
        #expect(reason(good) == nil)
        #expect(reason(good.replacingFirst("handover=1", "handover=2")) == "not a version 1 handover record ('handover=2')")
        #expect(reason(good.replacingFirst("origin=0", "origin=-5")) == "origin '-5' is not a CLOCK_MONOTONIC instant")
        #expect(reason(good.replacingFirst("gpiod gpiochip0 0 active-high", "gpiod gpio chip0 0 active-high"))?.hasPrefix("output 'gpiod gpio chip0 0 active-high' is not") == true)
        #expect(reason(good.replacingFirst("output=gpiod", "output=spi"))?.hasPrefix("output 'spi") == true)
        #expect(reason(good.replacingFirst("lit=yes", "lit=maybe"))?.hasPrefix("state: ") == true)
        #expect(reason(good + "origin=1\n") == "duplicate key 'origin'")
        #expect(reason("") != nil)
    }
}

extension String {
    /// The text with the first `a` replaced by `b` (no Foundation in these tests).
    func replacingFirst(_ a: String, _ b: String) -> String {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(a) { return String(self[..<i]) + b + String(self[index(i, offsetBy: a.count)...]) }
            i = index(after: i)
        }
        return self
    }
}
