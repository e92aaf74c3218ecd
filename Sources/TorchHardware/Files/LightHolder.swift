#if canImport(Glibc)
import Glibc
#endif

/// The torch process that holds the light: `<state file>.holder` beside the state file, locked
/// (`flock`) for as long as that process drives the output, with its pid and command line
/// inside. A foreground `torch on` has no control socket, so this is how the next command
/// (in another shell) finds it: the lock goes with the process, even after SIGKILL, so a
/// stale file never claims a holder.
public final class LightHolder {
    /// Who holds the light.
    public struct Holder: Equatable, Sendable {
        public var pid: Int32
        /// The holder's command line (`torch on 50% --backend sim`).
        public var command: String
        /// The holder is the service (`torch run`): it answers on its control socket.
        public var isService: Bool
    }

    private let file: FileDescriptor

    private init(_ file: FileDescriptor) { self.file = file }

    /// The holder file of a state file: torches that share a state file (the default one
    /// in two shells) share it; one with its own `--state-file` is another torch.
    public static func path(stateFile: String) -> String { stateFile + ".holder" }

    /// What taking the light found.
    public enum Outcome {
        /// This process holds the light until `release` (or its exit).
        case taken(LightHolder)
        /// Another process holds it.
        case held(by: Holder)
        /// The file cannot be made (the state directory cannot be made, no permission):
        /// nothing to coordinate through, as nothing is remembered there either.
        case unavailable
        /// The holder file is a symbolic link: refused, its target neither opened nor
        /// truncated (one line, `AtomicFile.linkRefused`).
        case refused(HardwareError)
    }

    /// Takes the light for this process, writing the pid, whether it is the service and
    /// `command` into the file.
    public static func take(path: String, command: String, isService: Bool) -> Outcome {
        // The lock is held on a read-only descriptor: a file kept open for writing would
        // stop the state directory's file system from being remounted read-only. The
        // holder's lines go through a second descriptor, closed at once (flock belongs to
        // the first, so closing the second keeps it).
        // The state directory is made first: on a first run it does not exist yet, and
        // a lock that could not be taken would let a second torch drive the light beside
        // this one.
        makeParentDirectories(of: path)
        // O_NOFOLLOW (both opens): a link planted here would have a root torch create
        // or truncate whatever file it points at. O_NONBLOCK: a FIFO here cannot hang it.
        guard let fd = FileDescriptor.open(path, O_RDONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) else {
            return errno == ELOOP ? .refused(AtomicFile.linkRefused(path)) : .unavailable
        }
        guard Interrupted.retry({ flock(fd.rawValue, LOCK_EX | LOCK_NB) }) == 0 else {
            return errno == EWOULDBLOCK ? (read(fd).map { .held(by: $0) } ?? .unavailable) : .unavailable
        }
        if let writer = FileDescriptor.open(path, O_WRONLY | O_TRUNC | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) {
            let text = "\(getpid())\n\(isService ? "service" : "foreground")\n\(command)\n"
            _ = Array(text.utf8).withUnsafeBytes { writer.writeAll($0) }
        }
        return .taken(LightHolder(fd))
    }

    /// The process holding the light now, nil when none does (or it cannot be told).
    public static func holder(path: String) -> Holder? {
        guard let fd = FileDescriptor.open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) else { return nil }
        guard Interrupted.retry({ flock(fd.rawValue, LOCK_SH | LOCK_NB) }) == 0 else {
            return errno == EWOULDBLOCK ? read(fd) : nil
        }
        return nil
    }

    /// Lets the light go (the file stays; its lock is what counts).
    public func release() {
        file.close()
    }

    /// The pid and command written by the holder.
    private static func read(_ fd: FileDescriptor) -> Holder? {
        var bytes = [UInt8](repeating: 0, count: 4096)
        let n = bytes.withUnsafeMutableBytes { pread(fd.rawValue, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { return nil }
        let lines = String(decoding: bytes[0..<n], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count >= 3, let pid = Int32(lines[0]) else { return nil }
        return Holder(pid: pid, command: String(lines[2]), isService: lines[1] == "service")
    }
}

extension LightHolder.Holder {
    /// What a command that cannot reach the holder says: who it is and how to stop it.
    public var message: String {
        if isService {
            return "the torch service is already running and holds the light, pid \(pid) (\(command)): send it the command "
                + "without --backend, --trace, --for, --curve or pins (those drive the hardware here), "
                + "or stop it first (systemctl stop torch, or kill \(pid))"
        }
        return "the light is held by another torch, pid \(pid) (\(command)), which has no control socket "
            + "to answer this command: stop it with Ctrl-C in its terminal or kill \(pid), "
            + "or run the torch as the service (torch run), which every command reaches"
    }

    /// What a second `torch run` says: one service drives the light, so the way on is to
    /// stop the holder (a command to send it means nothing for `run`).
    public var messageForRun: String {
        if isService {
            return "the torch service is already running and holds the light, pid \(pid) (\(command)): one service "
                + "drives the light; stop it first (systemctl stop torch, or kill \(pid)), or send it commands "
                + "(torch on, torch status)"
        }
        return "the light is held by another torch, pid \(pid) (\(command)): stop it first "
            + "(Ctrl-C in its terminal, or kill \(pid)), then start the service"
    }
}
