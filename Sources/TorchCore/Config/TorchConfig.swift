/// Everything the config file (`torch.conf`) can set, as plain values with the
/// documented defaults. One nested value per built-in `[section]`; field names follow the
/// keys (`hold-time` → `button.holdTime`). A front end's section (`FrontEndSection`) is
/// kept by its type: `config[WebSection.self]`. Parse one with
/// `TorchConfig.parse(_:file:frontEnds:)`.
public struct TorchConfig: Equatable, Sendable {
    public var light = Light()
    public var button = Button()
    public var output = Output()
    public var feedback = Feedback()
    public var board = Board()
    public var service = Service()
    /// The sections front ends bring (`[web]`, `[mqtt]`), read with `config[Section.self]`.
    var frontEndSettings = FrontEndSettingsStore()
    /// The `[pattern.NAME]` sections, in file order.
    public var customPatterns: [PatternDefinition] = []
    /// `[gestures]` beyond `1c` and `2c` (which land in `button.onTap` and
    /// `button.onDoubleTap`): gesture → action, unmapped gestures absent.
    public var gestures: [GestureName: GestureAction] = GestureMap.standard.actions.filter { $0.key.count > 2 || $0.key == .clickHold(1) || $0.key == .clickHold(2) }

    public init() {}

    /// The settings used when the file sets nothing.
    public static let defaults = TorchConfig()
}

extension TorchConfig {
    /// `[light]`: how bright, which curve, which patterns.
    public struct Light: Equatable, Sendable {
        /// `brightness`: the level at start, 1…100 % perceived lightness.
        public var brightness: Brightness = .full
        /// `curve`: lightness → duty mapping.
        public var curve: BrightnessCurve = .cie
        /// `max-brightness`: the highest level anything lights at (thermal or current limit),
        /// 1…100 %: a level above it lights at it.
        public var maxBrightness: Brightness = .full
        /// `pattern`: the name of the pattern at start.
        public var pattern = "steady"
        /// `patterns`: the names that "next pattern" cycles through, in order.
        public var patterns = ["steady", "strobe-slow", "strobe-fast", "sos", "breathe"]
        /// `remote-flashing`: the web page and MQTT may start patterns that flash more
        /// than three times a second.
        public var remoteFlashing = false
        /// `light-by-default`: lit as soon as the service starts (the boot-time light).
        public var lightByDefault = false
        /// `at-start`: without light-by-default, whether a start restores the saved lit state.
        public var atStart: StartRule = .restore
        /// `sleep-timer`: go dark after this long lit; nil is off.
        public var sleepTimer: Duration? = nil
        /// `sleep-fade`: how long the sleep timer's fade-out takes.
        public var sleepFade: Duration = .seconds(3)
        /// `blink-speed`: above 0 and at most 1; faster towards 1, 1 is steady.
        public var blinkSpeed = 0.5
        /// `breathe-period`: one full breathe cycle.
        public var breathePeriod: Duration = .seconds(4)
        /// `sos-unit`: the Morse dot length of the SOS pattern.
        public var sosUnit: Duration = .milliseconds(150)
        /// `sos-style`: SOS as three letters or one sign (ITU's distress signal).
        public var sosStyle: SOSStyle = .letters
        /// `floor`: the lowest level of ramps, the floor action and lockout's glow.
        public var floor: Brightness = Brightness(clamping: Brightness.minimum)
        /// `ceiling`: the highest level of ramps and the ceiling (turbo) action.
        public var ceiling: Brightness = .full
        /// `memory`: the level a light from dark comes on at.
        public var memory: MemoryRule = .automatic
        /// `memory-level`: the manual memory level until a `memory` gesture saves another.
        public var memoryLevel: Brightness = .full
        /// `hybrid-after`: with `memory = hybrid`, dark this long → the manual level.
        public var hybridAfter: Duration = .seconds(600)
        /// `transition`: every level change fades over this (0: instant).
        public var transition: Duration = .zero

        public init() {}
    }

    /// `[button]`: the push button(s) and what gestures do.
    public struct Button: Equatable, Sendable {
        /// `mode` (and `hold-for-light = yes`, which means `momentary`).
        public var mode: ButtonMode = .smart
        /// `debounce`: edges closer than this to the last accepted edge are bounce.
        public var debounce: Duration = .milliseconds(10)
        /// `hold-time`: a press longer than this is a hold, not a tap.
        public var holdTime: Duration = .milliseconds(400)
        /// `double-tap-window`: the longest gap between two taps of a double tap.
        public var doubleTapWindow: Duration = .milliseconds(300)
        /// `long-hold`: a press longer than this is a long hold.
        public var longHold: Duration = .seconds(2)
        /// `stuck-after`: a press longer than this is a stuck or shorted button.
        public var stuckAfter: Duration = GestureTiming.defaultStuckAfter
        /// `ramp-time`: holding while lit ramps brightness end to end in this time.
        public var rampTime: Duration = .seconds(2)
        /// `on-tap`
        public var onTap: GestureAction = .toggle
        /// `on-double-tap`
        public var onDoubleTap: GestureAction = .nextPattern
        /// `on-long-hold`
        public var onLongHold: GestureAction = .sos
        /// `auto-lock`: lockout after the light has been dark this long; nil is off.
        public var autoLock: Duration? = nil
        /// `sunset-step`: what each acknowledgement blink of the sunset timer adds.
        public var sunsetStep: Duration = .seconds(300)
        /// `readout`: what the readout gesture blinks out. Default: the IP address's last part.
        public var readout: ReadoutSource = .ip
        /// `simple-ui`: start in the Simple UI.
        public var simpleUI = false
        /// `simple-ui-ceiling`: the Simple UI's highest level.
        public var simpleUICeiling: Brightness = Brightness(clamping: 0.5)
        /// `chip`: the ON (and OFF) button's GPIO chip, as gpioset names it; nil = board default.
        public var chip: String? = nil
        /// `line`: the ON button's line, by offset or name; nil = no button.
        public var line: String? = nil
        /// `off-line`: an optional second button that stops everything.
        public var offLine: String? = nil
        /// `bias`: the input's internal resistor.
        public var bias: LineBias = .pullUp
        /// `active-low`: pressed reads as 0 (a button to ground with a pull-up).
        public var activeLow = true

        /// `hold-for-light`: lit only while held.
        public var holdForLight: Bool { mode == .momentary }

        public init() {}
    }

    /// `[output]`: the light's line or PWM channel.
    public struct Output: Equatable, Sendable {
        /// `backend`
        public var backend: BackendRequest = .auto
        /// `chip`: the output line's GPIO chip; nil = board default.
        public var chip: String? = nil
        /// `line`: the output line, by offset or name.
        public var line: String? = nil
        /// `active-low`: the LED lights when the line is driven low.
        public var activeLow = false
        /// `pwm-frequency`: hardware PWM frequency in hertz.
        public var pwmFrequency = 2000.0
        /// `soft-pwm-frequency`: software PWM (line toggling) frequency in hertz.
        public var softPWMFrequency = 1000.0
        /// `pwm-chip`: the PWM controller's device name (`1f00098000.pwm`) or a pwmchip path.
        public var pwmChip: String? = nil
        /// `pwm-channel`: the channel on that controller.
        public var pwmChannel: Int? = nil

        public init() {}
    }

    /// `[feedback]`: an indicator LED or buzzer that pulses on gestures.
    public struct Feedback: Equatable, Sendable {
        /// `line`: the indicator's line; nil = no feedback.
        public var line: String? = nil
        /// `chip`: its GPIO chip; nil = the button's chip.
        public var chip: String? = nil
        /// `pulse`: how long one feedback pulse lasts.
        public var pulse: Duration = .milliseconds(30)
        /// `blink-on-pattern-change`: pulse when the pattern changes.
        public var blinkOnPatternChange = false

        public init() {}
    }

    /// `[board]`: which board this is.
    public struct Board: Equatable, Sendable {
        /// `name`: `auto` (detect) or a board id.
        public var name = "auto"
        /// `stealth-leds`: the /sys/class/leds names that stealth turns off; nil = the board's.
        public var stealthLEDs: [String]? = nil

        public init() {}
    }

    /// `[service]`: the background service.
    public struct Service: Equatable, Sendable {
        /// `socket`: the control socket's path.
        public var socket = "/run/torch/torch.sock"
        /// `socket-group`: the group allowed to use the socket.
        public var socketGroup = "gpio"
        /// `state-file`: where the last brightness, pattern and mode are kept.
        public var stateFile = "/var/lib/torch/state"
        /// `scheduler-priority`: SCHED_FIFO priority of the pattern thread, 1…99.
        public var schedulerPriority = 50
        /// `cpu-latency`: hold /dev/cpu_dma_latency at 0 while a pattern with deadlines
        /// plays (no deep CPU idle state delays a wake-up); released when steady or dark.
        public var cpuLatency = true
        /// `share-cpu`: the pattern thread moves to the event loop's CPU at each hand-off,
        /// so a button's hand-off preempts the loop instead of waking another CPU from idle.
        public var shareCPU = true
        /// `watchdog`: answer systemd's watchdog (sd_notify WATCHDOG=1).
        public var watchdog = true

        public init() {}
    }

    /// One `[pattern.NAME]` section: a named custom pattern.
    public struct PatternDefinition: Equatable, Sendable {
        /// NAME, from `a-z`, `0-9` and `-`.
        public var name: String
        /// `steps`: the custom pattern text, checked later by the pattern parser.
        public var steps: String
        /// The line of `steps =`, so the pattern parser's errors can say `file:line`.
        public var line: Int

        public init(name: String, steps: String, line: Int) {
            self.name = name
            self.steps = steps
            self.line = line
        }
    }
}
