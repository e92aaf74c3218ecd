import TorchCore

/// `torch mqtt forget`: removes this board from Home Assistant.
enum MQTTSubcommand {
    static let spec = CommandSpec(
        name: "mqtt", overview: "MQTT and Home Assistant: 'torch mqtt forget' removes this board's entities.",
        arguments: [ArgumentSpec(name: "action", help: "forget: publish empty retained discovery configs, state and availability.", optional: false)],
        discussion: """
        Connects to [mqtt] broker with the client id '<client-id>-forget', clears every
        retained message torch published there (Home Assistant deletes the light and the
        button's triggers) and disconnects. Stop the service first, or it announces the
        board again when it reconnects or Home Assistant restarts.
        """,
        drivesLight: false) { p, _ throws(UsageError) in
        let word = p.positionals.first ?? ""
        guard word == "forget" else {
            throw UsageError(message: "<action>: '\(word)' is not valid: expected forget", command: p.command)
        }
        return .mqttForget
    }
}
