#if canImport(Glibc)
import Glibc
#endif
import TorchCore

/// The LED's calibration file (`torch calibrate`), beside the state file: `calibration`
/// in its directory (/var/lib/torch/calibration for the service). Read as the state file
/// is (a regular file only, a symbolic link refused and never followed), written
/// atomically, removed by `torch calibrate --clear`.
public struct CalibrationStore: Sendable {
    public let path: String

    public init(path: String) { self.path = path }

    /// The file beside `statePath`.
    public init(statePath: String) {
        guard let slash = statePath.lastIndex(of: "/") else {
            self.init(path: "calibration")
            return
        }
        self.init(path: String(statePath[..<slash]) + "/calibration")
    }

    /// What the file holds: nil when there is none; a one-line reason when it cannot be
    /// used (the outputs then use the curve as it is, and say so once).
    public func load() -> Result<LightCalibration?, HardwareError> {
        let text: String?
        do { text = try AtomicFile.readFile(path, refusingLinks: true) } catch { return .failure(error) }
        guard let text else { return .success(nil) }
        do { return .success(try CalibrationFile.decode(text)) } catch {
            return .failure(HardwareError("\(path): \(error)"))
        }
    }

    /// Writes `c` atomically (the directory made first).
    public func save(_ c: LightCalibration) throws(HardwareError) {
        _ = makeParentDirectories(of: path)
        try AtomicFile.write(CalibrationFile.encode(c), to: path, refusingLinks: true)
    }

    /// Removes the file; true when it was there.
    public func clear() throws(HardwareError) -> Bool {
        guard fileExists(path) || AtomicFile.isLink(path) else { return false }
        guard unlink(path) == 0 || errno == ENOENT else {
            throw HardwareError("\(path): cannot remove it (\(errnoText(errno)))", errno: errno)
        }
        return true
    }
}
