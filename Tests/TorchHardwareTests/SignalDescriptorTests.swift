import Testing
import TorchHardware
#if canImport(Glibc)
import Glibc
#endif

/// A stop that arrives while torch is still setting up (the signals blocked, no
/// descriptor yet) is not lost and does not kill the process: the descriptor made later
/// reads it.
@Suite struct SignalDescriptorTests {
    @Test func aSignalBeforeTheDescriptorIsReadFromIt() throws {
        // SIGHUP, sent to this thread only: nothing else in the test process sees it.
        SignalDescriptor.block([.hangup])
        defer {
            var unblock = sigset_t()
            sigemptyset(&unblock)
            sigaddset(&unblock, SIGHUP)
            pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
        }
        #expect(pthread_kill(pthread_self(), SIGHUP) == 0)
        let signals = try SignalDescriptor(signals: [.hangup])
        defer { signals.close() }
        #expect(signals.read() == [.hangup])
        #expect(signals.read().isEmpty, "read once")
    }
}
