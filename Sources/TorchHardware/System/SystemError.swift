#if canImport(Glibc)
import Glibc
#endif

/// errno text without Foundation: "Permission denied".
public func errnoText(_ code: Int32) -> String {
    guard let p = strerror(code) else { return "errno \(code)" }
    return String(cString: p)
}
