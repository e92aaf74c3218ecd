/// One board as described by its `boards/<id>.board` file: how to recognise it, its
/// header, its hardware PWM pins, the suggested wiring and its own status LEDs.
public struct BoardProfile: Equatable, Sendable {
    /// The file name without `.board`, e.g. `rpi5`; what `[board] name` and `--board` take.
    public var id: String
    /// `name`: the board's name for people, e.g. "Raspberry Pi 5".
    public var name: String
    /// `compatible`: device-tree compatible strings that identify the board.
    public var compatible: [String]
    /// `model`: prefixes of `/proc/device-tree/model` that identify the board.
    public var modelPrefixes: [String]
    /// `gpio-chip`: the label of the chip carrying the header lines (e.g. `pinctrl-rp1`);
    /// a header line that names no chip is on this one.
    public var gpioChip: String
    /// `[header]`: every described header pin, in file order.
    public var header: [HeaderPin]
    /// `[pwm]`: the header pins with a hardware PWM channel, in file order.
    public var pwm: [BoardPWM]
    /// `led`: the suggested pin for the torch LED (a header pin id such as `12`).
    public var ledPin: String?
    /// `button`: the suggested pin for the ON button.
    public var buttonPin: String?
    /// `off-button`: the suggested pin for the optional OFF button.
    public var offButtonPin: String?
    /// `buzzer`: the suggested pin for the feedback buzzer or indicator.
    public var buzzerPin: String?
    /// `status-leds`: the board's own LEDs under /sys/class/leds (those that exist are used).
    public var statusLEDs: [String]
    /// `boot-line-gap`: why the firmware's `config.txt` `gpio=` line does not hold the LED
    /// pin until Linux takes it (nil: it holds, as on the BCM283x/BCM2711 Pis).
    public var bootLineGap: String?

    public init(id: String, name: String, compatible: [String] = [], modelPrefixes: [String] = [],
                gpioChip: String, header: [HeaderPin] = [], pwm: [BoardPWM] = [],
                ledPin: String? = nil, buttonPin: String? = nil, offButtonPin: String? = nil,
                buzzerPin: String? = nil, statusLEDs: [String] = [], bootLineGap: String? = nil) {
        self.id = id
        self.name = name
        self.compatible = compatible
        self.modelPrefixes = modelPrefixes
        self.gpioChip = gpioChip
        self.header = header
        self.pwm = pwm
        self.ledPin = ledPin
        self.buttonPin = buttonPin
        self.offButtonPin = offButtonPin
        self.buzzerPin = buzzerPin
        self.statusLEDs = statusLEDs
        self.bootLineGap = bootLineGap
    }
}

/// One physical header pin: a GPIO line, or a supply/ground/other pin.
public struct HeaderPin: Equatable, Sendable {
    /// The pin as printed on the board: `12` on a Raspberry Pi, `P9_14` on a BeagleBone.
    public var pin: String
    /// What is on it.
    public var use: Use

    public enum Use: Equatable, Sendable {
        /// A GPIO line.
        case line(BoardLine)
        /// Not a GPIO: `3V3`, `5V`, `GND`, `AIN0`, ….
        case other(String)
    }

    public init(pin: String, use: Use) {
        self.pin = pin
        self.use = use
    }

    /// The GPIO line on the pin, nil for supply, ground and the like.
    public var line: BoardLine? {
        if case let .line(l) = use { return l }
        return nil
    }

    /// "pin 12 (GPIO18)", "P9_14 (GPIO1_18)", "pin 6 (GND)".
    public var label: String {
        let what: String
        switch use {
        case let .line(l): what = l.name
        case let .other(o): what = o
        }
        let place = pin.first?.isNumber == true ? "pin \(pin)" : pin
        return "\(place) (\(what))"
    }
}

/// A GPIO line on the header: its name(s), its offset and the chip it is on.
public struct BoardLine: Equatable, Sendable {
    /// Torch's name first (e.g. `GPIO18`), then aliases some kernels use (e.g. `SPI_CE0_N`).
    public var names: [String]
    /// The line's offset on its chip.
    public var offset: Int
    /// The chip's label (the board's `gpio-chip` unless the header line names another).
    public var chip: String

    public init(names: [String], offset: Int, chip: String) {
        self.names = names
        self.offset = offset
        self.chip = chip
    }

    /// Torch's name for the line, e.g. `GPIO18`.
    public var name: String { names.first ?? "line \(offset)" }
}

/// A header pin's hardware PWM channel and how to switch it on.
public struct BoardPWM: Equatable, Sendable {
    /// The header pin, e.g. `12`.
    public var pin: String
    /// The PWM controller's device name, the last part of `pwmchipN/device`
    /// (e.g. `1f00098000.pwm`): stable where pwmchip numbers are not.
    public var device: String
    /// The channel on that controller (what `pwmchipN/export` takes).
    public var channel: Int
    /// What enables it, e.g. `dtoverlay=pwm,pin=18,func=2` (a config.txt line).
    public var enable: String

    public init(pin: String, device: String, channel: Int, enable: String) {
        self.pin = pin
        self.device = device
        self.channel = channel
        self.enable = enable
    }
}
