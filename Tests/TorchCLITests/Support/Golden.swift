import Testing
#if canImport(Glibc)
import Glibc
#endif

/// Golden files live beside the tests (Tests/TorchCLITests/Golden/NAME). Run the tests
/// with TORCH_UPDATE_GOLDEN=1 to rewrite them after an intended change, then review
/// the diff.
enum Golden {
    static let directory: String = {
        let file = #filePath
        let support = file[..<(file.lastIndex(of: "/") ?? file.endIndex)]
        let tests = support[..<(support.lastIndex(of: "/") ?? support.endIndex)]
        return String(tests) + "/Golden"
    }()

    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = directory + "/" + name
        if getenv("TORCH_UPDATE_GOLDEN") != nil, let f = fopen(path, "w") {
            fputs(actual, f)
            fclose(f)
            return
        }
        let expected = readText(path)
        #expect(expected != nil, "golden file \(name) is missing (run with TORCH_UPDATE_GOLDEN=1)", sourceLocation: sourceLocation)
        #expect(actual == expected ?? "", "output differs from golden \(name)", sourceLocation: sourceLocation)
    }
}
