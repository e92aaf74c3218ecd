import TorchCore
import TorchEngine
import TorchHardware

/// `torch bench light`: the light the LED gives at each perceived level, through a light
/// sensor (`[sensor]`): the LED dark, then `--steps` levels through the configured
/// mapping (the curve, `max-brightness`, this LED's calibration), then full; at each the
/// reading, the lightness it means (L* of the relative luminance) and the CIE target's.
extension BenchCommand {
    static func light(_ r: BenchRequest, _ output: any LightOutput, _ s: SchedulerSettings, config: TorchConfig,
                      mapping: OutputMapping) throws(HardwareError) -> Int32 {
        let sensor = try LightSensorChoice.open(config)
        if !r.json { StandardError.write("light sensor: \(sensor.summary)\n") }
        let sweep = LightSweep(output: output, settings: s, integration: sensor.integration, read: LightSensorChoice.reader(sensor))
        try sweep.start()
        defer { sweep.stop() }
        let table = try sweep.lightness(levels: LightSweep.levels(r.steps), mapping: mapping, sensor: sensor.summary,
                                        unit: sensor.channel.quantity.unit) { progress(r, "light: " + $0 + " …") }
        endBar(r)
        StandardOutput.write(r.json ? table.jsonValue.jsonText + "\n" : table.text
                             + "worst error \(DecimalSyntax.fixed(table.worstError, decimals: 1)) L* over the levels the sensor tells from dark"
                             + (mapping.isCorrected ? " (calibrated)" : "") + "\n")
        if let svg = r.svg {
            try AtomicFile.write(SVGPlot.render(lightness: table, title: "Lightness of \(output.summary)"
                                                 + (mapping.isCorrected ? ", calibrated" : ", \(mapping.curve.rawValue) curve")),
                                 to: svg)
        }
        return ExitCode.ok
    }
}
