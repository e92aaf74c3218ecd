import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36: a `torch on 50%` that failed with "no reply within 5s" on a frozen service
/// is not carried out when the service wakes: the request carried its deadline, and the
/// service drops it and says so in its log.
@Suite struct GaveUpClientTests {
    @Test func aCommandWhoseClientGaveUpIsNotCarriedOutWhenTheServiceWakes() throws {
        let dir = TempDir()
        let socket = dir.path + "/torch.sock"
        let config = dir.write("torch.conf", "[service]\nsocket = \(socket)\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let service = try #require(RunningTorch(["run", "--backend", "sim", "--no-display"] + common))
        #expect(waitUntil { ServiceSocket.answers(socket) }, "\(service.stderr)")
        service.signal(SIGSTOP)
        let on = TorchProcess.run(["on", "50%"] + common)
        service.signal(SIGCONT)
        #expect(on.status == 1)
        #expect(on.stderr == "torch: \(socket): no reply within 5s\n", "\(on.stderr)")
        #expect(waitUntil { service.stderr.contains(#"socket: "on" dropped: read "#) }, "logged: \(service.stderr)")
        let status = ServiceSocket.ask(socket, #"{"cmd":"status"}"#) ?? ""
        #expect(status.contains(#""lit":false"#), "the light stayed dark: \(status)")
        service.signal(SIGTERM)
        #expect(service.wait() == 0)
    }
}
