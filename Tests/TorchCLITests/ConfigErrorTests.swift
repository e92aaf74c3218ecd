import Testing

/// A bad config file: every problem as `file:line: message`, exit 78, nothing lit.
@Suite struct ConfigErrorTests {
    @Test func badConfigExits78WithFileAndLine() {
        let dir = TempDir()
        let conf = dir.write("torch.conf", """
        [light]
        brightness = 40q
        light-by-default = yes

        [button]
        hold-tme = 400ms
        hold-for-light = yes
        """)
        let r = TorchProcess.run(["on", "--backend", "sim", "--for", "1s", "--config", conf,
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 78)
        let lines = r.stderr.split(separator: "\n").map { String($0).replacingOccurrences(of: dir.path, with: "$DIR") }
        Golden.check(lines.joined(separator: "\n") + "\n", "config-errors.txt")
        #expect(readText(dir.path + "/state") == nil, "nothing ran, so no state was written")
    }

    @Test func patternNamesAndStepsAreCheckedWithTheirLines() {
        let dir = TempDir()
        let conf = dir.write("torch.conf", "[light]\npatterns = steady, strobe-fst, flash\n\n[pattern.flash]\nsteps = 100% 50ms 0 1q\n")
        let r = TorchProcess.run(["on", "--backend", "sim", "--for", "1s", "--config", conf,
                                  "--state-file", dir.path + "/state"])
        #expect(r.status == 78)
        #expect(r.stderr == """
        \(conf):2: patterns: unknown pattern 'strobe-fst'; did you mean 'strobe-fast'? (patterns: steady, blink, strobe-slow, strobe-medium, strobe-fast, sos, breathe, candle, lightning, bike, beacon, party-strobe, tactical-strobe, heartbeat, flash)
        \(conf):5: steps: token 4 '1q': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)

        """)
    }

    @Test func missingConfigFileIsAnError() {
        let r = TorchProcess.run(["on", "--backend", "sim", "--config", "/nonexistent/torch.conf"])
        #expect(r.status == 78)
        #expect(r.stderr == "torch: config file /nonexistent/torch.conf does not exist\n")
    }
}

extension String {
    /// Plain substring replacement (no Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = Substring(self)
        while let r = rest.range(of: target) {
            out += rest[..<r.lowerBound] + replacement
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

extension Substring {
    func range(of target: String) -> Range<Substring.Index>? {
        var i = startIndex
        while i < endIndex {
            if self[i...].hasPrefix(target) { return i..<index(i, offsetBy: target.count) }
            i = index(after: i)
        }
        return nil
    }
}
