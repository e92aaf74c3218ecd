import Testing
import TorchCore

/// Sessions: the cookie's id names a phone as long as that phone (with the token the
/// session was traded for) is in the table; each session stands on its own.
@Suite struct WebSessionsTests {
    let kitchen = WebTokenTableTests.kitchen
    let hall = WebTokenTableTests.hall

    func table(_ phones: WebPhone...) throws -> WebTokenTable {
        var t = WebTokenTable()
        for p in phones { try t.mint(p) }
        return t
    }

    @Test func aSessionNamesItsPhone() throws {
        var s = WebSessions()
        s.open("SessionKitchen-000001", for: kitchen)
        s.open("SessionHall-000000001", for: hall)
        let t = try table(kitchen, hall)
        #expect(s.phone(for: "SessionKitchen-000001", in: t) == kitchen)
        #expect(s.phone(for: "SessionHall-000000001", in: t)?.access == .view)
        #expect(s.phone(for: "SessionUnknown-000001", in: t) == nil)
        #expect(s.phone(for: nil, in: t) == nil)
        // A token is no session: the cookie must hold an id the service gave out.
        #expect(s.phone(for: kitchen.token, in: t) == nil)
    }

    @Test func aRevokedPhonesSessionsAreRefusedAndTheOthersKept() throws {
        var s = WebSessions()
        s.open("SessionKitchen-000001", for: kitchen)
        s.open("SessionKitchen-000002", for: kitchen)
        s.open("SessionHall-000000001", for: hall)
        var t = try table(kitchen, hall)
        try t.revoke(named: "kitchen")
        #expect(s.phone(for: "SessionKitchen-000001", in: t) == nil)
        #expect(s.phone(for: "SessionKitchen-000002", in: t) == nil)
        #expect(s.phone(for: "SessionHall-000000001", in: t) == hall)
        s.prune(t)
        #expect(s.count == 1)
    }

    @Test func aPhoneMintedAgainUnderTheSameNameDoesNotReviveOldSessions() throws {
        var s = WebSessions()
        s.open("SessionKitchen-000001", for: kitchen)
        var t = try table(kitchen)
        try t.revoke(named: "kitchen")
        try t.mint(WebPhone(name: "kitchen", access: .control, mintedAt: nil, token: "NewKitchenTokenNewKitchen"))
        #expect(s.phone(for: "SessionKitchen-000001", in: t) == nil)
    }

    @Test func sessionsAreIndependent() throws {
        // Two pages of one phone: the second session leaves the first alone, and when
        // the first makes room for a newcomer the second stays.
        var s = WebSessions(capacity: 2)
        s.open("SessionKitchen-000001", for: kitchen)
        s.open("SessionKitchen-000002", for: kitchen)
        let t = try table(kitchen, hall)
        #expect(s.phone(for: "SessionKitchen-000001", in: t) == kitchen)
        #expect(s.phone(for: "SessionKitchen-000002", in: t) == kitchen)
        s.open("SessionHall-000000001", for: hall)
        #expect(s.phone(for: "SessionKitchen-000001", in: t) == nil)
        #expect(s.phone(for: "SessionKitchen-000002", in: t) == kitchen)
        #expect(s.phone(for: "SessionHall-000000001", in: t) == hall)
    }

    @Test func atCapacityTheOldestSessionMakesRoom() throws {
        var s = WebSessions(capacity: 2)
        s.open("SessionOne-0000000001", for: kitchen)
        s.open("SessionTwo-0000000002", for: hall)
        s.open("SessionThree-00000003", for: kitchen)
        let t = try table(kitchen, hall)
        #expect(s.count == 2)
        #expect(s.phone(for: "SessionOne-0000000001", in: t) == nil)
        #expect(s.phone(for: "SessionTwo-0000000002", in: t) == hall)
        #expect(s.phone(for: "SessionThree-00000003", in: t) == kitchen)
    }
}
