import Testing
import TorchCore
import TorchEngine
import TorchTestSupport

/// The property behind the state machine's modes, on random input: button bursts and
/// holds, the OFF button, commands (with and without their own transition), flashes,
/// readout numbers, load averages and settings changes, each at a random instant of a
/// manual clock, with every timer in between run at its own deadline. After every step
/// the program handed to the scheduler is the one the state machine says plays, and it
/// agrees with the status: lit or dark, the pattern, the level and the mode. Each seed
/// replays the same run; a failure names its seed and the steps that led to it.
@Suite struct ProgramStatusPropertyTests {
    /// 508 has a readout's number come in while the sunset timer's fade holds the light.
    /// Under qemu-user the first 24: the runs are integer arithmetic on a manual clock, the
    /// same steps on every CPU, so the emulated run checks the state machine built for
    /// arm64 and the machine's own run the breadth of the 201.
    static let seeds: [UInt64] = Array(1...(underEmulation ? 24 : 200)) + [508]
    static let stepsPerRun = 100
    /// The seeds in eight groups, run side by side.
    static let groups: [[UInt64]] = (0..<8).map { g in seeds.enumerated().filter { $0.offset % 8 == g }.map(\.element) }

    @Test(arguments: groups)
    func theProgramPlayedAndTheStatusAgreeAfterEveryStep(_ group: [UInt64]) {
        for seed in group {
            let run = Self.run(seed)
            if let failure = run.failure {
                let steps = run.log.suffix(14).joined(separator: "\n")
                Issue.record("seed \(seed) (replay: RandomRun(seed: \(seed))): \(failure)\nthe steps before it:\n\(steps)")
            }
            // Every run moves the light: a generator that only idles would prove nothing.
            #expect(run.programsHanded > 0, "seed \(seed): no program was handed")
        }
    }

    /// The first 64 runs between them reach every base mode and overlay the check allows for.
    @Test(.disabled(if: underEmulation, "the runs' steps are the same on every CPU; the machine's own run checks their reach"))
    func theRunsReachEveryMode() {
        let seen = (1...64).map(UInt64.init).reduce(into: Set<String>()) { $0.formUnion(Self.run($1).modesSeen) }
        for mode in ["dark", "steady", "lockout", "glow", "momentary mode", "simple UI", "while held", "transition",
                     "flash or readout", "sunset set-up", "sleep fade", "ramp", "heartbeat"] {
            #expect(seen.contains(mode), "no run reached \(mode)")
        }
    }

    /// Seed `seed`'s run, up to its first disagreement.
    static func run(_ seed: UInt64) -> RandomRun {
        var run = RandomRun(seed: seed)
        for _ in 0..<stepsPerRun where run.failure == nil {
            run.step()
        }
        return run
    }
}

/// One seeded run: its settings, its rig, the log of its steps and the first disagreement.
struct RandomRun {
    var random: SplitMix64
    var rig: TorchRig
    var t: Instant = .zero
    var log: [String] = []
    var failure: String?
    var programsHanded = 0
    var modesSeen = Set<String>()
    /// The program the scheduler plays now: the last one handed to it.
    var handed: ScheduledProgram?
    /// The level shown at the last check, to see a ramp move it.
    var lastLevel: Brightness?
    let settings: TorchSettings

    static let cycle: [Pattern] = [.steady, .strobe(.slow), .sos, .effect(.heartbeat), .blink(on: .milliseconds(300), off: .milliseconds(700))]

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        var s = TorchSettings(patterns: Self.cycle)
        let modes: [ButtonMode] = [.smart, .smart, .smart, .smart, .smart, .toggle, .momentary, .longPress]
        s.buttonMode = modes[random.below(modes.count)]
        s.sleepTimer = [nil, .seconds(4), .seconds(12)][random.below(3)]
        s.sleepFade = [.zero, .seconds(1), .seconds(3)][random.below(3)]
        s.transition = [.zero, .zero, .milliseconds(250), .seconds(1)][random.below(4)]
        s.autoLock = [nil, nil, .seconds(6)][random.below(3)]
        s.sunsetStep = .seconds(2)
        s.simpleUI = random.below(6) == 0
        s.maxBrightness = [.full, .full, Brightness(clamping: 0.6)][random.below(3)]
        s.memory = [.automatic, .manual, .hybrid][random.below(3)]
        s.hybridAfter = .seconds(5)
        s.memoryLevel = Brightness(clamping: 0.8)
        let actions = GestureAction.allCases.filter { $0 != .ramp }
        if random.below(3) == 0 { s.tapAction = actions[random.below(actions.count)] }
        if random.below(3) == 0 { s.doubleTapAction = actions[random.below(actions.count)] }
        s.longHoldAction = actions[random.below(actions.count)]
        if random.below(4) == 0 { s.gestures[.clickHold(2)] = actions[random.below(actions.count)] }
        settings = s
        rig = TorchRig(s)
        handed = rig.startProgram
        log.append("settings: mode \(s.buttonMode), sleep \(s.sleepTimer.map { "\($0)" } ?? "off"), fade \(s.sleepFade), "
                   + "transition \(s.transition), auto-lock \(s.autoLock.map { "\($0)" } ?? "off"), simple UI \(s.simpleUI), "
                   + "max \(s.maxBrightness), memory \(s.memory), 1c \(s.tapAction), 2c \(s.doubleTapAction), "
                   + "long hold \(s.longHoldAction), 2h \(s.gestures[.clickHold(2)])")
        check("start")
    }

    mutating func ms(_ range: ClosedRange<Int64>) -> Duration {
        .milliseconds(range.lowerBound + Int64(random.below(Int(range.upperBound - range.lowerBound + 1))))
    }

    /// One random input (after the time before it), checked after every timer on the way.
    mutating func step() {
        guard failure == nil else { return }
        wait(ms(0...1_500))
        switch random.below(20) {
        case 0..<8: burst()
        case 8: offPress()
        case 9..<14: command()
        case 14: flash()
        case 15: load()
        case 16: settingsChange()
        default: wait(ms(1_000...9_000))
        }
        // The readout gesture asks for its number: the shell reads it and hands it back.
        if rig.controller.wantsReadout, failure == nil {
            wait(ms(1...40))
            let n = UInt64(random.below(120))
            rig.controller.handle(.reading(.readout(.success(ReadoutReading(Readout(number: n)))), at: t))
            collect("readout \(n)")
        }
    }

    /// 1 to 10 clicks of the ON button, the last one sometimes held (a hold, a long hold).
    mutating func burst() {
        let counts = [1, 1, 1, 2, 2, 3, 4, 5, 6, 7, 10]
        let n = counts[random.below(counts.count)]
        let hold = random.below(3) == 0
        for i in 1...n {
            edge(true, "press \(i)/\(n)")
            let last = i == n
            wait(last && hold ? ms(450...3_500) : ms(20...140))
            edge(false, "release \(i)/\(n)")
            if !last { wait(ms(60...220)) }
        }
    }

    mutating func edge(_ pressed: Bool, _ what: String) {
        guard failure == nil else { return }
        rig.controller.handle(.edge(ButtonEdge(role: .on, pressed: pressed, at: t)))
        collect(what)
    }

    mutating func offPress() {
        rig.controller.handle(.edge(ButtonEdge(role: .off, pressed: true, at: t)))
        collect("OFF press")
        wait(ms(30...120))
        rig.controller.handle(.edge(ButtonEdge(role: .off, pressed: false, at: t)))
        collect("OFF release")
    }

    mutating func command() {
        let level = Brightness(clamping: Double(1 + random.below(100)) / 100)
        let pattern = Self.cycle[random.below(Self.cycle.count)]
        let commands: [ControlCommand] = [
            .on(nil), .on(level), .off, .toggle, .pattern(pattern), .mode(pattern), .brightness(level),
            .nextPattern, .stealth(random.below(2) == 0),
        ]
        let c = commands[random.below(commands.count)]
        let transition: Duration? = random.below(4) == 0 ? ms(0...800) : nil
        rig.controller.handle(.request(ControlRequest(c, transition: transition), from: .socket, at: t))
        collect("command \(c)\(transition.map { " transition \($0)" } ?? "")")
    }

    mutating func flash() {
        let pattern = Self.cycle[random.below(Self.cycle.count)]
        let length = ms(200...3_000)
        rig.controller.handle(.request(ControlRequest(commands: [], flash: length, flashPattern: pattern), from: .socket, at: t))
        collect("flash \(pattern.canonicalText) for \(length)")
    }

    mutating func load() {
        let value = Double(random.below(400)) / 100
        rig.controller.handle(.reading(.loadAverage(.success(value)), at: t))
        collect("load \(value)")
    }

    mutating func settingsChange() {
        let changes = [
            UserSettings(sleepTimer: .seconds(5)), UserSettings(sleepTimer: .zero), UserSettings(holdForLight: true),
            UserSettings(holdForLight: false), UserSettings(lightByDefault: true),
        ]
        let change = changes[random.below(changes.count)]
        rig.controller.handle(.request(ControlRequest(.settings(change)), from: .socket, at: t))
        collect("settings \(change)")
    }

    /// Moves the clock on by `d`, stopping at every deadline on the way.
    mutating func wait(_ d: Duration) {
        let end = t + d
        var guardCount = 0
        while failure == nil, let next = rig.controller.nextDeadline, next <= end {
            guardCount += 1
            if guardCount > 100_000 {
                failure = "the deadline at \(next) never moves on"
                return
            }
            advance(to: max(next, t), "timer")
        }
        if failure == nil { advance(to: end, "wait") }
    }

    mutating func advance(to time: Instant, _ what: String) {
        t = time
        rig.controller.handle(.advance(to: t, output: TorchRig.healthy))
        collect(what)
    }

    mutating func collect(_ what: String) {
        let effects = rig.controller.takeEffects()
        let played = effects.compactMap { if case let .play(p) = $0 { p } else { nil } }
        programsHanded += played.count
        if let p = played.last { handed = p }
        if what != "timer" && what != "wait" || !played.isEmpty {
            log.append("\(t): \(what)")
        }
        check(what)
    }

    mutating func check(_ what: String) {
        guard failure == nil else { return }
        if let d = ProgramStatusCheck.disagreement(rig, handed: handed, at: t, seen: &modesSeen) {
            failure = "at \(t) after \(what): \(d)"
        }
        // A timer that moves the level of a steady light held by no overlay: a ramp's tick.
        let s = rig.controller.status(at: t)
        if what == "timer", s.lit, !s.fading, rig.torch.transitionEnd == nil, rig.torch.readoutEnd == nil,
           let last = lastLevel, last != s.brightness {
            modesSeen.insert("ramp")
        }
        lastLevel = s.brightness
    }
}

/// What must hold between the program played, the state machine and the status.
enum ProgramStatusCheck {
    /// Where they part ways; nil when they agree. `seen` gains the modes in force.
    static func disagreement(_ rig: TorchRig, handed: ScheduledProgram?, at t: Instant, seen: inout Set<String>) -> String? {
        let m = rig.torch
        let s = rig.controller.status(at: t)
        guard let handed else { return "no program handed" }

        // 1. The scheduler plays the state machine's program (nothing changed unhanded).
        let p = m.program
        if handed.timeline != p.timeline || abs(handed.lightness - p.brightness.fraction) > 1e-12
            || handed.startedAt != p.startedAt {
            return "the scheduler plays \(describe(handed)), the state machine's program is "
                + "\(p.timeline) at \(p.brightness) from \(p.startedAt)"
        }

        // 2. The status and the machine name the same mode.
        if s.lit != m.lit { return "status lit \(s.lit), machine lit \(m.lit)" }
        if s.litWhileHeld != (m.lighting == .whileHeld) { return "status lit-while-held \(s.litWhileHeld), lighting \(m.lighting)" }
        if s.lockedOut != m.locked { return "status locked out \(s.lockedOut), lockout \(m.lockout)" }
        if s.buttonMode != m.buttonMode { return "status mode \(s.buttonMode), machine \(m.buttonMode)" }
        if s.fading != (m.fadeEnd != nil) { return "status fading \(s.fading), fade end \(String(describing: m.fadeEnd))" }
        if s.sleepRemaining != nil && !s.lit { return "a sleep timer runs while dark" }
        if m.lockout == .glowing && !s.lit { return "lockout glows while dark" }
        if s.fading && !s.lit { return "fading while dark" }
        if let end = m.fadeEnd, end <= t { return "the fade's end \(end) has passed" }
        if let end = m.readoutEnd, end <= t { return "the readout's end \(end) has passed" }
        if let end = m.transitionEnd, end <= t { return "the transition's end \(end) has passed" }

        // 3. What the status says is what plays, an overlay aside.
        let timeline = !s.lit ? Timeline.dark : m.lockout == .glowing ? Pattern.steady.timeline() : s.pattern.timeline()
        let level = s.brightness.fraction
        note(s, m, &seen)
        if m.readoutEnd != nil {
            seen.insert("flash or readout")
            // A flash or readout plays over the light's state at the level kept (capped).
            if p.startedAt > t { return "the flash or readout starts in the future" }
            return nil
        }
        if s.fading {
            seen.insert("sleep fade")
            // The sleep (or sunset) fade goes from what showed to dark, at the level kept.
            if p.timeline.endLevel != 0 || p.timeline.repeatCount != 1 { return "fading, but the program does not end dark" }
            if let end = m.fadeEnd, p.startedAt + p.timeline.period != end {
                return "the fade's program ends at \(p.startedAt + p.timeline.period), the fade at \(end)"
            }
            return nil
        }
        if let end = m.transitionEnd {
            seen.insert("transition")
            // The transition fades to the status's level, over a single ramp that ends with it.
            if p.startedAt + p.timeline.period != end { return "the transition's program ends at \(p.startedAt + p.timeline.period), the transition at \(end)" }
            var target = TimelineCursor(timeline)
            let to = target.sample(at: 0).level * level
            if abs(p.timeline.endLevel * p.brightness.fraction - to) > 1e-9 {
                return "the transition ends at \(p.timeline.endLevel * p.brightness.fraction), the status's light starts at \(to)"
            }
            return nil
        }
        if s.lit, p.timeline == sunsetBlink {
            // The sunset timer being set: its acknowledgement blink at the level shown.
            seen.insert("sunset set-up")
            return abs(p.brightness.fraction - level) > 1e-9 ? "the sunset blink at \(p.brightness), status \(s.brightness)" : nil
        }
        if !s.lit {
            return p.isDark ? nil : "status dark, the program lights: \(p.timeline)"
        }
        if p.isDark { return "status lit, the program is dark" }
        let same = p.timeline == timeline || (s.pattern == .effect(.heartbeat) && Heartbeat.isHeartbeat(p.timeline))
        if !same { return "status pattern \(s.pattern.canonicalText)\(m.lockout == .glowing ? " (glowing)" : ""), another timeline plays: \(p.timeline)" }
        if abs(p.brightness.fraction - level) > 1e-9 { return "status level \(s.brightness), program level \(p.brightness)" }
        return nil
    }

    /// The sunset set-up's acknowledgement blink.
    static let sunsetBlink = Timeline(steps: [.hold(0, TorchStateMachine.ackBlinkLength)], repeatCount: 1, endLevel: 1)

    static func note(_ s: TorchStatus, _ m: TorchStateMachine, _ seen: inout Set<String>) {
        if !s.lit { seen.insert("dark") }
        if s.lit && !s.litWhileHeld && !m.locked { seen.insert("steady") }
        if m.locked { seen.insert("lockout") }
        if m.lockout == .glowing { seen.insert("glow") }
        if m.momentaryModeOn { seen.insert("momentary mode") }
        if m.simpleUI { seen.insert("simple UI") }
        if s.litWhileHeld { seen.insert("while held") }
        if m.playsHeartbeat { seen.insert("heartbeat") }
    }

    static func describe(_ p: ScheduledProgram) -> String {
        "\(p.timeline) at \(p.lightness) from \(p.startedAt)"
    }
}
