import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `torch run` as the headless service on the simulated LED: the CLI talks to it over
/// the control socket, SIGHUP reloads (a bad config is refused and the service keeps
/// running), SIGTERM leaves it dark with the socket removed, and a restart comes back
/// in the last state.
@Suite(.serialized) struct ServiceTests {
    @Test func serviceRoundTripReloadStopAndRestart() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let good = "[service]\nsocket = \(socket)\nsocket-group = root\n"
        // The service's config is edited below; the CLI keeps its own copy.
        let serviceConfig = dir.write("service.conf", good)
        let config = dir.write("torch.conf", good)
        let state = dir.path + "/state"
        let trace = dir.path + "/trace.csv"
        let common = ["--config", config, "--state-file", state]

        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--trace", trace,
                                                 "--config", serviceConfig, "--state-file", state]))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "the service answers: \(service.stderr)")

        // Light commands reach the service (no --backend: the CLI forwards them).
        let on = TorchProcess.run(["on", "40%"] + common)
        #expect(on.status == 0, "\(on.stderr)")
        #expect(on.stderr.contains("(service)"))
        let status = TorchProcess.run(["status", "--json"] + common)
        #expect(status.status == 0)
        #expect(status.stdout.contains("\"lit\":true"), "\(status.stdout)")
        #expect(status.stdout.contains("\"brightness_percent\":40"), "\(status.stdout)")
        #expect(status.stdout.contains("\"backend\":\"sim\""))
        let strobe = TorchProcess.run(["strobe", "fast"] + common)
        #expect(strobe.status == 0)
        #expect(TorchProcess.run(["status", "--json"] + common).stdout.contains("\"pattern\":\"strobe fast\""))

        // A bad value sent to the service itself (the CLI would refuse it first) is an
        // error reply naming the value, and the service goes on serving.
        let bad = ServiceSocket.ask(socket, #"{"cmd":"on","brightness":"0%","id":5}"#)
        #expect(bad?.hasPrefix(#"{"ok":false,"error":"\"brightness\": '0%' is not valid"#) == true, "\(bad ?? "no reply")")
        #expect(bad?.hasSuffix(#","id":5}"#) == true)
        #expect(ServiceSocket.answers(socket))

        // SIGHUP with a broken config: refused, the service keeps running as it was.
        _ = dir.write("service.conf", good + "[light]\nbrightness = 40q\n")
        service.signal(SIGHUP)
        #expect(waitUntil { service.stderr.contains("reload refused") }, "\(service.stderr)")
        #expect(service.stderr.contains("brightness: '40q' is not valid"))
        #expect(TorchProcess.run(["status", "--json"] + common).stdout.contains("\"lit\":true"))
        _ = dir.write("service.conf", good)
        service.signal(SIGHUP)
        #expect(waitUntil { service.stderr.contains("config reloaded") })

        // SIGTERM: dark, socket removed, exit 0.
        service.signal(SIGTERM)
        #expect(service.wait() == 0, "\(service.stderr)")
        #expect(access(socket, F_OK) != 0, "the socket is removed")
        let lines = (readText(trace) ?? "").split(separator: "\n")
        #expect(lines.last?.hasSuffix(",0.0") == true, "dark at the end: \(lines.suffix(2))")

        // Without a service the CLI says so by driving the light itself; status shows the saved state.
        let saved = TorchProcess.run(["status", "--json"] + common)
        #expect(saved.stdout.contains("\"service\":false"))
        #expect(saved.stdout.contains("\"pattern\":\"strobe fast\""), "\(saved.stdout)")

        // A restart comes back lit, in the last pattern and brightness.
        let again = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) })
        let restored = TorchProcess.run(["status", "--json"] + common)
        #expect(restored.stdout.contains("\"lit\":true"), "\(restored.stdout)")
        #expect(restored.stdout.contains("\"brightness_percent\":40"))
        #expect(restored.stdout.contains("\"pattern\":\"strobe fast\""))
        again.signal(SIGINT)
        #expect(again.wait() == 0)
    }

    @Test func aSecondServiceOnTheSameSocketIsRefused() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let first = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) })
        let second = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--for", "2s"] + common)
        #expect(second.status == 1)
        #expect(second.stderr.contains("already"), "\(second.stderr)")
        first.signal(SIGTERM)
        #expect(first.wait() == 0)
    }

    @Test func aCorruptStateFileGivesDefaultsAndOneWarning() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\nsocket-group = root\n[light]\nbrightness = 70%\n")
        let state = dir.write("state", "version=1\nbrightness=400%\npattern=nonsense\n")
        let common = ["--config", config, "--state-file", state]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        let status = TorchProcess.run(["status", "--json"] + common)
        #expect(status.stdout.contains("\"brightness_percent\":70"), "the config's default: \(status.stdout)")
        #expect(status.stdout.contains("\"lit\":false"))
        let warnings = service.stderr.split(separator: "\n").filter { $0.contains(state) }
        #expect(warnings.count == 1, "one warning naming the file: \(service.stderr)")
        #expect(warnings.first?.contains("using defaults") == true)
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}

/// A stop of the service is not a user's off (the unit's post-stop command).
@Suite struct ServiceStopTests {
    @Test func thePostStopCommandLeavesTheRememberedStateAlone() {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[light]\nlight-by-default = no\n[service]\nsocket = \(dir.path)/torch.sock\n")
        let state = dir.path + "/state"
        let common = ["--config", config, "--state-file", state, "--backend", "sim", "--no-display"]
        // The user leaves the light on (a foreground run that ends by --for is an off; set it directly).
        let lit = "version=1\nbrightness=40%\npattern=strobe fast\nbutton-mode=smart\nlit=yes\n"
        _ = dir.write("state", lit)
        let stopped = TorchProcess.run(["off", "--service-stopped"] + common)
        #expect(stopped.status == 0, "\(stopped.stderr)")
        #expect(stopped.stderr.contains("torch: dark"))
        #expect(readText(state) == lit, "the post-stop command changes nothing remembered")
        let off = TorchProcess.run(["off"] + common)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(readText(state)?.contains("lit=no") == true, "a user's off is remembered")
    }
}

/// Issue 15, faults: the state file cannot be written while the service runs.
@Suite struct StateFileFaultTests {
    @Test func anUnwritableStateFileIsReportedOnceAndTheServiceGoesOn() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\n")
        // A state file under a regular file: every save fails (ENOTDIR), even as root.
        let blocker = dir.write("blocker", "not a directory\n")
        let state = blocker + "/state"
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display",
                                                 "--config", config, "--state-file", state]))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        for cmd in [#"{"cmd":"on"}"#, #"{"cmd":"off"}"#, #"{"cmd":"on"}"#, #"{"cmd":"brightness","level":"30%"}"#] {
            #expect(ServiceSocket.ask(socket, cmd) == #"{"ok":true}"#)
        }
        let status = ServiceSocket.ask(socket, #"{"cmd":"status"}"#) ?? ""
        #expect(status.contains(#""lit":true"#) && status.contains(#""brightness_percent":30"#), "\(status)")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
        let reports = service.stderr.split(separator: "\n").filter { $0.contains("state file:") }
        #expect(reports.count == 1, "\(service.stderr)")
        #expect(reports.first?.contains("said once") == true)
    }
}

/// Issue 36: a SIGHUP after the config's socket or web listener changed says that only
/// a restart applies them; the service keeps answering where it started.
@Suite struct RestartOnlyReloadServiceTests {
    @Test func aChangedSocketIsSaidToNeedARestart() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\n")
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--config", config,
                                                 "--state-file", dir.path + "/state"]))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        _ = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/other.sock\n[web]\nlisten = 127.0.0.1:1\n")
        service.signal(SIGHUP)
        #expect(waitUntil { service.stderr.contains("config reloaded") }, "\(service.stderr)")
        #expect(service.stderr.contains("config reloaded; only a restart applies the change of [service] socket, [web] "
                                        + "(systemctl restart torch)"), "\(service.stderr)")
        #expect(!service.stderr.contains("(no change)"), "\(service.stderr)")
        #expect(ServiceSocket.answers(socket), "still on the socket it started with")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}
