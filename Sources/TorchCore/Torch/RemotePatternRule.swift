/// What a remote front end (the web page, MQTT, the group topic) may make the light do:
/// choose only the owner's patterns (`[light] patterns` and `pattern`), and light nothing
/// that flashes more than three times a second (`FlashRate`) unless the owner set
/// `[light] remote-flashing = yes`. The command line and the control socket are the
/// owner's own hands and are not judged.
///
/// The rule compares the light before a command with the light the command would leave
/// (the state machine is a value: the controller tries the command on a copy), so
/// `on`, `toggle`, `next` and a named pattern are judged alike by what they would play.
public struct RemotePatternRule: Sendable {
    /// The patterns the owner listed.
    public var patterns: [Pattern]
    /// `[light] remote-flashing`: remote front ends may start flashing patterns.
    public var flashingAllowed: Bool

    public init(patterns: [Pattern], flashingAllowed: Bool) {
        self.patterns = patterns
        self.flashingAllowed = flashingAllowed
    }

    public init(settings: TorchSettings) {
        self.init(patterns: settings.patterns + (settings.pattern.map { [$0] } ?? []),
                  flashingAllowed: settings.remoteFlashing)
    }

    /// True when the owner listed `pattern`. A blink counts when the owner listed one:
    /// its pace is the web page's blink speed slider (the flashing rule still judges it).
    public func lists(_ pattern: Pattern) -> Bool {
        if patterns.contains(pattern) { return true }
        guard case .blink = pattern else { return false }
        return patterns.contains { if case .blink = $0 { true } else { false } }
    }

    /// The setting a refusal names.
    public static let flashingSetting = "[light] remote-flashing = yes"

    /// Nil when the change from `before` to `after` is allowed; else one line naming the
    /// pattern (through `name`) and the setting. A pattern already chosen (or already
    /// playing) stays allowed: a new brightness for a strobe the owner started is fine.
    public func refusal(before: TorchStateMachine, after: TorchStateMachine, name: (Pattern) -> String) -> String? {
        if after.pattern != before.pattern, !lists(after.pattern) {
            return "pattern '\(name(after.pattern))' is not one of the owner's [light] patterns; "
                + "a remote front end chooses only those"
        }
        let playing = after.currentPattern
        let startsPlaying = after.lit && (!before.lit || before.currentPattern != playing)
        if startsPlaying, !flashingAllowed, FlashRate.exceedsThreshold(playing) {
            return "pattern '\(name(playing))' flashes more than 3 times a second; "
                + "a remote front end starts it only with \(Self.flashingSetting)"
        }
        return nil
    }
}
