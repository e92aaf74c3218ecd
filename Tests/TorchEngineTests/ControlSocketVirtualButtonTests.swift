import Testing
import TorchCore
import TorchEngine
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// The control socket front end over a real socket: a client that disconnects while it
/// holds the virtual button releases it at once, and a holding client is never idle.
@Suite(.serialized) struct ControlSocketVirtualButtonTests {
    func pump(_ h: ControlHarness, _ front: ControlSocketFrontEnd, _ controller: TorchController, rounds: Int = 5) {
        for _ in 0..<rounds {
            var pfds = front.pollDescriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            _ = poll(&pfds, nfds_t(pfds.count), 20)
            let ready = Set(pfds.filter { $0.revents != 0 }.map(\.fd))
            front.serve(ready: ready, at: h.clock.now(), controller: controller)
        }
    }

    func controller(at t: Instant) -> TorchController {
        let c = TorchController(settings: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear),
                                                             library: .standard), at: t)
        c.handle(.start(at: t))
        return c
    }

    @Test func aClientThatDisconnectsWhileHoldingReleasesAtOnce() throws {
        let h = try ControlHarness(idle: .seconds(1))
        let front = ControlSocketFrontEnd(h.server)
        let c = controller(at: h.clock.now())
        let fd = try h.connect()
        h.send(fd, "{\"cmd\":\"press\",\"id\":1}\n")
        pump(h, front, c)
        #expect(c.isVirtuallyPressed(.on) && c.machine.lit)
        // Held past the idle timeout: a holding client is not idle.
        h.clock.advance(by: .milliseconds(1500))
        c.handle(.advance(to: h.clock.now(), output: OutputHealth(writes: 1)))
        pump(h, front, c)
        #expect(h.server.clientCount == 1)
        #expect(c.machine.lit && c.machine.momentary)
        close(fd)
        pump(h, front, c)
        #expect(h.server.clientCount == 0)
        #expect(!c.isVirtuallyPressed(.on))
        #expect(!c.machine.lit)
    }

    @Test func aClientThatReleasedIsIdleAgain() throws {
        let h = try ControlHarness(idle: .seconds(1))
        let front = ControlSocketFrontEnd(h.server)
        let c = controller(at: h.clock.now())
        let fd = try h.connect()
        defer { close(fd) }
        h.send(fd, "{\"cmd\":\"press\"}\n{\"cmd\":\"release\"}\n")
        pump(h, front, c)
        #expect(!c.isVirtuallyPressed(.on) && c.machine.lit)
        h.clock.advance(by: .seconds(2))
        pump(h, front, c)
        #expect(h.server.clientCount == 0)
        #expect(c.machine.lit, "closing a client that holds nothing changes nothing")
    }
}
