import TorchCore
import TorchHardware

/// The physical buttons (GPIO lines, or the bench's pipe): each waiting edge goes to the
/// controller with its kernel timestamp; a gap in the kernel's sequence numbers becomes
/// a resynchronisation with the line's level.
public final class ButtonFrontEnd: FrontEnd {
    public let buttons: [any ButtonInput]

    public init(_ buttons: [any ButtonInput]) {
        self.buttons = buttons
    }

    public var pollDescriptors: [Int32] { buttons.map(\.pollDescriptor) }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        for b in buttons where ready.contains(b.pollDescriptor) {
            do {
                for e in try b.readEdges() { controller.edge(e) }
                let lost = b.takeLostEventCount()
                if lost > 0 {
                    controller.edgesLost(b.role, count: lost, pressedNow: try? b.isPressed(), at: now)
                }
            } catch {
                controller.report("button: \(error)", .error)
            }
        }
    }

    public func close() {
        for b in buttons { b.close() }
    }
}
