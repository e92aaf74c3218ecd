/// How the pattern thread waits after a turn (`PlaybackStep.wait(from:)`). Every kind
/// ends early when a hand-off or stop wakes the thread. Instants are CLOCK_MONOTONIC
/// nanoseconds.
public enum PlaybackWait: Equatable, Sendable {
    /// Sleep until the instant (the next deadline); nil: until woken (a steady level,
    /// dark, a finished pattern, no program).
    case sleep(until: Int64?)
    /// The CPU budget is spent and the next deadline is too close to pay for it: sleep
    /// until the instant, past that deadline (`CPUBudget`).
    case rest(until: Int64)
    /// Busy-wait until the instant: a software-PWM edge closer than waking an idle CPU
    /// costs.
    case spin(until: Int64)
    /// Sleep until `wake`, then busy-wait to `edge`: a software-PWM edge far enough to
    /// sleep for, woken early by the machine's wake-up lateness.
    case earlyWake(at: Int64, edge: Int64)

    /// The instant the wait is for (the edge for an early wake); nil: none.
    public var deadline: Int64? {
        switch self {
        case .sleep(let until): until
        case .rest(let until), .spin(let until): until
        case .earlyWake(_, let edge): edge
        }
    }
}

/// How a wait ended, as the thread saw it (`PlaybackStep.woke(_:)`).
public struct PlaybackWakeup: Equatable, Sendable {
    /// When the sleep part ended, CLOCK_MONOTONIC nanoseconds (a spin is running time:
    /// for `.spin` this is the instant the wait began).
    public var sleptUntil: Int64
    /// True when the sleep part ran to its instant (not woken by a hand-off or signal).
    public var sleepTimedOut: Bool
    /// True when the wait reached its deadline: the sleep timed out and any spin after it
    /// got to the edge.
    public var reachedDeadline: Bool

    public init(sleptUntil: Int64, sleepTimedOut: Bool, reachedDeadline: Bool) {
        self.sleptUntil = sleptUntil
        self.sleepTimedOut = sleepTimedOut
        self.reachedDeadline = reachedDeadline
    }
}

/// One output write the step asks for (`PlaybackStep.play(at:program:)`).
public struct PlaybackWrite: Equatable, Sendable {
    /// Why the step writes.
    public enum Reason: Equatable, Sendable {
        /// The program's level at the instant.
        case level
        /// Dark, once, after the output refused the level (a failing burst starts).
        case darkAfterRefusal
    }
    /// Duty cycle 0…1 (0 or 1 on a binary output).
    public var duty: Double
    /// The instant the change was scheduled for, CLOCK_MONOTONIC nanoseconds (the trace's
    /// "intended").
    public var intended: Int64
    public var reason: Reason

    public init(duty: Double, intended: Int64, reason: Reason = .level) {
        self.duty = duty
        self.intended = intended
        self.reason = reason
    }
}
