import Testing
import TorchCLI
import TorchTesting
@testable import torch

/// The command lines docs/cli.md shows, as a shell hands them to torch (bash, the
/// usual login shell, splits and expands each one): every one parses. An unquoted `~0`,
/// which bash turns into a directory, could not pass.
@Suite struct DocExamplesTests {
    /// The `torch …` lines of the document's sh blocks.
    static func commandLines(_ text: String) -> [String] {
        var inShell = false
        var lines: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { inShell = line == "```sh"; continue }
            if inShell, line.hasPrefix("torch ") { lines.append(String(line)) }
        }
        return lines
    }

    /// The arguments a shell makes of `line` (after `torch`), from bash itself.
    static func shellWords(_ line: String) throws -> [String] {
        let dir = TempDir()
        let out = dir.path + "/words"
        let script = "set -- " + line.dropFirst("torch ".count) + "\nfor a; do printf '%s\\n' \"$a\"; done"
        #expect(runClean(["/bin/bash", "-c", script], env: ["PATH=/usr/bin:/bin", "HOME=/root"], stdout: out) == 0)
        let text = try #require(readText(out))
        return text.split(separator: "\n").map(String.init)
    }

    @Test(arguments: ["docs/cli.md"])
    func everyExampleParsesAsAShellPassesIt(_ document: String) throws {
        let lines = Self.commandLines(try #require(RepoFiles.read(document)))
        #expect(lines.count > 10, "\(document): the examples were not found")
        for line in lines {
            let args = try Self.shellWords(line)
            if case let .usageError(text) = CommandLineOutcome.interpret(args, commands: Commands.all) {
                Issue.record("\(document): `\(line)` does not parse: \(text)")
            }
        }
    }

    /// What the shell made of an unquoted `~0` is named, with the way out.
    @Test func anExpandedTildeSaysWhatHappened() throws {
        let args = try Self.shellWords("torch pattern 100% 1s ~0 1s")
        guard case let .usageError(text) = CommandLineOutcome.interpret(args, commands: Commands.all) else {
            Issue.record("\(args) parsed"); return
        }
        #expect(text.contains("is a path, not a level: the shell expands an unquoted '~0' or '~' into a directory"), "\(text)")
    }
}
