import TorchCore
import TorchHardware

/// The physical buttons (GPIO lines, or the bench's pipe): each waiting edge goes to the
/// controller with its kernel timestamp; a gap in the kernel's sequence numbers becomes
/// a resynchronisation with the line's level. Once a button's edges have settled (its
/// debounce window closed), the line's level is read once and given to the controller:
/// a chip that merges close edges reads their direction late and can report a bounce
/// train's last edge wrongly (gpio-sim does, under load), and the level is the truth.
public final class ButtonFrontEnd: FrontEnd {
    public let buttons: [any ButtonInput]
    /// Buttons with edges read since their line's level was last checked.
    private var unchecked: Set<ButtonRole> = []
    /// The kernel timestamp of the last edge read, until taken (`GET /metrics`' button
    /// latency).
    private var lastEdge: Instant?

    public init(_ buttons: [any ButtonInput]) {
        self.buttons = buttons
    }

    public var pollDescriptors: [Int32] { buttons.map(\.pollDescriptor) }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        for b in buttons where ready.contains(b.pollDescriptor) {
            do {
                let edges = try b.readEdges()
                for e in edges { controller.handle(.edge(e)) }
                if let e = edges.last { lastEdge = e.at }
                if !edges.isEmpty { unchecked.insert(b.role) }
                let lost = b.takeLostEventCount()
                if lost > 0 {
                    controller.handle(.edgesLost(b.role, count: lost, pressedNow: try? b.isPressed(), at: now))
                }
            } catch {
                controller.handle(.report("button: \(error)", .error))
            }
        }
    }

    /// The last edge read since the last call, if any.
    public func takeHandOffEdge() -> Instant? {
        defer { lastEdge = nil }
        return lastEdge
    }

    public func refresh(at now: Instant, controller: TorchController, duty: Double) {
        guard !unchecked.isEmpty else { return }
        for b in buttons where unchecked.contains(b.role) && controller.edgesSettled(b.role) {
            unchecked.remove(b.role)
            if let pressed = try? b.isPressed() { controller.handle(.lineSettled(b.role, pressed: pressed, at: now)) }
        }
    }

    public func close() {
        for b in buttons { b.close() }
    }
}
