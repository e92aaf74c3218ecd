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

    /// True when the line's request was taken over from the process before this one
    /// (systemd's store at a restart) instead of made here.
    public let adopted: Bool

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
        adopted = false
    }

    /// Takes over line `offset` of `chip` whose request another process made and passed
    /// here as `descriptor` (systemd's store, at a restart): nothing is requested or
    /// written, the line keeps its value. It must be the line torch requested there:
    /// in use by consumer `consumer`, an output. The line owns `descriptor` from then on
    /// (closed on a throw too).
    public init(chip: GPIOChip, offset: UInt32, activeLow: Bool, adopting descriptor: Int32,
                consumer: String = "torch") throws(HardwareError) {
        var request: OpaquePointer?
        let rc = cgpiod_request_adopt(descriptor, &request)
        guard rc == 0, let request else {
            _ = Glibc.close(descriptor)
            throw GPIOErrors.failed("\(chip.name) line \(offset): the stored descriptor \(descriptor) is not a line request", errno: -rc)
        }
        let info: GPIOLineInfo
        do { info = try chip.lineInfo(offset) } catch {
            cgpiod_request_release(request)
            throw error
        }
        guard info.isUsed, info.isOutput, info.consumer == consumer else {
            cgpiod_request_release(request)
            throw GPIOErrors.failed("\(chip.name) line \(offset): not an output held by '\(consumer)' (consumer '\(info.consumer)')", errno: EINVAL)
        }
        self.request = request
        chipName = chip.name
        self.offset = offset
        lineName = info.name
        self.activeLow = activeLow
        adopted = true
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

    /// Lets go of this process's copy of the request without writing: the copy in
    /// systemd's store keeps the line driven for the next process. Idempotent.
    public func handOver() {
        guard let request else { return }
        cgpiod_request_release(request)
        self.request = nil
    }

    /// The line request's descriptor, for systemd's store; nil once closed.
    public var heldDescriptor: Int32? {
        guard let request else { return nil }
        let fd = cgpiod_request_fd(request)
        return fd >= 0 ? fd : nil
    }

    public var handoverIdentity: HandoverRecord.Output? { .gpioLine(chip: chipName, offset: offset, activeLow: activeLow) }

    /// "gpiochip0 line 18 (GPIO18) via libgpiod 2.2" (", active-low" when inverted);
    /// with libgpiod 1.6, which gives no output line's descriptor, the line is requested
    /// through the kernel's GPIO uAPI itself, and the summary says so.
    public var summary: String {
        let line = lineName.isEmpty ? "line \(offset)" : "line \(offset) (\(lineName))"
        let via = GPIOLibrary.apiGeneration >= 2 ? GPIOLibrary.summary : "the kernel's GPIO uAPI (\(GPIOLibrary.summary) build)"
        return "\(chipName) \(line)\(activeLow ? ", active-low" : "") via \(via)\(adopted ? ", taken over from the last run" : "")"
    }
}
