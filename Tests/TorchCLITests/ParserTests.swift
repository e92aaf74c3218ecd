import Testing
import TorchCore
@testable import TorchCLI
@testable import torch

/// The command line parsed and built in process: a good command per subcommand, each
/// kind of usage error, help and version. (The golden tests run the binary for the
/// bytes on stdout and stderr; these pin what the parser hands the runner.)
@Suite struct ParserTests {
    struct NotRun: Error { var outcome: String }

    private func request(_ args: [String]) throws -> (Request, GlobalOptions) {
        let outcome = CommandLineOutcome.interpret(args, commands: Commands.all)
        guard case let .run(r, g) = outcome else { throw NotRun(outcome: "\(outcome)") }
        return (r, g)
    }

    /// The usage error's first line, or nil when the line parsed.
    private func error(_ args: [String]) -> String? {
        guard case let .usageError(text) = CommandLineOutcome.interpret(args, commands: Commands.all) else { return nil }
        return text.split(separator: "\n").first.map(String.init)
    }

    private func pattern(_ args: [String]) throws -> PatternChoice? {
        if case let (.light(choice, _), _) = try request(args) { return choice }
        return nil
    }

    @Test func onTakesALevelAndTheCommonOptions() throws {
        let (r, g) = try request(["on", "40%", "--for", "30s", "--backend", "sim", "--curve", "linear",
                                  "--config", "/tmp/t.conf", "--state-file=/tmp/state", "--no-display"])
        // `on` names no pattern: the chosen mode lights (issue 26).
        guard case let .on(light) = r else { Issue.record("not an on request: \(r)"); return }
        let forty = try Brightness.parse("40%")
        #expect(light.brightness == forty)
        #expect(light.runFor == .seconds(30))
        #expect(light.backend == BackendRequest(rawValue: "sim"))
        #expect(light.curve == .linear)
        #expect(light.display == false)
        #expect(g.configPath == "/tmp/t.conf")
        #expect(g.stateFilePath == "/tmp/state")
    }

    @Test func offFlagsBecomeForceAndRemember() throws {
        guard case let (.off(force, remember, _), _) = try request(["off", "--service-stopped"]) else {
            Issue.record("not off"); return
        }
        #expect(force && !remember)
        guard case let (.off(force2, remember2, _), _) = try request(["off", "--force"]) else { Issue.record("not off"); return }
        #expect(force2 && remember2)
    }

    @Test func blinkSpeedRateOnOffAndPreset() throws {
        #expect(try pattern(["blink"]) == .preset("blink"))
        #expect(try pattern(["blink", "--on", "100ms", "--off", "200ms"])
                == .exact(.blink(on: .milliseconds(100), off: .milliseconds(200))))
        #expect(try pattern(["blink", "--rate", "10Hz"]) != nil)
        guard case (.off, _) = try request(["blink", "--speed", "0"]) else { Issue.record("speed 0 is off"); return }
    }

    @Test func morseFamilyUsesTheConfigUnitUnlessGiven() throws {
        #expect(try pattern(["sos"]) == .preset("sos"))
        #expect(try pattern(["sos", "--unit", "100ms"]) == .sos(style: nil, unit: .milliseconds(100)))
        #expect(try pattern(["sos", "--sign"]) == .sos(style: .sign, unit: nil))
        #expect(try pattern(["sos", "--letters", "--unit", "200ms"]) == .sos(style: .letters, unit: .milliseconds(200)))
        #expect(error(["sos", "--sign", "--letters"]) == "torch: error: give --letters or --sign, not both")
        // The config's style and unit fill what the command line leaves.
        let signLibrary = try PatternLibrary(sosUnit: .milliseconds(200), sosStyle: .sign)
        #expect(PatternChoice.sos(style: nil, unit: .milliseconds(100)).resolve(signLibrary) == .morse(text: "<SOS>", unit: .milliseconds(100)))
        #expect(PatternChoice.sos(style: .letters, unit: nil).resolve(signLibrary) == .morse(text: "SOS", unit: .milliseconds(200)))
        #expect(try pattern(["morse", "HELLO", "WORLD"]) == .morse(text: "HELLO WORLD", unit: nil))
        #expect(try pattern(["morse", "HI", "--wpm", "12"]) == .morse(text: "HI", unit: Morse.unit(wordsPerMinute: 12)))
    }

    @Test func strobeBreatheAndPattern() throws {
        #expect(try pattern(["strobe", "fast"]) == .exact(.strobe(.fast)))
        #expect(try pattern(["breathe", "--min", "10%", "--max", "0.9"]) == .breathe(period: nil, minLevel: 0.1, maxLevel: 0.9))
        guard case .exact(.custom) = try pattern(["pattern", "100%", "200ms", "0", "300ms"]) else {
            Issue.record("pattern is custom"); return
        }
    }

    @Test func theCommandsWithoutLight() throws {
        guard case (.status(json: true), _) = try request(["status", "--json"]) else { Issue.record("status"); return }
        guard case let (.local(boards as BoardsCommand), _) = try request(["boards"]), !boards.json else { Issue.record("boards"); return }
        guard case let (.local(probe as ProbeCommand), _) = try request(["probe", "--json"]), probe.json else { Issue.record("probe"); return }
        guard case (.stealth(true), _) = try request(["stealth", "on"]) else { Issue.record("stealth"); return }
        guard case (.local(is BootLineCommand), _) = try request(["boot-line", "--config", "/tmp/t.conf"]) else { Issue.record("boot-line"); return }
        guard case (.toggle, _) = try request(["toggle"]) else { Issue.record("toggle"); return }
        guard case (.run, _) = try request(["run", "--backend", "sim"]) else { Issue.record("run"); return }
    }

    @Test func benchReadsItsTypedOptions() throws {
        guard case let (.local(b as BenchRequest), _) = try request(["bench", "pwm", "--frequencies", "1kHz,2kHz", "--level", "25%",
                                                                     "--duration", "1s", "--json", "--storm"]) else {
            Issue.record("not bench"); return
        }
        #expect(b.kind == .pwm)
        #expect(b.frequencies == [1000, 2000])
        #expect(b.level == 0.25)
        #expect(b.duration == .seconds(1))
        #expect(b.json && b.storm && !b.compare)
        #expect(b.presses == 200 && b.steps == 10)
        // Its light options reach the runner, which lays the pins over the config's.
        let (r, _) = try request(["bench", "--line", "GPIO18", "--backend", "sim"])
        #expect(r.lightOptions?.line == "GPIO18")
    }

    @Test(arguments: [
        (["blnk"], "torch: error: unknown subcommand 'blnk' (did you mean 'blink'?)"),
        (["--speed"], "torch: error: expected a subcommand before '--speed'"),
        (["blink", "--sped", "0.3"], "torch: error: unknown option '--sped' (did you mean '--speed'?)"),
        (["blink", "--speed"], "torch: error: --speed needs a value (<s>)"),
        (["blink", "--speed", "0.3", "--speed", "0.4"], "torch: error: --speed given twice"),
        (["status", "--json=yes"], "torch: error: --json takes no value"),
        (["morse"], "torch: error: missing <text>"),
        (["off", "extra"], "torch: error: unexpected argument 'extra'"),
        (["on", "--backend", "gpu"], "torch: error: --backend: 'gpu' is not valid: expected auto, gpiod, pwm or sim"),
        (["blink", "--on", "100ms"], "torch: error: --on needs --off"),
        (["sos", "--unit", "100ms", "--wpm", "20"], "torch: error: give --unit or --wpm, not both"),
        (["bench", "nothing"], "torch: error: <kind>: 'nothing' is not valid: expected timing, button, pwm, sweep, flicker or light"),
        (["stealth", "maybe"], nil),
        // A new user's slips: each says what is wrong with the value it names.
        (["on", "-5%"], "torch: error: <level>: '-5%' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0)"),
        (["blink", "--rate", "0Hz"], "torch: error: --rate: '0Hz' is not valid: expected a frequency above 0Hz"),
        (["sos", "--unit", "99999999999h"], "torch: error: --unit: '99999999999h' is not valid: expected a duration of at most 2555555h (about 291 years)"),
        (["sos", "--unit", "-1s"], "torch: error: --unit: '-1s' is not valid: expected a duration of 0 or more"),
        (["readout", "1234567890123456789012345"], "torch: error: <what>: '1234567890123456789012345' is not valid: expected a number of 1 to 24 digits, or digit groups joined by single dots (42, 0.1.0)"),
        (["readout", "pi"], "torch: error: <what>: 'pi' is not valid: expected ip, temp, version or a number (42, 1.2.3)"),
        (["help", "foo"], "torch: error: unknown subcommand 'foo'"),
        (["help", "stauts"], "torch: error: unknown subcommand 'stauts' (did you mean 'status'?)"),
    ] as [([String], String?)])
    func usageErrorsNameTheBadToken(args: [String], first: String?) {
        let line = error(args)
        #expect(line != nil, "\(args) parsed")
        if let first { #expect(line == first) }
    }

    @Test func usageErrorsNameTheCommandsUsageAndHelp() {
        guard case let .usageError(text) = CommandLineOutcome.interpret(["sos", "--unit", "3q"], commands: Commands.all) else {
            Issue.record("parsed"); return
        }
        #expect(text.hasSuffix("Usage: torch sos [<options>]\n  See 'torch sos --help'.\n"))
    }

    @Test func helpAndVersionPrint() {
        for args in [["--help"], ["help", "blink"], ["blink", "--help"], ["blink", "-h"], ["--version"], []] {
            guard case .print = CommandLineOutcome.interpret(args, commands: Commands.all) else { Issue.record("\(args) did not print"); continue }
        }
        guard case let .print(text) = CommandLineOutcome.interpret(["help", "blink"], commands: Commands.all) else { return }
        #expect(text.hasPrefix("OVERVIEW: Blink: on and off at a steady rate.\n"))
    }

    /// Every option a command accepts has its own name, so a typed key reads only its own.
    @Test func optionNamesAreUniquePerCommand() {
        for c in Commands.all {
            let names = (c.options + (c.drivesLight ? CommonOptions.light : []) + CommonOptions.global).map(\.name)
            #expect(Set(names).count == names.count, "\(c.name): \(names)")
        }
    }
}
