import TorchCore

/// One way in to the torch (the buttons, the keyboard and live display, the control
/// socket, the web page, MQTT): it turns what it reads into `ControllerInput` values,
/// given to the controller's one way in (`TorchController.handle(_:)`), and hears every
/// status change. Besides `handle` it only asks the controller (its status, whether a
/// button's edges settled, who holds a virtual button; `LayeringTests` checks). The I/O
/// shell polls its descriptors, wakes it at its deadline, and calls it in registration
/// order. Adding a front end is one file that conforms plus one registration line where
/// the service's options are built.
public protocol FrontEnd: AnyObject {
    /// Called once by the service before the loop starts: its clock and the calls back
    /// into the shell (`FrontEndContext`).
    func attach(_ context: FrontEndContext)
    /// True for a front end that serves the metrics (`GET /metrics`): the service then
    /// drains the pattern thread's stamps for them.
    var servesMetrics: Bool { get }
    /// The instant of the button edge it read in its last `serve`, once: the service
    /// measures the edge → hand-off latency from it (`make bench` figure 4).
    func takeHandOffEdge() -> Instant?
    /// Its `front_end` label and request counts for `GET /metrics` (`CountsRequests`);
    /// nil for one that takes no requests.
    var countedRequests: (name: String, counts: FrontEndCounts)? { get }
    /// What else it reports in `GET /metrics` (MQTT: the session's gauge and reconnects).
    func metricFamilies() -> [MetricFamily]
    /// Descriptors to wait on (POLLIN).
    var pollDescriptors: [Int32] { get }
    /// Descriptors to wait on for POLLOUT (a connect in progress, a send buffer to drain).
    var pollWriteDescriptors: [Int32] { get }
    /// When it needs to be called even without input (a synthetic release, an idle
    /// expiry, a frame); nil: only on input.
    var nextDeadline: Instant? { get }
    /// Shows the start banner itself (the live display); false: the shell prints it.
    func begin(banner: [String]) -> Bool
    /// Called on every turn of the loop with the descriptors that are ready: reads them
    /// and hands the controller what they said (`controller.handle`).
    func serve(ready: Set<Int32>, at now: Instant, controller: TorchController)
    /// The status changed (after the effects of a turn were carried out).
    func statusChanged(_ status: TorchStatus, at now: Instant)
    /// A button gesture was recognised (MQTT publishes it for Home Assistant's triggers);
    /// `count`: a click's place in its sequence (3…10), nil for other gestures.
    func gestureRecognized(_ kind: GestureKind, count: Int?, at now: Instant)
    /// The end of every turn: `duty` is what the output shows now.
    func refresh(at now: Instant, controller: TorchController, duty: Double)
    /// Shows a log line itself (so it does not tear a live display); false: the shell logs it.
    func show(log line: String) -> Bool
    /// Releases its descriptors (after the light is dark). Idempotent.
    func close()
}

extension FrontEnd {
    public func attach(_ context: FrontEndContext) {}
    public var servesMetrics: Bool { false }
    public func takeHandOffEdge() -> Instant? { nil }
    public var countedRequests: (name: String, counts: FrontEndCounts)? { nil }
    public func metricFamilies() -> [MetricFamily] { [] }
    public var nextDeadline: Instant? { nil }
    public var pollWriteDescriptors: [Int32] { [] }
    public func gestureRecognized(_ kind: GestureKind, count: Int?, at now: Instant) {}
    public func begin(banner: [String]) -> Bool { false }
    public func statusChanged(_ status: TorchStatus, at now: Instant) {}
    public func refresh(at now: Instant, controller: TorchController, duty: Double) {}
    public func show(log line: String) -> Bool { false }
}
