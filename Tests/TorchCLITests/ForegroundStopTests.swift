import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36: Ctrl-C of a foreground `torch on 30%` leaves the light dark, and `torch
/// status` then says dark with the remembered choice beside it, never "lit": no torch
/// drives the light any more, whatever the state file remembers (a stop is not an off).
@Suite struct ForegroundStopTests {
    @Test func afterCtrlCOfAForegroundOnTheStatusSaysDarkWithTheRememberedChoice() throws {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let trace = dir.path + "/trace.csv"
        let on = try #require(RunningTorch(["on", "30%", "--backend", "sim", "--no-display", "--trace", trace] + common))
        #expect(waitUntil { (readText(dir.path + "/state") ?? "").contains("lit=yes") }, "\(on.stderr)")
        on.signal(SIGINT)
        #expect(on.wait() == 0, "\(on.stderr)")
        let last = (readText(trace) ?? "").split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.split(separator: ",").last.flatMap { Double($0) } == 0, "dark after Ctrl-C: \(last)")

        let text = TorchProcess.run(["status"] + common)
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("torch: dark (no torch service is running; remembered: lit)\n"), "\(text.stdout)")
        #expect(text.stdout.contains("brightness   30%"), "the remembered choice beside it: \(text.stdout)")
        let json = TorchProcess.run(["status", "--json"] + common)
        #expect(json.stdout.hasPrefix("{\"ok\":true,\"lit\":false,\"brightness_percent\":30,"), "\(json.stdout)")
    }
}
