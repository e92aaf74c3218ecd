import Testing
import TorchCore
import TorchHardware
import TorchEngine
import TorchTesting
#if canImport(Glibc)
import Glibc
#endif

/// Issue 36: a save that failed (the state directory full or read-only) is tried again
/// when the next save is due and at the stop, so once the disk takes it again the
/// owner's last choice is written without another change. The failure is real (the
/// state file under a regular file: ENOTDIR, even as root), on the embedded service's
/// manual clock.
@Suite struct StateSaveRetryTests {
    /// A directory whose `blocked/state` cannot be written until `unblock`.
    final class BlockedStateDirectory {
        let root: String
        var blocker: String { root + "/blocked" }
        var state: String { blocker + "/state" }

        init() throws {
            var template = Array("/tmp/torch-save-retry-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw HardwareError("mkdtemp failed", errno: errno) }
            root = String(cString: made)
            try AtomicFile.write("not a directory\n", to: blocker)
        }

        /// The disk takes writes again: the regular file becomes the directory.
        func unblock() {
            unlink(blocker)
            mkdir(blocker, 0o755)
        }

        func saved() -> String? { try? AtomicFile.readFile(state) }

        deinit {
            unlink(state)
            unlink(blocker)
            rmdir(blocker)
            rmdir(root)
        }
    }

    /// A front end that keeps the context, to carry out a command's effects mid-turn as
    /// the control socket does.
    final class Commander: FrontEnd {
        var context: FrontEndContext?
        var pollDescriptors: [Int32] { [] }
        func attach(_ context: FrontEndContext) { self.context = context }
        func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
        func close() {}
    }

    func service(_ dir: BlockedStateDirectory, _ clock: ManualClock) -> (EmbeddedService, Commander) {
        let commander = Commander()
        var o = ServiceOptions(controller: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear)),
                               scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false),
                               stateFile: StateFile(path: dir.state), frontEnds: [commander])
        o.verbose = false
        return (EmbeddedService(output: SimulatedOutput(clock: clock), options: o, clock: clock), commander)
    }

    /// `torch_state_file_write_failures_total`, as `GET /metrics` says it.
    func failures(_ commander: Commander) -> Int? {
        let text = commander.context?.metricsText() ?? ""
        let line = text.split(separator: "\n").first { $0.hasPrefix("torch_state_file_write_failures_total ") }
        return line.flatMap { Int($0.split(separator: " ").last ?? "") }
    }

    func command(_ c: ControlCommand, _ e: EmbeddedService, _ commander: Commander) {
        e.service.controller.handle(.request(ControlRequest(c), from: .socket, at: e.clock.now()))
        commander.context?.performEffects()
    }

    @Test func aFailedSaveIsWrittenWhenTheDiskTakesItAgainWithoutAnotherChange() throws {
        let dir = try BlockedStateDirectory()
        let clock = ManualClock()
        let (e, commander) = service(dir, clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(10))
        command(.on(Brightness(clamping: 0.4)), e, commander)
        #expect(failures(commander) == 1, "the save failed")
        #expect(e.service.nextDeadline == atMs(1010), "tried again a second later")
        e.run(until: atMs(1010))
        #expect(failures(commander) == 2, "and failed again")
        #expect(e.service.nextDeadline == atMs(3010), "then two seconds later, four, … at most a minute")
        dir.unblock()
        e.run(until: atMs(3010))
        let saved = try #require(dir.saved(), "written with no new change once the disk takes it")
        #expect(saved.contains("lit=yes") && saved.contains("brightness=40%"), "\(saved)")
        #expect(e.service.nextDeadline == nil, "nothing waits once it is written")
        #expect(e.stop() == 0)
    }

    @Test func theRetriesBackOffToOneAMinute() throws {
        let dir = try BlockedStateDirectory()
        let clock = ManualClock()
        let (e, commander) = service(dir, clock)
        #expect(e.begin() == nil)
        command(.on(nil), e, commander)
        e.run(until: atMs(3_600_000))
        let attempts = failures(commander)
        // At 0, then 1, 2, 4, 8, 16, 32 s apart (7 attempts by 63 s), then one a minute:
        // 58 more by 3600 s.
        #expect(attempts == 65, "an hour of a read-only directory: \(attempts) attempts")
        #expect(e.stop() == 0)
    }

    @Test func theStopTriesAFailedSaveAgain() throws {
        let dir = try BlockedStateDirectory()
        let clock = ManualClock()
        let (e, commander) = service(dir, clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(10))
        command(.on(Brightness(clamping: 0.3)), e, commander)
        #expect(failures(commander) == 1)
        e.run(until: atMs(500))
        dir.unblock()
        #expect(e.stop() == 0)
        let saved = try #require(dir.saved(), "the stop wrote what had failed")
        #expect(saved.contains("lit=yes") && saved.contains("brightness=30%"), "\(saved)")
    }
}
