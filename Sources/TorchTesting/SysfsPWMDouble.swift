#if canImport(Glibc)
import Glibc
#endif
import TorchCore
import TorchHardware
import Synchronization

/// An in-memory `/sys/class/pwm` that answers like the kernel (drivers/pwm/sysfs.c and
/// the checks of `pwm_apply_state` in drivers/pwm/core.c), for tests of the PWM backend
/// and of everything built on it. Every store is recorded with its result.
///
/// Rules it enforces, with the kernel's errno:
/// - `export`: not a number → EINVAL (too large → ERANGE); channel ≥ `npwm` → ENODEV;
///   already exported, or claimed by a kernel driver (e.g. pwm-fan) → EBUSY.
/// - `unexport`: channel ≥ `npwm` or not exported → ENODEV.
/// - `period`, `duty_cycle`: not a number → EINVAL; then the core's check on the new
///   state, which depends on the kernel (`rules`):
///   6.1: `period == 0` or `duty_cycle > period` → EINVAL (so on a fresh channel with
///   period 0 every store but `period` fails, `enable 0` included);
///   6.12: only an enabled state is checked (a disabled one is always valid), and an
///   invalid state replaces an invalid one without reaching the driver.
/// - `enable`: not a number → EINVAL; other than 0/1 → EINVAL; then the core's check.
/// - `polarity`: other than `normal`/`inversed` → EINVAL; a change while enabled → EBUSY
///   (drivers without atomic apply; `polarityChangeWhileEnabled` allows it); a period
///   below the chip's `minimumPeriod` → EINVAL (the driver's own limit).
/// - After an export the channel's files belong to root for the next
///   `permissionDelay` write accesses (open-for-writing or write) → EACCES, as before
///   udev applies group permissions. Reads are allowed (the files are 0644).
/// - A handle opened before an unexport answers ENODEV (the kernfs node is gone).
public final class SysfsPWMDouble: SysfsFileSystem, Sendable {
    /// One recorded store.
    public struct Write: Equatable, Sendable, CustomStringConvertible {
        /// The path relative to the class directory, e.g. `pwmchip0/pwm0/period`.
        public var path: String
        public var value: String
        /// 0 or the errno returned.
        public var result: Int32

        /// "pwmchip0/pwm0/period 500000", with " → EINVAL" when refused.
        public var description: String {
            result == 0 ? "\(path) \(value)" : "\(path) \(value) → \(PWMErrors.errnoName(result))"
        }
    }

    struct Channel {
        var exported = false
        var generation = 0
        var claimedBy: String?
        var deniedAccessesLeft = 0
        var state: PWMChannelState
    }

    struct Chip {
        var device: String
        var channels: [Channel]
        /// The driver's shortest period in ns (pwm-bcm2835: one clock period); 0: none.
        var minimumPeriod: UInt64 = 0
        /// What the hardware's period and duty are multiples of, in ns; 0: exact.
        var periodStep: UInt64 = 0
    }

    struct State {
        var chips: [Int: Chip] = [:]
        var writes: [Write] = []
        var permissionDelay = 0
        var polarityChangeWhileEnabled = false
        var rules = PWMKernelRules.linux6_1
    }

    /// Where the tree lives, e.g. `/sys/class/pwm`.
    public let classDirectory: String
    let state = Mutex(State())

    public init(classDirectory: String = PWMChip.classDirectory) {
        self.classDirectory = classDirectory
    }

    // MARK: - Setting the scene

    /// Adds `pwmchip<number>` for `device` (e.g. `1f00098000.pwm`) with `channels`
    /// channels, each never configured: period `initialPeriod` ns (0 on most drivers),
    /// duty 0, normal, disabled. A period below `minimumPeriod` ns is EINVAL, as drivers
    /// such as pwm-bcm2835 answer.
    public func addChip(number: Int, device: String, channels: Int, initialPeriod: UInt64 = 0,
                        minimumPeriod: UInt64 = 0) {
        let fresh = Channel(state: PWMChannelState(period: initialPeriod, dutyCycle: 0,
                                                   polarity: .normal, enabled: false))
        state.withLock {
            $0.chips[number] = Chip(device: device, channels: Array(repeating: fresh, count: max(0, channels)),
                                    minimumPeriod: minimumPeriod)
        }
    }

    /// Marks a channel as held by a kernel driver (export then says EBUSY).
    public func claim(chip: Int, channel: Int, by driver: String = "pwm-fan") {
        update(chip, channel) { $0.claimedBy = driver }
    }

    /// Exports a channel as someone else would have, in `channelState`.
    public func preExport(chip: Int, channel: Int, _ channelState: PWMChannelState) {
        update(chip, channel) {
            $0.exported = true
            $0.generation += 1
            $0.state = channelState
        }
    }

    /// How many write accesses after each export see EACCES (udev not yet run). Default 0.
    public var permissionDelay: Int {
        get { state.withLock { $0.permissionDelay } }
        set { state.withLock { $0.permissionDelay = newValue } }
    }

    /// Which kernel's PWM core the double answers as. Default `.linux6_1`.
    public var rules: PWMKernelRules {
        get { state.withLock { $0.rules } }
        set { state.withLock { $0.rules = newValue } }
    }

    /// Let polarity change while enabled (drivers with atomic apply). Default false: EBUSY.
    public var polarityChangeWhileEnabled: Bool {
        get { state.withLock { $0.polarityChangeWhileEnabled } }
        set { state.withLock { $0.polarityChangeWhileEnabled = newValue } }
    }

    // MARK: - Looking

    /// The channel's state (also while unexported: the hardware keeps it).
    public func channelState(chip: Int, channel: Int) -> PWMChannelState? {
        state.withLock { Self.channel(chip, channel, in: $0)?.state }
    }

    /// True while `pwmchip<chip>/pwm<channel>` exists.
    public func isExported(chip: Int, channel: Int) -> Bool {
        state.withLock { Self.channel(chip, channel, in: $0)?.exported ?? false }
    }

    /// Every store so far, oldest first.
    public var writes: [Write] { state.withLock { $0.writes } }

    /// Every store as text ("pwmchip0/pwm0/period 500000", " → EINVAL" when refused).
    public var writeLog: [String] { writes.map(\.description) }

    /// Forgets the recorded stores.
    public func clearWrites() { state.withLock { $0.writes.removeAll() } }

    // MARK: - SysfsFileSystem

    public func readSmallFile(_ path: String) throws(SysfsErrno) -> String {
        let result: Result<String, SysfsErrno> = state.withLock { s in
            switch node(path, in: s) {
            case nil: return .failure(SysfsErrno(ENOENT))
            case .classDir?, .chipDir?, .channelDir?, .chipAttr(_, "device")?:
                return .failure(SysfsErrno(EISDIR))
            case .chipAttr(let n, "npwm")?:
                return .success("\(s.chips[n]?.channels.count ?? 0)\n")
            case .chipAttr?: // export, unexport: write-only (0200)
                return .failure(SysfsErrno(EACCES))
            case .channelAttr(let n, let m, let attr)?:
                guard let c = Self.channel(n, m, in: s) else { return .failure(SysfsErrno(ENOENT)) }
                switch attr {
                case "period": return .success("\(Self.applied(c.state, step: s.chips[n]?.periodStep ?? 0).period)\n")
                case "duty_cycle": return .success("\(Self.applied(c.state, step: s.chips[n]?.periodStep ?? 0).dutyCycle)\n")
                case "enable": return .success(c.state.enabled ? "1\n" : "0\n")
                default: return .success(c.state.polarity.rawValue + "\n")
                }
            }
        }
        return try result.get()
    }

    public func write(_ path: String, _ value: String) -> Int32 {
        state.withLock { s in
            let rc: Int32
            switch node(path, in: s) {
            case nil: rc = ENOENT
            case .classDir?, .chipDir?, .channelDir?: rc = EISDIR
            case .chipAttr(let n, let attr)?:
                switch attr {
                case "export": rc = Self.export(value, chip: n, in: &s)
                case "unexport": rc = Self.unexport(value, chip: n, in: &s)
                default: rc = EACCES // npwm is read-only; device is a link to a directory
                }
            case .channelAttr(let n, let m, let attr)?:
                rc = Self.takeDeniedAccess(n, m, in: &s) ? EACCES : Self.store(value, attr, n, m, in: &s)
            }
            s.writes.append(Write(path: relative(path), value: value, result: rc))
            return rc
        }
    }

    public func openForWriting(_ path: String) throws(SysfsErrno) -> any SysfsWriteHandle {
        let result: Result<Handle, SysfsErrno> = state.withLock { s in
            switch node(path, in: s) {
            case nil: return .failure(SysfsErrno(ENOENT))
            case .classDir?, .chipDir?, .channelDir?: return .failure(SysfsErrno(EISDIR))
            case .chipAttr(_, let attr)?:
                guard attr == "export" || attr == "unexport" else { return .failure(SysfsErrno(EACCES)) }
                return .success(Handle(self, path: path, generation: nil))
            case .channelAttr(let n, let m, _)?:
                if Self.takeDeniedAccess(n, m, in: &s) { return .failure(SysfsErrno(EACCES)) }
                return .success(Handle(self, path: path, generation: s.chips[n]?.channels[m].generation))
            }
        }
        return try result.get()
    }

    public func listDirectory(_ path: String) throws(SysfsErrno) -> [String] {
        let result: Result<[String], SysfsErrno> = state.withLock { s in
            switch node(path, in: s) {
            case nil: return .failure(SysfsErrno(ENOENT))
            case .classDir?: return .success(s.chips.keys.sorted().map { "pwmchip\($0)" })
            case .chipAttr(_, "device")?:
                return .success(["driver", "pwm", "subsystem"])
            case .chipDir(let n)?:
                let exported = (s.chips[n]?.channels ?? []).indices.filter { s.chips[n]?.channels[$0].exported == true }
                return .success(["device", "export", "npwm", "unexport"] + exported.map { "pwm\($0)" })
            case .channelDir?: return .success(["duty_cycle", "enable", "period", "polarity"])
            case .chipAttr?, .channelAttr?: return .failure(SysfsErrno(ENOTDIR))
            }
        }
        return try result.get()
    }

    public func readLink(_ path: String) throws(SysfsErrno) -> String {
        let result: Result<String, SysfsErrno> = state.withLock { s in
            switch node(path, in: s) {
            case nil: return .failure(SysfsErrno(ENOENT))
            case .chipDir(let n)?:
                return .success("../../devices/platform/axi/\(s.chips[n]?.device ?? "")/pwm/pwmchip\(n)")
            case .chipAttr(let n, "device")?:
                return .success("../../../\(s.chips[n]?.device ?? "")")
            default: return .failure(SysfsErrno(EINVAL))
            }
        }
        return try result.get()
    }

    public func exists(_ path: String) -> Bool {
        state.withLock { node(path, in: $0) != nil }
    }

    // MARK: - The tree

    enum Node: Equatable {
        case classDir
        case chipDir(Int)
        case chipAttr(Int, String)
        case channelDir(Int, Int)
        case channelAttr(Int, Int, String)
    }

    static let chipAttributes: Set<String> = ["export", "unexport", "npwm", "device"]
    static let channelAttributes: Set<String> = ["period", "duty_cycle", "polarity", "enable"]

    /// What `path` names now, or nil when it does not exist (an unexported channel's
    /// directory and files do not).
    func node(_ path: String, in s: State) -> Node? {
        let rel = relative(path)
        if rel.isEmpty { return path.hasPrefix(classDirectory) ? .classDir : nil }
        let parts = rel.split(separator: "/").map(String.init)
        guard let n = PWMChip.chipNumber(parts[0]), s.chips[n] != nil else { return nil }
        if parts.count == 1 { return .chipDir(n) }
        if parts.count == 2, Self.chipAttributes.contains(parts[1]) { return .chipAttr(n, parts[1]) }
        guard parts[1].hasPrefix("pwm"), let m = Int(parts[1].dropFirst(3)), String(m) == parts[1].dropFirst(3),
              let channel = Self.channel(n, m, in: s), channel.exported else { return nil }
        if parts.count == 2 { return .channelDir(n, m) }
        if parts.count == 3, Self.channelAttributes.contains(parts[2]) { return .channelAttr(n, m, parts[2]) }
        return nil
    }

    /// `path` without the class directory and slashes around it.
    func relative(_ path: String) -> String {
        var rest = Substring(path)
        if rest.hasPrefix(classDirectory) { rest = rest.dropFirst(classDirectory.count) }
        while rest.hasPrefix("/") { rest = rest.dropFirst() }
        while rest.hasSuffix("/") { rest = rest.dropLast() }
        return String(rest)
    }

    /// Channel `m` of chip `n`, if both exist.
    static func channel(_ n: Int, _ m: Int, in s: State) -> Channel? {
        guard let chip = s.chips[n], chip.channels.indices.contains(m) else { return nil }
        return chip.channels[m]
    }

    private func update(_ chip: Int, _ channel: Int, _ change: (inout Channel) -> Void) {
        state.withLock { s in
            guard var c = s.chips[chip], c.channels.indices.contains(channel) else { return }
            change(&c.channels[channel])
            s.chips[chip] = c
        }
    }

    /// A write through a handle: the store again, or ENODEV once the channel it was
    /// opened on has been unexported (even if exported again since).
    func handleWrite(_ path: String, _ value: String, generation: Int?) -> Int32 {
        if let generation {
            let alive: Bool = state.withLock { s in
                guard case .channelAttr(let n, let m, _)? = node(path, in: s) else { return false }
                return s.chips[n]?.channels[m].generation == generation
            }
            if !alive {
                state.withLock { $0.writes.append(Write(path: relative(path), value: value, result: ENODEV)) }
                return ENODEV
            }
            return state.withLock { s in
                guard case .channelAttr(let n, let m, let attr)? = node(path, in: s) else { return ENODEV }
                let rc = Self.store(value, attr, n, m, in: &s)
                s.writes.append(Write(path: relative(path), value: value, result: rc))
                return rc
            }
        }
        return write(path, value)
    }

    /// A handle from `openForWriting`: permission was checked at open, as on a real fd.
    final class Handle: SysfsWriteHandle, @unchecked Sendable {
        private let double: SysfsPWMDouble
        private let path: String
        private let generation: Int?
        private var open = true

        init(_ double: SysfsPWMDouble, path: String, generation: Int?) {
            self.double = double
            self.path = path
            self.generation = generation
        }

        func write(_ bytes: UnsafeRawBufferPointer) -> Int32 {
            guard open else { return EBADF }
            return double.handleWrite(path, String(decoding: bytes, as: UTF8.self), generation: generation)
        }

        func close() { open = false }
    }
}

