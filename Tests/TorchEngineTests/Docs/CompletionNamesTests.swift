import Testing
import TorchCore
import TorchTesting

/// The shell completion's pattern names (`_torch_patterns` in dist/torch.bash-completion,
/// which runs where no torch may be asked) are the library's built-in names, in order:
/// a new built-in pattern or effect kind fails here until the completion offers it.
@Suite struct CompletionNamesTests {
    /// The words of the `printf '%s\n' …` list in `_torch_patterns`, over its continued lines.
    static func completedPatterns(_ script: String) -> [String] {
        let lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("_torch_patterns()") }),
              let list = lines[start...].firstIndex(where: { $0.contains("printf '%s\\n'") }) else { return [] }
        var words: [String] = []
        var i = list
        while i < lines.count {
            let line = lines[i]
            let continued = line.hasSuffix("\\")
            var here = line.dropLast(continued ? 1 : 0).split(separator: " ").map(String.init)
            if i == list, let f = here.firstIndex(of: "'%s\\n'") { here = Array(here[(f + 1)...]) }
            words += here
            guard continued else { break }
            i += 1
        }
        return words
    }

    @Test func theCompletionOffersEveryBuiltInPattern() throws {
        let script = try #require(RepoFiles.read("dist/torch.bash-completion"))
        #expect(Self.completedPatterns(script) == PatternLibrary.builtInNames)
    }

    @Test func theEffectKindsAreAmongThem() {
        for kind in EffectKind.allCases {
            #expect(PatternLibrary.builtInNames.contains(kind.rawValue), "\(kind.rawValue)")
            #expect(Effect.standard(kind.rawValue)?.kind == kind.rawValue)
            #expect(kind.standard.effectKind == kind)
        }
    }
}
