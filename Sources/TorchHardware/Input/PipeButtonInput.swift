#if canImport(Glibc)
import Glibc
#endif
import CTorchSys
import TorchCore

/// A button whose edges are injected by the program itself through a pipe: the bench's
/// stand-in for a GPIO line, so injected edges travel the same path (poll → read →
/// recognizer → state machine → scheduler) as kernel edge events.
public final class PipeButtonInput: ButtonInput, @unchecked Sendable {
    private let readEnd: FileDescriptor
    private let writeEnd: FileDescriptor
    private var pressed = false
    public let role: ButtonRole

    public init(role: ButtonRole = .on) throws(HardwareError) {
        var fds: [Int32] = [0, 0]
        let e = ctorch_pipe_nonblocking(&fds)
        guard e == 0 else {
            throw HardwareError("pipe: \(errnoText(e))", errno: e)
        }
        readEnd = FileDescriptor(owning: fds[0])
        writeEnd = FileDescriptor(owning: fds[1])
        self.role = role
    }

    deinit { close() }

    /// Injects one edge (any thread). `at` is its timestamp, as a kernel event would carry.
    public func inject(pressed: Bool, at: Instant) {
        var record: (Int64, Int64) = (at.nanoseconds, pressed ? 1 : 0)
        _ = withUnsafeBytes(of: &record) { write(writeEnd.rawValue, $0.baseAddress, $0.count) }
    }

    public var pollDescriptor: Int32 { readEnd.rawValue }

    public func readEdges() throws(HardwareError) -> [ButtonEdge] {
        var edges: [ButtonEdge] = []
        var record: (Int64, Int64) = (0, 0)
        let size = MemoryLayout<(Int64, Int64)>.size
        while withUnsafeMutableBytes(of: &record, { read(readEnd.rawValue, $0.baseAddress, size) }) == size {
            pressed = record.1 != 0
            edges.append(ButtonEdge(role: role, pressed: pressed, at: Instant(nanoseconds: record.0)))
        }
        return edges
    }

    public func takeLostEventCount() -> Int { 0 }

    public func isPressed() throws(HardwareError) -> Bool { pressed }

    public func close() {
        readEnd.close()
        writeEnd.close()
    }
}
