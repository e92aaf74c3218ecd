import Testing
import TorchCore
#if canImport(Glibc)
import Glibc
#endif

/// `torch web-link` as the owner runs it: a link per phone, the list without secrets,
/// one phone revoked, `--new` revoking all, and one line for every bad input.
@Suite(.serialized) struct WebLinkCommandTests {
    let dir = TempDir()
    var common: [String] {
        ["--config", dir.write("torch.conf", "[web]\nlisten = 127.0.0.1:8080\npairing = required\n"), "--state-file", dir.path + "/state"]
    }

    func token(_ r: TorchProcess) -> String {
        String(r.stdout.split(separator: "#pair=").last?.dropLast() ?? "")
    }

    @Test func linksPerPhoneListedAndRevokedOneByOne() {
        let first = TorchProcess.run(["web-link"] + common)
        #expect(first.status == 0 && first.stdout.hasPrefix("http://127.0.0.1:8080/#pair="), "\(first.stderr)")
        #expect(first.stderr.contains("phone 'phone-1'") && first.stderr.contains("torch web-link --revoke phone-1"))
        let hall = TorchProcess.run(["web-link", "--name", "hall", "--viewer"] + common)
        #expect(hall.status == 0 && token(hall) != token(first) && WebAccess.isWellFormedToken(token(hall)))
        let list = TorchProcess.run(["web-link", "--list"] + common)
        let rows = list.stdout.split(separator: "\n")
        #expect(list.status == 0 && rows.count == 3, "\(list.stdout)")
        #expect(rows.first == "NAME     ACCESS   MINTED")
        #expect(rows.dropFirst().first?.hasPrefix("phone-1  control  20") == true && rows.last?.hasPrefix("hall     view     20") == true)
        #expect(rows.allSatisfy { $0.hasSuffix(" UTC") || $0.hasSuffix("MINTED") })
        #expect(!list.stdout.contains(token(first)) && !list.stdout.contains(token(hall)), "the list shows no secret")

        let taken = TorchProcess.run(["web-link", "--name", "hall"] + common)
        #expect(taken.status == 1 && taken.stderr == "torch: web-link: --name: a phone named 'hall' is already paired: "
                + "choose another --name, or revoke it first (torch web-link --revoke hall)\n")

        let revoked = TorchProcess.run(["web-link", "--revoke", "phone-1"] + common)
        #expect(revoked.status == 0 && revoked.stdout.isEmpty && revoked.stderr.hasPrefix("Revoked 'phone-1'"))
        #expect(TorchProcess.run(["web-link", "--list"] + common).stdout.split(separator: "\n").map { $0.prefix(4) } == ["NAME", "hall"])
        let unknown = TorchProcess.run(["web-link", "--revoke", "phone-1"] + common)
        #expect(unknown.status == 1 && unknown.stderr
                == "torch: web-link: --revoke: no phone named 'phone-1' (the phones are hall; torch web-link --list)\n")

        let fresh = TorchProcess.run(["web-link", "--new"] + common)
        #expect(fresh.status == 0 && fresh.stderr.hasPrefix("Revoked every phone paired before (1).\n"))
        let after = TorchProcess.run(["web-link", "--list"] + common).stdout.split(separator: "\n")
        #expect(after.count == 2 && after.last?.hasPrefix("phone-1 ") == true, "\(after)")
        var st = stat()
        #expect(stat(dir.path + "/web-tokens", &st) == 0 && st.st_mode & 0o777 == 0o600)
    }

    @Test func theOldTokenFileIsListedAsAPhone() {
        _ = dir.write("web-token", "OldControlTokenOldControl\n")
        let list = TorchProcess.run(["web-link", "--list"] + common)
        #expect(list.stdout.split(separator: "\n").last == "old-link  control  unknown (a link from before names)", "\(list.stdout)")
    }

    @Test func aMalformedTokenFileIsOneLineNamingItsLine() {
        _ = dir.write("web-tokens", "kitchen admin 1 KitchenKitchenKitchen-01\n")
        let r = TorchProcess.run(["web-link", "--list"] + common)
        #expect(r.status == 1 && r.stderr == "torch: web-link: \(dir.path)/web-tokens:1: access 'admin' of 'kitchen' is not valid: expected control or view\n")
    }

    @Test(arguments: [
        (["--name", "two words"], "torch: error: --name: 'two words' is not valid: expected 1 to 32 characters of A-Z a-z 0-9 - _"),
        (["--revoke", "a/b"], "torch: error: --revoke: 'a/b' is not valid: expected 1 to 32 characters of A-Z a-z 0-9 - _"),
        (["--list", "--viewer"], "torch: error: --list takes no other option (it lists every phone)"),
        (["--revoke", "hall", "--new"], "torch: error: --revoke takes no other option (it revokes one phone; --new revokes all)"),
    ])
    func usageErrors(args: [String], line: String) {
        let r = TorchProcess.run(["web-link"] + args + common)
        #expect(r.status == 64 && r.stdout.isEmpty)
        #expect(r.stderr.split(separator: "\n").first.map(String.init) == line, "\(r.stderr)")
    }
}
