import CTorchSys
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// Resolves a host name off the event loop: `getaddrinfo` blocks for the resolver's
/// timeout × attempts (resolv.conf(5): 5 s × 2 by default, forever with a server that
/// swallows queries), so it runs on a thread of its own and the answer is handed back
/// to the loop, which polls `readyDescriptor`. A name that never resolves delays only
/// what waits for it.
public protocol HostResolving: AnyObject {
    /// Starts resolving `host`; the answer is taken with `take()`. A start while one is
    /// pending changes nothing (at most one lookup is in flight).
    func start(host: String, port: Int)
    /// The answer once there is one, taken once; nil while pending or when none started.
    func take() -> Result<[SocketAddress], HardwareError>?
    /// True from `start` until the answer is taken.
    var isPending: Bool { get }
    /// Readable once an answer is ready (poll it); -1 when there is no such descriptor.
    var readyDescriptor: Int32 { get }
}

/// `HostResolving` with a thread per lookup (one at a time) and a pipe that wakes the loop.
public final class ThreadResolver: HostResolving, @unchecked Sendable {
    /// What the lookup thread and the loop share, under `lock`.
    private final class Box: @unchecked Sendable {
        let lock = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        var answer: Result<[SocketAddress], HardwareError>?
        let readEnd: FileDescriptor
        let writeEnd: FileDescriptor

        init(readEnd: FileDescriptor, writeEnd: FileDescriptor) {
            self.readEnd = readEnd
            self.writeEnd = writeEnd
            pthread_mutex_init(lock, nil)
        }

        deinit {
            pthread_mutex_destroy(lock)
            lock.deallocate()
        }
    }

    private let box: Box?
    public private(set) var isPending = false

    public init() {
        var fds: [Int32] = [0, 0]
        if ctorch_pipe_nonblocking(&fds) == 0 {
            box = Box(readEnd: FileDescriptor(owning: fds[0]), writeEnd: FileDescriptor(owning: fds[1]))
        } else {
            box = nil
        }
    }

    public var readyDescriptor: Int32 { box?.readEnd.rawValue ?? -1 }

    public func start(host: String, port: Int) {
        guard !isPending else { return }
        isPending = true
        guard let box else {
            answer(.failure(HardwareError("\(host): cannot resolve: no pipe to hand the answer back")))
            return
        }
        let thread = BackgroundThread {
            let result = Result<[SocketAddress], HardwareError> { () throws(HardwareError) in
                try SocketAddress.resolve(host: host, port: port)
            }
            pthread_mutex_lock(box.lock)
            box.answer = result
            pthread_mutex_unlock(box.lock)
            var one: UInt8 = 1
            _ = write(box.writeEnd.rawValue, &one, 1)
        }
        if !thread.start() {
            answer(.failure(HardwareError("\(host): cannot resolve: no thread for the lookup")))
        }
    }

    public func take() -> Result<[SocketAddress], HardwareError>? {
        guard isPending else { return nil }
        guard let box else {
            isPending = false
            defer { failed = nil }
            return failed
        }
        var drain = [UInt8](repeating: 0, count: 16)
        _ = drain.withUnsafeMutableBytes { read(box.readEnd.rawValue, $0.baseAddress, $0.count) }
        pthread_mutex_lock(box.lock)
        let a = box.answer
        box.answer = nil
        pthread_mutex_unlock(box.lock)
        if a != nil { isPending = false }
        return a
    }

    /// An answer made on the loop itself (the lookup could not start).
    private func answer(_ r: Result<[SocketAddress], HardwareError>) {
        guard let box else {
            failed = r
            return
        }
        pthread_mutex_lock(box.lock)
        box.answer = r
        pthread_mutex_unlock(box.lock)
        var one: UInt8 = 1
        _ = write(box.writeEnd.rawValue, &one, 1)
    }

    private var failed: Result<[SocketAddress], HardwareError>?
}
