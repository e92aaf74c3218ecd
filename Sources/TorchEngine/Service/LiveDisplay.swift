import TorchCore
import TorchHardware

/// The simulated LED drawn live on one terminal line, redrawn in place: a lamp whose
/// colour follows the duty cycle, a bar, the numbers, the pattern and the button.
/// Plain ANSI (CR, erase line, 256 colours), so it works in any terminal and in tmux.
public final class LiveDisplay {
    private let fd: Int32
    private var lastLine = ""
    public private(set) var active = false
    /// Redraws per second (the RT thread is never slowed by drawing: it reads atomics).
    public static let framesPerSecond = 30

    public init(fd: Int32 = StandardOutput.descriptor) { self.fd = fd }

    /// Prints the header lines and hides the cursor.
    public func begin(header: [String]) {
        active = true
        writeAll(fd, header.map { $0 + "\n" }.joined() + "\u{1B}[?25l")
    }

    /// Draws the status line if it changed.
    public func draw(duty: Double, status: TorchStatus, note: String) {
        guard active else { return }
        let width = 20
        let filled = Int((duty * Double(width)).rounded(.up))
        let bar = String(repeating: "█", count: min(width, filled)) + String(repeating: "·", count: max(0, width - filled))
        // 256-colour ramp from dark grey (232) to bright yellow (226): the lamp itself.
        let colour = duty <= 0 ? 238 : (duty < 0.05 ? 94 : duty < 0.2 ? 136 : duty < 0.5 ? 178 : duty < 0.9 ? 220 : 226)
        let lamp = "\u{1B}[38;5;\(colour)m●\u{1B}[0m"
        let state = status.lit ? (status.litWhileHeld ? "lit while held" : "lit") : "dark"
        var line = "\(lamp) [\(bar)] duty \(pad(LevelSyntax.format(duty), 6))  \(state) · \(status.brightness) · \(status.pattern.displayName) · button \(status.buttonMode)"
        if let r = status.sleepRemaining { line += " · sleep in \(DurationSyntax.format(.seconds(Int64(r.seconds.rounded(.up)))))" }
        if status.stealth { line += " · stealth" }
        if status.lockedOut { line += " · locked out" }
        if !note.isEmpty { line += "  — \(note)" }
        guard line != lastLine else { return }
        lastLine = line
        writeAll(fd, "\r\u{1B}[2K" + line)
    }

    /// Prints a log line above the status line without tearing it.
    public func log(_ text: String) {
        if active {
            writeAll(fd, "\r\u{1B}[2K" + text + "\n" + lastLine)
        } else {
            StandardError.write(text + "\n")
        }
    }

    /// Leaves the status line in place, shows the cursor again. Idempotent.
    public func end() {
        guard active else { return }
        active = false
        writeAll(fd, "\n\u{1B}[?25h")
    }

    private func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
}
