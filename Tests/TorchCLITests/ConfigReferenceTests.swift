import Testing
@testable import torch
@testable import TorchCore
import TorchTesting

/// The config reference cannot drift from the code: every key of every section (the
/// built-in ones and the executable's front ends') has its doc, each doc's default is the
/// real default and its example parses, and `dist/torch.conf` and `torch.conf(5)` are
/// exactly what `ConfigReference` generates (`make docs` rewrites them).
@Suite struct ConfigReferenceTests {
    static let sections = ConfigSchema.sections(frontEnds: FrontEndKinds.sections)
    static let allDocs = sections.flatMap(\.docs)

    @Test func everyBuiltInKeyHasOneDoc() {
        for section in ConfigSchema.builtIn {
            for key in section.keys {
                let docs = ConfigKeyDocs.all.filter { $0.section == section.name && $0.key == key.name }
                #expect(docs.count == 1, "[\(section.name)] \(key.name): \(docs.count) docs; add one ConfigKeyDoc to ConfigKeyDocs.swift")
            }
        }
    }

    @Test func everyDocNamesASchemaKey() {
        for doc in ConfigKeyDocs.all {
            #expect(ConfigSchema.builtIn.section(doc.section)?.key(doc.key) != nil, "[\(doc.section)] \(doc.key) is documented but not in ConfigSchema")
        }
    }

    @Test func sectionNamesAreUnique() {
        #expect(Set(Self.sections.map(\.name)).count == Self.sections.count)
    }

    @Test func everyDocumentedDefaultIsTheDefault() throws {
        for doc in Self.allDocs {
            guard let value = doc.defaultValue, let key = Self.sections.section(doc.section)?.key(doc.key) else { continue }
            var config = TorchConfig.defaults
            try key.apply(&config, value)
            #expect(config == .defaults, "[\(doc.section)] \(doc.key) = \(value) is not the default")
        }
    }

    @Test func everyExampleParsesAndShowsSomethingElse() throws {
        for doc in Self.allDocs {
            guard let key = Self.sections.section(doc.section)?.key(doc.key) else { continue }
            var config = TorchConfig.defaults
            #expect(throws: Never.self, "[\(doc.section)] \(doc.key) = \(doc.example)") { try key.apply(&config, doc.example) }
            #expect(config != .defaults, "[\(doc.section)] \(doc.key) = \(doc.example) is the default: show another value")
            #expect(!doc.allowed.isEmpty && !doc.summary.isEmpty)
        }
    }

    @Test func everyChoiceInATableParses() throws {
        for doc in Self.allDocs {
            guard let key = Self.sections.section(doc.section)?.key(doc.key) else { continue }
            for choice in doc.choices {
                var config = TorchConfig.defaults
                #expect(throws: Never.self, "[\(doc.section)] \(doc.key) = \(choice.name)") { try key.apply(&config, choice.name) }
            }
        }
    }

    /// A new action (a new `GestureAction` case) needs its line in the `[gestures]` intro.
    @Test func theGesturesIntroExplainsEveryAction() throws {
        let intro = try #require(ConfigKeyDocs.sectionIntros["gestures"])
        let named = intro.terms.flatMap { $0.name.split(separator: ",").map { String($0).trimmedASCII } }
        #expect(named.sorted() == GestureAction.allCases.map(\.rawValue).sorted())
    }

    @Test func distConfIsGenerated() throws {
        let generated = ConfigReference.confFile(frontEnds: FrontEndKinds.sections)
        RepoFiles.writeIfAsked("dist/torch.conf", generated)
        let file = try #require(RepoFiles.read("dist/torch.conf"))
        #expect(file == generated, "dist/torch.conf differs from ConfigKeyDocs: run 'make docs'")
        #expect(try TorchConfig.parse(generated, file: "dist/torch.conf", frontEnds: FrontEndKinds.sections) == .defaults)
    }

    @Test func manPageKeysAreGenerated() throws {
        let page = try #require(RepoFiles.read("dist/torch.conf.5"))
        let generated = try #require(ConfigReference.manPage(replacingKeysIn: page, frontEnds: FrontEndKinds.sections), "dist/torch.conf.5 lost its GENERATED KEYS marks")
        RepoFiles.writeIfAsked("dist/torch.conf.5", generated)
        #expect(RepoFiles.read("dist/torch.conf.5") == generated, "dist/torch.conf.5 differs from ConfigKeyDocs: run 'make docs'")
        for section in Self.sections {
            #expect(generated.contains(".SH \"[\(section.name)]\"\n"))
            for key in section.keys { #expect(generated.contains("\n.B \(key.name)\n"), "[\(section.name)] \(key.name) missing from torch.conf.5") }
        }
    }

    @Test func wrapKeepsWordsAndWidth() {
        let lines = ConfigReference.wrap(String(repeating: "word ", count: 40), prefix: "# ")
        #expect(lines.allSatisfy { $0.count <= 86 && $0.hasPrefix("# ") })
        #expect(lines.joined(separator: " ").split(separator: " ").filter { $0 == "word" }.count == 40)
    }

    @Test func wrapIndentsTheLinesAfterTheFirst() {
        let lines = ConfigReference.wrap(String(repeating: "word ", count: 40), prefix: "#   name  ", then: "#         ")
        #expect(lines.first?.hasPrefix("#   name  word") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("#         word") && $0.count <= 86 })
    }

    @Test func roffEscapesBackslashAndLeadingDot() {
        #expect(ConfigReference.roff(".x \\y") == "\\&.x \\ey")
    }
}
