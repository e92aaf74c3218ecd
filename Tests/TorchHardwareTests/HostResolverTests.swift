#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware

/// The background resolver hands its answer to the loop through a descriptor the loop
/// polls; one lookup at a time.
@Suite struct HostResolverTests {
    func waitReady(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, 10_000) == 1
    }

    @Test func anAddressIsAnsweredThroughTheDescriptor() throws {
        let r = ThreadResolver()
        #expect(r.take() == nil && !r.isPending)
        r.start(host: "127.0.0.1", port: 1883)
        #expect(r.isPending)
        #expect(waitReady(r.readyDescriptor))
        let addresses = try #require(try r.take()?.get())
        #expect(addresses.map(\.description) == ["127.0.0.1:1883"])
        #expect(!r.isPending && r.take() == nil)
    }

    @Test func aNameThatDoesNotResolveIsOneErrorLine() throws {
        let r = ThreadResolver()
        r.start(host: "no-such-host.invalid", port: 1883)
        #expect(waitReady(r.readyDescriptor))
        guard case let .failure(e)? = r.take() else {
            Issue.record("expected a failure")
            return
        }
        #expect(e.message.contains("no-such-host.invalid") && !e.message.contains("\n"))
    }
}
