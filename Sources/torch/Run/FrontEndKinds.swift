import TorchCore
import TorchEngine

/// The front ends that bring a config section, in the order their sections follow the
/// built-in ones in torch.conf and its reference. Every parse of a config file takes
/// their sections, and the service starts each one (`Runner`). A new one is one line here.
enum FrontEndKinds {
    static let all: [any FrontEndKind] = [
        MQTTFrontEndKind(),
        WebFrontEndKind(),
        SensorFrontEndKind(),
    ]

    /// Their sections, for the config parser and the reference.
    static let sections: [any FrontEndSection.Type] = all.map(\.section)
}
