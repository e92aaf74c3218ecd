import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// Runs a checked request: loads the config and the last state, opens the output,
/// and hands over to the engine.
enum Runner {
    static func run(_ request: Request, _ global: GlobalOptions) -> Int32 {
        // `readout ip|temp`: the value is read here, then it is a light command like any.
        var request = request
        if case let .readout(source, light) = request {
            switch ReadoutCommand.readout(source) {
            case let .success(r):
                if let note = r.note { StandardError.write("torch: readout: \(note)\n") }
                request = .light(.exact(.readout(r.readout)), light)
            case let .failure(e):
                StandardError.write("torch: readout: \(e)\n")
                return ExitCode.failure
            }
        }
        var config: TorchConfig
        let configPath: String?
        do {
            if case let .local(command) = request, command.writesConfig, let path = global.configPath, !Paths.fileExists(path) {
                // The file this command is to make: the built-in defaults until it does.
                (config, configPath) = (.defaults, path)
            } else {
                (config, configPath) = try ConfigLoader.load(global.configPath)
            }
        } catch {
            switch error {
            case let .invalid(lines): StandardError.write(lines.map { $0 + "\n" }.joined())
            case let .unreadable(line): StandardError.write(line + "\n")
            }
            return ExitCode.config
        }
        request.lightOptions.map { apply($0, to: &config) }
        let library: PatternLibrary
        do { library = try PatternLibrary(config: config) } catch {
            StandardError.write("\(configPath ?? "config"): \(error)\n")
            return ExitCode.config
        }
        let statePath = Paths.stateFile(configured: global.stateFilePath ?? config.service.stateFile,
                                        configuredExplicitly: global.stateFilePath != nil)
        let saved = StateFile(path: statePath)
        // What a command that reads the last state sees when nothing is saved: the config's.
        let last = {
            saved.load() ?? PersistentState(brightness: config.light.brightness,
                                            pattern: (try? library.lookup(config.light.pattern)) ?? .steady,
                                            buttonMode: config.button.mode, lit: false)
        }
        if let code = ServiceLink.forward(request, config, library: library) { return code }
        // No service answered; a torch in the foreground may still hold the light (it has
        // no socket): a command that would drive the output or say the state finds it.
        let holderPath = LightHolder.path(stateFile: statePath)
        let holder = LightHolder.holder(path: holderPath)

        switch request {
        case let .mode(name):
            if let holder {
                StandardError.write("torch: mode: \(holder.message)\n")
                return ExitCode.failure
            }
            // No service: the pattern is remembered for the next light; nothing lights.
            var s = last()
            do { s.pattern = try library.resolve(name) } catch {
                StandardError.write(CommandLineOutcome.usageErrorText("<name>: \(error)", command: ModeSubcommand.spec))
                return ExitCode.usage
            }
            s.lit = false
            save(s, to: saved)
            StandardError.write("torch: mode \(s.pattern.canonicalText) chosen; dark (the next light plays it)\n")
            return ExitCode.ok
        case .stealth:
            StandardError.write("torch: stealth needs a running torch service (torch run); none answers on \(ServiceLink.socketPath(config))\n")
            return ExitCode.failure
        case .readout:
            return ExitCode.failure  // turned into `.light` above
        case let .local(command):
            return command.run(LocalContext(config: config, library: library, statePath: statePath, configPath: configPath))
        case let .status(json):
            return StatusCommand.print(json: json, state: last(), configPath: configPath, statePath: statePath, config: config,
                                       holder: holder)
        case let .off(force, remember, light):
            // Never "dark" while another torch keeps the light lit (--force drives it anyway).
            if let holder, !force {
                StandardError.write("torch: off: \(holder.message)\n")
                return ExitCode.failure
            }
            // The unit's post-stop command is not a user's off: it changes nothing remembered.
            if remember {
                var s = last()
                s.lit = false
                save(s, to: saved)
            }
            // The post-stop command under systemd with the store: a restart keeps the light.
            var putBack: TakeOver? = nil
            if !remember {
                let record = TakeOver.prepare(inherited: SocketActivation.Inherited())
                if let atStop = ServiceStopped.decide(record?.record) {
                    if atStop.keeps {
                        StandardError.write("torch: the light is left as it is for the next process (\(atStop.reason))\n")
                        return ExitCode.ok
                    }
                    StandardError.write("torch: putting the light back (\(atStop.reason))\n")
                    ServiceStopped.prepareToPutBack()
                    putBack = record
                }
            }
            defer { ServiceStopped.finished(putBack) }
            return withOutput(light, config, takingOver: putBack) { output, reason in
                putBack?.finish()
                // `--trace` records this one output change too (`torch blink --speed 0` is an off).
                let clock = MonotonicClock()
                var trace: TraceWriter?
                if let path = light.tracePath {
                    do { trace = try TraceWriter(path: path, origin: clock.now()) } catch {
                        output.close()
                        StandardError.write("torch: \(error)\n")
                        return ExitCode.failure
                    }
                }
                _ = output.write(duty: 0)
                let at = clock.now().nanoseconds
                trace?.append(OutputStamp(intended: at, actual: at, duty: 0))
                trace?.flush()
                output.close()
                StandardError.write(reason + "\n" + "torch: dark\n")
                return ExitCode.ok
            }
        case let .toggle(light), let .on(light), let .light(_, light), let .run(light):
            // No torch process runs (no service answered), so nothing is lit: whatever the
            // state file remembers, a toggle lights; `on` lights the chosen mode (the
            // restored pattern), only the level may change.
            let commands: [ControlCommand]
            do { commands = try request.controlCommands(library: library, service: false) ?? [] } catch {
                StandardError.write("torch: \(error)\n")
                return ExitCode.failure
            }
            if case .run = request {
                return foreground(commands: commands, light, config, library, saved, statePath, isService: true, global: global)
            }
            return foreground(commands: commands, light, config, library, saved, statePath)
        }
    }

    /// A command's own save of the last state (off, toggle): a failure is one line.
    private static func save(_ state: PersistentState, to file: StateFile) {
        do { try file.save(state) } catch { StandardError.write("torch: state file: \(error)\n") }
    }

    /// SIGHUP / `reload`: the config file again, with the same command-line overrides;
    /// what changed from `running` (the config at the start) that only a restart applies
    /// is named.
    private static func reloadConfig(_ global: GlobalOptions, _ light: LightOptions,
                                     running: TorchConfig, statePath: String) -> Result<ReloadedConfig, ReloadError> {
        var config: TorchConfig
        do {
            (config, _) = try ConfigLoader.load(global.configPath)
        } catch {
            switch error {
            case let .invalid(lines): return .failure(ReloadError(lines))
            case let .unreadable(line): return .failure(ReloadError([line]))
            }
        }
        apply(light, to: &config)
        do {
            let library = try PatternLibrary(config: config)
            let settings = try TorchSettings(config: config, library: library)
            let (calibration, _) = SettingsFactory.calibration(statePath: statePath)
            return .success(ReloadedConfig(settings: settings,
                                           mapping: SettingsFactory.mapping(config, curve: light.curve, calibration: calibration),
                                           library: library, restartOnly: running.restartOnlyChanges(to: config)))
        } catch {
            return .failure(ReloadError(["config: \(error)"]))
        }
    }

    /// Command-line pins override the config's.
    private static func apply(_ light: LightOptions, to config: inout TorchConfig) {
        if let c = light.chip { config.output.chip = c }
        if let l = light.line { config.output.line = l }
        if let a = light.activeLow { config.output.activeLow = a }
        if let b = light.buttonLine { config.button.line = b }
        if let b = light.mqttBroker { config[MQTTSection.self].broker = b }
        if let t = light.transition { config.light.transition = t }
    }

    /// Opens the output the light options and the config choose, or says why not (exit 1).
    static func withOutput(_ light: LightOptions, _ config: TorchConfig, initiallyLit: Bool = false,
                           takingOver: TakeOver? = nil, _ body: (any LightOutput, String) -> Int32) -> Int32 {
        do {
            let (output, reason) = try BackendChoice.open(requested: light.backend, config: config,
                                                          initiallyLit: initiallyLit, takingOver: takingOver)
            return body(output, reason)
        } catch {
            StandardError.write("torch: \(error)\n")
            return ExitCode.failure
        }
    }

    /// Runs the torch in this process until q, Ctrl-C, SIGTERM or `--for`.
    private static func foreground(commands: [ControlCommand], _ light: LightOptions, _ config: TorchConfig,
                                   _ library: PatternLibrary, _ saved: StateFile, _ statePath: String,
                                   isService: Bool = false, global: GlobalOptions = GlobalOptions()) -> Int32 {
        // Before any line, channel or LED is touched: a SIGTERM during the set-up (systemd
        // stopping a service that is still starting) is then read by the event loop, which
        // puts everything back, instead of killing the process half-way.
        SignalDescriptor.block(TorchService.stopSignals)
        // One torch drives the light: this one takes it (the holder file beside the state
        // file, locked while this process runs), or says which process has it.
        let lock: LightHolder?
        let command = (["torch"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
        switch LightHolder.take(path: LightHolder.path(stateFile: statePath), command: command, isService: isService) {
        case let .taken(l): lock = l
        case let .held(by: holder):
            StandardError.write("torch: \(isService ? holder.messageForRun : holder.message)\n")
            return ExitCode.failure
        case .unavailable: lock = nil
        case let .refused(error):
            StandardError.write("torch: \(error)\n")
            return ExitCode.failure
        }
        defer { lock?.release() }
        // Load the state first: its warning (corrupt or missing file) goes in the banner.
        let restoring = saved.load()
        // What systemd passed a service (torch.socket's descriptor, the file descriptor
        // store) and what its last process left: at a restart the light is taken over.
        var inherited = SocketActivation.Inherited()
        if isService {
            do { inherited = try ActivatedSocket.take() } catch {
                StandardError.write("torch: \(error)\n")
                return ExitCode.failure
            }
        }
        let takeOver = isService ? TakeOver.prepare(inherited: inherited) : nil
        // A service whose start is lit takes its line at the lit level (no dark gap
        // after the firmware's power-on light); a settings error is reported below.
        let startsWithLight = isService
            && ((try? TorchSettings(config: config, library: library))?.startsWithLight(restoring: restoring) ?? false)
        return withOutput(light, config, initiallyLit: startsWithLight, takingOver: takeOver) { output, reason in
            takeOver?.finish()
            let settings: TorchSettings
            do {
                settings = try TorchSettings(config: config, library: library)
            } catch {
                output.close()
                StandardError.write("torch: [light] patterns: \(error)\n")
                return ExitCode.config
            }
            let interactive = light.display && output.kind == .sim
                && StandardInput.isTerminal && StandardOutput.isTerminal
            var banner = [reason]
            var buttons: [any ButtonInput] = []
            if output.kind != .sim {
                do { buttons = try BackendChoice.buttons(config) } catch {
                    output.close()
                    StandardError.write("torch: \(error)\n")
                    return ExitCode.failure
                }
                for b in buttons { if let g = b as? GPIOButtonInput { banner.append("button (\(g.role.rawValue)): \(g.chipName) line \(g.offset) (\(g.lineName))\(g.kernelDebounce ? ", kernel debounce" : "")") } }
            }
            if let w = saved.warning { banner.append(w) }
            banner += takeOver?.notes ?? []
            let (calibration, calibrationWarning) = SettingsFactory.calibration(statePath: statePath)
            if let w = calibrationWarning { banner.append(w) }
            // The carrier that dims the LED, when IEEE 1789 puts it above low risk: once, with the fix.
            if isService, let line = PWMCarrier.configured(output.kind, config.output)?.runLogLine { banner.append(line) }
            var controller = ControllerSettings(
                torch: settings, mapping: SettingsFactory.mapping(config, curve: light.curve, calibration: calibration), library: library,
                restoring: restoring, initialCommands: commands, runFor: light.runFor,
                backend: output.kind)
            controller.resuming = takeOver?.resumption
            // Only a service darkens status LEDs (and puts them back).
            let statusLEDs = isService ? ServiceExtras.statusLEDs(config) : nil
            controller.hasStatusLEDs = statusLEDs != nil
            var frontEnds: [any FrontEnd] = []
            if !buttons.isEmpty { frontEnds.append(ButtonFrontEnd(buttons)) }
            if interactive { frontEnds.append(TerminalFrontEnd()) }
            // `[feedback] line`: the buzzer or indicator, simulated with the simulated LED
            // (a line in the terminal and in the trace per pulse), one line if it cannot start.
            var feedback: FeedbackPulser? = nil
            if let line = config.feedback.line {
                if output.kind == .sim {
                    feedback = FeedbackPulser(output: SimulatedOutput(clock: MonotonicClock(), isBinary: true),
                                              pulseLength: config.feedback.pulse)
                    banner.append("feedback: [feedback] line \(line) is simulated with the simulated LED: each pulse is a line here and in --trace")
                } else {
                    do { feedback = try ServiceExtras.feedback(config) } catch {
                        banner.append("[feedback] line: \(error); no feedback pulses")
                    }
                }
            }
            if isService {
                controller.reload = { reloadConfig(global, light, running: config, statePath: statePath) }
                controller.watchesLight = SettingsFactory.watchesLight(config)
                controller.blinkOnPatternChange = config.feedback.blinkOnPatternChange
                let close = { output.close(); for b in buttons { b.close() } }
                let journal = JournalLog()
                // The extras (a feedback line, the front ends below) that cannot start are one line each:
                // the light, the button and the socket go on without them, where exiting
                // would restart the service in a loop (Restart=on-failure) at every boot.
                // torch.socket's descriptor when systemd passed one (socket activation).
                let socket = ControlServerSettings(path: ServiceLink.socketPath(config), group: config.service.socketGroup,
                                                   inheritedListener: inherited.controlSocket)
                do {
                    frontEnds.append(ControlSocketFrontEnd(try ControlServer(settings: socket) { journal.log($0, $1) }))
                } catch {
                    feedback?.close()
                    close()
                    StandardError.write("torch: \(error)\n")
                    return ExitCode.failure
                }
                // A front end with a section that cannot start (the web page's port taken,
                // an MQTT password file others may read) is one line naming its section.
                let shell = FrontEndShell.of(config, statePath: statePath) { journal.log($0, $1) }
                for kind in FrontEndKinds.all {
                    do { if let f = try kind.start(from: config, shell) { frontEnds.append(f) } } catch {
                        journal.log(.error, "\(error)")
                    }
                }
            }
            var options = ServiceOptions(controller: controller, scheduler: SettingsFactory.scheduler(config),
                                         tracePath: light.tracePath, stateFile: saved,
                                         frontEnds: frontEnds, banner: banner)
            options.processStart = TorchCLI.processStart
            options.version = String(TorchVersion.text.dropFirst("torch ".count))
            options.feedback = feedback
            options.feedbackSimulated = feedback != nil && output.kind == .sim
            options.sensors.readout = { [source = config.button.readout] in ReadoutCommand.readout(source) }
            if isService {
                options.statusLEDs = statusLEDs
                options.statusLEDSavePath = ServiceExtras.ledSavePath(statePath: statePath)
            }
            // A service's GPIO line is taken again if its chip goes away and comes back.
            let served: any LightOutput = isService && output.kind == .gpiod
                ? ReacquiringOutput(output) { () throws(HardwareError) -> any LightOutput in
                    let again = try BackendChoice.open(requested: light.backend, config: config).output
                    guard again.kind == .gpiod else {
                        again.close()
                        throw HardwareError("the GPIO line is not back yet")
                    }
                    return again
                }
                : output
            // Under systemd with the file descriptor store: a restart hands the light over.
            if let takeOver, let identity = served.handoverIdentity {
                options.handover = SystemdHandover(
                    recordPath: takeOver.recordPath, output: identity, inheritedStore: takeOver.hadStoredLine,
                    manager: ServiceManager.ownUnit().map { ServiceManager(unit: $0) }) { JournalLog().log($0, $1) }
            }
            return TorchService(output: served, options: options).run()
        }
    }
}
