/// The gesture map smart mode plays (`SmartButtons`).
extension TorchStateMachine {
    /// The gesture map in force: the Simple UI keeps 1c, 2c, 1h and the gestures that
    /// lock or leave it; everything else does nothing there.
    var activeMap: GestureMap {
        let full = settings.gestureMap
        guard simpleUI else { return full }
        var m = GestureMap([:])
        for (g, a) in full.actions where [.clicks(1), .clicks(2), .clickHold(1)].contains(g) || a == .lockout || a == .simpleUI {
            m[g] = a
        }
        return m
    }
}
