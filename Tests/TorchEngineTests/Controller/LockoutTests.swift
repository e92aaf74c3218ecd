import Testing
import TorchCore
import TorchEngine

/// The state machine's `Lockout` (unlocked, locked, glowing), one value where `locked`
/// and the glow were two flags: the moves between its cases, on explicit instants.
@Suite struct LockoutTests {
    static let autoLocking: TorchSettings = {
        var s = TorchSettings()
        s.autoLock = .seconds(10)
        return s
    }()

    /// Four clicks from `ms`, 100 ms apart; the sequence ends 300 ms after the last release.
    func fourClicks(_ rig: inout TorchRig, from ms: Int64) {
        for i: Int64 in 0..<4 { rig.click(atMs(ms + i * 100), atMs(ms + i * 100 + 50)) }
    }

    @Test func autoLockLocksAndAPressGlowsUntilItsRelease() {
        var rig = TorchRig(Self.autoLocking)
        #expect(rig.torch.lockout == .unlocked && !rig.torch.locked)
        rig.run(until: atMs(10_000))
        #expect(rig.torch.lockout == .locked && rig.torch.locked && !rig.lit)
        rig.press(at: atMs(11_000))
        #expect(rig.torch.lockout == .glowing && rig.torch.locked && rig.torch.lighting == .whileHeld)
        #expect(rig.program.brightness == Self.autoLocking.floor && rig.program.timeline == Pattern.steady.timeline())
        rig.release(at: atMs(11_100))
        #expect(rig.torch.lockout == .locked && rig.torch.lighting == .dark)
    }

    @Test func theLockoutGestureLocksAndUnlocksThroughTheGlow() {
        var rig = TorchRig()
        fourClicks(&rig, from: 0)
        rig.run(until: atMs(650))
        #expect(rig.torch.lockout == .locked && !rig.lit)
        // Each press of the unlocking clicks glows; the sequence's end unlocks.
        for i: Int64 in 0..<3 { rig.click(atMs(2000 + i * 100), atMs(2000 + i * 100 + 50)) }
        rig.press(at: atMs(2300))
        #expect(rig.torch.lockout == .glowing)
        rig.release(at: atMs(2350))
        #expect(rig.torch.lockout == .locked)
        rig.run(until: atMs(2649))
        #expect(rig.torch.lockout == .locked)
        rig.run(until: atMs(2650))
        #expect(rig.torch.lockout == .unlocked && rig.torch.lighting == .latched)
    }

    @Test func aHoldMappedToLockoutUnlocksFromTheGlow() {
        var settings = Self.autoLocking
        settings.gestures[.clickHold(1)] = .lockout
        var rig = TorchRig(settings)
        rig.run(until: atMs(10_000))
        rig.press(at: atMs(11_000))
        #expect(rig.torch.lockout == .glowing)
        rig.run(until: atMs(11_400))
        #expect(rig.torch.lockout == .unlocked && rig.torch.lighting == .latched)
        rig.release(at: atMs(11_500))
        #expect(rig.torch.lockout == .unlocked && rig.torch.lighting == .latched)
    }

    @Test func aCommandWhileGlowingLatchesButTheReleaseStillPutsItOut() {
        var rig = TorchRig(Self.autoLocking)
        rig.run(until: atMs(10_000))
        rig.press(at: atMs(11_000))
        rig.command(.on(nil), at: atMs(11_050))
        #expect(rig.torch.lockout == .glowing && rig.torch.lighting == .latched)
        #expect(rig.torch.statusSummary(at: atMs(11_050)).brightness == Self.autoLocking.floor)
        rig.release(at: atMs(11_100))
        #expect(rig.torch.lockout == .locked && rig.torch.lighting == .dark)
    }

    @Test func autoLockLocksOverMomentaryModeAndUnlockingGoesBackToIt() {
        var rig = TorchRig(Self.autoLocking)
        for i: Int64 in 0..<5 { rig.click(atMs(i * 100), atMs(i * 100 + 50)) }
        rig.run(until: atMs(750))
        #expect(rig.torch.momentaryModeOn && !rig.lit)
        rig.run(until: atMs(10_750))
        #expect(rig.torch.lockout == .locked && rig.torch.momentaryModeOn)
        fourClicks(&rig, from: 11_000)
        rig.run(until: atMs(11_650))
        #expect(rig.torch.lockout == .unlocked && rig.torch.momentaryModeOn)
    }
}
