import Testing
import TorchTestSupport
import TorchTesting

/// The built `torch` on the simulated backend, checked through its `--trace` file.
/// Timing is checked structurally (each interval rounded to whole units), so a loaded
/// machine cannot make it flake, while a wrong pattern (a dash for a dot, a missing
/// gap, a wrong rate) always fails. Punctuality is measured by `make bench`.
@Suite struct TraceEndToEndTests {
    struct Change { var ns: Int64; var level: Double }

    static func parse(_ text: String) -> [Change] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: ",")
            guard parts.count == 2, let ns = Int64(parts[0]), let level = Double(parts[1]) else { return nil }
            return Change(ns: ns, level: level)
        }
    }

    /// Interval lengths in whole units (rounded to the nearest).
    static func units(_ changes: [Change], unitNs: Double) -> [Int] {
        zip(changes, changes.dropFirst()).map { a, b in Int((Double(b.ns - a.ns) / unitNs).rounded()) }
    }

    @Test(.disabled(if: underEmulation, "on qemu-user's emulated CPU the real-time thread wakes late enough to stretch or shrink an SOS unit"))
    func sosTraceHasITUTiming() throws {
        try Self.checkSOS(sign: false)
        try Self.checkSOS(sign: true)
    }

    /// `torch sos` (three letters) or `torch sos --sign` (the distress signal as one
    /// sign): every interval in whole 150 ms units, as ITU-R M.1677-1 times them.
    static func checkSOS(sign: Bool) throws {
        let dir = TempDir()
        let trace = dir.path + "/sos.csv"
        // One SOS is 34 units of 150 ms = 5.1 s as letters, 30 = 4.5 s as a sign; run a little longer.
        let r = TorchProcess.run(["sos", "--backend", "sim", "--for", "5400ms", "--trace", trace,
                                  "--state-file", dir.path + "/state"] + (sign ? ["--sign"] : []))
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let changes = Self.parse(try #require(readText(trace)))
        try #require(changes.count >= 19, "got \(changes.count) changes")
        // Lines are "<ns since start>,<level>" with levels 0.0 or 1.0, alternating from on.
        #expect(changes.allSatisfy { $0.level == 0 || $0.level == 1 })
        for (i, c) in changes.prefix(19).enumerated() { #expect(c.level == (i % 2 == 0 ? 1 : 0)) }
        #expect(changes[0].ns < 1_000_000_000, "the light comes on at once")
        // S (dot dot dot) O (dash dash dash) S, with 1-unit gaps inside letters, 3 between
        // letters (1 in the sign) and 7 before the repeat.
        let u = Self.units(Array(changes.prefix(19)), unitNs: 150_000_000)
        #expect(u == (sign ? [1, 1, 1, 1, 1, 1, 3, 1, 3, 1, 3, 1, 1, 1, 1, 1, 1, 7]
                           : [1, 1, 1, 1, 1, 3, 3, 1, 3, 1, 3, 3, 1, 1, 1, 1, 1, 7]), "sign: \(sign)")
        #expect(changes.last?.level == 0, "dark at the end")
    }

    @Test(.disabled(if: underEmulation, "on qemu-user's emulated CPU the real-time thread wakes late enough to skip half-periods of a 10 Hz blink"))
    func tenHertzBlinkTrace() throws {
        let dir = TempDir()
        let trace = dir.path + "/blink.csv"
        let r = TorchProcess.run(["blink", "--rate", "10Hz", "--backend", "sim", "--for", "2s", "--trace", trace,
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let changes = Self.parse(try #require(readText(trace)))
        // 2 s at 10 Hz: 20 on-edges and 20 off-edges (the last off may be the stop).
        #expect((38...42).contains(changes.count), "got \(changes.count) changes")
        for (i, c) in changes.enumerated() { #expect(c.level == (i % 2 == 0 ? 1 : 0), "change \(i)") }
        // The last change is the stop at --for, which falls anywhere inside a half-period;
        // the first 38 are all pattern edges.
        let inner = Array(changes.prefix(38))
        let u = Self.units(inner, unitNs: 50_000_000)
        // Every half-period is 50 ms; one late edge shifts two intervals, so allow one.
        #expect(u.filter { $0 != 1 }.count <= 2, "every half-period is 50 ms: \(u)")
        #expect(changes.last?.level == 0)
        // Issue 36: the run's end is the timeline's: no 21st flash begins at 2 s.
        #expect(changes.filter { $0.level == 1 }.count == 20, "\(changes.filter { $0.level == 1 }.count) flashes")
    }

    @Test func brightnessGoesThroughTheCurveAndIsRemembered() throws {
        let dir = TempDir()
        let trace = dir.path + "/on.csv"
        let r = TorchProcess.run(["on", "50%", "--backend", "sim", "--for", "200ms", "--trace", trace,
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let changes = Self.parse(try #require(readText(trace)))
        try #require(changes.count == 2, "on, then dark at the end: \(changes.map(\.level))")
        // CIE 1931: 50 % lightness is ≈ 18.4 % duty.
        #expect(abs(changes[0].level - 0.1842) < 0.001)
        #expect(changes[1].level == 0)
        let state = try #require(readText(dir.path + "/state"))
        #expect(state.contains("brightness=50%"))
        let linear = TorchProcess.run(["on", "50%", "--curve", "linear", "--backend", "sim", "--for", "100ms",
                                       "--trace", trace, "--state-file", dir.path + "/state"])
        #expect(linear.status == 0)
        #expect(Self.parse(readText(trace) ?? "").first?.level == 0.5)
    }

    /// docs/cli.md's example of the trace's second field: 40 % perceived brightness is
    /// duty 0.1125 on the CIE curve, as the trace writes it.
    @Test func theTracesValueIsTheDutyAsCliMdSays() throws {
        let dir = TempDir()
        let trace = dir.path + "/on.csv"
        let r = TorchProcess.run(["on", "40%", "--backend", "sim", "--for", "100ms", "--trace", trace,
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 0, "stderr: \(r.stderr)")
        let text = try #require(readText(trace))
        let first = try #require(Self.parse(text).first)
        #expect(abs(first.level - 0.1125) < 0.00005, "\(first.level)")
        let doc = try #require(RepoFiles.read("docs/cli.md"))
        #expect(doc.contains("`<nanoseconds since start>,<duty 0.0–1.0>`"))
        #expect(doc.contains("40 % perceived\nbrightness is duty 0.1125 on the CIE curve"))
    }

    @Test func offAndStatusUseTheStateFile() throws {
        let dir = TempDir()
        let state = dir.path + "/state"
        // A socket no service listens on, so `status` reads the state file.
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        _ = TorchProcess.run(["strobe", "fast", "--backend", "sim", "--for", "100ms", "--state-file", state])
        let status = TorchProcess.run(["status", "--json", "--config", config, "--state-file", state])
        #expect(status.status == 0)
        #expect(status.stdout.contains("\"pattern\":\"strobe fast\""), "\(status.stdout)")
        let off = TorchProcess.run(["off", "--backend", "sim", "--state-file", state])
        #expect(off.status == 0)
        #expect(TorchProcess.run(["status", "--json", "--config", config, "--state-file", state]).stdout.contains("\"lit\":false"))
    }
}
