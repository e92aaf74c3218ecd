import Testing
import TorchCore
import TorchTestSupport
#if canImport(Glibc)
import Glibc
#endif

/// Issue 11, the readout end to end: `torch readout NUMBER` reaches a running
/// `torch run --backend sim --trace FILE` over the socket, and the blink train in the
/// trace reads back as the number (counted as an observer would: short and long blinks,
/// and the dark between them, with thresholds halfway between the readout's lengths,
/// so a loaded machine's lateness of tens of milliseconds cannot change the reading).
@Suite(.serialized) struct ReadoutServiceTests {
    static func changes(_ path: String) -> [(ns: Int64, level: Double)] {
        TraceEndToEndTests.parse(readText(path) ?? "").map { ($0.ns, $0.level) }
    }

    @Test(.disabled(if: underEmulation, "the readout is decoded from its blinks' lengths in the trace; on qemu-user's emulated CPU the real-time thread wakes late enough to drop or merge a blink")) func readoutThroughTheServiceSpellsItsNumber() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n")
        let trace = dir.path + "/trace.csv"
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--trace", trace] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "the service answers: \(service.stderr)")

        let r = TorchProcess.run(["readout", "305"] + common)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("(service)"))
        let status = TorchProcess.run(["status", "--json"] + common)
        #expect(status.stdout.contains("\"pattern\":\"readout 305\""), "\(status.stdout)")
        // The trace is written live: read it until the number is spelt (one repetition of
        // 305, its timeline's period, and the next one's first blink, which closes it).
        let period = Readout(number: 305).timeline.period
        let read = { ReadoutDecoder.decode(ReadoutDecoder.blinks(Self.changes(trace))) }
        #expect(waitUntil(2 * period.seconds + 10) { read().first == "305" }, "read back: \(read())")
        service.signal(SIGTERM)
        #expect(service.wait() == 0, "\(service.stderr)")
        let texts = read()
        #expect(texts.first == "305", "read back: \(texts)")
        #expect(Self.changes(trace).last?.level == 0, "dark at the end")
    }

    /// The readout gesture through the virtual button: `2c = readout` with `[button]
    /// readout = 42`; `torch button double` lights (the first click), then the number
    /// blinks once after its dark lead-in, then the light is lit again.
    @Test(.disabled(if: underEmulation, "the readout is decoded from its blinks' lengths in the trace; on qemu-user's emulated CPU the real-time thread wakes late enough to drop or merge a blink")) func theReadoutGestureBlinksItsNumberOnceInTheTrace() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", """
            [button]
            readout = 42
            # Room for a loaded machine between the virtual double tap's two clicks.
            double-tap-window = 1s

            [gestures]
            2c = readout

            [service]
            socket = \(socket)
            socket-group = root
            """)
        let trace = dir.path + "/trace.csv"
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--trace", trace] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "the service answers: \(service.stderr)")
        let r = TorchProcess.run(["button", "double"] + common)
        #expect(r.status == 0, "\(r.stderr)")
        // From the lead-in's fall to dark on: the train, then lit again. The trace is
        // written live: read it until the number is spelt and the light is back.
        let once = Readout(number: 42).once.period
        let read = { (stopped: Bool) -> (texts: [String], litAgain: Bool) in
            // After the stop, its own dark change is last: look before it.
            let changes = stopped ? Array(Self.changes(trace).dropLast()) : Self.changes(trace)
            guard let lit = changes.firstIndex(where: { $0.level > 0 }),
                  let fall = changes[lit...].firstIndex(where: { $0.level == 0 }) else { return ([], false) }
            return (ReadoutDecoder.decode(ReadoutDecoder.blinks(Array(changes[fall...]))), changes.last.map { $0.level > 0 } ?? false)
        }
        #expect(waitUntil(once.seconds + 10) { let r = read(false); return r.texts.first == "42" && r.litAgain }, "read back: \(read(false))")
        service.signal(SIGTERM)
        #expect(service.wait() == 0, "\(service.stderr)")
        #expect(service.stderr.contains("readout 42"), "\(service.stderr)")
        let (texts, litAgain) = read(true)
        #expect(texts.first == "42", "read back: \(texts)")
        #expect(litAgain, "lit again after the readout: \(Self.changes(trace).suffix(3))")
    }

    /// Without a service the command drives the light itself, as the other light
    /// commands do; the version is blinked as its digit groups.
    @Test(.disabled(if: underEmulation, "the readout is decoded from its blinks' lengths in the trace; on qemu-user's emulated CPU the real-time thread wakes late enough to drop or merge a blink")) func versionReadoutInTheForeground() throws {
        let dir = TempDir()
        let trace = dir.path + "/trace.csv"
        let version = try #require(TorchProcess.run(["--version"]).stdout.split(separator: " ").last)
            .filter { $0 != "\n" }
        let light = try #require(RunningTorch(["readout", "version", "--backend", "sim", "--no-display", "--trace", trace,
                                               "--state-file", dir.path + "/state"]))
        // The trace is written live: read it until the version is spelt (one repetition
        // and the next one's first blink, which closes it), then stop.
        let read = { ReadoutDecoder.decode(ReadoutDecoder.blinks(Self.changes(trace))) }
        #expect(waitUntil(30) { read().first == version }, "read back: \(read()), version \(version)")
        light.signal(SIGTERM)
        #expect(light.wait() == 0, "\(light.stderr)")
        #expect(read().first == version, "read back: \(read()), version \(version)")
    }

    @Test func badReadoutIsAUsageError() {
        let r = TorchProcess.run(["readout", "1..2"])
        #expect(r.status == 64)
        // Digits and dots: the number's own rule says what is wrong.
        #expect(r.stderr.hasPrefix("torch: error: <what>: '1..2' is not valid: expected a number of 1 to 24 digits, or digit groups joined by single dots"), "\(r.stderr)")
    }

    @Test func effectByNameAndABadParameter() throws {
        let dir = TempDir()
        let trace = dir.path + "/trace.csv"
        let r = TorchProcess.run(["pattern", "beacon", "on=50ms", "every=200ms", "--backend", "sim", "--for", "1s",
                                  "--trace", trace, "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "\(r.stderr)")
        let lit = Self.changes(trace).filter { $0.level > 0 }
        #expect((4...6).contains(lit.count), "a flash every 200 ms for 1 s: \(lit.count)")
        #expect(readText(dir.path + "/state")?.contains("pattern=beacon on=50ms every=200ms") == true)
        let bad = TorchProcess.run(["pattern", "candle", "seed=x"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("token 2 'seed=x': expected a seed from 0 to 4294967295"), "\(bad.stderr)")
    }
}
