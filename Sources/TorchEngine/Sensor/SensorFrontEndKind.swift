import TorchCore
import TorchHardware

/// The light sensor in the service, started from `[sensor]`: off without a device or
/// with `watch = no`. A sensor that is not there is one log line; the light goes on.
public struct SensorFrontEndKind: FrontEndKind {
    public typealias Section = SensorSection

    public init() {}

    public func start(_ s: SensorSection.Settings, _ shell: FrontEndShell) throws(FrontEndStartFailure) -> (any FrontEnd)? {
        guard let device = s.device, s.watch else { return nil }
        do throws(HardwareError) {
            let sensor = try IIOLightSensor(device: device, channel: s.channel, integrationTime: s.integrationTime)
            let reader = try LightSensorReader(read: { () -> Result<Double, HardwareError> in
                do throws(HardwareError) { return .success(try sensor.read()) } catch { return .failure(error) }
            }, integration: sensor.integration, clock: MonotonicClock())
            try reader.start()
            shell.log(.info, "light sensor: \(sensor.summary)")
            return LightSensorFrontEnd(reader: reader, unit: sensor.channel.quantity.unit, summary: sensor.summary)
        } catch {
            throw FrontEndStartFailure("[sensor] device: \(error); the LED is not watched")
        }
    }
}
