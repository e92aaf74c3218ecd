import Testing
import TorchCore

/// `LISTEN_PID`/`LISTEN_FDS` as sd_listen_fds(3) reads them: descriptor 3 when systemd
/// passed one socket to this process, nothing otherwise, an error for malformed values.
@Suite struct SocketActivationTests {
    @Test func oneSocketForThisProcessIsDescriptor3() throws {
        #expect(try SocketActivation.descriptor(listenPID: "4242", listenFDs: "1", processID: 4242) == 3)
        #expect(try SocketActivation.descriptor(listenPID: " 4242\n", listenFDs: "1", processID: 4242) == 3)
    }

    @Test func nothingPassedIsNil() throws {
        #expect(try SocketActivation.descriptor(listenPID: nil, listenFDs: nil, processID: 7) == nil)
        #expect(try SocketActivation.descriptor(listenPID: nil, listenFDs: "1", processID: 7) == nil)
        #expect(try SocketActivation.descriptor(listenPID: "7", listenFDs: "0", processID: 7) == nil)
        // Variables meant for another process (a parent's, inherited): not ours.
        #expect(try SocketActivation.descriptor(listenPID: "8", listenFDs: "1", processID: 7) == nil)
    }

    @Test func malformedValuesAndExtraSocketsAreErrors() {
        #expect(throws: SocketActivationError.badValue(variable: "LISTEN_PID", value: "abc")) {
            try SocketActivation.descriptor(listenPID: "abc", listenFDs: "1", processID: 7)
        }
        #expect(throws: SocketActivationError.badValue(variable: "LISTEN_PID", value: "-7")) {
            try SocketActivation.descriptor(listenPID: "-7", listenFDs: "1", processID: 7)
        }
        #expect(throws: SocketActivationError.badValue(variable: "LISTEN_FDS", value: "one")) {
            try SocketActivation.descriptor(listenPID: "7", listenFDs: "one", processID: 7)
        }
        #expect(throws: SocketActivationError.badValue(variable: "LISTEN_FDS", value: "(unset)")) {
            try SocketActivation.descriptor(listenPID: "7", listenFDs: nil, processID: 7)
        }
        #expect(throws: SocketActivationError.tooMany(2)) {
            try SocketActivation.descriptor(listenPID: "7", listenFDs: "2", processID: 7)
        }
        #expect(SocketActivationError.tooMany(2).description
            == "socket activation: 2 sockets passed (LISTEN_FDS=2); torch.socket must pass exactly one (the control socket)")
    }
}
