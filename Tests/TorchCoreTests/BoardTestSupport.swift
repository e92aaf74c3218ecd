#if canImport(Glibc)
import Glibc
#endif
import Testing
@testable import TorchCore

/// The repository's `boards/` directory and its files, found from this file's path.
enum ShippedBoards {
    static var directory: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)  // Tests/TorchCoreTests/BoardTestSupport.swift
        return parts.joined(separator: "/") + "/boards"
    }

    /// Every `*.board` file as (name, text), sorted by name.
    static func files() throws -> [(name: String, text: String)] {
        let dir = try #require(opendir(directory), "cannot open \(directory)")
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".board") { names.append(name) }
        }
        return try names.sorted().map { ($0, try read(directory + "/" + $0)) }
    }

    static func read(_ path: String) throws -> String {
        let file = try #require(fopen(path, "r"), "cannot open \(path)")
        defer { fclose(file) }
        var bytes: [UInt8] = []
        while true {
            let c = fgetc(file)
            if c == EOF { break }
            bytes.append(UInt8(truncatingIfNeeded: c))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    static func catalog() throws -> BoardCatalog {
        try BoardCatalog.parse(files: try files())
    }
}

/// The error lines for `text` parsed as `test.board` (empty when it parses).
func boardErrors(_ text: String) -> [String] {
    do {
        _ = try BoardProfile.parse(text, id: "test", file: "test.board")
        return []
    } catch {
        return error.errors.map(\.description)
    }
}

/// A small valid board file; tests append or replace lines.
let minimalBoard = """
    [board]
    name = Test Board
    compatible = test,board
    gpio-chip = test-chip
    led = 12
    [header]
    1 = 3V3
    12 = GPIO18 18
    [pwm]
    12 = test.pwm 0 dtoverlay=pwm
    """
