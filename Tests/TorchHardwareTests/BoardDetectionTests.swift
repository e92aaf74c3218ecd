#if canImport(Glibc)
import Glibc
#endif
import Testing
import TorchCore
import TorchHardware

/// A fake machine root (`proc/`, `sys/`, `dev/`) in a fresh temporary directory,
/// removed with everything in it afterwards.
final class FakeMachineRoot {
    let path: String

    init() throws {
        var template = Array("/tmp/torch-board-root-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf -> UnsafeMutablePointer<CChar>? in
            guard let base = buf.baseAddress else { return nil }
            return mkdtemp(base)
        }
        path = try #require(made.map { String(cString: $0) })
    }

    /// Makes `relative` and its parents.
    func directory(_ relative: String) {
        var current = path
        for part in relative.split(separator: "/") {
            current += "/" + part
            mkdir(current, 0o755)
        }
    }

    /// Writes `bytes` to `relative`, making its directory.
    func file(_ relative: String, _ bytes: [UInt8]) throws {
        if let slash = relative.lastIndex(of: "/") { directory(String(relative[..<slash])) }
        let fd = open(path + "/" + relative, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        try #require(fd >= 0)
        defer { close(fd) }
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        try #require(n == bytes.count)
    }

    func file(_ relative: String, _ text: String) throws { try file(relative, Array(text.utf8)) }

    func link(_ relative: String, to target: String) {
        if let slash = relative.lastIndex(of: "/") { directory(String(relative[..<slash])) }
        symlink(target, path + "/" + relative)
    }

    /// A pwmchip as the kernel shows it: `npwm`, the `device` link, exported channels.
    func pwmChip(_ number: Int, device: String, npwm: Int, exported: [Int] = []) throws {
        let dir = "sys/class/pwm/pwmchip\(number)"
        try file(dir + "/npwm", "\(npwm)\n")
        link(dir + "/device", to: "../../../devices/platform/axi/1000120000.pcie/\(device)")
        for ch in exported { directory(dir + "/pwm\(ch)") }
    }

    /// A Raspberry Pi 5's device tree and LEDs.
    func raspberryPi5() throws {
        try file("proc/device-tree/compatible", Array("raspberrypi,5-model-b\u{0}brcm,bcm2712\u{0}".utf8))
        try file("proc/device-tree/model", Array("Raspberry Pi 5 Model B Rev 1.0\u{0}".utf8))
        directory("sys/class/leds/ACT")
        directory("sys/class/leds/PWR")
        directory("sys/class/leds/mmc0::")
    }

    deinit { Self.remove(path) }

    static func remove(_ path: String) {
        if let dir = opendir(path) {
            while let entry = readdir(dir) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name == "." || name == ".." { continue }
                let child = path + "/" + name
                var st = stat()
                if lstat(child, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR { remove(child) } else { unlink(child) }
            }
            closedir(dir)
        }
        rmdir(path)
    }
}

/// Detection from a fake machine: device tree, LEDs, PWM controllers found by device.
@Suite struct BoardDetectionTests {
    static func catalog() throws -> BoardCatalog {
        try BoardFiles.load(directory: BoardFiles.sourceTreeDirectory)
    }

    static func pi5Output() -> TorchConfig.Output {
        var o = TorchConfig.Output()
        o.line = "GPIO18"
        return o
    }

    @Test func noDeviceTreeIsNoBoard() throws {
        let root = try FakeMachineRoot()
        let machine = MachineProbe(root: root.path).snapshot()
        #expect(machine == MachineSnapshot())
        #expect(!machine.hasDeviceTree)
        #expect(try BoardDetection.resolve(name: "auto", catalog: Self.catalog(), machine: machine) == nil)
        let plan = OutputPlanner.plan(output: Self.pi5Output(), board: nil, pwmChips: machine.pwmChips,
                                      gpioChipLabels: machine.gpioChipLabels)
        #expect(plan.backend == .sim)
    }

    @Test func raspberryPi5OnKernel6_6() throws {
        let root = try FakeMachineRoot()
        try root.raspberryPi5()
        // 6.6: the fan's controller is pwmchip0, the header's pwmchip2.
        try root.pwmChip(0, device: "1f0009c000.pwm", npwm: 4, exported: [3])
        try root.pwmChip(2, device: "1f00098000.pwm", npwm: 4)
        let machine = MachineProbe(root: root.path).snapshot()
        #expect(machine.compatible == ["raspberrypi,5-model-b", "brcm,bcm2712"])
        #expect(machine.model == "Raspberry Pi 5 Model B Rev 1.0")
        #expect(machine.leds == ["ACT", "PWR", "mmc0::"])
        #expect(machine.pwmChips == [
            DetectedPWMChip(name: "pwmchip0", device: "1f0009c000.pwm", channelCount: 4, exported: [3]),
            DetectedPWMChip(name: "pwmchip2", device: "1f00098000.pwm", channelCount: 4),
        ])
        let board = try #require(try BoardDetection.resolve(name: "auto", catalog: Self.catalog(), machine: machine))
        #expect(board.id == "rpi5")
        #expect(BoardDetection.presentStatusLEDs(of: board, machine: machine) == ["ACT", "PWR"])
        let plan = OutputPlanner.plan(output: Self.pi5Output(), board: board, pwmChips: machine.pwmChips,
                                      gpioChipLabels: ["pinctrl-rp1"])
        #expect(plan.backend == .pwm)
        #expect(plan.pwmChip?.name == "pwmchip2")
        #expect(plan.pwmChannel == 2)
    }

    @Test func raspberryPi5OnKernel6_12() throws {
        let root = try FakeMachineRoot()
        try root.raspberryPi5()
        // 6.12: the header's controller is pwmchip0 and the fan's pwmchip1.
        try root.pwmChip(0, device: "1f00098000.pwm", npwm: 4)
        try root.pwmChip(1, device: "1f0009c000.pwm", npwm: 4, exported: [3])
        let machine = MachineProbe(root: root.path).snapshot()
        let board = try BoardDetection.resolve(name: "auto", catalog: Self.catalog(), machine: machine)
        let plan = OutputPlanner.plan(output: Self.pi5Output(), board: board, pwmChips: machine.pwmChips,
                                      gpioChipLabels: ["pinctrl-rp1"])
        #expect(plan.backend == .pwm)
        #expect(plan.pwmChip?.name == "pwmchip0")
        #expect(plan.pwmChip?.device == "1f00098000.pwm")
    }

    @Test func raspberryPi5WithoutTheOverlay() throws {
        let root = try FakeMachineRoot()
        try root.raspberryPi5()
        try root.pwmChip(0, device: "1f0009c000.pwm", npwm: 4, exported: [3])  // only the fan's
        let machine = MachineProbe(root: root.path).snapshot()
        let board = try BoardDetection.resolve(name: "auto", catalog: Self.catalog(), machine: machine)
        let plan = OutputPlanner.plan(output: Self.pi5Output(), board: board, pwmChips: machine.pwmChips,
                                      gpioChipLabels: ["pinctrl-rp1"])
        #expect(plan.backend == .gpiod)
        #expect(plan.enableHint == "dtoverlay=pwm,pin=18,func=2")
    }

    @Test func aChipThatCannotBeOpenedIsListedWithTheReason() throws {
        let root = try FakeMachineRoot()
        try root.file("dev/gpiochip0", "not a character device")
        let chips = MachineProbe(root: root.path).gpioChips()
        #expect(chips.count == 1)
        let chip = try #require(chips.first)
        #expect(chip.entry.name == "gpiochip0")
        #expect(chip.entry.label == nil)
        #expect(chip.linesInUse.isEmpty)
        #expect(chip.problem?.hasPrefix(root.path + "/dev/gpiochip0: ") == true)
        #expect(MachineSnapshot(gpioChips: chips).gpioChipLabels.isEmpty)
    }

    @Test func modelAloneIdentifiesTheBoard() throws {
        let root = try FakeMachineRoot()
        try root.file("proc/device-tree/model", Array("Raspberry Pi Zero 2 W Rev 1.0\u{0}".utf8))
        let machine = MachineProbe(root: root.path).snapshot()
        #expect(machine.compatible.isEmpty)
        #expect(try BoardDetection.resolve(name: "auto", catalog: Self.catalog(), machine: machine)?.id == "rpizero2w")
    }

    @Test func configuredBoardNameWinsAndUnknownNamesSuggest() throws {
        let root = try FakeMachineRoot()
        try root.raspberryPi5()
        let machine = MachineProbe(root: root.path).snapshot()
        #expect(try BoardDetection.resolve(name: "rpi4b", catalog: Self.catalog(), machine: machine)?.id == "rpi4b")
        #expect(throws: BoardLookupError.self) {
            try BoardDetection.resolve(name: "rpi6", catalog: Self.catalog(), machine: machine)
        }
        let catalog = try Self.catalog()
        do {
            _ = try BoardDetection.resolve(name: "rpi-5", catalog: catalog, machine: machine)
            Issue.record("rpi-5 should not be a board id")
        } catch {
            #expect(error.suggestion == "rpi5")
        }
    }

    @Test func boardFilesAreFoundBesideTheBinaryFirst() throws {
        let root = try FakeMachineRoot()
        try root.file("opt/torch/share/torch/boards/x.board", minimalBoardText)
        root.directory("opt/torch/bin")
        let dirs = BoardFiles.searchDirectories(executable: root.path + "/opt/torch/bin/torch")
        #expect(dirs.contains(root.path + "/opt/torch/bin/../share/torch/boards"))
        #expect(dirs.last == BoardFiles.sourceTreeDirectory)
        let (catalog, directory) = try BoardFiles.loadCatalog(searching: [root.path + "/nowhere", root.path + "/opt/torch/bin/../share/torch/boards"])
        #expect(directory.hasSuffix("/opt/torch/bin/../share/torch/boards"))
        #expect(catalog.ids == ["x"])
        #expect(throws: BoardLoadError.notFound(searched: [root.path + "/nowhere"])) {
            try BoardFiles.loadCatalog(searching: [root.path + "/nowhere"])
        }
    }

    @Test func brokenBoardFileIsReportedWithFileAndLine() throws {
        let root = try FakeMachineRoot()
        try root.file("boards/bad.board", "[board]\nname = Bad\n")
        do {
            _ = try BoardFiles.load(directory: root.path + "/boards")
            Issue.record("bad.board should not load")
        } catch {
            #expect(error.description == "bad.board:1: [board]: 'gpio-chip' is missing (the label of the header's GPIO chip)\n"
                + "bad.board:1: [board]: no 'compatible' or 'model': nothing would recognise this board")
        }
    }

    @Test func theShippedBoardsLoadFromTheSourceTree() throws {
        #expect(try Self.catalog().ids.contains("rpi5"))
    }
}

let minimalBoardText = """
    [board]
    name = X
    model = X Board
    gpio-chip = x
    [header]
    1 = GPIO1 1
    [pwm]
    1 = x.pwm 0 enable-it
    """
