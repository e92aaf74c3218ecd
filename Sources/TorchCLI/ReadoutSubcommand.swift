import TorchCore

/// `torch readout ip|temp|version|NUMBER`: a number blinked out, repeating (Anduril's
/// number readout). The version and a number are known here; the board's address and
/// the CPU temperature are read where the machine is (`Request.readout`).
public enum ReadoutSubcommand {
    public static let spec = CommandSpec(
        name: "readout", overview: "Blink a number out: the IP address, CPU temperature, version, any number.",
        arguments: [ArgumentSpec(name: "what", help: "ip, temp, version, or a number (digit groups joined by dots: 42, 1.2.3).", optional: false)],
        discussion: """
        Each digit is a group of short blinks (167 ms on, 250 ms off), a zero one long
        blink (500 ms); 0.9 s dark between digits, 1.9 s at a dot, 2.9 s before the
        number repeats. ip: the last part of the first network interface that is up
        with an IPv4 address (not loopback); temp: the CPU's thermal zone in whole °C.

        EXAMPLES:
          torch readout ip              192.168.1.23 blinks 2, 3
          torch readout 105             one blink, a long blink, five blinks
        """) { p, light throws(UsageError) in
        let word = p.positionals.first ?? ""
        let source: ReadoutSource
        do { source = try ReadoutSource.parse(word) } catch {
            throw UsageError(message: "<what>: \(error)", command: p.command)
        }
        switch source {
        case let .number(r):
            return .light(.exact(.readout(r)), light)
        case .version:
            // The version is digits and dots (Version.swift), so it always reads.
            guard let r = try? Readout(TorchVersion.number) else {
                throw UsageError(message: "<what>: the version '\(TorchVersion.number)' has no digits to blink", command: p.command)
            }
            return .light(.exact(.readout(r)), light)
        case .ip, .temperature:
            return .readout(source, light)
        }
    }
}
