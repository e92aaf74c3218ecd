import TorchCore
import TorchHardware

/// Writes `--trace` files: one line per output change, `<nanoseconds since start>,<duty>`,
/// with the *actual* instant the scheduler issued the write. Runs on the event loop,
/// never on the real-time thread, which writes what each turn drained (`flush`), so the
/// file follows the light live. The file itself is TorchHardware's `CreatedFile`.
public final class TraceWriter {
    private let file: CreatedFile
    private var origin: Int64
    private var buffer: [UInt8] = []
    public var path: String { file.path }

    /// Creates (truncates) `path`. `origin` is the instant that becomes 0 in the file.
    public init(path: String, origin: Instant) throws(HardwareError) {
        do { file = try CreatedFile(creating: path) } catch {
            throw HardwareError("--trace \(error.message)", errno: error.errno)
        }
        self.origin = origin.nanoseconds
        buffer.reserveCapacity(1 << 16)
    }

    /// Moves time zero to `origin` (before any stamp is appended).
    public func rebase(origin: Instant) { self.origin = origin.nanoseconds }

    /// Appends one stamp (buffered until `flush`, or 32 KiB).
    public func append(_ s: OutputStamp) {
        let line = "\(s.actual - origin),\(s.duty)\n"
        buffer.append(contentsOf: line.utf8)
        if buffer.count >= 1 << 15 { flush() }
    }

    /// Appends the feedback line's change (`[feedback] line`): `<ns>,feedback,1` when a
    /// pulse starts, `<ns>,feedback,0` when it ends; three fields, so a reader of the
    /// light's `<ns>,<duty>` lines tells them apart.
    public func appendFeedback(on: Bool, at instant: Instant) {
        buffer.append(contentsOf: "\(instant.nanoseconds - origin),feedback,\(on ? 1 : 0)\n".utf8)
    }

    /// Writes what is buffered (nothing when nothing is).
    public func flush() {
        guard !buffer.isEmpty else { return }
        file.write(buffer)
        buffer.removeAll(keepingCapacity: true)
    }
}
