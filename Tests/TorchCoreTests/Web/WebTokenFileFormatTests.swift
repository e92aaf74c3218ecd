import Testing
import TorchCore
import TorchTestSupport

/// `web-tokens`: one phone a line; written and read back the same; a bad line refused
/// with its file, line and field, never quoting a token.
@Suite struct WebTokenFileFormatTests {
    @Test func roundTrip() throws {
        var t = WebTokenTable()
        try t.mint(WebTokenTableTests.kitchen)
        try t.mint(WebTokenTableTests.hall)
        try t.mint(WebPhone(name: "old-link", access: .control, mintedAt: nil, token: "OldOldOldOldOldOld-0000"))
        let text = WebTokenFileFormat.render(t)
        #expect(text == WebTokenFileFormat.header + "\n"
                + "kitchen control 1796184000 KitchenKitchenKitchen-01\n"
                + "hall view 1796184060 HallHallHallHallHall_02\n"
                + "old-link control - OldOldOldOldOldOld-0000\n")
        #expect(try WebTokenFileFormat.parse(text, path: "web-tokens") == t)
        #expect(try WebTokenFileFormat.parse("", path: "web-tokens") == WebTokenTable())
    }

    @Test func commentsBlankLinesAndCRLFAreSkipped() throws {
        let t = try WebTokenFileFormat.parse("# mine\r\n\r\n  kitchen  control 5 KitchenKitchenKitchen-01\r\n", path: "f")
        #expect(t.phones == [WebPhone(name: "kitchen", access: .control, mintedAt: 5, token: "KitchenKitchenKitchen-01")])
    }

    @Test func theOldSingleTokenFormat() {
        #expect(WebTokenFileFormat.legacyToken("KitchenKitchenKitchen-01\n") == "KitchenKitchenKitchen-01")
        #expect(WebTokenFileFormat.legacyToken("KitchenKitchenKitchen-01") == "KitchenKitchenKitchen-01")
        #expect(WebTokenFileFormat.legacyToken("short\n") == nil)
        #expect(WebTokenFileFormat.legacyToken("two words two words two words\n") == nil)
    }

    @Test func malformedLinesAreRefusedNamingTheLineAndField() {
        let token = "KitchenKitchenKitchen-01"
        let cases: [(String, String)] = [
            ("kitchen control 5", "web-tokens:2: expected NAME ACCESS MINTED TOKEN separated by spaces, found 3 fields"),
            ("kitchen control 5 \(token) extra", "web-tokens:2: expected NAME ACCESS MINTED TOKEN separated by spaces, found 5 fields"),
            ("kitchen", "web-tokens:2: expected NAME ACCESS MINTED TOKEN separated by spaces, found 1 field"),
            ("kitch@n control 5 \(token)", "web-tokens:2: name 'kitch@n' is not valid: expected 1 to 32 characters of A-Z a-z 0-9 - _"),
            ("kitchen admin 5 \(token)", "web-tokens:2: access 'admin' of 'kitchen' is not valid: expected control or view"),
            ("kitchen control yesterday \(token)", "web-tokens:2: minted time 'yesterday' of 'kitchen' is not valid: expected Unix seconds (up to 12 digits) or -"),
            ("kitchen control -5 \(token)", "web-tokens:2: minted time '-5' of 'kitchen' is not valid: expected Unix seconds (up to 12 digits) or -"),
            ("kitchen control 99999999999999999999 \(token)", "web-tokens:2: minted time '99999999999999999999' of 'kitchen' is not valid: expected Unix seconds (up to 12 digits) or -"),
            ("kitchen control 5 short", "web-tokens:2: the token of 'kitchen' is not valid: expected 16 to 128 characters of A-Z a-z 0-9 - _"),
        ]
        for (line, message) in cases {
            let error = expectThrows(WebTokenError.self) { try WebTokenFileFormat.parse("# header\n" + line + "\n", path: "web-tokens") }
            #expect(error?.message == message, "\(line)")
            #expect(error.map { !$0.message.contains(token) } ?? false, "a token is never quoted")
        }
    }

    @Test func aNameOrTokenTwiceIsRefused() {
        let twice = "a control 5 KitchenKitchenKitchen-01\na view 6 HallHallHallHallHall_02\n"
        #expect(throws: WebTokenError("f:2: name 'a' is already on an earlier line: every phone has its own name")) {
            try WebTokenFileFormat.parse(twice, path: "f")
        }
        let shared = "a control 5 KitchenKitchenKitchen-01\nb view 6 KitchenKitchenKitchen-01\n"
        #expect(throws: WebTokenError("f:2: the token of 'b' is an earlier phone's: every phone has its own token")) {
            try WebTokenFileFormat.parse(shared, path: "f")
        }
    }
}
