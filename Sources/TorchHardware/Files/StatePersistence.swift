import CTorchSys
#if canImport(Glibc)
import Glibc
#endif

/// Whether the choices saved in the state directory outlive the service: looked at once
/// at the start, so a Pi whose SD card is read-only, or whose root is Raspberry Pi OS's
/// overlay file system (its changes in RAM), says so in one line instead of seeming to
/// remember what it will forget. The light works the same either way.
public enum StatePersistence: Equatable, Sendable {
    /// Saves reach the disk.
    case kept
    /// The directory (or the nearest one that exists, where it would be made) cannot be
    /// written: a read-only file system or no permission. Saves fail and are tried again.
    case notKept(String)
    /// Saves work, on an overlay file system: they last as long as its upper layer, which
    /// under raspi-config's overlay file system (`overlayroot=tmpfs`) is RAM, gone at the
    /// next boot.
    case overlay(String)

    /// `overlay`'s `f_type` (linux/magic.h).
    static let overlayMagic: Int64 = 0x794c_7630

    /// Looks at the directory of `statePath`.
    public static func of(statePath: String) -> StatePersistence {
        let directory = existingDirectory(of: statePath)
        var vfs = statvfs()
        if statvfs(directory, &vfs) == 0, vfs.f_flag & UInt(ST_RDONLY) != 0 {
            return .notKept("state file: \(directory) is on a read-only file system: the light works, but choices will not be kept "
                            + "(remount it read-write, or set [service] state-file elsewhere)")
        }
        if access(directory, W_OK) != 0 {
            let e = errno
            return .notKept("state file: \(directory): \(errnoText(e)): the light works, but choices will not be kept")
        }
        var type: Int64 = 0
        guard ctorch_fs_type(directory, &type) == 0, type == overlayMagic else { return .kept }
        // Where the overlay keeps its changes is not visible from here without reading
        // the mount table; both cases are said.
        return .overlay("state file: \(directory) is on an overlay file system: choices last as long as its upper layer "
                        + "(in RAM under Raspberry Pi OS's overlay file system: until the next boot)")
    }

    /// The directory that holds `path`, or the nearest ancestor that exists (the state
    /// directory is made at the first save).
    static func existingDirectory(of path: String) -> String {
        var dir = AtomicFile.directory(of: path)
        while access(dir, F_OK) != 0, dir != "/", dir != "." {
            dir = AtomicFile.directory(of: dir)
        }
        return dir
    }
}
