import Testing

/// `torch wiring` and `torch plot` as a user runs them: the text on stdout (golden, and
/// the same as walkthrough 1 in docs/walkthroughs.md shows), the SVG file (the same bytes as docs/plots), and the
/// one-line usage errors.
@Suite struct WiringPlotCommandTests {
    static let repo: String = {
        let dir = Golden.directory
        var parts = dir.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TorchCLITests/Golden
        return parts.joined(separator: "/")
    }()

    @Test func wiringForTheSuggestedPinsIsWhatTheWalkthroughShows() throws {
        let dir = TempDir()
        let conf = dir.write("torch.conf", "[board]\nname = rpi4b\n")
        let r = TorchProcess.run(["wiring", "--config", conf, "--state-file", dir.path + "/state"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        Golden.check(r.stdout, "wiring-rpi4b.txt")
        let byFlag = TorchProcess.run(["wiring", "--board", "rpi4b", "--state-file", dir.path + "/state"])
        #expect(byFlag.stdout == r.stdout)
        let walkthrough = try #require(readText(Self.repo + "/docs/walkthroughs.md"))
        #expect(walkthrough.contains("$ torch wiring --board rpi4b\n" + r.stdout + "```"), "docs/walkthroughs.md's torch wiring example differs")
    }

    @Test func wiringTakesTheConfiguredPinsAndWarns() {
        let dir = TempDir()
        let conf = dir.write("torch.conf", "[board]\nname = rpi5\n\n[output]\nline = GPIO13\n\n[button]\nline = GPIO23\noff-line = GPIO24\n")
        let r = TorchProcess.run(["wiring", "--config", conf, "--current", "20mA", "--state-file", dir.path + "/state"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("LED         pin 33 (GPIO13) ── 68 Ω ──▶|── pin 34 (GND)\n"))
        #expect(r.stdout.contains("OFF button  pin 18 (GPIO24) ── button ── pin 20 (GND)\n"))
        #expect(r.stdout.contains("\nwarning: 19.1 mA is above the pin's 16 mA limit"))
        #expect(r.stdout.contains("  E24 68 Ω: 19.1 mA") && !r.stdout.contains("  E12 68 Ω"), "the same value is listed once")
    }

    @Test(arguments: [
        (["wiring", "--current", "10"], "torch: error: --current: '10' is not valid: expected a current from 0.1mA to 10A with a unit (10mA, 0.5A, 500uA)"),
        (["wiring", "--vf", "two"], "torch: error: --vf: 'two' is not valid: expected a voltage from 0.1V to 60V with a unit (3.3V, 2.0V, 1800mV)"),
        (["plot", "sos"], "torch: error: --svg: required: the file to write the plot to"),
        (["plot", "--svg", "/tmp/x.svg"], "torch: error: <pattern>: give a pattern name, custom steps or --morse TEXT"),
    ])
    func usageErrors(args: [String], first: String) {
        let r = TorchProcess.run(args)
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix(first + "\n"), "\(r.stderr)")
    }

    @Test func wiringWithoutHeadroomIsOneLine() {
        let r = TorchProcess.run(["wiring", "--board", "rpi4b", "--vf", "3.4V"])
        #expect(r.status == 1)
        #expect(r.stderr == "torch: wiring: --supply 3.3 V is not above --vf 3.4 V: the LED cannot light from it; use a higher supply through a MOSFET (wiring/led-mosfet.svg)\n")
    }

    @Test func plotWritesThePatternsPagePlot() throws {
        let dir = TempDir()
        let out = dir.path + "/sos.svg"
        let r = TorchProcess.run(["plot", "sos", "--svg", out, "--config", Self.repo + "/dist/torch.conf", "--state-file", dir.path + "/state"])
        #expect(r.status == 0)
        #expect(r.stderr == "torch: wrote \(out) (1 pattern)\n")
        let svg = try #require(readText(out))
        #expect(svg == readText(Self.repo + "/docs/plots/sos.svg"))
    }

    @Test func plotCustomStepsAndMorse() throws {
        let dir = TempDir()
        let out = dir.path + "/two.svg"
        let r = TorchProcess.run(["plot", "~100%", "1s", "~0", "1s", "x3", "--morse", "HI", "--svg", out, "--state-file", dir.path + "/state"])
        #expect(r.status == 0)
        let svg = try #require(readText(out))
        #expect(svg.components("<g class=\"pattern\">") == 2)
        #expect(svg.contains(">custom: ~100% 1s ~0 1s x3<"))
        #expect(svg.contains(">H</text>") && svg.contains(">I</text>"))
    }

    @Test func plotUnknownNameListsTheNames() {
        let dir = TempDir()
        let r = TorchProcess.run(["plot", "signal", "--svg", dir.path + "/x.svg", "--state-file", dir.path + "/state"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("torch: plot: unknown pattern 'signal'"))
        #expect(readText(dir.path + "/x.svg") == nil)
    }
}

extension String {
    /// How many times `part` occurs.
    fileprivate func components(_ part: String) -> Int {
        var count = 0
        var rest = Substring(self)
        while let r = rest.firstRange(of: part) {
            count += 1
            rest = rest[r.upperBound...]
        }
        return count
    }
}
