import Testing
import TorchCore
import TorchEngine

/// The dark-LED watch in the controller, driven as the sensor's front end drives it: the
/// programs played tell it when the light is steady and at which duty, each reading
/// comes with its instant; a verdict is one log line and a status change (`led_dark`).
@Suite struct LightWatchControllerTests {
    /// 2 lx dark, 402 lx at full, straight in between.
    static let calibration = LightCalibration(sensor: "s", unit: "lx", dark: 2, noise: 0.4,
                                              points: [.init(duty: 0.5, reading: 202), .init(duty: 1, reading: 402)])
    let t = Duration.milliseconds(100)

    func controller(watches: Bool = true, calibration: LightCalibration? = calibration) -> TorchController {
        var s = ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .cie, calibration: calibration))
        s.watchesLight = watches
        let c = TorchController(settings: s, at: .zero)
        c.handle(.start(at: .zero))
        c.handle(.advance(to: .zero, output: OutputHealth(writes: 1)))
        _ = c.takeEffects()
        return c
    }

    func read(_ c: TorchController, _ lux: Double, at ms: Int64) -> [ControllerEffect] {
        c.handle(.reading(.light(LightReading(value: lux, unit: "lx", integration: t)), at: atMs(ms)))
        return c.takeEffects()
    }

    @Test func aLitLEDThatReadsDarkIsSaidOnceAndShownUntilItReadsAgain() {
        let c = controller()
        c.handle(.request(ControlRequest(.on(.full)), from: .socket, at: atMs(100)))
        _ = c.takeEffects()
        #expect(c.wantsLightReadings)
        #expect(c.status(at: atMs(100)).ledDark == false)
        #expect(read(c, 400, at: 400).isEmpty)
        #expect(read(c, 2, at: 500).isEmpty)
        #expect(read(c, 2, at: 600).isEmpty)
        let dark = read(c, 2.1, at: 700)
        let logs = dark.compactMap { if case let .log(p, l) = $0 { (p, l) } else { nil } }
        #expect(logs.count == 1)
        #expect(logs.first?.0 == .error)
        #expect(logs.first?.1 == "light sensor: the LED reads dark (2.1 lx, where this level gave 402 lx and dark 2 lx): a broken LED or a loose wire? (said again when it reads light)")
        #expect(dark.contains { if case let .statusChanged(s) = $0 { s.ledDark == true } else { false } })
        #expect(c.status(at: atMs(700)).ledDark == true)
        #expect(read(c, 2, at: 800).isEmpty)
        let back = read(c, 390, at: 900)
        #expect(back.contains(.log(.notice, "light sensor: the LED reads light again (390 lx)")))
        #expect(back.contains { if case let .statusChanged(s) = $0 { s.ledDark == false } else { false } })
    }

    @Test func readingsAreJudgedOnlyOnceTheLightSettled() {
        let c = controller()
        c.handle(.request(ControlRequest(.on(.full)), from: .socket, at: atMs(1000)))
        _ = c.takeEffects()
        // Within two integration times of the change: not judged.
        for ms: Int64 in [1050, 1100, 1150] { _ = read(c, 2, at: ms) }
        #expect(c.status(at: atMs(1150)).ledDark == false)
        for ms: Int64 in [1200, 1300] { _ = read(c, 2, at: ms) }
        #expect(c.status(at: atMs(1300)).ledDark == false)
        // Dark: nothing to watch, nothing read.
        c.handle(.request(ControlRequest(.off), from: .socket, at: atMs(1350)))
        _ = c.takeEffects()
        #expect(!c.wantsLightReadings)
        #expect(read(c, 2, at: 1600).isEmpty)
        #expect(c.status(at: atMs(1600)).ledDark == false)
    }

    @Test func aDimLevelOrAPatternIsNotWatched() {
        let c = controller()
        c.handle(.request(ControlRequest(.on(Brightness(clamping: 0.2))), from: .socket, at: atMs(100)))
        _ = c.takeEffects()
        // 20 % perceived is 3 % of full luminance: below the watched 10 %.
        #expect(!c.wantsLightReadings)
        c.handle(.request(ControlRequest(.pattern(.strobe(.slow))), from: .socket, at: atMs(200)))
        c.handle(.request(ControlRequest(.on(.full)), from: .socket, at: atMs(200)))
        _ = c.takeEffects()
        #expect(!c.wantsLightReadings)
    }

    @Test func withoutACalibrationTheLEDIsNotWatchedAndTheStartSaysSo() {
        var s = ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .cie))
        s.watchesLight = true
        let c = TorchController(settings: s, at: .zero)
        c.handle(.start(at: .zero))
        #expect(c.takeEffects().contains(.log(.warning, "light sensor: this LED has no calibration (torch calibrate measures it): the LED is not watched")))
        #expect(c.status(at: .zero).ledDark == nil)
        #expect(!c.wantsLightReadings)
        // No sensor at all: nothing said, nothing shown.
        let quiet = controller(watches: false)
        #expect(quiet.status(at: .zero).ledDark == nil)
    }
}
