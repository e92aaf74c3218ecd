/// The status object: what `torch status --json` prints and what the control socket's
/// `status` reply carries, with or without a running service. Defined once here so the
/// two can never drift apart; the schema is documented in docs/control-protocol.md.
public struct StatusReport: Equatable, Sendable {
    public var status: TorchStatus
    /// The output driven (by the service), or the one `torch on` would drive (no service).
    public var backend: Backend
    /// Time since the service started; nil when no service is running and the CLI read
    /// the state file instead.
    public var uptime: Duration?
    /// The process that drives the light: the service, or with none the torch in the
    /// foreground that holds it; nil when no process does.
    public var pid: Int32?

    public init(_ status: TorchStatus, backend: Backend, uptime: Duration?, pid: Int32? = nil) {
        self.status = status
        self.backend = backend
        self.uptime = uptime
        self.pid = pid
    }

    /// The members, in this order (types and units in docs/control-protocol.md):
    /// `lit`, `brightness_percent`, `pattern` (canonical text), `pattern_name` (display
    /// name), `button_mode`, `backend`, `service`, `uptime_s`, `sleep_timer_remaining_s`,
    /// `stealth`, `lit_while_held`, `fading`, `light_by_default`, `sleep_timer_s`, `pid`,
    /// `button_stuck`, `lockout`, `led_dark` (null when no light sensor watches the LED).
    public var members: [JSONMember] {
        [
            JSONMember("lit", .bool(status.lit)),
            JSONMember("brightness_percent", .number(Self.percent(status.brightness))),
            JSONMember("pattern", .string(status.pattern.canonicalText)),
            JSONMember("pattern_name", .string(status.pattern.displayName)),
            JSONMember("button_mode", .string(status.buttonMode.rawValue)),
            JSONMember("backend", .string(backend.rawValue)),
            JSONMember("service", .bool(uptime != nil)),
            JSONMember("uptime_s", uptime.map { .number(Self.seconds($0)) } ?? .null),
            JSONMember("sleep_timer_remaining_s", status.sleepRemaining.map { .number(Self.seconds($0)) } ?? .null),
            JSONMember("stealth", .bool(status.stealth)),
            JSONMember("lit_while_held", .bool(status.litWhileHeld)),
            JSONMember("fading", .bool(status.fading)),
            JSONMember("light_by_default", .bool(status.lightByDefault)),
            JSONMember("sleep_timer_s", status.sleepTimer.map { .number(Self.seconds($0)) } ?? .null),
            JSONMember("pid", pid.map { .number(Double($0)) } ?? .null),
            JSONMember("button_stuck", .bool(status.buttonStuck)),
            JSONMember("lockout", .bool(status.lockedOut)),
            JSONMember("led_dark", status.ledDark.map(JSONValue.bool) ?? .null),
        ]
    }

    /// Percent to a tenth, as levels are written (`18.4%`); whole percents print bare.
    static func percent(_ b: Brightness) -> Double {
        (b.fraction * 1000).rounded() / 10
    }

    /// Seconds to the millisecond: enough for people, stable for golden tests.
    static func seconds(_ d: Duration) -> Double {
        Double(d.nanoseconds / 1_000_000) / 1000
    }
}
