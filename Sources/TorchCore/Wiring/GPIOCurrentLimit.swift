/// How much current a board's GPIO pins may source, for the resistor advice.
///
/// Raspberry Pi (every model with the 40-pin header): at most 16 mA from one pin and
/// about 50 mA from all GPIO pins together; the pads' default drive strength is 8 mA
/// (up to 16 mA the level sags below its specified high). Sources: Raspberry Pi forums
/// "Current specifications" (t=198940) and raspberrypi.stackexchange.com question 9298,
/// both quoting Gert van Loo's GPIO pad description.
public struct GPIOCurrentLimit: Equatable, Sendable {
    /// The most one pin may source, in amperes.
    public var perPin: Double
    /// The most all GPIO pins together may source, in amperes.
    public var total: Double
    /// The pads' default drive strength, in amperes.
    public var defaultDrive: Double

    public static let raspberryPi = GPIOCurrentLimit(perPin: 0.016, total: 0.050, defaultDrive: 0.008)

    /// The limit for `board`, nil when its profile is not a Raspberry Pi (the other
    /// boards' pad limits are not in their profiles: check the SoC's datasheet).
    public static func of(_ board: BoardProfile) -> GPIOCurrentLimit? {
        board.compatible.contains { $0.hasPrefix("raspberrypi,") } ? .raspberryPi : nil
    }
}
