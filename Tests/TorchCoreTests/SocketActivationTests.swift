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
            == "socket activation: 2 sockets passed; torch.socket must pass exactly one (the control socket)")
    }
}

/// `LISTEN_FDNAMES` (sd_listen_fds_with_names): torch.socket's socket and the light's
/// request from systemd's file descriptor store, told apart by their names.
@Suite struct SocketActivationNamesTests {
    @Test func theSocketAndTheStoredLineByName() throws {
        let both = try SocketActivation.inherited(listenPID: "7", listenFDs: "2", listenFDNames: "torch.socket:torch-light",
                                                  processID: 7)
        #expect(both == SocketActivation.Inherited(controlSocket: 3, stored: ["torch-light": 4]))
        // The store first (systemd passes sockets first, but the names decide).
        let swapped = try SocketActivation.inherited(listenPID: "7", listenFDs: "2", listenFDNames: "torch-light:torch.socket",
                                                     processID: 7)
        #expect(swapped == SocketActivation.Inherited(controlSocket: 4, stored: ["torch-light": 3]))
        // A unit without torch.socket: only the stored line.
        let line = try SocketActivation.inherited(listenPID: "7", listenFDs: "1", listenFDNames: "torch-light", processID: 7)
        #expect(line == SocketActivation.Inherited(controlSocket: nil, stored: ["torch-light": 3]))
        // Without names every descriptor is a socket (no store is taken on trust).
        let unnamed = try SocketActivation.inherited(listenPID: "7", listenFDs: "1", processID: 7)
        #expect(unnamed == SocketActivation.Inherited(controlSocket: 3))
    }

    @Test func namesThatDoNotMatchTheCountAreAnError() {
        #expect(throws: SocketActivationError.namesMismatch(count: 2, names: "torch.socket")) {
            try SocketActivation.inherited(listenPID: "7", listenFDs: "2", listenFDNames: "torch.socket", processID: 7)
        }
        #expect(throws: SocketActivationError.tooMany(2)) {
            try SocketActivation.inherited(listenPID: "7", listenFDs: "3", listenFDNames: "a.socket:b.socket:torch-light", processID: 7)
        }
        #expect(throws: SocketActivationError.badValue(variable: "LISTEN_FDS", value: "99999999")) {
            try SocketActivation.inherited(listenPID: "7", listenFDs: "99999999", processID: 7)
        }
    }
}
