import Testing
@testable import torch
@testable import TorchCore
import TorchTesting

/// The shipped `dist/torch.conf` documents every key at its true default, the front
/// ends' sections too (so the executable's list of them).
@Suite struct ConfigDistFileTests {
    static func distText() throws -> String {
        try #require(RepoFiles.read("dist/torch.conf"), "cannot read dist/torch.conf")
    }

    /// The text with every `#key = value` line (a default) switched on.
    static func uncommentDefaults(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            if line.hasPrefix("#"), let second = line.dropFirst().first, second.isLetter { return String(line.dropFirst()) }
            return String(line)
        }.joined(separator: "\n")
    }

    @Test func parsesAsShippedToTheDefaults() throws {
        let text = try Self.distText()
        #expect(try TorchConfig.parse(text, file: "dist/torch.conf", frontEnds: FrontEndKinds.sections) == .defaults)
    }

    @Test func everyDocumentedDefaultIsTheRealDefault() throws {
        let text = Self.uncommentDefaults(try Self.distText())
        #expect(text.contains("\nbrightness = 100%\n"), "the defaults were switched on")
        #expect(try TorchConfig.parse(text, file: "dist/torch.conf", frontEnds: FrontEndKinds.sections) == .defaults)
    }

    @Test func everyKeyIsDocumentedInItsSection() throws {
        let lines = try Self.distText().split(separator: "\n").map(String.init)
        for section in ConfigSchema.sections(frontEnds: FrontEndKinds.sections) {
            let start = try #require(lines.firstIndex(of: "[\(section.name)]"), "no [\(section.name)]")
            let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("[") } ?? lines.count
            let body = lines[start..<end]
            for key in section.keys {
                #expect(body.contains { $0.hasPrefix("#\(key.name) = ") || $0.hasPrefix("# \(key.name) = ") },
                        "[\(section.name)] \(key.name) is not documented")
            }
        }
    }

    @Test func examplePatternsParse() throws {
        // The examples are "# [pattern.NAME]" / "# steps = …" lines at the end.
        let text = try Self.distText().split(separator: "\n").map { line in
            line.hasPrefix("# [pattern.") || line.hasPrefix("# steps = ") ? String(line.dropFirst(2)) : String(line)
        }.joined(separator: "\n")
        let config = try TorchConfig.parse(text, file: "dist/torch.conf", frontEnds: FrontEndKinds.sections)
        #expect(config.customPatterns.map(\.name) == ["signal", "pulse"])
        for p in config.customPatterns {
            #expect(throws: Never.self) { try CustomPatternSyntax.parse(p.steps) }
        }
    }
}
