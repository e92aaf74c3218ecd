import TorchCLI
import TorchCore
import TorchEngine
import TorchHardware

/// `torch readout ip|temp`: the machine's value as a `Readout`.
enum ReadoutCommand {
    static func readout(_ source: ReadoutSource) -> Result<ReadoutReading, HardwareError> {
        do {
            switch source {
            case .ip:
                let a = try MachineReadout.boardAddress()
                let last = a.ipv4.last ?? 0
                return .success(ReadoutReading(Readout(number: UInt64(last)),
                                               note: "\(a.name) \(a.ipv4.map(String.init).joined(separator: ".")): \(last)"))
            case .temperature:
                let (c, zone) = try MachineReadout.cpuTemperature()
                guard c >= 0 else {
                    return .failure(HardwareError("\(zone) reads \(c) °C: below 0, which the readout cannot blink (0 or more)"))
                }
                return .success(ReadoutReading(Readout(number: UInt64(c)), note: "\(zone) \(c) °C"))
            case let .number(r):
                return .success(ReadoutReading(r))
            case .version:
                guard let r = TorchVersion.readout else {
                    return .failure(HardwareError("the version has no digits to blink"))
                }
                return .success(ReadoutReading(r))
            }
        } catch {
            return .failure(error)
        }
    }
}
