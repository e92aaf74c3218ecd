#if canImport(Glibc)
import Glibc
#endif
import CGPIOD
import TorchCore

/// A push button on a GPIO input line through libgpiod: both-edge events with kernel
/// CLOCK_MONOTONIC timestamps, read without blocking when `pollDescriptor` is readable.
/// With libgpiod v2 the kernel can debounce (`debounce_period_us`) when asked; with v1
/// `kernelDebounce` is false. The torch never asks (it passes `debounce: .zero` on both
/// generations): the kernel reports a debounced press only after the line has been quiet
/// for the period, stamped then, so every press would be that much late. The core's
/// leading-edge `Debouncer` takes the first edge at once instead.
public final class GPIOButtonInput: ButtonInput, @unchecked Sendable {
    public let role: ButtonRole
    /// The chip's kernel name, e.g. `gpiochip0`.
    public let chipName: String
    /// The line's offset on the chip.
    public let offset: UInt32
    /// The line's name (e.g. `GPIO17`); empty when unnamed.
    public let lineName: String
    /// True when the kernel debounces this line; false: debounce in software.
    public let kernelDebounce: Bool
    /// True when pressed reads as the line's low level (a button to ground).
    public let activeLow: Bool
    /// The bias asked of the pin controller.
    public let bias: GPIOBias
    /// The debounce asked for (the kernel's when `kernelDebounce`, else the core's job).
    public let debounce: Duration
    public let pollDescriptor: Int32

    private var request: OpaquePointer?
    private var sequence: GPIOEdgeSequence
    private static let capacity = 64
    /// Where `readEdges` has the shim copy events; allocated once, with the request.
    private let events: UnsafeMutablePointer<cgpiod_edge_event>

    /// Requests `line` (an offset or a name) on `chip` as a button input labelled
    /// `consumer`. A button to ground with the pull-up is the usual wiring: active-low,
    /// so pressed reads as active. `debounce` is passed to the kernel where it can
    /// (v2), rounded to microseconds; zero asks for none.
    public init(chip: GPIOChip, line: String, role: ButtonRole = .on, activeLow: Bool = true,
                bias: GPIOBias = .pullUp, debounce: Duration = .zero,
                consumer: String = "torch") throws(HardwareError) {
        let offset = try chip.offset(of: line)
        let info = try chip.lineInfo(offset)
        let micros = UInt32(clamping: max(0, debounce.nanoseconds / 1000))
        var kernelDebounce = false
        var request: OpaquePointer?
        let rc = cgpiod_request_input(chip.handle, offset, consumer, activeLow, Self.cBias(bias),
                                      micros, &kernelDebounce, &request)
        guard rc == 0, let request else {
            throw chip.requestError(-rc, offset: offset, what: "cannot request as input")
        }
        self.request = request
        self.events = .allocate(capacity: Self.capacity)
        self.role = role
        self.chipName = chip.name
        self.offset = offset
        self.lineName = info.name
        self.kernelDebounce = kernelDebounce
        self.activeLow = activeLow
        self.bias = bias
        self.debounce = debounce
        self.pollDescriptor = cgpiod_request_event_fd(request)
        let level = cgpiod_request_get_value(request)
        self.sequence = GPIOEdgeSequence(initiallyPressed: level < 0 ? nil : level == 1)
    }

    deinit {
        close()
        events.deallocate()
    }

    public func readEdges() throws(HardwareError) -> [ButtonEdge] {
        guard let request else { return [] }
        var edges: [ButtonEdge] = []
        while true {
            let n = cgpiod_request_read_events(request, events, Self.capacity)
            if n < 0 {
                throw GPIOErrors.failed("\(chipName) \(label): reading edge events", errno: -n)
            }
            for i in 0..<Int(n) {
                let e = events[i]
                sequence.accept(pressed: e.rising, sequence: e.line_seqno)
                edges.append(ButtonEdge(role: role, pressed: e.rising,
                                        at: Instant(nanoseconds: Int64(truncatingIfNeeded: e.timestamp_ns)),
                                        sequence: e.line_seqno))
            }
            if Int(n) < Self.capacity { return edges }
        }
    }

    public func takeLostEventCount() -> Int { sequence.takeLost() }

    public func isPressed() throws(HardwareError) -> Bool {
        guard let request else { throw GPIOErrors.failed("\(chipName) \(label): released", errno: EBADF) }
        let v = cgpiod_request_get_value(request)
        if v < 0 { throw GPIOErrors.failed("\(chipName) \(label): reading value", errno: -v) }
        return v == 1
    }

    public func close() {
        guard let request else { return }
        cgpiod_request_release(request)
        self.request = nil
    }

    /// "line 17 (GPIO17)".
    private var label: String { lineName.isEmpty ? "line \(offset)" : "line \(offset) (\(lineName))" }

    private static func cBias(_ bias: GPIOBias) -> cgpiod_bias {
        switch bias {
        case .asIs: return CGPIOD_BIAS_AS_IS
        case .disabled: return CGPIOD_BIAS_DISABLED
        case .pullUp: return CGPIOD_BIAS_PULL_UP
        case .pullDown: return CGPIOD_BIAS_PULL_DOWN
        }
    }
}
