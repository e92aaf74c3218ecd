import Testing
import TorchCore

/// The status object is the same with or without a service: both paths are compared
/// exactly with golden files that share one schema (docs/control-protocol.md).
@Suite struct StatusJSONTests {
    /// The service's path: the reply encoded, sent, read back by the CLI and printed.
    @Test func theServiceReplyMatchesItsGolden() throws {
        let status = TorchStatus(lit: true, litWhileHeld: false, brightness: Brightness(clamping: 0.184),
                                 pattern: .sos, buttonMode: .toggle, stealth: true,
                                 sleepRemaining: .milliseconds(90_500), fading: false)
        let sent = ControlReply.status(StatusReport(status, backend: .gpiod, uptime: .seconds(12) + .microseconds(345_678),
                                                    pid: 4242))
        let received = try ControlReply.parse(String(sent.line.dropLast()))
        Golden.check(received.line, "status-service.json")
    }

    /// The CLI's path with no service: the state file, and the config's backend.
    @Test func theCLIWithoutAServiceMatchesItsGolden() {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[output]\nbackend = sim\n[service]\nsocket = \(dir.path)/torch.sock\n")
        let state = dir.write("state", "version=1\nbrightness=40%\npattern=blink 500ms 500ms\nbutton-mode=smart\nlit=yes\n")
        let r = TorchProcess.run(["status", "--json", "--config", config, "--state-file", state])
        #expect(r.status == 0, "\(r.stderr)")
        Golden.check(r.stdout, "status-no-service.json")
    }

    /// Both goldens carry the same members in the same order, each of one JSON type
    /// (null only where docs/control-protocol.md allows it).
    @Test func bothPathsShareOneSchema() throws {
        let service = try ControlReply.parse(readText(Golden.directory + "/status-service.json") ?? "")
        let cli = try ControlReply.parse(readText(Golden.directory + "/status-no-service.json") ?? "")
        #expect(service.fields.map(\.key) == cli.fields.map(\.key))
        let nullable: Set<String> = ["uptime_s", "sleep_timer_remaining_s", "sleep_timer_s", "pid", "led_dark"]
        for (s, c) in zip(service.fields, cli.fields) where !nullable.contains(s.key) {
            #expect(s.value.kindName == c.value.kindName, "\(s.key)")
        }
        #expect(cli["service"] == .bool(false))
        #expect(cli["uptime_s"] == .null)
    }
}
