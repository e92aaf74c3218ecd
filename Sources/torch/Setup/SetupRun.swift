import TorchCLI
import TorchCore
import TorchHardware

/// One `torch setup`, step by step (`SetupCommand` says what each step does).
struct SetupRun {
    var request: SetupRequest
    var context: LocalContext
    var answers: SetupAnswers { SetupAnswers(assumeYes: request.assumeYes) }

    /// The LED or button line as chosen: its name, the header pin (nil off a known board).
    struct Choice {
        var name: String
        var row: SetupPin?
        var label: String { row.map { "\($0.line.name) (pin \($0.pin.pin))" } ?? name }
    }

    func run() throws(HardwareError) -> Int32 {
        let machine = MachineProbe().snapshot()
        say("torch setup: the board, the LED and the button, then torch.conf.")
        var sim = request.backend == .fixed(.sim)
        if !sim && machine.gpioChipLabels.isEmpty {
            say("This machine has no GPIO chip (/dev/gpiochip*), so there is no LED to find here. torch can run a simulated "
                + "LED instead, drawn in the terminal, with the keyboard as the button (torch run --backend sim).")
            guard answers.confirm("Set up the simulated torch?", defaultYes: true) else { return ExitCode.ok }
            sim = true
        }

        // The board and its header.
        let catalog = try? BoardFiles.loadCatalog().catalog
        let profile = try boardProfile(catalog, machine: machine, sim: sim)
        let chip: GPIOChip? = sim ? nil : try GPIOChip(request.chip ?? context.config.output.chip ?? profile?.gpioChip ?? "0")
        let lines = try chip?.lines() ?? []
        var taken: [Int: String] = [:]
        for l in lines where l.isUsed { taken[Int(l.offset)] = l.consumer }
        let rows = profile.map { SetupPins.rows(board: $0, pwmChips: sim ? [] : machine.pwmChips, taken: taken) } ?? []
        if let profile {
            say("board        \(profile.name) (\(profile.id)\(sim ? ", simulated" : request.board != nil || context.config.board.name != "auto" ? "" : ", detected"))")
            say("GPIO pins    (physical pin, line, PWM, free or taken):")
            StandardOutput.write(SetupPins.table(rows))
        } else if let chip {
            say("board        unknown (no profile matches: torch boards lists them); the lines of \(chip.name) [\(chip.label)]: "
                + "\(lines.count), \(lines.filter { !$0.isUsed }.count) free")
        }

        // The LED.
        let suggestion = profile.flatMap { SetupPins.suggestedLED(rows, board: $0)?.line.name } ?? context.config.output.line
        guard let led = choose("LED pin", given: request.led, suggestion: suggestion, rows: rows, profile: profile, chip: chip) else {
            return ExitCode.failure
        }
        let stopped = try stopServiceIfItHoldsTheLight(sim: sim)
        var ledConfig = context.config
        ledConfig.output.line = led.name
        if profile == nil, let chip { ledConfig.output.chip = chip.name }
        say("LED")
        let lit = try SetupLight.check(ledConfig, backend: sim ? .fixed(.sim) : nil, pin: led.label, answers: answers)
        if !lit {
            say("  The LED stays dark: check the wiring above with the board off, then run torch setup again.")
        }

        // The button.
        var buttonLine: String? = nil
        var debounce: Duration? = nil
        say("Button")
        if let given = request.button {
            if given != "none" {
                guard let b = choose("Button pin", given: given, suggestion: nil, rows: rows, profile: profile, chip: chip) else {
                    return ExitCode.failure
                }
                buttonLine = b.name
            }
        } else if sim {
            say("  On the simulated LED there is no button line to find: in torch run the space bar is the button.")
            buttonLine = choose("Button pin for the real board", given: nil,
                                suggestion: profile?.buttonPin.flatMap { profile?.headerPin($0)?.line?.name },
                                rows: rows, profile: profile, chip: nil)?.name
        } else if request.assumeYes {
            say("  --yes without --button: a script cannot press the button, so none is set up (give --button GPIO23).")
        } else if let chip {
            let header = Set(rows.map { UInt32($0.line.offset) })
            let candidates = lines.filter { !$0.isUsed && !$0.isOutput && (header.isEmpty || header.contains($0.offset)) }
                .map(\.offset).filter { $0 != (try? chip.offset(of: led.name)) }
            var labels: [UInt32: String] = [:]
            for r in rows { labels[UInt32(r.line.offset)] = "\(r.line.name) (pin \(r.pin.pin))" }
            if let found = try SetupButton.find(chip: chip, candidates: candidates, labels: labels) {
                buttonLine = rows.first { UInt32($0.line.offset) == found.offset }?.line.name ?? String(found.offset)
                debounce = found.debounce
            } else {
                say("  No button set up; run torch setup again to find it, or give --button.")
            }
        }

        // The overlay, then torch.conf.
        if let row = led.row, let line = row.overlayLine {
            say("Overlay")
            let path = sim ? request.bootConfig : SetupWrites.bootConfig(request.bootConfig)
            try SetupWrites.addOverlay(line, pin: led.label, path: path, answers: answers)
        }
        var changes = [ConfigEdit.Change("output", "line", led.name)]
        if profile == nil, let chip { changes.append(.init("output", "chip", chip.label)) }
        if let buttonLine { changes.append(.init("button", "line", buttonLine)) }
        if let debounce { changes.append(.init("button", "debounce", DurationSyntax.format(debounce))) }
        say("Config")
        let path = context.configPath ?? Paths.systemConfig
        let written = try SetupWrites.writeConfig(changes, to: path, answers: answers)

        // The service: restarted to take the new lines, or started again if it was stopped here.
        if !sim, stopped {
            say("Service: starting torch.service again\(written ? " with the new settings" : "").")
            SetupWrites.service("start")
        } else if !sim, written, SetupWrites.serviceIsActive {
            say("Service: restarting torch.service to take the new settings.")
            SetupWrites.service("restart")
        }
        let config = context.configPath.map { " --config \($0)" } ?? ""
        say("""
            Try:
              torch on 40%\(config)
              torch blink --rate 2Hz --for 5s\(config)
              torch status\(config)
            """)
        return ExitCode.ok
    }

    private func say(_ line: String) { StandardOutput.write(line + "\n") }

    /// The board: `--board`, else the config's, else detected; the simulated LED takes rpi4b.
    private func boardProfile(_ catalog: BoardCatalog?, machine: MachineSnapshot, sim: Bool) throws(HardwareError) -> BoardProfile? {
        guard let catalog else { return nil }
        var name = request.board ?? context.config.board.name
        if sim && name == "auto" { name = "rpi4b" }
        do { return try BoardDetection.resolve(name: name, catalog: catalog, machine: machine) } catch {
            throw HardwareError("--board: \(error)")
        }
    }

    /// The line given by flag (checked, never asked), else asked for until a free one
    /// that exists is given (`--yes`: the suggestion, once).
    private func choose(_ question: String, given: String?, suggestion: String?, rows: [SetupPin], profile: BoardProfile?,
                        chip: GPIOChip?) -> Choice? {
        var offer = suggestion
        for _ in 0..<5 {
            if let given { say("\(question): \(EchoedText.bounded(given))") }
            guard let answer = given ?? answers.ask(question, suggestion: offer) else {
                StandardError.write("torch: setup: \(question.lowercased()): none given (give it, e.g. GPIO18)\n")
                return nil
            }
            let shown = EchoedText.bounded(answer)
            if let profile {
                if let row = SetupPins.find(answer, in: rows, board: profile) {
                    if let holder = row.takenBy {
                        StandardError.write("torch: setup: \(shown) (pin \(row.pin.pin)) is taken by \(holder): pick a free pin\n")
                    } else {
                        return Choice(name: row.line.name, row: row)
                    }
                } else {
                    let near = profile.pinSuggestion(for: answer).map { " (did you mean \($0)?)" } ?? ""
                    StandardError.write("torch: setup: \(shown) is no GPIO pin of \(profile.name)\(near): a line name "
                                        + "(GPIO18), pin12 or an offset\n")
                }
            } else if let chip {
                if let offset = try? chip.offset(of: answer), let info = try? chip.lineInfo(offset) {
                    if info.isUsed {
                        StandardError.write("torch: setup: \(shown) is taken by \(info.consumer.isEmpty ? "another user" : info.consumer): pick a free line\n")
                    } else {
                        return Choice(name: String(offset), row: nil)
                    }
                } else {
                    StandardError.write("torch: setup: \(shown) is no line of \(chip.name) [\(chip.label)] (0 to \(chip.lineCount - 1), or a line name)\n")
                }
            } else {
                return Choice(name: answer, row: nil)
            }
            if answers.assumeYes || given != nil { return nil }
            offer = nil
        }
        return nil
    }

    /// A running service holds the LED's line: stopped for the setup, after a yes (it is
    /// started again at the end). True when it was stopped here.
    private func stopServiceIfItHoldsTheLight(sim: Bool) throws(HardwareError) -> Bool {
        guard !sim, let holder = LightHolder.holder(path: LightHolder.path(stateFile: context.statePath)) else { return false }
        guard holder.isService, SetupWrites.serviceIsActive else {
            throw HardwareError(holder.message)
        }
        guard answers.confirm("The torch service holds the light (pid \(holder.pid)): stop it for the setup (it starts again at the end)?",
                              defaultYes: true) else {
            throw HardwareError("the service holds the light; stop it first (systemctl stop torch)")
        }
        guard SetupWrites.service("stop") else { throw HardwareError("the service could not be stopped") }
        return true
    }
}
