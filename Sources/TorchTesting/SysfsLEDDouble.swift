#if canImport(Glibc)
import Glibc
#endif
import TorchCore
import TorchHardware
import Synchronization

/// An in-memory `/sys/class/leds` that answers like the kernel's LED class
/// (drivers/leds/led-class.c and led-triggers.c), for tests of `StatusLEDs` and of the
/// service's stealth. Every store is recorded with its result.
///
/// Rules it follows:
/// - `trigger` reads as every known trigger with the active one in brackets; a store of
///   an unknown name is EINVAL; leaving a trigger sets brightness 0; `default-on` sets
///   `max_brightness`.
/// - `brightness`: `kstrtoul(…, 10)`: not a decimal number → EINVAL, above 2⁶⁴−1 →
///   ERANGE; 0 also removes the trigger (as `brightness_store` does); the value is then
///   cut to 32 bits (`led_set_brightness` takes an unsigned int) and clamped to
///   `max_brightness`.
/// - Storing the active trigger again re-activates it (brightness 0, then what the
///   trigger sets), as `led_trigger_set` does.
/// - An LED added with `writable: false` answers EACCES to stores (0644 root files).
public final class SysfsLEDDouble: SysfsFileSystem, Sendable {
    /// One recorded store.
    public struct Write: Equatable, Sendable, CustomStringConvertible {
        /// Relative to the class directory, e.g. `ACT/trigger`.
        public var path: String
        public var value: String
        /// 0 or the errno returned.
        public var result: Int32

        /// "ACT/trigger none", with " → errno 13" when refused.
        public var description: String { result == 0 ? "\(path) \(value)" : "\(path) \(value) → errno \(result)" }
    }

    struct LED {
        var triggers: [String]
        var trigger: String
        var brightness: Int
        var maxBrightness: Int
        var writable: Bool
    }

    struct State {
        var leds: [String: LED] = [:]
        var writes: [Write] = []
    }

    public let classDirectory: String
    private let state = Mutex(State())

    public init(classDirectory: String = StatusLEDs.classDirectory) {
        self.classDirectory = classDirectory
    }

    // MARK: - Setting the scene

    /// Adds `<name>/` with `trigger` active among `triggers` (`none` is always known).
    public func addLED(_ name: String, trigger: String = "none", brightness: Int = 0, maxBrightness: Int = 255,
                       triggers: [String] = ["none", "timer", "heartbeat", "default-on", "mmc0"],
                       writable: Bool = true) {
        let known = triggers.contains("none") ? triggers : ["none"] + triggers
        state.withLock {
            $0.leds[name] = LED(triggers: known, trigger: trigger, brightness: brightness,
                                maxBrightness: maxBrightness, writable: writable)
        }
    }

    /// The LED's active trigger and brightness now.
    public func led(_ name: String) -> (trigger: String, brightness: Int)? {
        state.withLock { s in s.leds[name].map { ($0.trigger, $0.brightness) } }
    }

    /// Every store so far, oldest first.
    public var writes: [Write] { state.withLock { $0.writes } }

    /// The successful stores as "ACT/trigger none" lines.
    public var writeLog: [String] { writes.filter { $0.result == 0 }.map(\.description) }

    // MARK: - SysfsFileSystem

    public func readSmallFile(_ path: String) throws(SysfsErrno) -> String {
        let text: String? = state.withLock { s in
            guard let (name, attribute) = split(path), let led = s.leds[name] else { return nil }
            switch attribute {
            case "trigger":
                return led.triggers.map { $0 == led.trigger ? "[\($0)]" : $0 }.joined(separator: " ") + "\n"
            case "brightness": return "\(led.brightness)\n"
            case "max_brightness": return "\(led.maxBrightness)\n"
            default: return nil
            }
        }
        guard let text else { throw SysfsErrno(ENOENT) }
        return text
    }

    public func write(_ path: String, _ value: String) -> Int32 {
        state.withLock { s in
            let rc = store(path, value, in: &s)
            s.writes.append(Write(path: relative(path), value: value, result: rc))
            return rc
        }
    }

    public func openForWriting(_ path: String) throws(SysfsErrno) -> any SysfsWriteHandle {
        guard exists(path) else { throw SysfsErrno(ENOENT) }
        return Handle(self, path: path)
    }

    public func listDirectory(_ path: String) throws(SysfsErrno) -> [String] {
        guard path == classDirectory else { throw SysfsErrno(ENOENT) }
        return state.withLock { Array($0.leds.keys) }
    }

    public func readLink(_ path: String) throws(SysfsErrno) -> String { throw SysfsErrno(EINVAL) }

    public func exists(_ path: String) -> Bool {
        if path == classDirectory { return true }
        return state.withLock { s in
            if let (name, attribute) = split(path) {
                return s.leds[name] != nil && ["trigger", "brightness", "max_brightness"].contains(attribute)
            }
            return path.hasPrefix(classDirectory + "/") && s.leds[String(path.dropFirst(classDirectory.count + 1))] != nil
        }
    }

    // MARK: - The kernel's rules

    private func store(_ path: String, _ value: String, in s: inout State) -> Int32 {
        guard let (name, attribute) = split(path), var led = s.leds[name] else { return ENOENT }
        guard attribute == "trigger" || attribute == "brightness" else { return attribute == "max_brightness" ? EACCES : ENOENT }
        guard led.writable else { return EACCES }
        // sysfs hands the store the bytes written; the kernel strips one trailing newline.
        let text = value.hasSuffix("\n") ? String(value.dropLast()) : value
        if attribute == "trigger" {
            guard led.triggers.contains(text) else { return EINVAL }
            if text != "none" || led.trigger != "none" {
                if led.trigger != "none" { led.brightness = 0 }
                led.trigger = text
                if text == "default-on" { led.brightness = led.maxBrightness }
            }
        } else {
            let n: UInt64
            switch KernelNumberParsing.unsigned(value, decimal: true) {
            case .success(let v): n = v
            case .failure(let e): return e.code
            }
            if n == 0 { led.trigger = "none" }
            led.brightness = min(Int(UInt32(truncatingIfNeeded: n)), led.maxBrightness)
        }
        s.leds[name] = led
        return 0
    }

    /// "ACT", "trigger" from "/sys/class/leds/ACT/trigger".
    private func split(_ path: String) -> (String, String)? {
        let rel = relative(path)
        guard path.hasPrefix(classDirectory + "/"), let slash = rel.lastIndex(of: "/") else { return nil }
        return (String(rel[..<slash]), String(rel[rel.index(after: slash)...]))
    }

    private func relative(_ path: String) -> String {
        path.hasPrefix(classDirectory + "/") ? String(path.dropFirst(classDirectory.count + 1)) : path
    }

    final class Handle: SysfsWriteHandle, @unchecked Sendable {
        private let double: SysfsLEDDouble
        private let path: String
        private var open = true

        init(_ double: SysfsLEDDouble, path: String) {
            self.double = double
            self.path = path
        }

        func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
            guard open else { return EBADF }
            return double.write(path, String(decoding: bytes, as: UTF8.self))
        }

        func close() { open = false }
    }
}
