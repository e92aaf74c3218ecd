import TorchCore
import TorchHardware

/// `torch status`: the last state, the config in use and the backend `auto` would pick.
enum StatusCommand {
    static func print(json: Bool, state: StateRecord, configPath: String?, statePath: String, config: TorchConfig) -> Int32 {
        // The same decision `--backend auto` makes, from the board profile and the machine.
        let backend = (try? BackendChoice.outputPlan(config))?.backend.rawValue ?? "sim"
        if json {
            let text = "{\"lit\":\(state.lit),\"brightness\":\(state.brightness.fraction),\"pattern\":\(JSONText.string(state.pattern)),"
                + "\"button_mode\":\(JSONText.string(state.buttonMode)),\"backend\":\(JSONText.string(backend)),\"service\":false,"
                + "\"config\":\(configPath.map(JSONText.string) ?? "null"),\"state_file\":\(JSONText.string(statePath))}\n"
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

}
