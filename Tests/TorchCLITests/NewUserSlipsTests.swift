#if canImport(Glibc)
import Glibc
#endif
import Testing

/// What a new user tripped over in the first hour (issue 37's rough edges), each said
/// in one line that names the value and the way on.
@Suite struct NewUserSlipsTests {
    /// A misspelt effect gets a "did you mean", as misspelt subcommands and keys do.
    @Test func aMisspeltEffectIsSuggested() {
        let r = TorchProcess.run(["pattern", "candel"])
        #expect(r.status == 64)
        #expect(r.stderr.hasPrefix("torch: error: <spec>: 'candel' is not an effect (did you mean 'candle'?): expected "), "\(r.stderr)")
    }

    /// A quoted config value: the refusal says that values take no quotes.
    @Test func aQuotedConfigValueSaysQuotesAreNotUsed() {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[light]\nbrightness = \"40%\"\n")
        let r = TorchProcess.run(["status", "--config", config, "--state-file", dir.path + "/state"])
        #expect(r.status == 78)
        #expect(r.stderr.contains("torch.conf:2: brightness: '\"40%\"' is not valid: expected "), "\(r.stderr)")
        #expect(r.stderr.contains("(values are written without quotes)"), "\(r.stderr)")
    }

    /// Pins given to the simulated LED are said to be unused, and a line no board has is named.
    @Test func pinsForTheSimulatedLEDAreSaidToBeUnused() {
        let dir = TempDir()
        let r = TorchProcess.run(["on", "--line", "GPIO99", "--chip", "7", "--backend", "sim", "--no-display",
                                  "--for", "100ms", "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("backend: simulated LED (chosen with --backend sim or [output] backend); "
                                  + "[output] line GPIO99, chip 7 not used by it (GPIO99 is no line or pin of any board "
                                  + "torch knows: torch boards lists them)"), "\(r.stderr)")
        let known = TorchProcess.run(["on", "--line", "GPIO18", "--backend", "sim", "--no-display", "--for", "100ms",
                                      "--state-file", dir.path + "/state"])
        #expect(known.stderr.contains("[output] line GPIO18 not used by it\n"), "\(known.stderr)")
    }

    /// A 100 kB argument full of terminal escapes is echoed bounded, its controls escaped.
    @Test func aHugeArgumentIsEchoedBoundedAndEscaped() {
        let huge = "\u{1B}[31m" + String(repeating: "A", count: 100_000)
        for args in [["on", huge], ["off", huge], [huge], ["on", "--brightness", huge], ["pattern", huge],
                     ["pattern", "100%", huge]] {
            let r = TorchProcess.run(args)
            #expect(r.status == 64, "\(args.map { $0.prefix(10) })")
            #expect(!r.stderr.contains("\u{1B}"), "raw escape echoed for \(args.map { $0.prefix(10) })")
            #expect(r.stderr.utf8.count < 2_000, "\(r.stderr.utf8.count) bytes echoed for \(args.map { $0.prefix(10) })")
            #expect(r.stderr.contains("\\x1b[31mAAAA"), "\(r.stderr.prefix(300))")
        }
    }

    /// A second `torch run` is told to stop the first, not to send it the command.
    @Test func aSecondRunIsToldToStopTheFirst() throws {
        let dir = TempDir()
        let state = dir.path + "/state"
        let first = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--state-file", state,
                                               "--config", dir.write("a.conf", "[service]\nsocket = \(dir.path)/a.sock\n")]))
        #expect(waitUntil { ServiceSocket.answers(dir.path + "/a.sock") }, "\(first.stderr)")
        let second = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--state-file", state,
                                       "--config", dir.write("b.conf", "[service]\nsocket = \(dir.path)/b.sock\n")])
        #expect(second.status == 1)
        #expect(second.stderr.contains("the torch service is already running and holds the light, pid \(first.pid)"), "\(second.stderr)")
        #expect(second.stderr.contains("one service drives the light; stop it first"), "\(second.stderr)")
        #expect(!second.stderr.contains("send it the command"), "\(second.stderr)")
        first.signal(SIGTERM)
        #expect(first.wait() == 0)
    }
}
