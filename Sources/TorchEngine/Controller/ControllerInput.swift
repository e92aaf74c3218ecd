import TorchCore
import TorchHardware

/// Everything that can change the controller, as one value: what a front end read,
/// what the shell read for it, a timer instant, a reload, a stop. Each carries the
/// instant it happened (a button edge its kernel timestamp), so the I/O shell and the
/// tests drive the controller alike, on any clock. `TorchController.handle(_:)` is the
/// one way in; what comes out is taken with `takeEffects()`.
public enum ControllerInput: Equatable, Sendable {
    /// The service starts at this instant: the light as the saved state or the command
    /// line asks (`ControllerSettings.initialCommands`).
    case start(at: Instant)
    /// A raw edge of one physical button, at its kernel timestamp. While a virtual press
    /// holds the same button down it only records the finger (the button is down either
    /// way); the release that follows the virtual one's end goes through then.
    case edge(ButtonEdge)
    /// The kernel dropped `count` edges of a button: its recognizer is resynchronised
    /// with the line's level read at the instant (`pressedNow` nil when the read failed:
    /// only reported).
    case edgesLost(ButtonRole, count: Int, pressedNow: Bool?, at: Instant)
    /// A button's line reads `pressed` at the instant, after its edges settled
    /// (`TorchController.edgesSettled`). When the recognizer disagrees (edges merged or
    /// misread by the chip), it is resynchronised with the line, and that is logged.
    case lineSettled(ButtonRole, pressed: Bool, at: Instant)
    /// A front end's request (`ControlRequest`: every front end's commands, each
    /// translated from its own protocol at its edge); the reply is `handle`'s. The
    /// gesture thresholds due by its instant act first. `client` tells the front end's
    /// clients apart (who holds a virtual button down). A remote front end's request the
    /// owner's rule does not allow is refused (`RemotePatternRule`: the reply says why,
    /// the light is unchanged); so is a flash that flashes more than three times a second
    /// without `[light] remote-flashing = yes`.
    case request(ControlRequest, from: CommandOrigin, client: Int = 0, at: Instant)
    /// A remote holder is still there (the page's keep-alive): its press lives another
    /// `remotePressLease`. The reply fails when it holds nothing.
    case renewVirtualPress(VirtualHolder, at: Instant)
    /// A holder went away (a socket client disconnected, a page closed): every virtual
    /// button it holds down is released once no other holder keeps it down.
    case virtualHolderGone(VirtualHolder, at: Instant)
    /// What the shell read for a `ControllerEffect.read`.
    case reading(SensorReading, at: Instant)
    /// A line from a front end for the log (its own errors, e.g. a button read failing).
    case report(String, LogPriority)
    /// Every timer due by the instant: gesture thresholds, ramps, the sleep timer, a
    /// pattern waiting for its acknowledgement, readiness, the watchdog and `--for`;
    /// `output` is the real-time thread's counters, for readiness and the watchdog.
    case advance(to: Instant, output: OutputHealth)
    /// Re-read the config (SIGHUP, the `reload` request). The reply fails when the new
    /// config was refused (the running one is kept, each error logged).
    case reload(at: Instant)
    /// The service stops (a signal, `q`, `--for`): the shell then puts everything back.
    /// Not a user's "off": the remembered state is left as it is.
    case stop(at: Instant)
}

/// A reading the shell took for `ControllerEffect.read(SensorRead)`, or why it failed.
public enum SensorReading: Equatable, Sendable {
    /// The readout gesture's number: blinked out once, or one log line saying why it
    /// could not be read (nothing is shown).
    case readout(Result<ReadoutReading, HardwareError>)
    /// The 1-minute load average, which the heartbeat follows. A failing read is logged
    /// once (the heartbeat keeps its last rate), and once more when it reads again.
    case loadAverage(Result<Double, HardwareError>)
    /// A light sensor's reading (the sensor's front end reads it on its own thread): the
    /// dark-LED watch judges it.
    case light(LightReading)
}

extension TorchController {
    /// The one way in: carries out `input` and answers it. The answer is the control
    /// protocol's reply: a request's own, a refusal (`ok` false, `error` saying why: a
    /// remote front end's command the owner does not allow, a reload refused, a renewal
    /// with no press held), else `ok`. What the input leads to is queued for
    /// `takeEffects()`.
    ///
    /// Questions that change nothing stay plain queries beside it (`status(at:)`,
    /// `nextDeadline`, `edgesSettled`, `isHoldingVirtualButton`, the remote rule's
    /// pattern names): asking them is not an event, so they have no instant, make no
    /// effect and may be asked any number of times.
    @discardableResult
    public func handle(_ input: ControllerInput) -> ControlReply {
        switch input {
        case let .start(time):
            start(at: time)
        case let .edge(e):
            edge(e)
        case let .edgesLost(role, count, pressedNow, time):
            edgesLost(role, count: count, pressedNow: pressedNow, at: time)
        case let .lineSettled(role, pressed, time):
            lineSettled(role, pressed: pressed, at: time)
        case let .request(request, origin, client, time):
            return respond(to: request, from: origin, client: client, at: time)
        case let .renewVirtualPress(holder, time):
            if !renewVirtualPress(holder, at: time) { return .failure("\(holder) holds no virtual button down") }
        case let .virtualHolderGone(holder, time):
            virtualHolderGone(holder, at: time)
        case let .reading(.readout(result), time):
            readoutRead(result, at: time)
        case let .reading(.loadAverage(result), time):
            loadAverageRead(result, at: time)
        case let .reading(.light(reading), time):
            lightRead(reading, at: time)
        case let .report(line, priority):
            log(line, priority)
        case let .advance(time, output):
            advance(to: time, output: output)
        case let .reload(time):
            if !reload(at: time) { return .failure(Self.reloadRefused) }
        case let .stop(time):
            stop(at: time)
        }
        return .success()
    }

    /// What a refused reload replies.
    static let reloadRefused = "reload: the new config has errors; the running one is kept (see the log)"
}
