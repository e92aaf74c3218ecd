#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchHardware
import TorchTesting
import TorchTestSupport

@Suite("Status LEDs: the save file for a crash in stealth")
struct StatusLEDSaveTests {
    func piTree() -> SysfsLEDDouble {
        let tree = SysfsLEDDouble()
        tree.addLED("ACT", trigger: "mmc0")
        tree.addLED("PWR", trigger: "none", brightness: 255)
        return tree
    }

    @Test func encodeDecodeRoundTrip() throws {
        let leds = [SavedLED(name: "ACT", trigger: "mmc0", brightness: 0),
                    SavedLED(name: "beaglebone:green:usr0", trigger: "heartbeat", brightness: 1),
                    SavedLED(name: "PWR", trigger: "none", brightness: 255)]
        let text = SavedLEDFile.encode(leds)
        #expect(text.hasSuffix("ACT mmc0 0\nbeaglebone:green:usr0 heartbeat 1\nPWR none 255\n"))
        #expect(try SavedLEDFile.decode(text, path: "f") == leds)
    }

    @Test func decodeRejectsABadLineWithItsNumber() throws {
        let error = try requireThrows(HardwareError.self) {
            try SavedLEDFile.decode("# header\nACT mmc0 0\nPWR none\n", path: "/var/lib/torch/status-leds")
        }
        #expect(error.message == "/var/lib/torch/status-leds:3: expected 'name trigger brightness', found 'PWR none'")
        #expect(throws: HardwareError.self) { try SavedLEDFile.decode("ACT mmc0 -1\n", path: "f") }
        #expect(throws: HardwareError.self) { try SavedLEDFile.decode("../../etc mmc0 0\n", path: "f") }
    }

    @Test func crashInStealthIsUndoneAtTheNextStart() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/status-leds"
        let tree = piTree()
        // The run that dies: dark, with the save file written before the first store.
        let first = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        try first.goDark(savingTo: path)
        #expect(dir.names() == ["status-leds"])
        #expect(look(tree, "ACT") == "none 0")
        // The next start: a fresh object restores from the file, then removes it.
        let next = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        #expect(try next.restoreSaved(from: path).isEmpty)
        #expect(look(tree, "ACT") == "mmc0 0")
        #expect(look(tree, "PWR") == "none 255")
        #expect(dir.names().isEmpty)
        #expect(!next.isDark)
    }

    @Test func saveAfterRestoreRemovesTheFile() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/status-leds"
        let leds = StatusLEDs(names: ["ACT", "PWR"], fileSystem: piTree())
        try leds.goDark()
        try leds.save(to: path)
        let text = try #require(try AtomicFile.readFile(path))
        #expect(try SavedLEDFile.decode(text, path: path) == leds.saved)
        try leds.restore()
        try leds.save(to: path)
        #expect(dir.names().isEmpty)
    }

    @Test func noSaveFileIsNothingToDo() throws {
        let dir = try TemporaryDirectory()
        let tree = piTree()
        let leds = StatusLEDs(names: ["ACT", "PWR"], fileSystem: tree)
        #expect(try leds.restoreSaved(from: dir.path + "/status-leds").isEmpty)
        #expect(tree.writes.isEmpty)
    }

    @Test func savedLEDThatIsGoneIsAWarning() throws {
        let dir = try TemporaryDirectory()
        let path = dir.path + "/status-leds"
        try AtomicFile.write("led9 timer 0\nPWR none 7\n", to: path)
        let tree = piTree()
        let leds = StatusLEDs(names: ["PWR"], fileSystem: tree)
        #expect(try leds.restoreSaved(from: path) == ["status LED 'led9' not found under /sys/class/leds; skipped"])
        #expect(look(tree, "PWR") == "none 7")
    }
}
