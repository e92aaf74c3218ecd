import Testing
@testable import TorchCore

/// Issue 11, readout: a number as groups of short blinks, zero one long blink, pauses
/// between digits, longer at dots and before the repeat — checked on the timeline by
/// reading the blinks back as an observer would.
@Suite struct ReadoutTests {
    /// The blinks of a timeline played `repetitions` times.
    static func blinks(_ t: Timeline, repetitions: Int) -> [ReadoutDecoder.Blink] {
        var changes: [(ns: Int64, level: Double)] = []
        var at: Int64 = 0
        for _ in 0..<repetitions {
            for s in t.steps {
                changes.append((at, s.level))
                at += s.duration.nanoseconds
            }
        }
        changes.append((at, 1))  // the next repetition's first blink closes the last dark
        return ReadoutDecoder.blinks(changes)
    }

    @Test(arguments: ["0", "7", "10", "105", "192", "255", "909", "0.1.0", "12.0.3", "4294967295", "000"])
    func blinkTrainSpellsItsNumber(text: String) throws {
        let r = try Readout(text)
        #expect(ReadoutDecoder.decode(Self.blinks(r.timeline, repetitions: 2)) == [text, text])
    }

    /// 105: one short blink; a long one; five short ones; with Anduril's lengths.
    @Test func exactStepsOf105() {
        let ms = { (n: Int64) in Duration.milliseconds(n) }
        let steps = Readout(number: 105).timeline.steps
        #expect(steps == [
            .hold(1, ms(167)), .hold(0, ms(917)),
            .hold(1, ms(500)), .hold(0, ms(917)),
            .hold(1, ms(167)), .hold(0, ms(250)), .hold(1, ms(167)), .hold(0, ms(250)), .hold(1, ms(167)), .hold(0, ms(250)),
            .hold(1, ms(167)), .hold(0, ms(250)), .hold(1, ms(167)), .hold(0, ms(917 + 2000)),
        ])
    }

    @Test func onceEndsDarkAndRepeatingRunsForever() throws {
        let r = Readout(number: 3)
        #expect(r.once.repeatCount == 1 && r.once.endLevel == 0)
        #expect(r.timeline.repeatCount == nil)
        try PatternLimits.check(Readout(try Readout(String(repeating: "9", count: 24)).text).timeline)
    }

    @Test(arguments: ["", ".1", "1.", "1..2", "-3", "1e3", "12a", "٣", String(repeating: "1", count: 25), "1 2"])
    func badTextIsRefused(text: String) {
        #expect(throws: ValueError.self) { try Readout(text) }
        #expect(throws: PatternSyntaxError.self) { try Pattern.parseCanonical("readout \(text)") }
    }

    @Test func roundTripsAsAPattern() throws {
        let p = Pattern.readout(try Readout("0.1.0"))
        #expect(p.canonicalText == "readout 0.1.0")
        #expect(try Pattern.parseCanonical("readout 0.1.0") == p)
        let record = PersistentState(brightness: .full, pattern: p, buttonMode: .smart, lit: true)
        #expect(StateFileLoad.load(contents: StateFileFormat.encode(record), path: "s").state == record)
    }

    @Test func sources() throws {
        #expect(try ReadoutSource.parse("ip") == .ip)
        #expect(try ReadoutSource.parse("temp") == .temperature)
        #expect(try ReadoutSource.parse("version") == .version)
        #expect(try ReadoutSource.parse("42") == .number(Readout(number: 42)))
        #expect(throws: ValueError.self) { try ReadoutSource.parse("temperature") }
    }
}

/// The machine files' text, parsed without the machine.
@Suite struct MachineReadingsTests {
    @Test func loadAverage() {
        #expect(MachineReadings.loadAverage("0.52 0.58 0.59 1/234 5678\n") == 0.52)
        #expect(MachineReadings.loadAverage("12.00 1 1 1/1 1") == 12)
        for bad in ["", "\n", "-1 2 3", "abc", "1e400 0 0", "nan 0 0", "0x10 1 1"] {
            #expect(MachineReadings.loadAverage(bad) == nil, "\(bad)")
        }
    }

    @Test func celsius() {
        #expect(MachineReadings.celsius(millidegrees: "48312\n") == 48)
        #expect(MachineReadings.celsius(millidegrees: "48500") == 49)
        #expect(MachineReadings.celsius(millidegrees: "-1500") == -2)
        for bad in ["", "hot", "1.5", "99999999999", "2000000"] {
            #expect(MachineReadings.celsius(millidegrees: bad) == nil, "\(bad)")
        }
    }

    @Test func cpuZone() {
        #expect(MachineReadings.cpuZone([("thermal_zone1", "cpu-thermal"), ("thermal_zone0", "acpitz")]) == "thermal_zone1")
        #expect(MachineReadings.cpuZone([("thermal_zone10", "x"), ("thermal_zone2", "y")]) == "thermal_zone2")
        #expect(MachineReadings.cpuZone([("cooling_device0", "cpu")]) == nil)
        #expect(MachineReadings.cpuZone([]) == nil)
    }

    @Test func boardAddressIsTheFirstUpNonLoopbackIPv4() {
        typealias A = MachineReadings.InterfaceAddress
        let lo = A(name: "lo", isUp: true, isLoopback: true, ipv4: [127, 0, 0, 1])
        let down = A(name: "eth0", isUp: false, isLoopback: false, ipv4: [10, 0, 0, 5])
        let linkLocal = A(name: "usb0", isUp: true, isLoopback: false, ipv4: [169, 254, 3, 4])
        let wlan = A(name: "wlan0", isUp: true, isLoopback: false, ipv4: [192, 168, 1, 23])
        #expect(MachineReadings.boardAddress([lo, down, linkLocal, wlan]) == wlan)
        #expect(MachineReadings.boardAddress([lo, down]) == nil)
    }
}
