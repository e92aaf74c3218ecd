import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36: a `torch run` that loses names the running service's pid, whatever the
/// reason it lost: the holder lock (the same state file), the control socket (the same
/// socket, another state file), a first run (the state directory not made yet:
/// `OwnFilesTests`). The status says which process drives the light (`pid`).
@Suite struct LosingRunTests {
    @Test func aRunOnTheSameSocketWithAnotherStateFileNamesThePid() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\n")
        let first = try #require(RunningTorch(["run", "--backend", "sim", "--no-display", "--config", config,
                                               "--state-file", dir.path + "/a/state"]))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(first.stderr)")
        let second = TorchProcess.run(["run", "--backend", "sim", "--no-display", "--for", "2s", "--config", config,
                                       "--state-file", dir.path + "/b/state"])
        #expect(second.status == 1)
        #expect(second.stderr == "torch: control socket \(socket): a torch service is already running, pid \(first.pid) "
                + "(it answers there): stop it first (systemctl stop torch, or kill \(first.pid))\n")
        #expect(ServiceSocket.answers(socket), "the first is untouched")
        first.signal(SIGTERM)
        #expect(first.wait() == 0)
    }

    @Test func theStatusNamesTheProcessThatDrivesTheLight() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        let status = TorchProcess.run(["status", "--json"] + common)
        #expect(status.stdout.contains(",\"pid\":\(service.pid),"), "the service's: \(status.stdout)")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)

        let foreground = try #require(RunningTorch(["on", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { (readText(dir.path + "/state.holder") ?? "").hasPrefix("\(foreground.pid)\n") })
        let held = TorchProcess.run(["status", "--json"] + common)
        #expect(held.stdout.contains(",\"pid\":\(foreground.pid),"), "the foreground torch's: \(held.stdout)")
        foreground.signal(SIGTERM)
        #expect(foreground.wait() == 0)

        let none = TorchProcess.run(["status", "--json"] + common)
        #expect(none.stdout.contains(",\"pid\":null,"), "no process drives it: \(none.stdout)")
    }
}
