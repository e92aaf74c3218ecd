import Testing
import TorchCore
import TorchEngine

/// Issue 36: a command whose client gave up is not carried out later. A request carries
/// its deadline (the client's give-up instant on CLOCK_MONOTONIC); one the service reads
/// past it is dropped, logged, and changes nothing.
@Suite struct RequestDeadlineTests {
    func logs(_ rig: TorchRig) -> [String] {
        rig.effects.compactMap { if case let .log(_, line) = $0 { line } else { nil } }
    }

    @Test func aRequestReadPastItsDeadlineIsDroppedAndLogged() {
        var rig = TorchRig()
        let reply = rig.request(#"{"cmd":"on","brightness":"50%","deadline":5.0}"#, at: atMs(12_500))
        #expect(reply == .failure(#""on" not carried out: read 7.5s after its deadline (the client had given up)"#))
        #expect(!rig.lit, "the light is unchanged")
        #expect(rig.programs.isEmpty, "nothing handed to the scheduler")
        #expect(logs(rig) == [#"socket: "on" dropped: read 7.5s after its deadline (its client had given up)"#])
    }

    @Test func aRequestWithinItsDeadlineIsCarriedOut() {
        var rig = TorchRig()
        #expect(rig.request(#"{"cmd":"on","brightness":"50%","deadline":5.0}"#, at: atMs(5_000)).ok, "at the deadline itself")
        #expect(rig.lit)
        #expect(rig.request(#"{"cmd":"off"}"#, at: atMs(60_000)).ok, "no deadline: carried out whenever it is read")
        #expect(!rig.lit)
    }

    @Test func everyCommandIsDroppedPastItsDeadlineStatusToo() {
        var rig = TorchRig()
        for cmd in [#""cmd":"status""#, #""cmd":"toggle""#, #""cmd":"press""#, #""cmd":"reload""#] {
            let reply = rig.request("{\(cmd),\"deadline\":1}", at: atMs(1_001))
            #expect(!reply.ok, "\(cmd)")
        }
        #expect(!rig.lit)
    }
}
