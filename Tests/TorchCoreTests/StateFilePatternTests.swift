import Testing
import TorchCore

/// Issue 15, findings 1 and 2: a state file whose pattern breaks the limits (saved by an
/// older torch, or edited) is reported in one line and ignored, never played: the light
/// starts from the defaults instead of crashing on every restart.
@Suite struct StateFilePatternTests {
    let path = "/var/lib/torch/state"

    func file(pattern: String) -> String {
        "version=1\nbrightness=40%\npattern=\(pattern)\nbutton-mode=toggle\nlit=yes\n"
    }

    @Test(arguments: [
        ("morse 3074457346s N", "line 3: pattern 'morse 3074457346s N': token 2 '3074457346s': expected a Morse unit from 1ms to 1min"),
        ("custom 100% 1ns 0 1ns", "line 3: pattern 'custom 100% 1ns 0 1ns': token 3 '1ns': expected a step of 0 or from 50us to 24h (a 10kHz square wave at most)"),
        ("blink 0s 0s", "line 3: pattern 'blink 0s 0s': token 2 '0s': expected an on time from 50us to 24h"),
        ("flash", "line 3: pattern 'flash': token 1 'flash': unknown pattern kind: expected steady, blink, strobe, sos, morse, breathe, custom, readout or an effect (candle, lightning, bike, beacon, party…"),
    ])
    func patternOutsideTheLimitsGivesDefaultsAndOneWarning(pattern: String, reason: String) throws {
        let loaded = StateFileLoad.load(contents: file(pattern: pattern), path: path)
        #expect(loaded.state == nil)
        #expect(loaded.warning == "\(path): \(reason); using defaults")
        let warning = try #require(loaded.warning)
        #expect(!warning.contains("\n"))
    }

    @Test func aLongBadPatternIsShortenedInTheWarning() throws {
        let text = "custom " + String(repeating: "100% 1s ", count: 500) + "0 1ns"
        let loaded = StateFileLoad.load(contents: file(pattern: text), path: path)
        #expect(loaded.state == nil)
        let warning = try #require(loaded.warning)
        #expect(warning.count < 300)
        #expect(warning.hasPrefix("\(path): line 3: pattern 'custom 100% 1s 100% 1s 100% 1s 100% 1s 1…': "))
    }

    @Test func aGoodPatternIsKeptAsSaved() {
        let loaded = StateFileLoad.load(contents: file(pattern: "morse 100ms HI"), path: path)
        #expect(loaded.warning == nil)
        #expect(loaded.state?.pattern == .morse(text: "HI", unit: .milliseconds(100)))
        #expect(loaded.state?.lit == true)
    }
}
