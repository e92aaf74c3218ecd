#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
@testable import TorchHardware

/// A line that can lose its chip: probe and writes say ENODEV once `gone`.
final class LosableLine: LightOutput, @unchecked Sendable {
    let kind = Backend.gpiod
    let isBinary = true
    let summary = "gpiochip1 line 0 via test"
    var gone = false
    var written: [Double] = []
    var closed = false
    func write(duty: Double) -> Int32 {
        if gone { return ENODEV }
        written.append(duty)
        return 0
    }
    func probe() -> Int32 { gone ? ENODEV : 0 }
    func close() { closed = true }
}

/// The GPIO chip goes away under a running service and comes back (issue 15).
@Suite struct ReacquiringOutputTests {
    @Test func goneIsSaidOnceThenTheLineIsTakenAgain() {
        let first = LosableLine()
        var chipBack = false
        var opened: [LosableLine] = []
        let out = ReacquiringOutput(first) { () throws(HardwareError) -> any LightOutput in
            guard chipBack else { throw HardwareError("gpio chip 'torch-fault' not found", errno: ENOENT) }
            let line = LosableLine()
            opened.append(line)
            return line
        }
        #expect(out.write(duty: 1) == 0)
        #expect(out.maintain() == nil, "healthy: nothing to do")

        first.gone = true
        #expect(out.write(duty: 0) == ENODEV)
        #expect(out.maintain() == .gone(ENODEV))
        #expect(out.isGone)
        #expect(out.maintain() == nil, "said once while it stays gone")
        #expect(out.maintain() == nil)

        chipBack = true
        #expect(out.maintain() == .reacquired)
        #expect(opened.count == 1)
        #expect(!first.closed, "the writer still holds the old line")
        #expect(out.write(duty: 1) == 0, "the writer takes the new line")
        #expect(opened[0].written == [1])
        #expect(out.maintain() == nil)
        #expect(first.closed, "the service closed the replaced line")
        #expect(!out.isGone)

        out.close()
        #expect(opened[0].closed)
    }

    @Test func aHealthyOutputIsNeverReopened() {
        var reopened = 0
        let out = ReacquiringOutput(LosableLine()) { () throws(HardwareError) -> any LightOutput in
            reopened += 1
            return LosableLine()
        }
        for _ in 0..<5 { #expect(out.maintain(lastErrno: EIO) == nil) }
        #expect(reopened == 0, "EIO is not a lost device")
    }
}
