/// What a front end asks the torch to do: the one command type from every front end to
/// the controller (`ControllerInput.request`). Each front end translates its own
/// protocol into it at its edge: a control-socket line, the web API's JSON body, the
/// command line's arguments (`Request.controlCommands`), Home Assistant's JSON
/// (`LightCommand.request`), a key of the terminal.
///
/// One request line of the control socket is a JSON object with `"cmd"`, the command's
/// own keys, an optional `"id"` that the reply echoes, and an optional `"deadline"`
/// past which the client no longer waits:
///
///     {"cmd":"on","brightness":"40%"}
///     {"cmd":"pattern","name":"sos","id":7}
///     {"cmd":"pattern","spec":"blink 500ms 500ms"}
///     {"cmd":"stealth","on":true}
public struct ControlRequest: Equatable, Sendable {
    /// What to do, in order, as one change (one settle, one status change; all or none
    /// under the owner's rule for remote front ends). A request line carries exactly one;
    /// a protocol that asks several things in one message (Home Assistant's brightness
    /// beside its effect) gives them all, or none when the light already is as asked.
    public var commands: [ControlCommand]
    /// A string or number chosen by the client, echoed in the reply; nil when absent.
    public var id: JSONValue?
    /// `"transition"`: this command's level change fades over it instead of `[light]
    /// transition` (seconds as a number, as Home Assistant sends it, or "500ms"), to the
    /// millisecond: the line a client writes carries milliseconds at most, so what it
    /// sends reads back the same.
    public var transition: Duration?
    /// `"deadline"`: the instant the client gives up waiting for the reply, on the torch
    /// machine's CLOCK_MONOTONIC (seconds as a number, to the millisecond: what Python's
    /// `time.monotonic()` says). A request read after it is not carried out: the client
    /// that sent it has already reported a failure.
    public var deadline: Instant?
    /// An MQTT group command's `"at"`, on this board's monotonic clock: the lit program's
    /// timeline is anchored at that instant after the commands. Not on the socket's wire.
    public var patternStart: Instant?
    /// Home Assistant's `"flash"`: after the commands, `flashPattern` is shown for this
    /// long over the light's state; nothing is saved for it. Not on the socket's wire.
    public var flash: Duration?
    /// What the flash shows; nil: what the controller gives the front end
    /// (`TorchController.flashPattern(for:)`: below three flashes a second for a remote
    /// one unless the owner allows more).
    public var flashPattern: Pattern?

    /// The longest request line, in bytes without the newline.
    public static let maxBytes = 4096

    /// The latest deadline accepted, in seconds (about 31 years of uptime).
    static let maxDeadlineSeconds = 1e9

    public init(_ command: ControlCommand, id: JSONValue? = nil, transition: Duration? = nil, deadline: Instant? = nil) {
        self.commands = [command]
        self.id = id
        self.transition = transition
        self.deadline = deadline.map(Self.toMilliseconds)
    }

    /// Several commands as one change (none: only `patternStart` or `flash` acts).
    public init(commands: [ControlCommand], transition: Duration? = nil, patternStart: Instant? = nil,
                flash: Duration? = nil, flashPattern: Pattern? = nil) {
        self.commands = commands
        self.transition = transition
        self.patternStart = patternStart
        self.flash = flash
        self.flashPattern = flashPattern
    }

    /// The one command of a request line; nil for several or none.
    public var command: ControlCommand? { commands.count == 1 ? commands[0] : nil }

    /// The commands' names as a log line or a refusal names them (`on`, `brightness+pattern`).
    public var name: String {
        commands.isEmpty ? (flash == nil ? "nothing" : "flash") : commands.map(\.name).joined(separator: "+")
    }

    /// `instant` cut to the millisecond, as the request line carries it.
    public static func toMilliseconds(_ instant: Instant) -> Instant {
        Instant(nanoseconds: instant.nanoseconds / 1_000_000 * 1_000_000)
    }

    /// Reads one line (without its newline). Every failure is a one-line message naming
    /// the key or value at fault, carrying the `"id"` when it could be read.
    public static func parse(_ line: String) -> Result<ControlRequest, ControlError> {
        parse(bytes: Array(line.utf8))
    }

    /// Reads one line of UTF-8 bytes (without its newline).
    public static func parse(bytes: [UInt8]) -> Result<ControlRequest, ControlError> {
        let json: JSONValue
        do {
            json = try JSONParser(maxDepth: 4, maxBytes: maxBytes).parse(bytes: bytes)
        } catch {
            return .failure(ControlError("\(error)"))
        }
        guard case let .object(members) = json else {
            return .failure(ControlError("a request is a JSON object, e.g. {\"cmd\":\"status\"}; got \(json.kindName)"))
        }
        var id: JSONValue?
        if let given = json["id"] {
            switch given {
            case .string, .number: id = given
            default: return .failure(ControlError("\"id\" is \(given.kindName): expected a string or a number"))
            }
        }
        do {
            let c = try command(json, members: members)
            let transition = try json["transition"].map { v throws(ControlError) in try duration(v, key: "transition") }
            let deadline = try json["deadline"].map { v throws(ControlError) in try monotonicInstant(v, key: "deadline") }
            return .success(ControlRequest(c, id: id, transition: transition, deadline: deadline))
        } catch {
            return .failure(ControlError(error.message, id: id))
        }
    }

    private static let commandList = ControlCommandName.list

    /// The keys every request may carry, whatever its command.
    private static let envelope: Set<String> = ["cmd", "id", "deadline"]

    private static func command(_ json: JSONValue, members: [JSONMember]) throws(ControlError) -> ControlCommand {
        guard let cmdValue = json["cmd"] else {
            throw ControlError("missing \"cmd\": expected \(commandList)")
        }
        guard let cmd = cmdValue.stringValue else {
            throw ControlError("\"cmd\" is \(cmdValue.kindName): expected a string (\(commandList))")
        }
        guard let name = ControlCommandName(rawValue: cmd) else {
            throw ControlError("unknown command \(JSONText.string(cmd)): expected \(commandList)")
        }
        let keys = name.keys
        for m in members where !envelope.contains(m.key) && !keys.contains(m.key) {
            let allowed = keys.isEmpty ? "only \"cmd\", \"id\" and \"deadline\""
                : (keys + ["id", "deadline"]).map { "\"\($0)\"" }.joined(separator: ", ")
            throw ControlError("\"\(cmd)\" does not take \(JSONText.string(m.key)): it takes \(allowed)")
        }
        return try name.command(json)
    }

    // The values more than one command takes (`ControlCommandName.command` reads each
    // command's keys with them).

    /// `"40%"`, `"0.4"` or the number `0.4` (a number is a fraction: `1` is full).
    static func brightness(_ v: JSONValue, key: String) throws(ControlError) -> Brightness {
        do {
            switch v {
            case let .string(s): return try Brightness.parse(s)
            case let .number(n), let .decimal(n, _): return try Brightness.parse(fraction: n)
            default: break
            }
        } catch {
            throw ControlError("\"\(key)\": \(error)")
        }
        throw ControlError("\"\(key)\" is \(v.kindName): expected \(Brightness.allowed)")
    }

    /// Seconds as a number (`0.5`) or a duration with its unit (`"500ms"`), 0 to 60 s,
    /// rounded to the millisecond (what a request line writes back).
    static func duration(_ v: JSONValue, key: String) throws(ControlError) -> Duration {
        let allowed = "a duration from 0 to 60s: seconds as a number (0.5) or text with a unit (\"500ms\")"
        let d: Duration
        switch v {
        case let .number(n):
            guard n.isFinite, n >= 0, n <= 60 else { throw ControlError("\"\(key)\" \(JSONValue.numberText(n)) is not valid: expected \(allowed)") }
            d = .nanoseconds(Int64((n * 1e9).rounded()))
        case let .string(s):
            do { d = try DurationSyntax.parse(s) } catch { throw ControlError("\"\(key)\": \(error)") }
            guard d >= .zero, d <= .seconds(60) else { throw ControlError("\"\(key)\" \(JSONText.string(s)) is not valid: expected \(allowed)") }
        default:
            throw ControlError("\"\(key)\" is \(v.kindName): expected \(allowed)")
        }
        return .milliseconds((d.nanoseconds + 500_000) / 1_000_000)
    }

    /// Seconds on CLOCK_MONOTONIC as a number, 0 to `maxDeadlineSeconds`, rounded to the
    /// millisecond.
    static func monotonicInstant(_ v: JSONValue, key: String) throws(ControlError) -> Instant {
        let allowed = "seconds on the torch machine's CLOCK_MONOTONIC as a number, from 0 to 1e9 (e.g. 12345.678)"
        switch v {
        case let .number(n), let .decimal(n, _):
            guard n.isFinite, n >= 0, n <= maxDeadlineSeconds else {
                throw ControlError("\"\(key)\" \(JSONValue.numberText(n)) is not valid: expected \(allowed)")
            }
            return Instant(nanoseconds: Int64((n * 1000).rounded()) * 1_000_000)
        default:
            throw ControlError("\"\(key)\" is \(v.kindName): expected \(allowed)")
        }
    }

    /// `true`/`false`, or the words of `BoolSyntax` (`"on"`, `"off"`…).
    static func bool(_ v: JSONValue, key: String) throws(ControlError) -> Bool {
        switch v {
        case let .bool(b): return b
        case let .string(s):
            do { return try BoolSyntax.parse(s) } catch { throw ControlError("\"\(key)\": \(error)") }
        default: throw ControlError("\"\(key)\" is \(v.kindName): expected true or false")
        }
    }
}

extension ControlRequest {
    /// The request as one line of compact JSON, newline included: what a client sends.
    /// Brightness goes as a fraction (exact), patterns as canonical text.
    public var line: String { json.jsonText + "\n" }

    /// The request as a JSON object, `"cmd"` first. A line carries one command: a
    /// request of several (a front end's own, never sent) writes its first.
    public var json: JSONValue {
        var members: [JSONMember] = []
        if let first = commands.first {
            members.append(JSONMember("cmd", .string(first.name)))
            members += first.jsonMembers
        }
        if let transition { members.append(JSONMember("transition", .string(DurationSyntax.format(transition)))) }
        if let deadline {
            members.append(JSONMember("deadline", .decimal(Double(deadline.nanoseconds / 1_000_000) / 1000, fractionDigits: 3)))
        }
        if let id { members.append(JSONMember("id", id)) }
        return .object(members)
    }
}
