import Testing
import TorchCore
import TorchEngine

/// The VM's gesture scenario on a manual clock: its config (hold 1 s, click gap 1 s,
/// debounce 50 ms, 2h = sos) and its bounce trains (5 edges at each contact), 3 clicks,
/// 4 clicks into lockout, then a tap while locked: the torch stays locked and every
/// timer settles (a deadline that never moves on would loop here, as it would spin the
/// service's event loop).
@Suite struct LockedBounceTests {
    @Test(.timeLimit(.minutes(1))) func aBouncyTapWhileLockedSettlesAndStaysLocked() {
        var s = TorchSettings(brightness: Brightness(clamping: 0.4))
        s.gestureTiming = GestureTiming(debounce: .milliseconds(50), holdTime: .seconds(1), doubleTapWindow: .seconds(1), longHoldTime: .seconds(5))
        s.gestures[.clickHold(2)] = .sos
        var rig = TorchRig(s)
        var t: Int64 = 1000
        func tap(_ rig: inout TorchRig, at ms: Int64) {
            // A bounce train down (5 edges within 1.2 ms), held 100 ms, then up likewise.
            var on = true
            for i: Int64 in 0..<5 { rig.edge(on, at: atMs(ms) + .microseconds(i * 300)); on.toggle() }
            on = false
            for i: Int64 in 0..<5 { rig.edge(on, at: atMs(ms + 100) + .microseconds(i * 300)); on.toggle() }
        }
        for _ in 0..<3 { tap(&rig, at: t); t += 400 }
        t += 2000
        for _ in 0..<4 { tap(&rig, at: t); t += 400 }
        t += 2000
        tap(&rig, at: t)
        var steps = 0
        let end = atMs(t + 10_000)
        while let d = rig.controller.nextDeadline, d <= end, steps < 10_000 {
            rig.run(until: d)
            steps += 1
        }
        #expect(steps < 1000, "steps \(steps), deadline \(String(describing: rig.controller.nextDeadline))")
        #expect(rig.torch.locked && !rig.lit)
    }
}
