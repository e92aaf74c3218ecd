import Testing
import TorchTesting

/// docs/architecture.md draws a button press and an MQTT command as lists of files: each
/// file it names exists (a bare name in the folder of a path named before it in the
/// section; `PlaybackStep*.swift` as a prefix), so a moved or renamed file fails here.
@Suite struct ArchitecturePathsTests {
    static func files(in section: String) -> [String] {
        // Backquoted words ending in .swift or .c.
        section.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
            .filter { ($0.hasSuffix(".swift") || $0.hasSuffix(".c")) && !$0.contains(" ") }
    }

    @Test func everyFileOnThePathsExists() throws {
        let doc = try #require(RepoFiles.read("docs/architecture.md"))
        let lines = doc.split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("### Two paths through the files") })
        let section = lines[start...].joined(separator: "\n")
        let names = Self.files(in: section)
        #expect(names.count >= 30, "\(names)")
        var folders: [String] = []
        for name in names {
            let slash = name.lastIndex(of: "/")
            let folder = slash.map { String(name[..<$0]) }
            let file = slash.map { String(name[name.index(after: $0)...]) } ?? name
            let candidates = folder.map { ["Sources/" + $0] } ?? folders
            let found = candidates.contains { dir in
                if file.hasSuffix("*.swift") {
                    return RepoFiles.list(dir, suffix: ".swift").contains { $0.hasPrefix(String(file.dropLast(7))) }
                }
                return RepoFiles.list(dir, suffix: file).contains(file)
            }
            #expect(found, "\(name): no such file (looked in \(candidates))")
            if let folder { folders.append("Sources/" + folder) }
        }
    }
}
