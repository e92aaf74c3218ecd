import Testing
@testable import TorchCLI
import TorchCore
import TorchTesting

/// Each list of names is written once in the code; the places people read them — the
/// help, the man page, the config reference, the protocol page — are checked against it,
/// so a new effect, backend or control command fails here until every one names it.
/// torch(1)'s effect entries are generated (`make docs`), the help's are built from
/// `EffectKind`.
@Suite struct NameListsTests {
    /// The lines of `text` from the one starting with `start` up to the next starting
    /// with `end` (or the end).
    static func section(_ text: String, from start: String, to end: String) -> [String] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let s = lines.firstIndex(where: { $0.hasPrefix(start) }) else { return [] }
        let rest = lines[(s + 1)...]
        let e = rest.firstIndex(where: { $0.hasPrefix(end) }) ?? lines.endIndex
        return Array(lines[(s + 1)..<e])
    }

    @Test func theHelpListsEveryEffectWithItsParameters() {
        let effects = Self.section(PatternSubcommand.spec.discussion, from: "EFFECTS", to: "EXAMPLES")
        let named = effects.compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(named == EffectKind.allCases.map(\.rawValue) + ["readout"], "torch pattern --help's EFFECTS")
        for kind in EffectKind.allCases {
            let line = effects.first { $0.split(separator: " ").first.map(String.init) == kind.rawValue } ?? ""
            for p in kind.parameterNames { #expect(line.contains(" \(p)="), "\(kind.rawValue): \(p) in '\(line)'") }
        }
    }

    @Test func theManPageListsEveryEffectWithItsParameters() throws {
        let page = try #require(RepoFiles.read("dist/torch.1"))
        let entries = Self.section(page, from: ".SH EFFECTS", to: ".SH ").filter { $0.hasPrefix(".BR ") || $0.hasPrefix(".B ") }
        // The entry's name, roff's "\-" read as "-".
        func name(_ entry: String) -> String {
            String(entry.split(separator: " ").dropFirst().first ?? "").split(separator: "\\", omittingEmptySubsequences: false).joined()
        }
        #expect(entries.map(name) == EffectKind.allCases.map(\.rawValue) + ["readout"], "torch(1) EFFECTS: \(entries.map(name))")
        for kind in EffectKind.allCases {
            let line = entries.first { name($0) == kind.rawValue } ?? ""
            for p in kind.parameterNames { #expect(line.contains("\\fB\(p)="), "\(kind.rawValue): \(p) in '\(line)'") }
        }
    }

    /// torch(1)'s effect entries are written by `make docs` from the effects' files.
    @Test func theManPageEffectsAreGenerated() throws {
        let page = try #require(RepoFiles.read("dist/torch.1"))
        let generated = try #require(EffectManual.manPage(replacingEffectsIn: page), "dist/torch.1 lost its GENERATED EFFECTS marks")
        RepoFiles.writeIfAsked("dist/torch.1", generated)
        #expect(RepoFiles.read("dist/torch.1") == generated, "torch(1)'s EFFECTS differ from the effects' files: run 'make docs'")
    }

    /// The patterns page's table of effects (written by hand: what each does, at length)
    /// has a row for every effect, in order, with each parameter's default.
    @Test func thePatternsPageHasARowForEveryEffectInOrder() throws {
        let page = try #require(RepoFiles.read("docs/patterns.md"))
        let rows = Self.section(page, from: "| effect | what it does |", to: "\n").prefix { $0.hasPrefix("|") }.dropFirst()
        let named = rows.compactMap { row -> String? in
            row.split(separator: "|").first.map { String($0.filter { $0 != "`" }.split(separator: " ").first ?? "") }
        }
        #expect(named == EffectKind.allCases.map(\.rawValue) + ["readout"], "docs/patterns.md's table of effects")
        for kind in EffectKind.allCases {
            let row = rows.first { $0.hasPrefix("| `\(kind.rawValue)` |") } ?? ""
            for p in kind.defaultParameters { #expect(row.contains("`\(p)`"), "\(kind.rawValue)'s row names \(p)") }
        }
    }

    @Test func everyBackendIsNamedWhereBackendsAreListed() throws {
        let names = ["auto"] + Backend.allCases.map(\.rawValue)
        let page = try #require(RepoFiles.read("dist/torch.1"))
        let option = try #require(page.split(separator: "\n").first { $0.contains("\\fB\\-\\-backend\\fR auto|") })
        let listed = option.split(separator: " ").first { $0.hasPrefix("auto|") }
            .map { $0.filter { $0 != "," }.split(separator: "|").map(String.init) }
        #expect(Set(listed ?? []) == Set(names), "torch(1)'s --backend list: \(listed ?? [])")
        let conf = try #require(RepoFiles.read("dist/torch.conf"))
        let block = Self.section(conf, from: "[output]", to: "#backend = ").joined(separator: " ")
        for n in names { #expect(block.contains(" \(n) (") || block.contains(": \(n) ("), "[output] backend's doc names \(n)") }
        let start = try #require(block.indices.first { block[$0...].hasPrefix("Allowed: ") })
        let allowed = block[start...].dropFirst("Allowed: ".count).prefix { $0 != "." }
        let words = allowed.split(separator: " ").map { String($0.filter { $0 != "," }) }.filter { $0 != "or" }
        #expect(Set(words) == Set(names), "[output] backend's allowed values: \(allowed)")
        let protocolPage = try #require(RepoFiles.read("docs/control-protocol.md"))
        let row = try #require(protocolPage.split(separator: "\n").first { $0.hasPrefix("| `backend` |") })
        for b in Backend.allCases { #expect(row.contains("`\(b.rawValue)`"), "the status field's row names \(b.rawValue)") }
    }

    @Test func theProtocolPageHasARowForEveryCommandInOrder() throws {
        let page = try #require(RepoFiles.read("docs/control-protocol.md"))
        let rows = Self.section(page, from: "| `cmd` | keys | effect |", to: "\n").prefix { $0.hasPrefix("|") }
        let named = rows.dropFirst().compactMap { row -> String? in
            row.split(separator: "|").first.map { String($0.filter { $0 != " " && $0 != "`" }) }
        }
        #expect(named == ControlCommandName.allCases.map(\.rawValue), "control-protocol.md's command table")
        for name in ControlCommandName.allCases {
            let row = rows.first { $0.hasPrefix("| `\(name.rawValue)` |") } ?? ""
            for key in name.keys where key != "transition" { #expect(row.contains("`\(key)`"), "\(name.rawValue)'s row names \(key)") }
        }
    }
}
