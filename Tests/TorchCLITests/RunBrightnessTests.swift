#if canImport(Glibc)
import Glibc
#endif
import Testing

/// `torch run --brightness`: the service starts at that brightness, over the remembered one.
@Suite struct RunBrightnessTests {
    @Test func theServiceStartsAtTheGivenBrightness() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n[light]\nlight-by-default = yes\n")
        let state = dir.write("state", "version=1\nbrightness=40%\npattern=steady\nbutton-mode=smart\nlit=yes\n")
        let common = ["--config", config, "--state-file", state]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--brightness", "50%"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        let status = TorchProcess.run(["status", "--json"] + common)
        #expect(status.stdout.contains("\"brightness_percent\":50"), "\(status.stdout)")
        #expect(status.stdout.contains("\"lit\":true"), "light-by-default lights at it: \(status.stdout)")
        // A tap's toggle (off, then on) lights at it too.
        #expect(ServiceSocket.ask(socket, #"{"cmd":"toggle"}"#)?.hasPrefix(#"{"ok":true"#) == true)
        #expect(ServiceSocket.ask(socket, #"{"cmd":"toggle"}"#)?.hasPrefix(#"{"ok":true"#) == true)
        let again = TorchProcess.run(["status", "--json"] + common)
        #expect(again.stdout.contains("\"brightness_percent\":50") && again.stdout.contains("\"lit\":true"), "\(again.stdout)")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}
