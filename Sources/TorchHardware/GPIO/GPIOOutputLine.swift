#if canImport(Glibc)
import Glibc
#endif
import CGPIOD
import TorchCore

/// A light on a GPIO line through libgpiod: on or off (brightness comes from the
/// scheduler's software PWM). Holds the line request, labelled `torch`, for as long as
/// it lives, because a line's value is only guaranteed while its request is held.
///
/// `write` is called from the real-time scheduler thread and `close` only after that
/// thread has stopped, which is why the class is `@unchecked Sendable`.
public final class GPIOOutputLine: LightOutput, @unchecked Sendable {
    public let kind = Backend.gpiod
    public let isBinary = true

    /// The chip's kernel name, e.g. `gpiochip0`.
    public let chipName: String
    /// The line's offset on the chip.
    public let offset: UInt32
    /// The line's name (e.g. `GPIO18`); empty when unnamed.
    public let lineName: String
    /// True when "on" drives the pin low (an LED wired from 3.3 V to the pin).
    public let activeLow: Bool

    private var request: OpaquePointer?

    /// Requests `line` (an offset or a name) on `chip` as an output labelled `consumer`,
    /// dark at once (or lit when `initiallyOn`).
    public init(chip: GPIOChip, line: String, activeLow: Bool = false, initiallyOn: Bool = false,
                consumer: String = "torch") throws(HardwareError) {
        let offset = try chip.offset(of: line)
        let info = try chip.lineInfo(offset)
        var request: OpaquePointer?
        let rc = cgpiod_request_output(chip.handle, offset, consumer, activeLow, initiallyOn ? 1 : 0, &request)
        guard rc == 0, let request else {
            throw chip.requestError(-rc, offset: offset, what: "cannot request as output")
        }
        self.request = request
        self.chipName = chip.name
        self.offset = offset
        self.lineName = info.name
        self.activeLow = activeLow
    }

    deinit { close() }

    /// Drives the line: any duty above 0 is on (the minimum on-level is never 0).
    /// Returns 0 or an errno; EBADF after `close`. No allocation, lock or log.
    public func write(duty: Double) -> Int32 {
        guard let request else { return EBADF }
        return -cgpiod_request_set_value(request, duty > 0 ? 1 : 0)
    }

    /// 0 while the line request works; ENODEV once its chip went away (read back
    /// through the request). From the service loop, beside the writer's `write`.
    public func probe() -> Int32 {
        guard let request else { return EBADF }
        let v = cgpiod_request_get_value(request)
        return v < 0 ? -v : 0
    }

    /// Drives the line inactive (dark), then releases it. Idempotent.
    public func close() {
        guard let request else { return }
        _ = cgpiod_request_set_value(request, 0)
        cgpiod_request_release(request)
        self.request = nil
    }

    /// "gpiochip0 line 18 (GPIO18) via libgpiod 1.6.3" (", active-low" when inverted).
    public var summary: String {
        let line = lineName.isEmpty ? "line \(offset)" : "line \(offset) (\(lineName))"
        return "\(chipName) \(line)\(activeLow ? ", active-low" : "") via \(GPIOLibrary.summary)"
    }
}
