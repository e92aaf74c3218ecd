import Testing
import TorchCore

/// `torch setup` changes only the keys it sets: every other byte of the owner's file
/// stays, comments included, and the file reads back with the new values.
@Suite struct ConfigEditTests {
    static let owners = """
        # my torch\r
        [light]
        brightness = 40%   # a bit dim
        ; curve = linear

        [output]
        # The LED's line.
        # Allowed: a line offset or name. No default; for example:
        # line = GPIO18

        #active-low = no
        [button]
        line = GPIO17
        #debounce = 10ms
        """

    /// The 0-based numbers of the lines of `a` that differ from `b` (same count expected).
    static func changedLines(_ a: String, _ b: String) -> [Int] {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false)
        let y = b.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(x.count == y.count)
        return zip(x, y).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
    }

    @Test func onlyTheChangedKeysLinesChange() throws {
        let edited = ConfigEdit.applying([.init("output", "line", "GPIO18"), .init("button", "line", "GPIO23"),
                                          .init("button", "debounce", "5ms")], to: Self.owners)
        // The example line of [output] line, the setting of [button] line, the default shown for debounce.
        #expect(Self.changedLines(Self.owners, edited) == [7, 11, 12])  // 0-based
        #expect(edited.contains("\n# Allowed: a line offset or name. No default; for example:\nline = GPIO18\n"))
        #expect(edited.contains("[button]\nline = GPIO23\ndebounce = 5ms"))
        #expect(edited.hasPrefix("# my torch\r\n[light]\nbrightness = 40%   # a bit dim\n; curve = linear\n"))
        let config = try TorchConfig.parse(edited, file: "torch.conf", frontEnds: [])
        #expect(config.output.line == "GPIO18" && config.button.line == "GPIO23" && config.button.debounce == .milliseconds(5))
        #expect(config.light.brightness == Brightness(clamping: 0.4))
    }

    @Test func aKeyWithNoLineGoesAtTheEndOfItsSection() {
        let edited = ConfigEdit.applying([.init("light", "curve", "linear")], to: "[light]\nbrightness = 40%\n\n[button]\nline = 23\n")
        #expect(edited == "[light]\nbrightness = 40%\ncurve = linear\n\n[button]\nline = 23\n")
        // A commented prose line that happens to hold '=' is not taken for the key.
        let prose = ConfigEdit.applying([.init("light", "curve", "cie")], to: "[light]\n# Example: curve = linear\n")
        #expect(prose == "[light]\ncurve = cie\n# Example: curve = linear\n")
    }

    @Test func aMissingSectionIsAddedAtTheEnd() {
        #expect(ConfigEdit.applying([.init("output", "line", "GPIO18")], to: "[light]\nbrightness = 40%\n")
                == "[light]\nbrightness = 40%\n\n[output]\nline = GPIO18\n")
        #expect(ConfigEdit.applying([.init("output", "line", "GPIO18")], to: "") == "[output]\nline = GPIO18\n")
        #expect(ConfigEdit.applying([.init("output", "line", "18")], to: "[light]") == "[light]\n\n[output]\nline = 18")
    }

    @Test func setTwiceIsTheLastValueAndNothingElseMoves() {
        let once = ConfigEdit.applying([.init("button", "line", "GPIO24")], to: Self.owners)
        let twice = ConfigEdit.applying([.init("button", "line", "GPIO24")], to: once)
        #expect(once == twice)
    }
}
