import Testing
import TorchCore
import TorchTestSupport

/// A calibration measured on an LED whose light bends (the test light sensor's model: a
/// dead zone, then a straight and a quadratic part, on an ambient offset, with noise):
/// the correction gives each level the lightness asked for, within 2 L* wherever the
/// sensor tells it from dark; the file keeps it exactly enough to do the same.
@Suite struct CalibrationTests {
    /// The kernel module's LED (iio-torch-test.c): lux = offset + full·(a·led + (1−a)·led²).
    struct LED {
        var threshold = 0.005, linear = 0.25, offset = 2.0, full = 400.0, noise = 0.2
        func lux(_ duty: Double, _ rng: inout SplitMix64) -> Double {
            let led = duty > threshold ? (duty - threshold) / (1 - threshold) : 0
            let n = (Double(rng.next() % 2001) / 1000 - 1) * noise
            return offset + full * (linear * led + (1 - linear) * led * led) + n
        }
    }

    /// What `torch calibrate` does, on the model: dark six times, then 24 duties, three
    /// readings each.
    func calibrate(_ led: LED, steps: Int = 24, seed: UInt64 = 7) -> LightCalibration {
        var rng = SplitMix64(seed: seed)
        let darks = (0..<6).map { _ in led.lux(0, &rng) }
        let duties = (1...steps).map { k -> Double in let x = Double(k) / Double(steps); return x * x * x.squareRoot() }
        let points = duties.map { d in
            LightCalibration.Point(duty: d, reading: (0..<3).map { _ in led.lux(d, &rng) }.reduce(0, +) / 3)
        }
        return LightCalibration(sensor: "torch-test-light iio:device0 in_illuminance", unit: "lx",
                                dark: darks.reduce(0, +) / 6, noise: (darks.max() ?? 0) - (darks.min() ?? 0), points: points)
    }

    @Test func theCorrectionGivesEachLevelItsLightness() {
        let led = LED()
        let c = calibrate(led)
        #expect(c.problem == nil)
        let mapping = OutputMapping(curve: .cie, calibration: c)
        var rng = SplitMix64(seed: 99)
        var worst = 0.0
        var uncorrectedWorst = 0.0
        for percent in 1...100 {
            let level = Double(percent) / 100
            let target = Lightness.luminance(lStar: 100 * level)
            guard target > 3 * led.noise / led.full else { continue }  // what the sensor tells from dark
            func lStar(_ duty: Double) -> Double {
                let reading = (0..<3).map { _ in led.lux(duty, &rng) }.reduce(0, +) / 3
                return Lightness.lStar(luminance: (reading - led.offset) / led.full)
            }
            worst = max(worst, abs(lStar(mapping.duty(forLightness: level)) - 100 * level))
            uncorrectedWorst = max(uncorrectedWorst, abs(lStar(BrightnessCurve.cie.duty(forLightness: level)) - 100 * level))
        }
        #expect(worst <= 2, "worst \(worst) L*")
        // Without it the LED's own curve is far off: the correction is what makes it.
        #expect(uncorrectedWorst > 10, "uncorrected \(uncorrectedWorst) L*")
    }

    @Test func fullStaysFullAndDarkStaysDark() {
        let m = OutputMapping(curve: .cie, calibration: calibrate(LED()))
        #expect(m.duty(forLightness: 1) == 1)
        #expect(m.duty(forLightness: 0) == 0)
        #expect(m.duty(forLightness: 0.001) > 0)
        // The dead zone: the lowest level starts at the last duty that still read dark.
        #expect(m.duty(forLightness: 0.01) > 0.005)
        // linear is the raw duty, calibrated or not.
        #expect(OutputMapping(curve: .linear, calibration: calibrate(LED())).duty(forLightness: 0.3) == 0.3)
    }

    @Test func aNoisySweepIsMadeMonotone() {
        let c = LightCorrection([(0.1, 0.2), (0.2, 0.15), (0.3, 0.5), (0.5, 0.45), (1, 1)])
        #expect(zip(c.luminances, c.luminances.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(c.duties, c.duties.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(c.luminances.first == 0 && c.luminances.last == 1 && c.duties.last == 1)
        var last = 0.0
        for i in 0...100 {
            let d = c.duty(forLuminance: Double(i) / 100)
            #expect(d >= last)
            last = d
        }
    }

    @Test func theFileKeepsItAndRefusesWhatCannotBe() throws {
        let c = calibrate(LED())
        let text = CalibrationFile.encode(c)
        #expect(text.hasPrefix("version=1\n"))
        let back = try CalibrationFile.decode(text)
        #expect(CalibrationFile.encode(back) == text)
        #expect(back.points.count == c.points.count && abs(back.dark - c.dark) < 1e-8)
        for (bad, reason) in [
            ("", "empty file"),
            ("version=2\n", "line 1: expected 'version=1', got 'version=2'"),
            ("version=1\nsensor=x\nunit=lx\ndark=1\nnoise=0\npoint=0.5 3\n", "it has 1 duty lines: expected 2 to 512"),
            ("version=1\nsensor=x\nunit=lx\ndark=1\nnoise=0\npoint=0.5 3\npoint=0.4 4\n", "its duties must rise strictly from above 0 to 1, with finite readings"),
            ("version=1\nsensor=x\nunit=lx\ndark=1\nnoise=0\npoint=0.5 3\npoint=0.9 4\n", "its last duty must be 1 (the LED at full)"),
            ("version=1\nsensor=x\nunit=lx\ndark=5\nnoise=1\npoint=0.5 3\npoint=1 5.5\n", "the LED at full reads 5.5 against 5 dark: no more than the sensor's noise (1)"),
            ("version=1\nsensor=x\nunit=lx\ndark=1\nnoise=0\npoint=0.5\n", "line 6: point '0.5': expected a duty and a reading, e.g. point=0.5 120.25"),
            ("version=1\ncolour=red\n", "line 2: unknown key 'colour' (expected sensor, unit, dark, noise or point)"),
            ("version=1\ndark=1\ndark=2\n", "line 3: 'dark' is set twice"),
            ("version=1\nsensor=x\nunit=lx\nnoise=0\n", "no dark line"),
            ("version=1\ndark=1e3\n", "line 2: dark '1e3' is not a decimal number"),
        ] {
            let e = try requireThrows(StateFileError.self) { try CalibrationFile.decode(bad) }
            #expect(e.description == reason, "\(bad)")
        }
    }

    /// A reading beyond any sensor is refused: nine decimals of it would be written with
    /// an exponent, which the file does not read. One at the limit reads back as written.
    @Test func aReadingBeyondAnySensorIsRefusedAndOneAtTheLimitReadsBack() throws {
        let head = "version=1\nsensor=x\nunit=lx\ndark=2.01\nnoise=0.38\npoint=0.25 141.5\n"
        for (bad, reason) in [
            (head + "point=0.75 4144444444444444440.1\npoint=1 402.3\n", "the reading at duty 0.75 is beyond ±1000000000"),
            (head + "point=1 -1000000000.5\n", "the reading at duty 1 is beyond ±1000000000"),
            ("version=1\nsensor=x\nunit=lx\ndark=1000000001\nnoise=0\npoint=1 5\npoint=1 6\n",
             "its dark and noise must be numbers within ±1000000000, noise at least 0"),
        ] {
            let e = try requireThrows(StateFileError.self) { try CalibrationFile.decode(bad) }
            #expect(e.description == reason, "\(bad)")
        }
        let atLimit = head + "point=1 999999999.123456789\n"
        let c = try CalibrationFile.decode(atLimit)
        let text = CalibrationFile.encode(c)
        #expect(text.contains("point=1 999999999.123456"))
        #expect(try CalibrationFile.encode(CalibrationFile.decode(text)) == text)
    }

    @Test func aControlCharacterInTheSensorsNameIsNotWritten() throws {
        var c = calibrate(LED())
        c.sensor = "evil\nname=x"
        let text = CalibrationFile.encode(c)
        #expect(text.contains("sensor=evil?name=x\n"))
        #expect(try CalibrationFile.decode(text).sensor == "evil?name=x")
    }
}
