/// How SOS is sent (config `sos-style`, `torch sos --sign` / `--letters`).
///
/// ITU-R M.1677-1 writes the distress signal as one sign, · · · — — — · · · with no
/// letter spaces; most lights, and the seed app, send three letters S O S with 3-unit
/// gaps between them. The letters are the default: at the seed's 150 ms unit their
/// gaps keep SOS at three flashes in any second, within the WCAG 2.3.1 rule that the
/// controller applies to what a phone or Home Assistant may start, while the sign's
/// nine elements 1 unit apart make four (a unit of 200 ms or more brings the sign
/// within it too). The sign is one setting away.
public enum SOSStyle: String, CaseIterable, Sendable {
    /// Three letters, `SOS`, with letter gaps: the default.
    case letters
    /// One sign, `<SOS>`: the distress signal as ITU-R M.1677-1 writes it.
    case sign

    /// The Morse text this style sends.
    public var text: String {
        switch self {
        case .letters: "SOS"
        case .sign: Morse.distressSign
        }
    }
}
