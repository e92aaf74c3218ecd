/// Dark: the light's own state after a tap, the OFF button, a command, the sleep timer
/// or a release that ends a light held by the button. It plays dark (after a fade to it
/// when `[light] transition` says so).
struct OffMode: BaseMode {
    var program: LightProgram
    static var lit: Bool { false }
    static func timeline(in machine: TorchStateMachine) -> Timeline { .dark }
}
