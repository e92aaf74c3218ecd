import TorchCore
import TorchHardware

/// `torch probe`: what this machine has (board, GPIO chips and who holds their lines,
/// PWM controllers, status LEDs) and what `auto` would drive the light with.
enum ProbeCommand {
    static func run(config: TorchConfig, json: Bool) -> Int32 {
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
        let report = ProbeReport(machine: machine, board: board, boardName: config.board.name, plan: plan,
                                 config: config, boardsDirectory: directory, problems: problems)
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
        if let board, let line = config.button.line {
            row("button", board.pin(for: line).map { "\(line) is \($0.label) on \($0.line?.chip ?? board.gpioChip)" }
                ?? "\(line) is not a header pin of \(board.name)")
        }
        for p in problems { row("note", p) }
        return s
    }

    func json() -> String {
        let q = JSONText.string
        let chips = machine.gpioChips.map { c in
            let used = c.linesInUse.map { l in
                "{\"offset\":\(l.offset),\"name\":\(q(l.name)),\"consumer\":\(q(l.consumer)),\"output\":\(l.isOutput)}"
            }
            return "{\"path\":\(q(c.entry.path)),\"name\":\(q(c.entry.name)),\"label\":\(c.entry.label.map(q) ?? "null"),"
                + "\"lines\":\(c.entry.lineCount.map(String.init) ?? "null"),\"in_use\":[\(used.joined(separator: ","))],"
                + "\"problem\":\(c.problem.map(q) ?? "null")}"
        }
        let pwm = machine.pwmChips.map { c in
            "{\"name\":\(q(c.name)),\"device\":\(q(c.device)),\"channels\":\(c.channelCount),"
                + "\"exported\":[\(c.exported.map(String.init).joined(separator: ","))]}"
        }
        var planJSON = "{\"backend\":\(q(plan.backend.rawValue)),\"reason\":\(q(plan.reason))"
        if let chip = plan.pwmChip, let ch = plan.pwmChannel {
            planJSON += ",\"pwm_chip\":\(q(chip.name)),\"pwm_device\":\(q(chip.device)),\"pwm_channel\":\(ch)"
        }
        if let chip = plan.gpioChip, let line = plan.line { planJSON += ",\"gpio_chip\":\(q(chip)),\"line\":\(q(line))" }
        planJSON += ",\"enable\":\(plan.enableHint.map(q) ?? "null")}"
        let boardJSON = board.map { "{\"id\":\(q($0.id)),\"name\":\(q($0.name))}" } ?? "null"
        return "{\"board\":\(boardJSON),\"model\":\(machine.model.map(q) ?? "null"),"
            + "\"compatible\":[\(machine.compatible.map(q).joined(separator: ","))],"
            + "\"libgpiod\":\(q(GPIOLibrary.version)),\"gpio_chips\":[\(chips.joined(separator: ","))],"
            + "\"pwm_chips\":[\(pwm.joined(separator: ","))],\"leds\":[\(machine.leds.map(q).joined(separator: ","))],"
            + "\"output\":\(planJSON),\"boards_directory\":\(boardsDirectory.map(q) ?? "null"),"
            + "\"notes\":[\(problems.map(q).joined(separator: ","))]}\n"
    }

    /// "18 (GPIO18) by 'torch'".
    static func holder(_ l: GPIOLineInfo) -> String {
        "\(l.offset)\(l.name.isEmpty ? "" : " (\(l.name))") by " + (l.consumer.isEmpty ? "an unlabelled consumer" : "'\(l.consumer)'")
    }
}
