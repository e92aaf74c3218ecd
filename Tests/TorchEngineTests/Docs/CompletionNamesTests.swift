import Testing
import TorchCore
import TorchTesting

/// The shell completion's pattern names (`_torch_patterns` in dist/torch.bash-completion,
/// which runs where no torch may be asked) are the library's built-in names, in order:
/// `make docs` writes them, and a new built-in pattern or effect kind fails here until
/// it has.
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

    /// The script with the list written anew: the presets on the `printf` line, the
    /// effects on the next (nil without `_torch_patterns`'s `printf` line).
    static func generated(_ script: String) -> String? {
        var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(where: { $0.hasPrefix("_torch_patterns()") }),
              let list = lines[start...].firstIndex(where: { $0.contains("printf '%s\\n'") }) else { return nil }
        var end = list
        while end < lines.count - 1, lines[end].hasSuffix("\\") { end += 1 }
        let presets = PatternLibrary.builtInNames.filter { !Effect.kinds.contains($0) }
        lines.replaceSubrange(list...end, with: [
            "    printf '%s\\n' " + presets.joined(separator: " ") + " \\",
            "        " + Effect.kinds.joined(separator: " "),
        ])
        return lines.joined(separator: "\n")
    }

    /// `make docs` writes the list from the library's names.
    @Test func theCompletionOffersEveryBuiltInPattern() throws {
        let script = try #require(RepoFiles.read("dist/torch.bash-completion"))
        let generated = try #require(Self.generated(script), "dist/torch.bash-completion lost _torch_patterns's printf list")
        RepoFiles.writeIfAsked("dist/torch.bash-completion", generated)
        #expect(Self.completedPatterns(generated) == PatternLibrary.builtInNames)
        #expect(RepoFiles.read("dist/torch.bash-completion") == generated, "dist/torch.bash-completion's pattern names differ from the library's: run 'make docs'")
    }

    @Test func theEffectKindsAreAmongThem() {
        for kind in EffectKind.allCases {
            #expect(PatternLibrary.builtInNames.contains(kind.rawValue), "\(kind.rawValue)")
            #expect(Effect.standard(kind.rawValue)?.kind == kind.rawValue)
            #expect(kind.standard.effectKind == kind)
        }
    }
}
