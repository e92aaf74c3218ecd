import Testing
import TorchCore
import TorchTestSupport

/// One token per phone: mint, list, revoke; a revoked token is refused, the others not.
@Suite struct WebTokenTableTests {
    static let kitchen = WebPhone(name: "kitchen", access: .control, mintedAt: 1_796_184_000, token: "KitchenKitchenKitchen-01")
    static let hall = WebPhone(name: "hall", access: .view, mintedAt: 1_796_184_060, token: "HallHallHallHallHall_02")

    func twoPhones() throws -> WebTokenTable {
        var t = WebTokenTable()
        try t.mint(Self.kitchen)
        try t.mint(Self.hall)
        return t
    }

    @Test func mintedPhonesAreListedInOrderAndFoundByTheirOwnToken() throws {
        let t = try twoPhones()
        #expect(t.phones.map(\.name) == ["kitchen", "hall"])
        #expect(t.phone(presenting: Self.kitchen.token) == Self.kitchen)
        #expect(t.phone(presenting: Self.hall.token)?.access == .view)
        #expect(t.phone(presenting: "NobodysTokenNobodys-000") == nil)
        #expect(t.phone(presenting: nil) == nil)
    }

    @Test func revokingOnePhoneRefusesItsTokenAndKeepsTheOther() throws {
        var t = try twoPhones()
        #expect(try t.revoke(named: "kitchen") == Self.kitchen)
        #expect(t.phone(presenting: Self.kitchen.token) == nil)
        #expect(t.phone(presenting: Self.hall.token) == Self.hall)
        #expect(t.phones.map(\.name) == ["hall"])
    }

    @Test func revokingAnUnknownNameNamesThePhonesThereAre() throws {
        var t = try twoPhones()
        let error = try requireThrows(WebTokenError.self) { try t.revoke(named: "garage") }
        #expect(error.message == "no phone named 'garage' (the phones are kitchen, hall; torch web-link --list)")
        var empty = WebTokenTable()
        #expect(throws: WebTokenError("no phone named 'garage' (no phone is paired; torch web-link --list)")) { try empty.revoke(named: "garage") }
    }

    @Test func aTakenNameOrTokenIsRefused() throws {
        var t = try twoPhones()
        let again = WebPhone(name: "kitchen", access: .view, mintedAt: nil, token: "AnotherTokenAnotherToken")
        let error = try requireThrows(WebTokenError.self) { try t.mint(again) }
        #expect(error.message.hasPrefix("a phone named 'kitchen' is already paired"))
        #expect(throws: WebTokenError.self) { try t.mint(WebPhone(name: "other", access: .view, mintedAt: nil, token: Self.hall.token)) }
        #expect(throws: WebTokenError.self) { try t.mint(WebPhone(name: "two words", access: .view, mintedAt: nil, token: "AnotherTokenAnotherToken")) }
        #expect(t.phones.count == 2)
    }

    @Test func defaultNamesTakeTheFirstFreeNumber() throws {
        var t = WebTokenTable()
        #expect(t.defaultName() == "phone-1")
        try t.mint(WebPhone(name: "phone-1", access: .control, mintedAt: nil, token: "PhoneOnePhoneOnePhone1"))
        try t.mint(WebPhone(name: "phone-3", access: .control, mintedAt: nil, token: "PhoneThreePhoneThree3"))
        #expect(t.defaultName() == "phone-2")
        t.revokeAll()
        #expect(t.phones.isEmpty && t.defaultName() == "phone-1")
    }

    @Test func names() {
        #expect(WebPhone.isWellFormedName("phone-1") && WebPhone.isWellFormedName("Ann_s_Pixel"))
        #expect(!WebPhone.isWellFormedName("") && !WebPhone.isWellFormedName("a b") && !WebPhone.isWellFormedName("é"))
        #expect(!WebPhone.isWellFormedName(String(repeating: "a", count: 33)) && WebPhone.isWellFormedName(String(repeating: "a", count: 32)))
    }

    @Test func utcDates() {
        #expect(UTCDate.text(unixSeconds: 0) == "1970-01-01 00:00 UTC")
        #expect(UTCDate.text(unixSeconds: 1_796_184_000) == "2026-12-02 04:00 UTC")
        #expect(UTCDate.text(unixSeconds: 951_782_400) == "2000-02-29 00:00 UTC")
        #expect(UTCDate.text(unixSeconds: -1) == "1969-12-31 23:59 UTC")
    }
}
