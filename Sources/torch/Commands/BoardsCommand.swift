import TorchCLI
import TorchCore
import TorchHardware

/// `torch boards`: the known board profiles, their PWM pins and suggested wiring.
struct BoardsCommand: LocalCommand {
    static let spec = CommandSpec.query("boards", overview: "List the known boards: header pins, PWM-capable pins, suggested wiring.",
                                        json: Flag("json", help: "Print JSON.")) { .local(BoardsCommand(json: $0)) }

    /// `--json`.
    var json: Bool

    func run(_ context: LocalContext) -> Int32 {
        let catalog: BoardCatalog
        let directory: String
        do { (catalog, directory) = try BoardFiles.loadCatalog() } catch {
            StandardError.write("torch: \(error)\n")
            return ExitCode.failure
        }
        StandardOutput.write(json ? Self.jsonText(catalog, directory: directory) : Self.text(catalog, directory: directory))
        return ExitCode.ok
    }

    /// The listing for people: one block per board.
    static func text(_ catalog: BoardCatalog, directory: String) -> String {
        var s = "Boards (\(directory)):\n"
        let width = (catalog.ids.map(\.count).max() ?? 0) + 2
        let indent = String(repeating: " ", count: width + 2)
        for b in catalog.profiles {
            s += "  " + pad(b.id, width) + b.name + "  [\(b.gpioChip)]\n"
            let pwm = b.pwm.map { p in "\(pinText(b, p.pin)) → \(p.device) ch \(p.channel)" }
            s += indent + "PWM: " + (pwm.isEmpty ? "none" : pwm.joined(separator: ", ")) + "\n"
            s += indent + "suggested: " + suggestions(b).map { "\($0.role) \(pinText(b, $0.pin))" }.joined(separator: ", ") + "\n"
            if !b.statusLEDs.isEmpty { s += indent + "status LEDs: " + b.statusLEDs.joined(separator: ", ") + "\n" }
        }
        return s
    }

    /// The catalog as one JSON object: where the profiles came from and each board.
    static func jsonText(_ catalog: BoardCatalog, directory: String) -> String {
        func texts(_ list: [String]) -> JSONValue { .array(list.map(JSONValue.string)) }
        func line(_ b: BoardProfile, _ pin: String) -> JSONValue { .string(b.headerPin(pin)?.line?.name ?? "") }
        let boards = catalog.profiles.map { b -> JSONValue in
            let pwm = b.pwm.map { p in
                JSONValue.object([JSONMember("pin", .string(p.pin)), JSONMember("line", line(b, p.pin)),
                                  JSONMember("device", .string(p.device)), JSONMember("channel", .number(Double(p.channel))),
                                  JSONMember("enable", .string(p.enable))])
            }
            let suggested = suggestions(b).map { s in
                JSONMember(s.role, .object([JSONMember("pin", .string(s.pin)), JSONMember("line", line(b, s.pin))]))
            }
            return .object([
                JSONMember("id", .string(b.id)), JSONMember("name", .string(b.name)), JSONMember("gpio_chip", .string(b.gpioChip)),
                JSONMember("compatible", texts(b.compatible)), JSONMember("model", texts(b.modelPrefixes)),
                JSONMember("pwm", .array(pwm)), JSONMember("suggested", .object(suggested)),
                JSONMember("status_leds", texts(b.statusLEDs)),
            ])
        }
        return JSONValue.object([JSONMember("directory", .string(directory)), JSONMember("boards", .array(boards))]).jsonText + "\n"
    }

    /// The suggested pins that are set, by role (led, button, off-button, buzzer).
    static func suggestions(_ b: BoardProfile) -> [(role: String, pin: String)] {
        [("led", b.ledPin), ("button", b.buttonPin), ("off-button", b.offButtonPin), ("buzzer", b.buzzerPin)]
            .compactMap { role, pin in pin.map { (role, $0) } }
    }

    /// `s` left-aligned in `width` columns (never cut: a long word gets one space).
    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + " " : s + String(repeating: " ", count: width - s.count)
    }

    /// "pin 12 (GPIO18)".
    static func pinText(_ b: BoardProfile, _ pin: String) -> String {
        b.headerPin(pin)?.label ?? pin
    }
}

