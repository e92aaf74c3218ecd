import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch probe`: what this machine has (board, GPIO chips and who holds their lines,
/// PWM controllers, status LEDs) and what `auto` would drive the light with.
struct ProbeCommand: LocalCommand {
    static let spec = CommandSpec.query("probe", overview: "Show what this machine has and what --backend auto would choose.",
                                        json: Flag("json", help: "Print JSON.")) { .local(ProbeCommand(json: $0)) }

    /// `--json`.
    var json: Bool

    func run(_ context: LocalContext) -> Int32 {
        let config = context.config
        let machine = MachineProbe().snapshot()
        var problems: [String] = []
        var catalog: BoardCatalog? = nil
        var directory: String? = nil
        do { (catalog, directory) = try BoardFiles.loadCatalog() } catch {
            problems.append("\(error)")
        }
        var board: BoardProfile? = nil
        if let catalog {
            do { board = try BoardDetection.resolve(name: config.board.name, catalog: catalog, machine: machine) } catch {
                StandardError.write("torch: [board] name: \(error)\n")
                return ExitCode.failure
            }
        }
        let plan = OutputPlanner.plan(output: config.output, board: board, pwmChips: machine.pwmChips,
                                      gpioChipLabels: machine.gpioChipLabels)
        var report = ProbeReport(machine: machine, board: board, boardName: config.board.name, plan: plan,
                                 config: config, boardsDirectory: directory, problems: problems)
        report.pwmGPIODriver = MachineProbe().pwmGPIODriver()
        report.pwmPIODriver = MachineProbe().pwmPIODriver()
        report.kernelRelease = MachineProbe().kernelRelease()
        report.preemption = MachineProbe().kernelPreemption()
        report.iioDevices = IIOLightSensor.list()
        StandardOutput.write(json ? report.json() : report.text())
        return ExitCode.ok
    }
}

/// The probe's findings, printable as text or JSON.
struct ProbeReport {
    var machine: MachineSnapshot
    var board: BoardProfile?
    var boardName: String
    var plan: OutputPlan
    var config: TorchConfig
    var boardsDirectory: String?
    var problems: [String]
    /// Where the kernel's pwm-gpio driver was found; nil: this kernel has none.
    var pwmGPIODriver: String? = nil
    /// Where the kernel's pwm-pio-rp1 driver was found; nil: this kernel has none.
    var pwmPIODriver: String? = nil
    /// `uname -r`; nil when it cannot be read.
    var kernelRelease: String? = nil
    /// How the kernel preempts a task in a system call (what delays a real-time wake-up).
    var preemption: KernelPreemptionReading? = nil
    /// The IIO devices (/sys/bus/iio/devices): those with a light channel are listed.
    var iioDevices: [IIOLightSensor.IIODeviceListing] = []

    /// The IIO devices with a light channel (illuminance, or an ADC's voltages).
    var lightSensors: [IIOLightSensor.IIODeviceListing] { iioDevices.filter { !$0.channels.isEmpty } }

    /// "iio:device0 (bh1750): in_illuminance (raw × scale, lx), integration 120ms".
    static func sensorLine(_ d: IIOLightSensor.IIODeviceListing) -> String {
        let channels = d.channels.map { c in
            "\(c.name) (\(c.isRaw ? "raw" + (c.scaleFile != nil ? " × scale" : "") : "input"), \(c.quantity.unit))"
        }
        return "\(d.id) (\(d.name)): " + channels.joined(separator: ", ")
    }

    /// The carriers torch can dim with on this machine, the one `auto` drives first:
    /// hardware PWM where there are PWM chips, the kernel's pwm-gpio where it has the
    /// driver, software PWM where there are GPIO chips.
    var carriers: [PWMCarrier] {
        var all: [PWMCarrier] = []
        if !machine.pwmChips.isEmpty || plan.backend == .pwm { all.append(PWMCarrier(.hardwarePWM, frequency: config.output.pwmFrequency)) }
        if pwmGPIODriver != nil { all.append(PWMCarrier(.pwmGPIO, frequency: config.output.pwmFrequency)) }
        if !machine.gpioChips.isEmpty || plan.backend == .gpiod { all.append(PWMCarrier(.softwarePWM, frequency: config.output.softPWMFrequency)) }
        let chosen = PWMCarrier.configured(plan.backend, config.output)
        return all.filter { $0 == chosen } + all.filter { $0 != chosen }
    }

    /// The duty the flicker index is shown at: 50 % brightness through the configured curve.
    var flickerDuty: Double { OutputMapping(curve: config.light.curve).duty(forLightness: 0.5) }

    /// `dtoverlay=pwm-gpio,gpio=N` for an LED pin without hardware PWM, when the kernel can.
    var pwmGPIOHint: String? {
        OutputPlanner.pwmGPIOHint(plan: plan, board: board, kernelHasPWMGPIO: pwmGPIODriver != nil)
    }

    /// `dtoverlay=pwm-pio,gpio=N` for a Pi 5 LED pin without hardware PWM.
    var pwmPIOHint: String? { OutputPlanner.pwmPIOHint(plan: plan, board: board) }

    func text() -> String {
        var s = ""
        func row(_ key: String, _ value: String) { s += BoardsCommand.pad(key, 13) + value + "\n" }
        func more(_ value: String) { s += String(repeating: " ", count: 13) + value + "\n" }
        if let board {
            row("board", "\(board.name) (\(board.id)\(boardName == "auto" ? ", detected" : ", from [board] name"))")
        } else if !machine.hasDeviceTree {
            row("board", "unknown board (no /proc/device-tree: not a device-tree machine, e.g. x86)")
        } else {
            row("board", "unknown board (no profile matches; see 'torch boards')")
        }
        if let model = machine.model { row("model", model) }
        if !machine.compatible.isEmpty { row("compatible", machine.compatible.joined(separator: ", ")) }
        row("libgpiod", GPIOLibrary.summary)
        if let preemption { row("kernel", (kernelRelease.map { "\($0): " } ?? "") + preemption.summary) }
        if machine.gpioChips.isEmpty {
            row("gpio chips", "none (no /dev/gpiochip*)")
        } else {
            var first = true
            for chip in machine.gpioChips {
                let lines = chip.entry.lineCount.map { ", \($0) lines" } ?? ""
                var line = "\(chip.entry)\(lines)"
                if let problem = chip.problem {
                    line += ": \(problem)"
                } else {
                    line += chip.linesInUse.isEmpty ? ", none in use" : ", in use: " + chip.linesInUse.map(Self.holder).joined(separator: ", ")
                }
                if first { row("gpio chips", line) } else { more(line) }
                first = false
            }
        }
        if machine.pwmChips.isEmpty {
            row("pwm chips", "none (no /sys/class/pwm/pwmchip*)")
        } else {
            for (i, chip) in machine.pwmChips.enumerated() {
                let exported = chip.exported.isEmpty ? "" : ", exported: " + chip.exported.map(String.init).joined(separator: " ")
                let line = "\(chip.label), \(chip.channelCount) channel\(chip.channelCount == 1 ? "" : "s")\(exported)"
                if i == 0 { row("pwm chips", line) } else { more(line) }
            }
        }
        if let board {
            let present = BoardDetection.presentStatusLEDs(of: board, machine: machine)
            row("status leds", present.isEmpty ? "none of \(board.statusLEDs.joined(separator: ", ")) present" : present.joined(separator: ", "))
        } else {
            row("status leds", machine.leds.isEmpty ? "none (no /sys/class/leds)" : machine.leds.joined(separator: ", "))
        }
        row("output", "auto → \(plan.reason)")
        if let hint = plan.enableHint { row("to enable", OutputPlanner.enableText(hint)) }
        if let hint = pwmGPIOHint, let found = pwmGPIODriver {
            row("kernel pwm", "this pin has no PWM channel; the kernel's pwm-gpio driver (\(found)) can drive it: "
                + OutputPlanner.enableText(hint) + ", then set [output] pwm-chip to the controller it adds")
        }
        if let hint = pwmPIOHint {
            let kernel = pwmPIODriver.map { "the kernel's pwm-pio-rp1 driver (\($0))" }
                ?? "a kernel with the pwm-pio-rp1 driver (Raspberry Pi OS's; this one has none)"
            row("pio pwm", "this pin has no PWM channel; RP1's PIO can drive it with \(kernel): "
                + OutputPlanner.enableText(hint) + ", then set [output] pwm-chip to the controller it adds")
        }
        if lightSensors.isEmpty {
            row("light sensor", "none (no /sys/bus/iio/devices/*/in_illuminance*)")
        } else {
            for (i, d) in lightSensors.enumerated() {
                let hint = config[SensorSection.self].device == nil && i == 0 ? "; [sensor] device = \(d.name) reads it" : ""
                if i == 0 { row("light sensor", Self.sensorLine(d) + hint) } else { more(Self.sensorLine(d)) }
            }
        }
        for (i, c) in carriers.enumerated() {
            let line = c.summary(duty: flickerDuty) + (c == PWMCarrier.configured(plan.backend, config.output) ? " (what auto drives)" : "")
            if i == 0 { row("flicker", line) } else { more(line) }
        }
        if let board, let line = config.button.line {
            row("button", board.pin(for: line).map { "\(line) is \($0.label) on \($0.line?.chip ?? board.gpioChip)" }
                ?? "\(line) is not a header pin of \(board.name)")
        }
        for p in problems { row("note", p) }
        return s
    }

    func json() -> String { jsonValue().jsonText + "\n" }

    /// The probe as one JSON object, members in the order scripts have always seen.
    func jsonValue() -> JSONValue {
        func text(_ s: String?) -> JSONValue { s.map(JSONValue.string) ?? .null }
        func texts(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        let chips = machine.gpioChips.map { c in
            let used = c.linesInUse.map { l in
                JSONValue.object([JSONMember("offset", .number(Double(l.offset))), JSONMember("name", .string(l.name)),
                                  JSONMember("consumer", .string(l.consumer)), JSONMember("output", .bool(l.isOutput))])
            }
            return JSONValue.object([
                JSONMember("path", .string(c.entry.path)), JSONMember("name", .string(c.entry.name)),
                JSONMember("label", text(c.entry.label)),
                JSONMember("lines", c.entry.lineCount.map { .number(Double($0)) } ?? .null),
                JSONMember("in_use", .array(used)), JSONMember("problem", text(c.problem)),
            ])
        }
        let pwm = machine.pwmChips.map { c in
            JSONValue.object([JSONMember("name", .string(c.name)), JSONMember("device", .string(c.device)),
                              JSONMember("channels", .number(Double(c.channelCount))),
                              JSONMember("exported", .array(c.exported.map { .number(Double($0)) }))])
        }
        var output = [JSONMember("backend", .string(plan.backend.rawValue)), JSONMember("reason", .string(plan.reason))]
        if let chip = plan.pwmChip, let ch = plan.pwmChannel {
            output += [JSONMember("pwm_chip", .string(chip.name)), JSONMember("pwm_device", .string(chip.device)),
                       JSONMember("pwm_channel", .number(Double(ch)))]
        }
        if let chip = plan.gpioChip, let line = plan.line {
            output += [JSONMember("gpio_chip", .string(chip)), JSONMember("line", .string(line))]
        }
        output.append(JSONMember("enable", text(plan.enableHint)))
        output.append(JSONMember("pwm_gpio", text(pwmGPIOHint)))
        output.append(JSONMember("pwm_pio", text(pwmPIOHint)))
        let boardJSON = board.map { JSONValue.object([JSONMember("id", .string($0.id)), JSONMember("name", .string($0.name))]) }
        return .object([
            JSONMember("board", boardJSON ?? .null), JSONMember("model", text(machine.model)),
            JSONMember("compatible", texts(machine.compatible)), JSONMember("libgpiod", .string(GPIOLibrary.version)),
            JSONMember("gpio_chips", .array(chips)), JSONMember("pwm_chips", .array(pwm)),
            JSONMember("leds", texts(machine.leds)), JSONMember("output", .object(output)),
            JSONMember("boards_directory", text(boardsDirectory)), JSONMember("notes", texts(problems)),
            JSONMember("kernel", kernelJSON), JSONMember("flicker", .array(carriers.map(flickerJSON))),
            JSONMember("light_sensors", .array(lightSensors.map { d in
                .object([JSONMember("device", .string(d.id)), JSONMember("name", .string(d.name)),
                         JSONMember("channels", .array(d.channels.map { c in
                             .object([JSONMember("channel", .string(c.name)), JSONMember("unit", .string(c.quantity.unit)),
                                      JSONMember("value", .string(c.valueFile))])
                         }))])
            })),
        ])
    }

    /// One carrier's flicker: at 100 % modulation whenever dimmed, its region, and its
    /// flicker index at `flickerDuty`.
    func flickerJSON(_ c: PWMCarrier) -> JSONValue {
        let f = c.figures(duty: flickerDuty)
        return .object([
            JSONMember("output", .string(c.kind.rawValue)), JSONMember("frequency_hz", .number(c.frequency)),
            JSONMember("modulation_percent", .number(f.modulationPercent)),
            JSONMember("flicker_index", .decimal(f.flickerIndex, fractionDigits: 3)),
            JSONMember("duty", .decimal(f.duty, fractionDigits: 4)),
            JSONMember("region", .string(f.region.rawValue)),
            JSONMember("advice", c.advice.map(JSONValue.string) ?? .null),
        ])
    }

    /// The kernel's release and preemption: `mode` null when not known.
    var kernelJSON: JSONValue {
        guard let p = preemption else { return .null }
        return .object([
            JSONMember("release", kernelRelease.map(JSONValue.string) ?? .null),
            JSONMember("preemption", p.mode.map { .string($0.rawValue) } ?? .null),
            JSONMember("waits_for_system_calls", p.waitsForSystemCalls.map(JSONValue.bool) ?? .null),
            JSONMember("chosen_at_boot", .bool(p.chosenAtBoot)), JSONMember("source", .string(p.source)),
        ])
    }

    /// "18 (GPIO18) by 'torch'".
    static func holder(_ l: GPIOLineInfo) -> String {
        "\(l.offset)\(l.name.isEmpty ? "" : " (\(l.name))") by " + (l.consumer.isEmpty ? "an unlabelled consumer" : "'\(l.consumer)'")
    }
}
