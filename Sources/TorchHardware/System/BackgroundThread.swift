#if canImport(Glibc)
import Glibc
#endif

/// Runs a closure on its own pthread (benches run the whole service on one while they
/// inject input from another). `join()` waits for it.
public final class BackgroundThread: @unchecked Sendable {
    private var thread: pthread_t = 0
    private let body: () -> Void

    public init(_ body: @escaping () -> Void) {
        self.body = body
    }

    /// Starts the thread; false if the system refused.
    public func start() -> Bool {
        let context = Unmanaged.passRetained(self).toOpaque()
        let rc = pthread_create(&thread, nil, { raw in
            guard let raw else { return nil }
            Unmanaged<BackgroundThread>.fromOpaque(raw).takeRetainedValue().body()
            return nil
        }, context)
        if rc != 0 { Unmanaged<BackgroundThread>.fromOpaque(context).release() }
        return rc == 0
    }

    public func join() { pthread_join(thread, nil) }
}
