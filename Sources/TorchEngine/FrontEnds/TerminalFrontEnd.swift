import TorchCore
import TorchHardware

/// The terminal with the simulated LED: keys stand in for the buttons (see
/// `KeyboardButton`), and the LED is drawn live on one line with the status.
public final class TerminalFrontEnd: FrontEnd {
    private var keyboard = KeyboardButton()
    private var terminal: RawTerminal?
    private let display = LiveDisplay()
    private var lastStatus: TorchStatus?
    private var lastFrame: Instant?

    public init() {}

    public var pollDescriptors: [Int32] { terminal.map { [$0.fd] } ?? [] }

    public var nextDeadline: Instant? {
        let frame = lastFrame.map { $0 + .milliseconds(1000 / LiveDisplay.framesPerSecond) }
        return [keyboard.nextDeadline, frame].compactMap { $0 }.min()
    }

    public func begin(banner: [String]) -> Bool {
        terminal = RawTerminal()
        display.begin(header: banner + [KeyboardButton.help] + KeyboardButton.modeLegend)
        return true
    }

    public func serve(ready: Set<Int32>, at now: Instant, controller: TorchController) {
        if let t = terminal, ready.contains(t.fd) {
            for action in keyboard.handle(t.readKeys(), at: now) {
                switch action {
                case let .edge(e): controller.handle(.edge(e))
                case let .command(c): controller.handle(.request(ControlRequest(c), from: .keyboard, at: now))
                case let .brightnessStep(step):
                    let level = Brightness(clamping: controller.brightness.fraction + step)
                    controller.handle(.request(ControlRequest(.brightness(level)), from: .keyboard, at: now))
                case .quit: controller.handle(.stop(at: now))
                }
            }
        }
        for e in keyboard.advance(to: now) { controller.handle(.edge(e)) }
    }

    public func refresh(at now: Instant, controller: TorchController, duty: Double) {
        let status = controller.status(at: now)
        lastStatus = status
        lastFrame = now
        display.draw(duty: duty, status: status, note: controller.lastGesture?.rawValue ?? "")
    }

    public func show(log line: String) -> Bool {
        guard display.active else { return false }
        display.log(line)
        return true
    }

    /// The last frame shows the LED dark, then the terminal is put back.
    public func close() {
        if display.active, let s = lastStatus {
            display.draw(duty: 0, status: s, note: "dark")
        }
        display.end()
        terminal?.restore()
        terminal = nil
    }
}
