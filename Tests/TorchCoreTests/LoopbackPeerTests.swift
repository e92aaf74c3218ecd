import Testing
import TorchCore

/// The rule behind unpaired control on loopback: the kernel's socket-table keys, the
/// owner of a live client socket, and the socket file's permissions as the kernel
/// judges a connect.
@Suite struct LoopbackPeerTests {
    /// Little-endian hosts (x86_64, arm64) print 127.0.0.1 as 0100007F.
    static let littleEndian = 1.littleEndian == 1

    @Test func keysAreTheKernelsText() throws {
        try #require(Self.littleEndian)
        #expect(LoopbackPeer.tableKey(address: [127, 0, 0, 1], port: 8080) == "0100007F:1F90")
        #expect(LoopbackPeer.tableKey(address: [127, 0, 0, 2], port: 51234) == "0200007F:C822")
        let v6 = [UInt8](repeating: 0, count: 15) + [1]
        #expect(LoopbackPeer.tableKey(address: v6, port: 80) == "00000000000000000000000001000000:0050")
        #expect(LoopbackPeer.tableKey(address: [1, 2, 3], port: 1) == nil)
    }

    static let table = """
          sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode
           0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 1001 1 0 100 0 0 10 0
           1: 0100007F:C822 0100007F:1F90 01 00000000:00000000 00:00000000 00000000  1000        0 1002 1 0 20 4 30 10 -1
           2: 0100007F:1F90 0100007F:C822 01 00000000:00000000 00:00000000 00000000     0        0 1003 1 0 20 4 30 10 -1
           3: 0100007F:C900 0100007F:1F90 06 00000000:00000000 03:00001770 00000000     0        0 0 3 0
           4: 0100007F:C901 0100007F:1F90 05 00000000:00000000 00:00000000 00000000    65534       0 1004 1 0
        """

    @Test func theClientsLineGivesItsOwner() {
        #expect(LoopbackPeer.owner(local: "0100007F:C822", remote: "0100007F:1F90", in: Self.table) == 1000)
        // Half-closed by the client (FIN_WAIT2): still its owner's.
        #expect(LoopbackPeer.owner(local: "0100007F:C901", remote: "0100007F:1F90", in: Self.table) == 65534)
    }

    @Test func aClosedClientsTimeWaitIsNotRoot() {
        #expect(LoopbackPeer.owner(local: "0100007F:C900", remote: "0100007F:1F90", in: Self.table) == nil)
    }

    @Test func anAbsentOrMalformedLineIsNobody() {
        #expect(LoopbackPeer.owner(local: "0100007F:C823", remote: "0100007F:1F90", in: Self.table) == nil)
        #expect(LoopbackPeer.owner(local: "0100007F:C822", remote: "0100007F:1F90", in: "header\n 1: 0100007F:C822 0100007F:1F90 01 x") == nil)
        #expect(LoopbackPeer.owner(local: "a", remote: "b", in: "") == nil)
    }

    @Test func permissionsAreJudgedAsTheKernelDoes() {
        // root:gpio 0660, as torch.socket makes it.
        func may(_ uid: UInt32, _ groups: [UInt32]) -> Bool {
            LoopbackPeer.mayConnect(uid: uid, groups: groups, owner: 0, group: 997, mode: 0o660)
        }
        #expect(may(0, []))
        #expect(may(1000, [1000, 997]))
        #expect(!may(1001, [1001]))
        // The owner's bits decide for the owner, even when the group's would allow.
        #expect(!LoopbackPeer.mayConnect(uid: 1000, groups: [997], owner: 1000, group: 997, mode: 0o060))
        #expect(LoopbackPeer.mayConnect(uid: 1000, groups: [1000], owner: 1000, group: 1000, mode: 0o600))
        // Others' bits for everyone else.
        #expect(LoopbackPeer.mayConnect(uid: 1234, groups: [], owner: 0, group: 0, mode: 0o662))
    }
}
