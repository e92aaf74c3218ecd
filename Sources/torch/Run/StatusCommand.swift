import TorchCore
import TorchHardware

/// `torch status`: the last state, the config in use and the backend `auto` would pick.
enum StatusCommand {
    static func print(json: Bool, state: StateRecord, configPath: String?, statePath: String, config: TorchConfig) -> Int32 {
        let chips = BackendChoice.gpioChips()
        let backend = chips.isEmpty ? "sim" : (config.output.line == nil ? "sim" : "gpiod")
        if json {
            let text = "{\"lit\":\(state.lit),\"brightness\":\(state.brightness.fraction),\"pattern\":\(quoted(state.pattern)),"
                + "\"button_mode\":\(quoted(state.buttonMode)),\"backend\":\(quoted(backend)),\"service\":false,"
                + "\"config\":\(configPath.map(quoted) ?? "null"),\"state_file\":\(quoted(statePath))}\n"
            writeAll(1, text)
        } else {
            var s = "torch: \(state.lit ? "lit" : "dark") (last state; no torch service is running)\n"
            s += "  brightness   \(state.brightness)\n"
            s += "  pattern      \(state.pattern)\n"
            s += "  button mode  \(state.buttonMode)\n"
            s += "  backend      \(backend) (auto)\n"
            s += "  config       \(configPath ?? "built-in defaults")\n"
            s += "  state file   \(statePath)\n"
            writeAll(1, s)
        }
        return 0
    }

    static func quoted(_ s: String) -> String { JSONText.string(s) }
}
