import Testing
import TorchCore
import TorchHardware
import TorchEngine
import TorchTesting
#if canImport(Glibc)
import Glibc
#endif

/// Stealth through the service's real turn: the board's status LEDs (the kernel's LED
/// class, answered by `SysfsLEDDouble`) go dark with their triggers saved beside the
/// state, and come back on stealth off and at the stop, with nothing left to restore.
@Suite struct StealthServiceTests {
    /// A front end that keeps the context, to carry out a command's effects mid-turn as
    /// the control socket does.
    final class Commander: FrontEnd {
        var context: FrontEndContext?
        var pollDescriptors: [Int32] { [] }
        func attach(_ context: FrontEndContext) { self.context = context }
        func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {}
        func close() {}
    }

    /// A directory of the test's own for the saved triggers' file.
    final class SaveDirectory {
        let root: String
        var file: String { root + "/status-leds" }

        init() throws {
            var template = Array("/tmp/torch-stealth-XXXXXX".utf8CString)
            guard let made = mkdtemp(&template) else { throw HardwareError("mkdtemp failed", errno: errno) }
            root = String(cString: made)
        }

        func saved() -> String? { try? AtomicFile.readFile(file) }

        deinit {
            unlink(file)
            rmdir(root)
        }
    }

    func service(_ leds: SysfsLEDDouble, _ dir: SaveDirectory, _ clock: ManualClock) -> (EmbeddedService, Commander) {
        let commander = Commander()
        var o = ServiceOptions(controller: ControllerSettings(torch: TorchSettings(), mapping: OutputMapping(curve: .linear)),
                               scheduler: SchedulerSettings(realtimePriority: nil, lockMemory: false), frontEnds: [commander])
        o.statusLEDs = StatusLEDs(names: ["ACT", "PWR"], classDirectory: leds.classDirectory, fileSystem: leds)
        o.statusLEDSavePath = dir.file
        o.verbose = false
        return (EmbeddedService(output: SimulatedOutput(clock: clock), options: o, clock: clock), commander)
    }

    func command(_ c: ControlCommand, _ e: EmbeddedService, _ commander: Commander) {
        e.service.controller.handle(.request(ControlRequest(c), from: .socket, at: e.clock.now()))
        commander.context?.performEffects()
    }

    func boardLEDs() -> SysfsLEDDouble {
        let leds = SysfsLEDDouble()
        leds.addLED("ACT", trigger: "mmc0", brightness: 0, maxBrightness: 1)
        leds.addLED("PWR", trigger: "default-on", brightness: 1, maxBrightness: 1)
        return leds
    }

    @Test func stealthDarkensTheStatusLEDsAndTheStopPutsThemBack() throws {
        let leds = boardLEDs()
        let dir = try SaveDirectory()
        let clock = ManualClock()
        let (e, commander) = service(leds, dir, clock)
        #expect(e.begin() == nil)
        e.run(until: atMs(10))
        command(.stealth(true), e, commander)
        #expect(leds.led("ACT")?.trigger == "none" && leds.led("ACT")?.brightness == 0, "\(leds.writeLog)")
        #expect(leds.led("PWR")?.trigger == "none" && leds.led("PWR")?.brightness == 0, "\(leds.writeLog)")
        #expect(dir.saved()?.contains("mmc0") == true, "the triggers saved, in case the service dies: \(dir.saved() ?? "none")")
        e.run(until: atMs(1000))
        #expect(e.stop() == 0)
        #expect(leds.led("ACT")?.trigger == "mmc0", "\(leds.writeLog)")
        #expect(leds.led("PWR")?.trigger == "default-on" && leds.led("PWR")?.brightness == 1, "\(leds.writeLog)")
        #expect(dir.saved() == nil, "nothing left to restore")
    }

    @Test func stealthOffPutsThemBackWhileTheServiceRuns() throws {
        let leds = boardLEDs()
        let dir = try SaveDirectory()
        let clock = ManualClock()
        let (e, commander) = service(leds, dir, clock)
        #expect(e.begin() == nil)
        command(.stealth(true), e, commander)
        e.run(until: atMs(500))
        command(.stealth(false), e, commander)
        #expect(leds.led("ACT")?.trigger == "mmc0" && leds.led("PWR")?.trigger == "default-on", "\(leds.writeLog)")
        #expect(dir.saved() == nil, "nothing left to restore")
        let writes = leds.writeLog.count
        #expect(e.stop() == 0)
        #expect(leds.writeLog.count == writes, "the stop finds nothing to put back: \(leds.writeLog)")
    }

    @Test func aStartPutsBackWhatACrashedRunLeftDark() throws {
        let leds = boardLEDs()
        let dir = try SaveDirectory()
        let clock = ManualClock()
        do {
            let (e, commander) = service(leds, dir, clock)
            #expect(e.begin() == nil)
            command(.stealth(true), e, commander)
            // The process dies here: no stop, the LEDs dark, their triggers on disk.
        }
        #expect(leds.led("ACT")?.trigger == "none")
        let (e, _) = service(leds, dir, clock)
        #expect(e.begin() == nil)
        #expect(leds.led("ACT")?.trigger == "mmc0" && leds.led("PWR")?.trigger == "default-on", "\(leds.writeLog)")
        #expect(e.stop() == 0)
    }
}
