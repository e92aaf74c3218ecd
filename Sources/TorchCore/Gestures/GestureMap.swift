/// A gesture of the `[gestures]` map: N clicks (`3c`, Anduril's 3C) or N clicks where
/// the last press is held (`3h`: two clicks, then a hold), N from 1 to 10.
public enum GestureName: Hashable, Sendable, CustomStringConvertible, Comparable {
    case clicks(Int)
    case clickHold(Int)

    /// `3c`, `3h`: the config's spelling.
    public var description: String {
        switch self {
        case let .clicks(n): "\(n)c"
        case let .clickHold(n): "\(n)h"
        }
    }

    /// Reads `3c`, `3C`, `10h`; nil for anything else.
    public init?(_ text: String) {
        let t = text.lowercased()
        guard let kind = t.last, kind == "c" || kind == "h", let n = Int(t.dropLast()), t.first != "+",
              (1...GestureTiming.maxClicks).contains(n) else { return nil }
        self = kind == "c" ? .clicks(n) : .clickHold(n)
    }

    /// The count of presses.
    public var count: Int {
        switch self {
        case let .clicks(n), let .clickHold(n): n
        }
    }

    /// Every gesture, 1c…10c then 1h…10h (the config keys of `[gestures]`).
    public static let all: [GestureName] = (1...GestureTiming.maxClicks).map { .clicks($0) }
        + (1...GestureTiming.maxClicks).map { .clickHold($0) }

    public static func < (a: GestureName, b: GestureName) -> Bool {
        switch (a, b) {
        case let (.clicks(x), .clicks(y)), let (.clickHold(x), .clickHold(y)): x < y
        case (.clicks, .clickHold): true
        case (.clickHold, .clicks): false
        }
    }
}

/// What each gesture does in smart mode (`[gestures]`); gestures not in it do nothing.
/// `1c` and `2c` are also `[button] on-tap` and `on-double-tap`.
public struct GestureMap: Equatable, Sendable {
    public var actions: [GestureName: GestureAction]

    public init(_ actions: [GestureName: GestureAction]) {
        self.actions = actions
    }

    /// The default map: today's smart mode (1c toggle, 2c next pattern, 1h hold for
    /// light / ramp) and Anduril's places for the rest.
    public static let standard = GestureMap([
        .clicks(1): .toggle, .clicks(2): .nextPattern, .clicks(3): .ceiling, .clicks(4): .lockout,
        .clicks(5): .momentary, .clicks(6): .floor, .clicks(7): .readout, .clicks(10): .memory,
        .clickHold(1): .ramp, .clickHold(3): .sunsetTimer, .clickHold(10): .simpleUI,
    ])

    /// The action of `g`; `.none` when unmapped.
    public subscript(_ g: GestureName) -> GestureAction {
        get { actions[g] ?? .none }
        set { actions[g] = newValue }
    }

    /// True when some gesture of more than `n` presses is mapped to an action: after
    /// `n` clicks the sequence may go on, so the n-click action waits for the gap.
    public func hasLonger(than n: Int) -> Bool {
        actions.contains { g, a in g.count > n && a != .none }
    }

    /// The gestures mapped to `action`, fewest presses first.
    public func gestures(for action: GestureAction) -> [GestureName] {
        actions.filter { $0.value == action }.map(\.key).sorted()
    }
}
