import Testing
import TorchTesting

/// Package.swift's and the README's layering, read from the sources: TorchCore imports
/// nothing, and every system call lives in TorchHardware — TorchEngine (the scheduler's
/// loop too) imports neither Glibc nor CTorchSys; outside its own folder the controller
/// is changed only through `handle(_:)`.
@Suite struct LayeringTests {
    /// The .swift files under `relative`, at any depth, as paths from the repository root.
    static func swiftFiles(_ relative: String) -> [String] {
        RepoFiles.list(relative, suffix: "").filter { $0 != "." && $0 != ".." }.flatMap { name -> [String] in
            let path = relative + "/" + name
            if name.hasSuffix(".swift") { return [path] }
            return swiftFiles(path)
        }
    }

    /// The modules a file imports (`import X` at a line's start).
    static func imports(_ path: String) -> [String] {
        (RepoFiles.read(path) ?? "").split(separator: "\n").compactMap { line in
            let words = line.split(separator: " ")
            guard words.first == "import", words.count >= 2 else { return nil }
            return String(words[1])
        }
    }

    @Test func theCoreImportsNothing() throws {
        let files = Self.swiftFiles("Sources/TorchCore")
        try #require(files.count > 100, "found the core's files: \(files.count)")
        for f in files { #expect(Self.imports(f).isEmpty, "\(f) imports \(Self.imports(f))") }
    }

    @Test func theEngineMakesNoSystemCallOfItsOwn() throws {
        let files = Self.swiftFiles("Sources/TorchEngine")
        try #require(files.contains("Sources/TorchEngine/Scheduler/PatternScheduler.swift"))
        for f in files {
            let bad = Self.imports(f).filter { $0 == "Glibc" || $0 == "CTorchSys" }
            #expect(bad.isEmpty, "\(f) imports \(bad)")
        }
        let package = try #require(RepoFiles.read("Package.swift"))
        #expect(package.contains(#".target(name: "TorchEngine", dependencies: ["TorchCore", "TorchHardware"]"#))
    }

    /// A front end's config section (`NAMESection.swift`) is compiled with TorchCore alone
    /// by the fuzzer (Tests/fuzz/run.sh), which lists it by its file name.
    @Test func frontEndSectionsImportOnlyTheCore() throws {
        let files = Self.swiftFiles("Sources/TorchEngine").filter { $0.hasSuffix("Section.swift") }
        try #require(files.contains("Sources/TorchEngine/FrontEnds/WebSection.swift"))
        for f in files {
            #expect(Self.imports(f) == ["TorchCore"], "\(f) imports \(Self.imports(f))")
            let type = String(f.split(separator: "/").last?.dropLast(".swift".count) ?? "")
            #expect(RepoFiles.read(f)?.contains("enum \(type): FrontEndSection") == true
                    || RepoFiles.read(f)?.contains("struct \(type): FrontEndSection") == true,
                    "\(f) does not declare \(type): FrontEndSection")
        }
    }

    /// What the front ends, the shell and the executable may call on the controller: its
    /// one way in and the queries that change nothing.
    static let controllerCalls: Set<String> = [
        "handle", "takeEffects", "takePrograms", "status", "edgesSettled", "isHoldingVirtualButton", "isVirtuallyPressed",
        "patternName",
    ]

    @Test func theControllerIsChangedOnlyThroughItsOneWayIn() throws {
        let files = ["Sources/TorchEngine", "Sources/TorchTesting", "Sources/torch"].flatMap(Self.swiftFiles)
            .filter { !$0.hasPrefix("Sources/TorchEngine/Controller/") }
        try #require(files.contains("Sources/TorchEngine/MQTT/MQTTFrontEnd.swift"))
        var calls = 0
        for f in files {
            let text = RepoFiles.read(f) ?? ""
            for piece in text.split(separator: "controller.", omittingEmptySubsequences: false).dropFirst() {
                let name = String(piece.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
                guard piece.dropFirst(name.count).first == "(" else { continue }
                calls += 1
                #expect(Self.controllerCalls.contains(name), "\(f) calls controller.\(name)(…)")
            }
        }
        #expect(calls > 10, "found the calls on the controller: \(calls)")
    }

    /// Every front end's commands reach the controller as `ControlRequest`s; only the
    /// controller turns them into the state machine's own `TorchCommand` (a front end that
    /// built them would skip the controller's rules). Outside the state machine's folder,
    /// the one conversion (`ControlCommand.torchCommand`) and the controller, no source
    /// names it.
    @Test func onlyTheControllerBuildsTheStateMachinesCommands() throws {
        let files = ["Sources/TorchCore", "Sources/TorchEngine", "Sources/TorchCLI", "Sources/torch"].flatMap(Self.swiftFiles)
            .filter { !$0.hasPrefix("Sources/TorchCore/Torch/") && !$0.hasPrefix("Sources/TorchEngine/Controller/") }
            .filter { $0 != "Sources/TorchCore/Control/ControlCommand.swift" }
        try #require(files.contains("Sources/TorchEngine/MQTT/MQTTFrontEnd.swift"))
        for f in files {
            #expect(!(RepoFiles.read(f) ?? "").contains("TorchCommand"), "\(f) names TorchCommand")
        }
    }
}
