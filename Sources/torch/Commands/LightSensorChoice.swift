import TorchCore
import TorchEngine
import TorchHardware

/// The light sensor `torch bench light` and `torch calibrate` read: `[sensor]`'s device
/// and channel, or the only IIO device with an illuminance channel.
enum LightSensorChoice {
    static func open(_ config: TorchConfig) throws(HardwareError) -> IIOLightSensor {
        let s = config[SensorSection.self]
        return try IIOLightSensor(device: s.device, channel: s.channel, integrationTime: s.integrationTime)
    }

    /// The sensor's blocking read as a result (the sweep's `read`).
    static func reader(_ sensor: IIOLightSensor) -> () -> Result<Double, HardwareError> {
        { () -> Result<Double, HardwareError> in
            do throws(HardwareError) { return .success(try sensor.read()) } catch { return .failure(error) }
        }
    }
}
