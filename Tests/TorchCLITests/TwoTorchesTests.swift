import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Two torches at once (issue 26): a foreground `torch on` holds the light and has no
/// control socket; the next command finds it, says which process holds the light and
/// how to stop it, never claims a state that is not true, never starts a second torch.
@Suite struct TwoTorchesTests {
    @Test func aForegroundTorchIsFoundByTheNextCommand() throws {
        let dir = TempDir()
        let config = dir.write("torch.conf", "[service]\nsocket = \(dir.path)/torch.sock\n")
        let common = ["--config", config, "--state-file", dir.path + "/state"]
        let first = try #require(RunningTorch(["on", "50%", "--backend", "sim", "--no-display"] + common))
        let holderFile = dir.path + "/state.holder"
        #expect(waitUntil { (readText(holderFile) ?? "").hasPrefix("\(first.pid)\n") }, "\(first.stderr)")

        let off = TorchProcess.run(["off"] + common)
        #expect(off.status == 1, "\(off.stderr)")
        #expect(!off.stderr.contains("torch: dark"), "not dark while the other torch keeps it lit: \(off.stderr)")
        #expect(off.stderr.contains("pid \(first.pid)") && off.stderr.contains("kill \(first.pid)"), "\(off.stderr)")

        let second = TorchProcess.run(["on", "--backend", "sim", "--no-display", "--for", "200ms"] + common)
        #expect(second.status == 1, "no second torch: \(second.stderr)")
        #expect(second.stderr.contains("held by another torch, pid \(first.pid)"), "\(second.stderr)")

        for other in [["mode", "sos"], ["bench", "timing", "--backend", "sim", "--duration", "300ms"]] {
            let r = TorchProcess.run(other + common)
            #expect(r.status == 1 && r.stderr.contains("pid \(first.pid)"), "\(other): \(r.stderr)")
        }

        let status = TorchProcess.run(["status"] + common)
        #expect(status.stdout.contains("holds the light: pid \(first.pid)"), "\(status.stdout)")

        first.signal(SIGTERM)
        #expect(first.wait() == 0, "\(first.stderr)")
        // Gone: the next off drives the output itself.
        let after = TorchProcess.run(["off", "--backend", "sim"] + common)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stderr.contains("torch: dark"))
    }
}
