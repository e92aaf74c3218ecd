import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `torch button` against a running `torch run` on the simulated LED: the virtual
/// button's gestures go through the service's recognizer over the real socket.
@Suite(.serialized) struct ButtonCommandTests {
    @Test func tapDoubleHoldAndPressDriveTheService() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n[light]\npatterns = steady, strobe-fast\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        func status() -> String { TorchProcess.run(["status", "--json"] + common).stdout }

        let tap = TorchProcess.run(["button", "tap"] + common)
        #expect(tap.status == 0, "\(tap.stderr)")
        #expect(status().contains("\"lit\":true"), "a tap latches the light")
        let double = TorchProcess.run(["button", "double"] + common)
        #expect(double.status == 0, "\(double.stderr)")
        #expect(status().contains("\"pattern\":\"strobe fast\""), "a double tap: the next pattern")
        #expect(TorchProcess.run(["button", "tap", "--role", "off"] + common).status == 0)
        #expect(status().contains("\"lit\":false"), "the OFF button stops everything")
        // From dark, a hold past the hold time is hold-for-light: dark again at release.
        #expect(TorchProcess.run(["button", "hold", "700ms"] + common).status == 0)
        #expect(status().contains("\"lit\":false"))
        // press holds until Enter or end of input (here: at once) and then releases: a tap.
        let press = TorchProcess.run(["button", "press"] + common)
        #expect(press.status == 0, "\(press.stderr)")
        #expect(press.stderr.contains("Enter, end of input or Ctrl-C"))
        #expect(status().contains("\"lit\":true"))
        // release with nothing held changes nothing.
        #expect(TorchProcess.run(["button", "release"] + common).status == 0)
        #expect(status().contains("\"lit\":true"))
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
        #expect(service.stderr.contains("disconnected"))
    }

    @Test func withoutAServiceItSaysSo() {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let r = TorchProcess.run(["button", "tap", "--config", config, "--state-file", dir.path + "/state"])
        #expect(r.status == 1)
        #expect(r.stderr == "torch: button needs a running torch service (torch run); none answers on \(dir.path)/torch.sock\n")
    }

    @Test func badGesturesAreUsageErrors() {
        let wiggle = TorchProcess.run(["button", "wiggle"])
        #expect(wiggle.status == 64)
        #expect(wiggle.stderr.hasPrefix("torch: error: <gesture>: 'wiggle' is not valid: expected tap, double, hold, press or release\n"))
        let hold = TorchProcess.run(["button", "hold"])
        #expect(hold.status == 64)
        #expect(hold.stderr.hasPrefix("torch: error: hold needs <duration>: how long to hold, e.g. 1s\n"))
        let role = TorchProcess.run(["button", "tap", "--role", "side"])
        #expect(role.status == 64)
        #expect(role.stderr.hasPrefix("torch: error: --role: 'side' is not valid: expected on or off\n"))
        let extra = TorchProcess.run(["button", "tap", "1s"])
        #expect(extra.status == 64)
    }
}

/// `--transition` reaches a running service: the trace shows the levels in between.
@Suite(.serialized) struct TransitionCommandTests {
    @Test func onWithATransitionFadesInTheService() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let trace = dir.path + "/trace.csv"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n[light]\ncurve = linear\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--trace", trace] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        let on = TorchProcess.run(["on", "--transition", "300ms"] + common)
        #expect(on.status == 0, "\(on.stderr)")
        // The trace is written live: read it until the fade has reached full.
        let levels = { (readText(trace) ?? "").split(separator: "\n").compactMap { $0.split(separator: ",").last.flatMap { Double($0) } } }
        #expect(waitUntil { levels().contains(1.0) }, "\(levels().suffix(5))")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
        #expect(levels().contains { $0 > 0 && $0 < 1 }, "levels in between: \(levels().prefix(20))")
        #expect(levels().contains(1.0), "the fade ends at full: \(levels().suffix(5))")
        let bad = TorchProcess.run(["on", "--transition", "2min"] + common)
        #expect(bad.status == 64 && bad.stderr.hasPrefix("torch: error: --transition: '2min' is not valid: expected a duration from 0 to 1min"))
    }
}
