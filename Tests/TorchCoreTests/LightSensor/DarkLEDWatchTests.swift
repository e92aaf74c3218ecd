import Testing
import TorchCore

/// The dark-LED watch on instants: a steady light at a watched level read dark three
/// times in a row is "LED dark"; a reading with light clears it; what it cannot judge
/// (too soon after a change, a dim level, a pattern) it leaves alone.
@Suite struct DarkLEDWatchTests {
    /// 2 lx dark, 402 lx at full, straight in between; 0.4 lx of noise.
    let calibration = LightCalibration(sensor: "s", unit: "lx", dark: 2, noise: 0.4,
                                       points: [.init(duty: 0.5, reading: 202), .init(duty: 1, reading: 402)])
    let t = Duration.milliseconds(100)
    func at(_ ms: Int64) -> Instant { Instant(nanoseconds: ms * 1_000_000) }

    @Test func threeDarkReadingsInARowAreLEDDarkOneLitClearsIt() {
        var w = DarkLEDWatch(calibration: calibration)
        w.light(steadyAt: 0.5, since: at(0))
        #expect(w.wantsReadings)
        #expect(w.reading(200, at: at(300), integration: t) == nil)
        #expect(w.reading(2.1, at: at(400), integration: t) == nil)
        #expect(w.reading(2.3, at: at(500), integration: t) == nil)
        #expect(w.reading(1.9, at: at(600), integration: t) == .darkened(reading: 1.9, expected: 202))
        #expect(w.isDark)
        // Still dark: said once.
        #expect(w.reading(2.0, at: at(700), integration: t) == nil)
        #expect(w.reading(180, at: at(800), integration: t) == .readsAgain(reading: 180))
        #expect(!w.isDark)
    }

    @Test func aLitReadingBreaksTheRun() {
        var w = DarkLEDWatch(calibration: calibration)
        w.light(steadyAt: 1, since: at(0))
        for ms: Int64 in [300, 400] { #expect(w.reading(2, at: at(ms), integration: t) == nil) }
        #expect(w.reading(400, at: at(500), integration: t) == nil)
        #expect(w.darkInARow == 0)
        for ms: Int64 in [600, 700] { #expect(w.reading(2, at: at(ms), integration: t) == nil) }
        #expect(!w.isDark)
        // The boundary: a quarter of the expected rise (400 lx above dark at full).
        #expect(w.reading(2 + 100, at: at(800), integration: t) == nil)
        #expect(w.darkInARow == 0)
        #expect(w.reading(2 + 99.9, at: at(900), integration: t) == nil)
        #expect(w.darkInARow == 1)
    }

    @Test func readingsTooSoonAfterAChangeAreNotJudged() {
        var w = DarkLEDWatch(calibration: calibration)
        w.light(steadyAt: 0.5, since: at(1000))
        // A continuous sensor's reading may be the conversion before the change: two
        // integration times must have passed.
        for ms: Int64 in [1050, 1100, 1150, 1199] { #expect(w.reading(2, at: at(ms), integration: t) == nil) }
        #expect(w.darkInARow == 0)
        #expect(w.reading(2, at: at(1200), integration: t) == nil)
        #expect(w.darkInARow == 1)
        // A new level starts the count again; the same level does not.
        w.light(steadyAt: 0.5, since: at(1300))
        #expect(w.darkInARow == 1)
        w.light(steadyAt: 0.8, since: at(1300))
        #expect(w.darkInARow == 0)
    }

    @Test func dimLevelsPatternsAndDarkAreNotWatched() {
        var w = DarkLEDWatch(calibration: calibration)
        // 5 % of full light above dark: below the 10 % watched.
        #expect(!w.watches(duty: 0.05))
        #expect(w.watches(duty: 0.1))
        w.light(steadyAt: 0.05, since: at(0))
        #expect(!w.wantsReadings)
        for ms: Int64 in [300, 400, 500, 600] { #expect(w.reading(2, at: at(ms), integration: t) == nil) }
        w.light(steadyAt: nil, since: at(700))
        #expect(!w.wantsReadings)
        w.light(steadyAt: 0, since: at(800))
        #expect(!w.wantsReadings)
        #expect(!w.isDark)
        // A sensor whose noise is as large as the LED's light watches nothing.
        let noisy = DarkLEDWatch(calibration: LightCalibration(sensor: "s", unit: "lx", dark: 2, noise: 20,
                                                               points: [.init(duty: 0.5, reading: 52), .init(duty: 1, reading: 102)]))
        #expect(!noisy.watches(duty: 0.5) && noisy.watches(duty: 1))
    }
}
