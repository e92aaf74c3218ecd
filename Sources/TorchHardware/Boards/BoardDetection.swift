import TorchCore

/// Which board profile applies: the one `[board] name` names, or the one the machine's
/// device tree matches when the name is `auto`.
public enum BoardDetection {
    /// The board for `name` (`auto` or an id). Nil for `auto` when nothing matches
    /// (including machines without a device tree); an unknown id throws with close ids.
    public static func resolve(name: String, catalog: BoardCatalog,
                               machine: MachineSnapshot) throws(BoardLookupError) -> BoardProfile? {
        if name == "auto" { return catalog.match(compatible: machine.compatible, model: machine.model) }
        return try catalog.lookup(name)
    }

    /// The board's status LEDs that exist on this machine, in the board's order.
    public static func presentStatusLEDs(of board: BoardProfile, machine: MachineSnapshot) -> [String] {
        board.statusLEDs.filter(machine.leds.contains)
    }
}
