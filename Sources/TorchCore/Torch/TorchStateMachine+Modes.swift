/// Entering and leaving the modes on the stack (`ModeStack`), with what each starts or
/// ends (`Overlay.entered`, `left`; `ButtonLayer.entered`, `left`), and the light's state
/// read from it.
extension TorchStateMachine {
    /// Dark, latched, or lit only while the ON button is held: the base mode, and the
    /// light while pressed over it.
    public var lighting: Lighting {
        if modes.find(LightWhilePressed.self) != nil { return .whileHeld }
        return modes.lit ? .latched : .dark
    }

    /// Puts `overlay` on the stack at `t` (in place of one of its type), then runs what
    /// starts with it.
    mutating func enter(_ overlay: some Overlay, at t: Instant) {
        modes.push(overlay)
        overlay.entered(at: t, in: &self)
    }

    /// Takes the overlay `T` off the stack at `t` (nothing when it is not on), then runs
    /// what follows it.
    mutating func leave<T: Overlay>(_: T.Type, at t: Instant) {
        guard let overlay = modes.find(T.self) else { return }
        modes.remove(T.self)
        overlay.left(at: t, in: &self)
    }

    /// The light while pressed, from the light's own program as it plays now
    /// (`refreshProgram` then lights it).
    mutating func lightWhilePressed(at t: Instant) {
        enter(LightWhilePressed(program: modes.ownProgram), at: t)
    }

    /// The light's own state becomes `T` (dark or latched) at `t`, the light while pressed
    /// gone; what plays is unchanged until `refreshProgram`.
    mutating func enterBase<T: BaseMode>(_ mode: T.Type, at t: Instant) {
        leave(LightWhilePressed.self, at: t)
        modes.enterBase(mode)
    }

    /// Puts the button layer `layer` on at `t` (in place of one of its type), then runs
    /// what starts with it when it was not on.
    mutating func enter(_ layer: some ButtonLayer, at t: Instant) {
        let wasOn = modes.layer(type(of: layer)) != nil
        modes.enter(layer)
        if !wasOn { layer.entered(at: t, in: &self) }
    }

    /// Takes the button layer `T` off at `t` (nothing when it is not on), then runs what
    /// follows it.
    mutating func leave<T: ButtonLayer>(_: T.Type, at t: Instant) {
        guard let layer = modes.layer(T.self) else { return }
        modes.leave(T.self)
        layer.left(at: t, in: &self)
    }
}
