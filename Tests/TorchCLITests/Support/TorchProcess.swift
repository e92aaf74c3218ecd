#if canImport(Glibc)
import Glibc
#endif

/// Runs the built `torch` binary (it sits beside the test bundle in .build/…/debug)
/// with stdout and stderr captured to files, stdin from /dev/null.
struct TorchProcess {
    var status: Int32
    var stdout: String
    var stderr: String

    /// The directory of the test executable: SwiftPM puts `torch` there too.
    static var binary: String {
        var path = CommandLine.arguments[0]
        if let slash = path.lastIndex(of: "/") { path = String(path[..<slash]) } else { path = "." }
        // The test bundle may be a directory (…/torchPackageTests.xctest/…); walk up to
        // the build directory that holds `torch`.
        var dir = path
        while !dir.isEmpty {
            if access(dir + "/torch", X_OK) == 0 { return dir + "/torch" }
            guard let slash = dir.lastIndex(of: "/") else { break }
            dir = String(dir[..<slash])
        }
        return path + "/torch"
    }

    /// The words that start `binary`: the binary alone, or after the emulator named by
    /// TORCH_TEST_EMULATOR (Tests/arm64/run-tests.sh: `qemu-aarch64-static -cpu … -L ROOT`), as
    /// the arm64 tests run under qemu-user without binfmt_misc, where the kernel cannot
    /// start an aarch64 executable by itself.
    static var command: [String] {
        guard let emulator = getenv("TORCH_TEST_EMULATOR") else { return [binary] }
        return String(cString: emulator).split(separator: " ").map(String.init) + [binary]
    }

    /// Runs `torch args…` to completion.
    static func run(_ args: [String], environment extra: [String] = []) -> TorchProcess {
        run(argv: command + args, environment: extra)
    }

    /// Runs the shell `script` in a mount namespace of its own (`unshare --mount`, root
    /// only): its mounts vanish with it, and it may `exec` torch (`command`) last.
    static func runInMountNamespace(_ script: String) -> TorchProcess {
        run(argv: ["/usr/bin/unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script])
    }

    private static func run(argv: [String], environment extra: [String] = []) -> TorchProcess {
        let dir = TempDir()
        let out = dir.path + "/stdout", err = dir.path + "/stderr"
        // A clean environment: no inherited TORCH or XDG settings change the outcome.
        let env = ["PATH=/usr/bin:/bin", "HOME=" + dir.path, "TERM=dumb"] + extra
        let pid: pid_t
        switch spawnClean(argv, env: env, stdout: out, stderr: err) {
        case let .success(p): pid = p
        case let .failure(e): return TorchProcess(status: -1, stdout: "", stderr: "spawn \(binary): errno \(e.code)")
        }
        return TorchProcess(status: reap(pid), stdout: readText(out) ?? "", stderr: readText(err) ?? "")
    }
}

/// A temporary directory removed when the value is dropped.
final class TempDir {
    let path: String

    init() {
        var template = Array("/tmp/torch-test-XXXXXX".utf8CString)
        let p: UnsafeMutablePointer<CChar>? = template.withUnsafeMutableBufferPointer { buf in buf.baseAddress.flatMap { mkdtemp($0) } }
        path = p.map { String(cString: $0) } ?? "/tmp"
    }

    deinit {
        if path != "/tmp" { _ = runClean(["/bin/rm", "-rf", path]) }
    }

    func write(_ name: String, _ text: String) -> String {
        let full = path + "/" + name
        if let f = fopen(full, "w") {
            fputs(text, f)
            fclose(f)
        }
        return full
    }
}

/// Reads a whole file, nil when missing.
func readText(_ path: String) -> String? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 65536)
    while true {
        let n = fread(&buf, 1, buf.count, f)
        if n <= 0 { break }
        bytes.append(contentsOf: buf[0..<n])
    }
    return String(decoding: bytes, as: UTF8.self)
}
