import Testing
@testable import TorchCLI
import TorchCore
import TorchTesting

/// Each list of names is written once in the code; the places people read them — the
/// help, the man page, the config reference, the protocol page — are checked against it,
/// so a new effect, backend or control command fails here until every one names it.
/// torch(1)'s effect entries and backend list and the protocol page's backend row are
/// generated (`make docs`), the help's effects are built from `EffectKind`.
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

    /// torch(1)'s effect entries (`EffectManual`) and its `--backend` list are written by
    /// `make docs` from the effects' files and `Backend` (one test: one file).
    @Test func theManPageListsAreGenerated() throws {
        let page = try #require(RepoFiles.read("dist/torch.1"))
        let effects = try #require(EffectManual.manPage(replacingEffectsIn: page), "dist/torch.1 lost its GENERATED EFFECTS marks")
        let generated = try #require(Self.replacingLine(in: effects, where: { $0.contains("\\fB\\-\\-backend\\fR auto|") }) { line in
            line.split(separator: " ", omittingEmptySubsequences: false).map {
                $0.hasPrefix("auto|") ? BackendRequest.sortedNames.joined(separator: "|") + "," : String($0)
            }.joined(separator: " ")
        }, "torch(1) lost its --backend list")
        RepoFiles.writeIfAsked("dist/torch.1", generated)
        #expect(RepoFiles.read("dist/torch.1") == generated, "torch(1)'s EFFECTS or --backend list differ from the code: run 'make docs'")
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

    /// `text` with its first line that `match` accepts changed by `change`; nil when
    /// there is no such line.
    static func replacingLine(in text: String, where match: (String) -> Bool, _ change: (String) -> String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let i = lines.firstIndex(where: match) else { return nil }
        lines[i] = change(lines[i])
        return lines.joined(separator: "\n")
    }

    /// The protocol page's status row for `backend` is written by `make docs` from `Backend`.
    @Test func theStatusRowsBackendsAreGenerated() throws {
        let protocolPage = try #require(RepoFiles.read("docs/control-protocol.md"))
        let doc = try #require(Self.replacingLine(in: protocolPage, where: { $0.hasPrefix("| `backend` |") }) { _ in
            "| `backend` | string | the output driven: " + WordList.or(Backend.allCases.map { "`\($0.rawValue)`" }) + " (never `auto`) |"
        }, "control-protocol.md lost the status field backend's row")
        RepoFiles.writeIfAsked("docs/control-protocol.md", doc)
        #expect(RepoFiles.read("docs/control-protocol.md") == doc, "control-protocol.md's backend row differs from Backend: run 'make docs'")
    }

    /// The pages that write `` `--backend a|b|…` `` list the backends as the help does
    /// (`make docs` writes them; a list without `auto` stays without it).
    @Test(arguments: ["docs/cli.md", "docs/boards.md"])
    func thePagesBackendListsAreGenerated(_ file: String) throws {
        let page = try #require(RepoFiles.read(file))
        let generated = page.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var words = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            for i in words.indices.dropFirst() where words[i - 1].hasSuffix("`--backend") && words[i].contains("|") {
                let list = words[i].prefix { $0 != "`" }
                let names = BackendRequest.sortedNames.filter { $0 != "auto" || list.hasPrefix("auto|") }
                words[i] = names.joined(separator: "|") + words[i].dropFirst(list.count)
            }
            return words.joined(separator: " ")
        }.joined(separator: "\n")
        #expect(generated.includes("`--backend auto|") || generated.includes("`--backend gpiod|"), "\(file) lists no backends")
        RepoFiles.writeIfAsked(file, generated)
        #expect(RepoFiles.read(file) == generated, "\(file)'s --backend list differs from Backend: run 'make docs'")
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
