import TorchCore
import TorchHardware

/// The seed's haptic tap: an optional buzzer or indicator output that is switched on for
/// a short pulse when a gesture is recognised. Pure timing on instants the event loop
/// passes in; the loop waits for `nextDeadline` and calls `advance(to:)`.
///
/// A pulse while one is running extends it (one on, one off), so a quick double tap
/// gives one longer buzz rather than a gap too short to feel.
public final class FeedbackPulser {
    /// The pulse length when the config gives none: long enough to hear or feel, short
    /// enough not to overlap the next tap of a double tap.
    public static let defaultPulseLength: Duration = .milliseconds(30)

    /// How long the output stays on after the last `pulse` (at least 1 ms).
    public let pulseLength: Duration
    private var output: (any LightOutput)?
    /// When the running pulse ends; nil when the output is off (or there is none).
    public private(set) var nextDeadline: Instant?
    /// Writes that failed so far, and the last errno (the loop decides whether to log).
    public private(set) var failures = 0
    public private(set) var lastErrno: Int32 = 0

    /// - Parameters:
    ///   - output: the buzzer or indicator line; nil: pulses do nothing.
    ///   - pulseLength: how long a pulse lasts; below 1 ms counts as 1 ms.
    public init(output: (any LightOutput)?, pulseLength: Duration = FeedbackPulser.defaultPulseLength) {
        self.output = output
        self.pulseLength = max(.milliseconds(1), pulseLength)
    }

    /// True while a pulse is running.
    public var isOn: Bool { nextDeadline != nil }

    /// True when there is an output to pulse.
    public var hasOutput: Bool { output != nil }

    /// Switches the output on (if it is not already) and ends the pulse `pulseLength`
    /// after `now`. Returns 0 or the write's errno.
    @discardableResult
    public func pulse(at now: Instant) -> Int32 {
        guard let output else { return 0 }
        let wasOn = isOn
        nextDeadline = now + pulseLength
        return wasOn ? 0 : record(output.write(duty: 1))
    }

    /// Switches the output off when the pulse is due to end at or before `now`.
    /// Returns 0 or the write's errno.
    @discardableResult
    public func advance(to now: Instant) -> Int32 {
        guard let due = nextDeadline, now >= due, let output else { return 0 }
        nextDeadline = nil
        return record(output.write(duty: 0))
    }

    /// Off and released (the output's own `close` drives it inactive). Idempotent.
    public func close() {
        guard let output else { return }
        if isOn { _ = output.write(duty: 0) }
        nextDeadline = nil
        output.close()
        self.output = nil
    }

    private func record(_ rc: Int32) -> Int32 {
        if rc != 0 {
            failures += 1
            lastErrno = rc
        }
        return rc
    }
}
