import TorchCore
import TorchHardware

/// How the shell reads what the controller asks for (`ControllerEffect.read`): each a
/// small read on the event loop, never on the real-time thread.
public struct SensorReaders {
    /// The readout gesture's number now (`[button] readout`), or why it cannot be read.
    public var readout: () -> Result<ReadoutReading, HardwareError>
    /// The 1-minute load average now (/proc/loadavg).
    public var loadAverage: () -> Result<Double, HardwareError>

    public init(readout: @escaping () -> Result<ReadoutReading, HardwareError> = {
                    .failure(HardwareError("no readout source configured"))
                },
                loadAverage: @escaping () -> Result<Double, HardwareError> = SensorReaders.machineLoadAverage) {
        self.readout = readout
        self.loadAverage = loadAverage
    }

    /// /proc/loadavg's first field.
    public static func machineLoadAverage() -> Result<Double, HardwareError> {
        do throws(HardwareError) { return .success(try MachineReadout.loadAverage()) } catch { return .failure(error) }
    }
}
