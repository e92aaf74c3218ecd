extension BoardProfile {
    /// Parses one board file. `id` is the file name without `.board`; `file` is only
    /// used in messages. Throws every problem found, in line order.
    public static func parse(_ text: String, id: String, file: String) throws(BoardFileErrors) -> BoardProfile {
        var parser = BoardFileParser(id: id, file: file)
        parser.read(text)
        return try parser.finish()
    }
}

/// Reads the lines of one board file, collecting errors as it goes.
struct BoardFileParser {
    static let sections = ["board", "header", "pwm"]
    static let boardKeys = ["name", "compatible", "model", "gpio-chip", "led", "button", "off-button",
                            "buzzer", "status-leds", "boot-line-gap"]
    /// Keys that may be given more than once, each adding one entry.
    static let repeatable: Set<String> = ["compatible", "model"]
    /// The suggestion keys, each naming a header GPIO pin.
    static let pinKeys = ["led", "button", "off-button", "buzzer"]

    let id: String
    let file: String
    var errors: [BoardFileError] = []
    var board: [String: (value: String, line: Int)] = [:]
    var compatible: [String] = []
    var models: [String] = []
    var boardLine: Int?
    /// Header pins as written, with the chip left empty when the line names none.
    var header: [(pin: HeaderPin, line: Int)] = []
    var pwm: [(pwm: BoardPWM, line: Int)] = []

    init(id: String, file: String) {
        self.id = id
        self.file = file
    }

    /// Keys and values from the file are echoed as written, so their control characters
    /// are escaped here: one place for every message (a file is one line per entry, so
    /// a newline cannot reach a message; an escape sequence could drive the terminal).
    mutating func error(_ line: Int, _ message: String) {
        errors.append(BoardFileError(file: file, line: line, message: EchoedText.escapingControls(message)))
    }

    mutating func read(_ text: String) {
        var section: String? = nil
        var ignoring = false
        for (number, line) in ConfigLexer.lines(of: text) {
            switch line {
            case .blank:
                continue
            case let .malformed(message):
                error(number, message)
            case let .section(name):
                guard Self.sections.contains(name) else {
                    error(number, "unknown section [\(name)]\(hint(name, Self.sections, "[", "]")): "
                        + "board files have [board], [header] and [pwm]")
                    ignoring = true
                    continue
                }
                if name == "board" { boardLine = boardLine ?? number }
                section = name
                ignoring = false
            case let .entry(key, value):
                if ignoring { continue }
                switch section {
                case "board": boardEntry(key, value, number)
                case "header": headerEntry(key, value, number)
                case "pwm": pwmEntry(key, value, number)
                default: error(number, "'\(key)' is outside a section: start the file with [board]")
                }
            }
        }
    }

    mutating func boardEntry(_ key: String, _ value: String, _ number: Int) {
        guard Self.boardKeys.contains(key) else {
            error(number, "[board]: unknown key '\(key)'\(hint(key, Self.boardKeys, "'", "'"))")
            return
        }
        guard !value.isEmpty else {
            error(number, "\(key): empty value")
            return
        }
        switch key {
        case "compatible": compatible.append(value)
        case "model": models.append(value)
        default:
            if let first = board[key] {
                error(number, "\(key): set twice (first on line \(first.line))")
                return
            }
            board[key] = (value, number)
        }
    }

    mutating func headerEntry(_ key: String, _ value: String, _ number: Int) {
        guard Self.isPinID(key) else {
            error(number, "[header]: '\(key)' is not a pin: expected a header pin such as 12 or P9_14")
            return
        }
        if let first = header.first(where: { $0.pin.pin == key }) {
            error(number, "[header] pin \(key): described twice (first on line \(first.line))")
            return
        }
        let words = Self.words(value)
        switch words.count {
        case 1:
            header.append((HeaderPin(pin: key, use: .other(words[0])), number))
        case 2, 3:
            let names = words[0].split(separator: "/").map(String.init)
            guard !names.isEmpty, names.allSatisfy({ !$0.isEmpty }) else {
                error(number, "[header] pin \(key): '\(words[0])' is not a line name: expected NAME or NAME/ALIAS")
                return
            }
            guard let offset = Int(words[1]), offset >= 0, words[1].allSatisfy(\.isNumber) else {
                error(number, "[header] pin \(key): offset '\(words[1])' is not valid: expected a line offset (0, 1, 2, …)")
                return
            }
            let line = BoardLine(names: names, offset: offset, chip: words.count == 3 ? words[2] : "")
            header.append((HeaderPin(pin: key, use: .line(line)), number))
        default:
            error(number, "[header] pin \(key): '\(value)' is not valid: expected 3V3, 5V, GND (one word) or NAME OFFSET [CHIP]")
        }
    }

    mutating func pwmEntry(_ key: String, _ value: String, _ number: Int) {
        if let first = pwm.first(where: { $0.pwm.pin == key }) {
            error(number, "[pwm] pin \(key): listed twice (first on line \(first.line))")
            return
        }
        let words = Self.words(value)
        guard words.count >= 3 else {
            error(number, "[pwm] pin \(key): '\(value)' is not valid: expected DEVICE CHANNEL ENABLE (e.g. fe20c000.pwm 0 dtoverlay=pwm,pin=18,func=2)")
            return
        }
        guard let channel = Int(words[1]), channel >= 0, channel <= 1023, words[1].allSatisfy(\.isNumber) else {
            error(number, "[pwm] pin \(key): channel '\(words[1])' is not valid: expected 0…1023")
            return
        }
        let enable = words[2...].joined(separator: " ")
        pwm.append((BoardPWM(pin: key, device: words[0], channel: channel, enable: enable), number))
    }

    mutating func finish() throws(BoardFileErrors) -> BoardProfile {
        let at = boardLine ?? 1
        if boardLine == nil { error(1, "no [board] section: a board file starts with [board] and its name") }
        let name = board["name"]?.value
        let chip = board["gpio-chip"]?.value
        if boardLine != nil {
            if name == nil { error(at, "[board]: 'name' is missing") }
            if chip == nil { error(at, "[board]: 'gpio-chip' is missing (the label of the header's GPIO chip)") }
            if compatible.isEmpty && models.isEmpty {
                error(at, "[board]: no 'compatible' or 'model': nothing would recognise this board")
            }
        }
        let defaultChip = chip ?? ""
        let pins = header.map { entry -> HeaderPin in
            guard var line = entry.pin.line else { return entry.pin }
            if line.chip.isEmpty { line.chip = defaultChip }
            return HeaderPin(pin: entry.pin.pin, use: .line(line))
        }
        checkLines(pins)
        let gpioPins = Set(pins.filter { $0.line != nil }.map(\.pin))
        for entry in pwm where !gpioPins.contains(entry.pwm.pin) {
            error(entry.line, "[pwm] pin \(entry.pwm.pin): not a GPIO pin in [header]")
        }
        for key in Self.pinKeys {
            guard let (pin, line) = board[key] else { continue }
            if !gpioPins.contains(pin) { error(line, "\(key): pin '\(pin)' is not a GPIO pin in [header]") }
        }
        guard errors.isEmpty, let name, let chip else {
            let sorted = errors.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }
            throw BoardFileErrors(sorted.map(\.element))
        }
        return BoardProfile(
            id: id, name: name, compatible: compatible, modelPrefixes: models, gpioChip: chip,
            header: pins, pwm: pwm.map(\.pwm),
            ledPin: board["led"]?.value, buttonPin: board["button"]?.value,
            offButtonPin: board["off-button"]?.value, buzzerPin: board["buzzer"]?.value,
            statusLEDs: board["status-leds"].map { Self.words($0.value) } ?? [],
            bootLineGap: board["boot-line-gap"]?.value)
    }

    /// Two pins on one line, or one name on two lines, is a typo in the map.
    mutating func checkLines(_ pins: [HeaderPin]) {
        var seenLine: [String: String] = [:]
        var seenName: [String: String] = [:]
        for (index, pin) in pins.enumerated() {
            guard let line = pin.line else { continue }
            let number = header[index].line
            let key = "\(line.chip)#\(line.offset)"
            if let other = seenLine[key] {
                error(number, "[header] pin \(pin.pin): line \(line.offset) of \(line.chip) is already pin \(other)")
            }
            seenLine[key] = seenLine[key] ?? pin.pin
            for n in line.names {
                if let other = seenName[n.lowercased()], other != pin.pin {
                    error(number, "[header] pin \(pin.pin): name '\(n)' is already pin \(other)")
                }
                seenName[n.lowercased()] = seenName[n.lowercased()] ?? pin.pin
            }
        }
    }

    func hint(_ word: String, _ candidates: [String], _ open: String, _ close: String) -> String {
        ConfigSuggestion.closest(to: word, in: candidates).map { " (did you mean \(open)\($0)\(close)?)" } ?? ""
    }

    /// Letters, digits and `_`: `12`, `P9_14`.
    static func isPinID(_ s: String) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy {
            ("0"..."9").contains($0) || ("A"..."Z").contains($0) || ("a"..."z").contains($0) || $0 == "_"
        }
    }

    /// Splits on spaces and tabs.
    static func words(_ s: String) -> [String] {
        s.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    }
}
