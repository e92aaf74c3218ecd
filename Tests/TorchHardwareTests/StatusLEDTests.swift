#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware
import TorchTesting
import TorchTestSupport

@Suite("Status LEDs: trigger parsing")
struct StatusLEDTriggerTests {
    @Test func bracketedNoneIsNone() {
        #expect(LEDTrigger.current(in: "[none] timer heartbeat\n") == "none")
    }

    @Test func bracketInTheMiddle() {
        #expect(LEDTrigger.current(in: "none rfkill-any kbd-scrolllock [mmc0] timer\n") == "mmc0")
    }

    @Test func bracketAtTheEnd() {
        #expect(LEDTrigger.current(in: "none timer [actpwr]\n") == "actpwr")
    }

    @Test func noBracketsIsNil() {
        #expect(LEDTrigger.current(in: "none timer heartbeat\n") == nil)
        #expect(LEDTrigger.current(in: "") == nil)
        #expect(LEDTrigger.current(in: "[] none") == nil)
    }
}

@Suite("Status LEDs: stealth on an in-memory tree")
struct StatusLEDStealthTests {
    /// A Raspberry Pi's two: ACT follows the SD card, PWR is on by a plain brightness.
    func piTree() -> SysfsLEDDouble {
        let tree = SysfsLEDDouble()
        tree.addLED("ACT", trigger: "mmc0", brightness: 0)
        tree.addLED("PWR", trigger: "none", brightness: 255)
        return tree
    }

    @Test func goDarkSavesThenWritesNoneThenZero() throws {
        let tree = piTree()
        let leds = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        let warnings = try leds.goDark()
        #expect(warnings.isEmpty)
        #expect(tree.writeLog == ["ACT/trigger none", "ACT/brightness 0", "PWR/trigger none", "PWR/brightness 0"])
        #expect(leds.saved == [SavedLED(name: "ACT", trigger: "mmc0", brightness: 0),
                               SavedLED(name: "PWR", trigger: "none", brightness: 255)])
        #expect(look(tree, "ACT") == "none 0")
        #expect(look(tree, "PWR") == "none 0")
        #expect(leds.isDark)
    }

    @Test func restoreWritesTriggerAndBrightnessOnlyForNone() throws {
        let tree = piTree()
        let leds = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        try leds.goDark()
        let before = tree.writes.count
        try leds.restore()
        let restoring = tree.writeLog.suffix(tree.writes.count - before)
        // ACT's trigger drives its brightness, so no brightness is written for it.
        #expect(Array(restoring) == ["ACT/trigger mmc0", "PWR/trigger none", "PWR/brightness 255"])
        #expect(look(tree, "ACT") == "mmc0 0")
        #expect(look(tree, "PWR") == "none 255")
        #expect(!leds.isDark)
        #expect(leds.saved.isEmpty)
    }

    @Test func goDarkAndRestoreAreIdempotent() throws {
        let tree = piTree()
        let leds = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        try leds.goDark()
        let afterFirst = tree.writes.count
        #expect(try leds.goDark().isEmpty)
        #expect(tree.writes.count == afterFirst)
        // The second goDark must not have replaced the saved states with "none 0".
        #expect(leds.saved.first == SavedLED(name: "ACT", trigger: "mmc0", brightness: 0))
        try leds.restore()
        let afterRestore = tree.writes.count
        try leds.restore()
        #expect(tree.writes.count == afterRestore)
        #expect(look(tree, "ACT") == "mmc0 0")
    }

    @Test func restoreWithoutGoDarkWritesNothing() throws {
        let tree = piTree()
        try StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree).restore()
        #expect(tree.writes.isEmpty)
    }

    @Test func missingLEDIsSkippedWithOneWarning() throws {
        let tree = piTree()
        let leds = StatusLEDs(names: ["ACT", "led1", "PWR"], fileSystem: tree)
        let warnings = try leds.goDark()
        #expect(warnings == ["status LED 'led1' not found under /sys/class/leds; skipped"])
        #expect(leds.saved.map(\.name) == ["ACT", "PWR"])
        #expect(!tree.writes.contains { $0.path.hasPrefix("led1") })
    }

    @Test func unsafeNameIsSkippedNotWritten() throws {
        let tree = piTree()
        let leds = StatusLEDs(names: ["../ACT"], fileSystem: tree)
        #expect(try leds.goDark().count == 1)
        #expect(tree.writes.isEmpty)
    }

    @Test func triggerWithoutBracketsRestoresBrightnessWithAWarning() throws {
        // A tree whose trigger file brackets nothing: read it through a wrapper.
        let tree = piTree()
        let fs = UnbracketedTriggers(tree)
        let leds = StatusLEDs(names: ["PWR"], fileSystem: fs)
        let warnings = try leds.goDark()
        #expect(warnings.count == 1)
        #expect(warnings.first?.contains("'PWR'") == true)
        try leds.restore()
        #expect(look(tree, "PWR") == "none 255")
    }

    @Test func permissionDeniedNamesTheFileAndTheWayOut() throws {
        let tree = SysfsLEDDouble()
        tree.addLED("ACT", trigger: "mmc0", writable: false)
        let leds = StatusLEDs(names: ["ACT"], fileSystem: tree)
        let error = try requireThrows(HardwareError.self) { try leds.goDark() }
        #expect(error.errno == EACCES)
        #expect(error.message.hasPrefix("/sys/class/leds/ACT/trigger: permission denied"))
        #expect(error.message.contains("root"))
        #expect(error.message.contains("udev rule"))
        #expect(!error.message.contains("\n"))
        #expect(!leds.isDark)
    }

    @Test func failureHalfWayStillRestoresWhatWentDark() throws {
        let tree = SysfsLEDDouble()
        tree.addLED("ACT", trigger: "heartbeat")
        tree.addLED("PWR", trigger: "none", brightness: 255, writable: false)
        let leds = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        #expect(throws: HardwareError.self) { try leds.goDark() }
        #expect(look(tree, "ACT") == "none 0")
        try leds.restore()
        #expect(tree.led("ACT")?.trigger == "heartbeat")
        #expect(look(tree, "PWR") == "none 255")
    }

    @Test func restoreTriesEveryLEDAndKeepsTheFailedOne() throws {
        let tree = SysfsLEDDouble()
        tree.addLED("ACT", trigger: "mmc0", triggers: ["none", "mmc0"])
        tree.addLED("PWR", trigger: "default-on")
        let leds = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        try leds.goDark()
        // The saved trigger has gone away (its module unloaded): the kernel says EINVAL.
        tree.addLED("ACT", trigger: "none", triggers: ["none"])
        let error = try requireThrows(HardwareError.self) { try leds.restore() }
        #expect(error.errno == EINVAL)
        #expect(error.message.hasPrefix("/sys/class/leds/ACT/trigger: cannot write 'mmc0'"))
        #expect(tree.led("PWR")?.trigger == "default-on")
        #expect(leds.saved.map(\.name) == ["ACT"])
    }
}

/// "trigger brightness" of an LED in the tree, e.g. "mmc0 0".
func look(_ tree: SysfsLEDDouble, _ name: String) -> String? {
    tree.led(name).map { "\($0.trigger) \($0.brightness)" }
}

/// Passes everything through, but the trigger files show no bracketed entry.
final class UnbracketedTriggers: SysfsFileSystem {
    let inner: SysfsLEDDouble
    init(_ inner: SysfsLEDDouble) { self.inner = inner }
    func readSmallFile(_ path: String) throws(SysfsErrno) -> String {
        let text = try inner.readSmallFile(path)
        return path.hasSuffix("/trigger") ? text.filter { $0 != "[" && $0 != "]" } : text
    }
    func write(_ path: String, _ value: String) -> Int32 { inner.write(path, value) }
    func openForWriting(_ path: String) throws(SysfsErrno) -> any SysfsWriteHandle { try inner.openForWriting(path) }
    func listDirectory(_ path: String) throws(SysfsErrno) -> [String] { try inner.listDirectory(path) }
    func readLink(_ path: String) throws(SysfsErrno) -> String { try inner.readLink(path) }
    func exists(_ path: String) -> Bool { inner.exists(path) }
}
