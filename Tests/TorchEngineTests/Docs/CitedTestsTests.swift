import Testing
import TorchTesting

/// Every test the documents cite (`SomeTests` or `SomeTests.someTest`, in backticks)
/// exists: a suite of that name, and in it a test function of that name. A renamed or
/// removed test cannot leave a claim pointing at nothing.
@Suite struct CitedTestsTests {
    static let documents = ["README.md", "dist/torch.1", "dist/torch.conf.5"]
        + RepoFiles.list("docs", suffix: ".md").map { "docs/" + $0 }

    /// Every Swift source under Tests/, read once.
    static let sources: [String] = ["TorchCoreTests", "TorchHardwareTests", "TorchEngineTests", "TorchCLITests"]
        .flatMap { module in swiftFiles("Tests/" + module).compactMap { RepoFiles.read($0) } }

    static func swiftFiles(_ dir: String) -> [String] {
        RepoFiles.list(dir, suffix: ".swift").map { dir + "/" + $0 }
            + RepoFiles.list(dir, suffix: "").filter { !$0.contains(".") }.flatMap { swiftFiles(dir + "/" + $0) }
    }

    /// The cited names in `text`: a backticked word ending in `Tests`, with an optional `.member`.
    static func citations(_ text: String) -> [(suite: String, member: String?)] {
        var found: [(String, String?)] = []
        for piece in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() where piece.offset % 2 == 1 {
            let parts = piece.element.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(parts.count), let suite = parts.first, suite.hasSuffix("Tests"),
                  suite.first?.isUppercase == true, suite.allSatisfy({ $0.isLetter || $0.isNumber }) else { continue }
            found.append((suite, parts.count == 2 ? parts[1] : nil))
        }
        return found
    }

    @Test(arguments: documents)
    func everyCitedTestExists(_ document: String) throws {
        let text = try #require(RepoFiles.read(document), "\(document) is missing")
        for (suite, member) in Self.citations(text) {
            guard let body = Self.sources.first(where: { $0.contains("struct \(suite) ") || $0.contains("struct \(suite):") })
            else {
                Issue.record("\(document) cites `\(suite)`, and no test suite has that name")
                continue
            }
            if let member {
                #expect(body.contains("func \(member)("), "\(document) cites `\(suite).\(member)`: no such test in \(suite)'s file")
            }
        }
    }

    @Test func citationsAreFound() {
        let c = Self.citations("see `LevelsTests` and `ServiceTests.aStop`, not `torch on` or `A.b.c`")
        #expect(c.map(\.suite) == ["LevelsTests", "ServiceTests"])
        #expect(c.map(\.member) == [nil, "aStop"])
    }
}
