/// A light sensor's sysfs attributes (values as the IIO core prints them, a device's
/// list of attribute names) and `[sensor] device`. Properties: an accepted value is
/// finite; a chosen channel reads its value from an attribute the list holds, its scale,
/// offset and timing too, with `_input` taking no scale; an accepted device names what
/// it was given; a refusal echoes no control character.
func fuzzIIO(_ bytes: [UInt8]) {
    let input = text(bytes)
    do {
        let v = try IIOValue.parse(input)
        guard v.isFinite else { violated("value \(v)", input) }
    } catch {
        checkErrorLines([error.description], from: input)
    }
    // The input as a directory listing: one attribute name per line.
    let names = input.split(separator: "\n").map(String.init)
    let set = Set(names)
    for c in LightSensorChannel.all(in: names) {
        let files = [c.valueFile] + [c.scaleFile, c.offsetFile, c.integrationTimeFile, c.samplingFrequencyFile].compactMap { $0 }
        guard files.allSatisfy(set.contains) else { violated("channel \(c.name) reads a file not listed: \(files)", input) }
        if !c.isRaw, c.scaleFile != nil || c.offsetFile != nil { violated("an _input value with a scale", input) }
        guard (try? LightSensorChannel.choose(in: names, requested: c.name)) == c else { violated("\(c.name) not chosen by name", input) }
    }
    do { _ = try LightSensorChannel.choose(in: names, requested: names.first) } catch { checkErrorLines([error.description], from: input) }
    do {
        let d = try SensorDevice.parse(input)
        let back = try SensorDevice.parse(d.description)
        guard back == d else { violated("device \(d) reads back as \(back)", input) }
    } catch {
        checkErrorLines([error.description], from: input)
    }
}

/// The calibration file. Properties: a file read encodes to text that reads back to
/// the same text; its correction rises from 0 to 1 in luminance and duty, and maps every
/// luminance to a duty in 0…1 that never falls as the luminance rises; a refusal is one
/// line with no control character.
func fuzzCalibration(_ bytes: [UInt8]) {
    let input = text(bytes)
    let c: LightCalibration
    do { c = try CalibrationFile.decode(input) } catch {
        guard !error.description.contains("\n") else { violated("a refusal over lines", input) }
        checkErrorLines([error.description], from: input)
        return
    }
    let encoded = CalibrationFile.encode(c)
    guard let back = try? CalibrationFile.decode(encoded), CalibrationFile.encode(back) == encoded else {
        violated("the file does not read back", input)
    }
    let k = c.correction
    guard k.luminances.first == 0, k.luminances.last == 1, k.duties.last == 1,
          zip(k.luminances, k.luminances.dropFirst()).allSatisfy({ $0 < $1 }),
          zip(k.duties, k.duties.dropFirst()).allSatisfy({ $0 <= $1 }) else {
        violated("correction \(k.luminances) → \(k.duties)", input)
    }
    var last = 0.0
    for i in 0...64 {
        let d = k.duty(forLuminance: Double(i) / 64)
        guard d >= 0, d <= 1, d >= last else { violated("duty \(d) at \(i)/64 after \(last)", input) }
        last = d
    }
    let m = OutputMapping(curve: .cie, calibration: c)
    guard m.duty(forLightness: 1) == 1, m.duty(forLightness: 0) == 0, m.duty(forLightness: 0.01) > 0 else {
        violated("the mapping's ends", input)
    }
}
