import Testing
import TorchCLI
import TorchTesting

/// The man pages in the repository carry the version `torch --version` prints, in
/// their .TH line (what `man ./dist/torch.1` shows in its footer), never a placeholder.
@Suite struct ManPageVersionTests {
    @Test(arguments: ["dist/torch.1", "dist/torch.conf.5"])
    func theHeaderNamesThisVersion(_ page: String) throws {
        let text = try #require(RepoFiles.read(page))
        let header = try #require(text.split(separator: "\n").first)
        #expect(header.hasPrefix(".TH "), "\(header)")
        #expect(header.contains("\"\(TorchVersion.text)\""), "\(page): \(header) should name \(TorchVersion.text)")
        #expect(!text.contains("@VERSION@"))
    }
}
