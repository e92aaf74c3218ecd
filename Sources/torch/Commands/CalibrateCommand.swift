import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch calibrate`: measures this LED through the light sensor (`[sensor]`) — dark,
/// then `--steps` duties up to full — and stores the correction beside the state file
/// (`calibration`), so that every output gives each perceived level the lightness asked
/// for; then checks it at ten levels and prints the table. `--clear` removes it.
enum CalibrateCommand {
    static let steps = Option("steps", value: "n", help: "Duties to measure, from 0.04% to 100%. (default: 24)") {
        (t: String) throws(ValueError) -> Int in
        guard let n = Int(t), (4...200).contains(n) else { throw ValueError(value: t, allowed: "a count from 4 to 200") }
        return n
    }
    static let clear = Flag("clear", help: "Remove this LED's calibration: the levels follow the curve as it is again.")
    static let json = Flag("json", help: "Print one JSON object instead of text.")
    /// The check's levels: 10 %, 20 % … 100 %.
    static let checkedLevels = 10
    /// How far the check may be from the CIE target wherever the sensor tells light from dark.
    static let tolerance = 2.0

    static let spec = CommandSpec(
        name: "calibrate", overview: "Measure this LED through a light sensor ([sensor]) and correct its levels.",
        options: [steps.spec, clear.spec, json.spec],
        discussion: """
        The LED is held dark, then at each duty from 0.04% to 100% (denser where the eye
        needs it), each once the sensor settled (twice its integration time) and read
        three times. The readings are stored beside the state file (calibration: in
        /var/lib/torch for the service) and every output uses them: a perceived level's
        CIE luminance is given the duty that makes it on this LED. Then ten levels are
        measured through the correction, and the table printed: within 2 L* of the
        target wherever the sensor tells the level from dark. Stop torch run first (it
        holds the light); reload or restart it after. Ambient light adds to the
        readings: calibrate in the dark, with the sensor fixed facing the LED.
        """) { p, light throws(UsageError) in
        .local(CalibrateRequest(steps: try p.value(steps) ?? 24, clear: p.isSet(clear), json: p.isSet(json), light: light))
    }
}

/// `torch calibrate [--steps N] [--clear]`, checked.
struct CalibrateRequest: LocalCommand {
    var steps: Int
    var clear: Bool
    var json: Bool
    var light = LightOptions()

    var lightOptions: LightOptions? { clear ? nil : light }

    func run(_ context: LocalContext) -> Int32 {
        let store = CalibrationStore(statePath: context.statePath)
        if clear {
            do {
                let removed = try store.clear()
                StandardError.write(removed ? "torch: calibration removed (\(store.path)); reload a running service to drop it\n"
                                            : "torch: no calibration to remove (\(store.path))\n")
                return ExitCode.ok
            } catch {
                StandardError.write("torch: calibrate --clear: \(error)\n")
                return ExitCode.failure
            }
        }
        if let holder = LightHolder.holder(path: LightHolder.path(stateFile: context.statePath)) {
            StandardError.write("torch: calibrate: \(holder.message)\n")
            return ExitCode.failure
        }
        let config = context.config
        return Runner.withOutput(light, config) { output, reason in
            defer { output.close() }
            if !json { StandardError.write(reason + "\n") }
            do throws(HardwareError) {
                return try calibrate(output: output, config: config, store: store)
            } catch {
                StandardError.write("torch: calibrate: \(error)\n")
                return ExitCode.failure
            }
        }
    }

    private func calibrate(output: any LightOutput, config: TorchConfig, store: CalibrationStore) throws(HardwareError) -> Int32 {
        let sensor = try LightSensorChoice.open(config)
        if !json { StandardError.write("light sensor: \(sensor.summary)\n") }
        let sweep = LightSweep(output: output, settings: SettingsFactory.scheduler(config), integration: sensor.integration,
                               read: LightSensorChoice.reader(sensor))
        try sweep.start()
        defer { sweep.stop() }
        let show = !json && StandardError.isTerminal
        let progress: (String) -> Void = { if show { StandardError.write("\r\u{1B}[2Kcalibrate: \($0) …") } }
        let calibration = try sweep.response(duties: LightSweep.calibrationDuties(steps), sensor: sensor.calibrationName,
                                             unit: sensor.channel.quantity.unit, progress: progress)
        if let problem = calibration.problem {
            if show { StandardError.write("\r\u{1B}[2K") }
            throw HardwareError("the sweep cannot be a calibration: \(problem) (is the sensor facing the LED, and the LED lit by this output?)")
        }
        try store.save(calibration)
        let mapping = OutputMapping(curve: .cie, maxBrightness: 1, calibration: calibration)
        let check = try sweep.lightness(levels: LightSweep.levels(CalibrateCommand.checkedLevels), mapping: mapping,
                                        sensor: sensor.summary, unit: sensor.channel.quantity.unit) { progress("check: " + $0) }
        if show { StandardError.write("\r\u{1B}[2K") }
        let within = check.worstError <= CalibrateCommand.tolerance
        if json {
            let out = JSONValue.object([
                JSONMember("path", .string(store.path)), JSONMember("points", .number(Double(calibration.points.count))),
                JSONMember("dark", .decimal(calibration.dark, fractionDigits: 3)), JSONMember("full", .decimal(calibration.full, fractionDigits: 3)),
                JSONMember("noise", .decimal(calibration.noise, fractionDigits: 3)),
                JSONMember("within_tolerance", .bool(within)), JSONMember("check", check.jsonValue),
            ])
            StandardOutput.write(out.jsonText + "\n")
        } else {
            StandardOutput.write(check.text)
            StandardOutput.write("calibration: \(calibration.points.count) duties measured, saved to \(store.path); "
                                 + "worst error \(DecimalSyntax.fixed(check.worstError, decimals: 1)) L* over the levels the sensor tells from dark\n")
        }
        if !within {
            StandardError.write("torch: calibrate: the check is \(DecimalSyntax.fixed(check.worstError, decimals: 1)) L* from the target at worst "
                                + "(more than \(DecimalSyntax.format(CalibrateCommand.tolerance, maxFractionDigits: 1))): the light changed during the sweep "
                                + "(ambient light, the sensor moved?); run it again in the dark\n")
        }
        return ExitCode.ok
    }
}
