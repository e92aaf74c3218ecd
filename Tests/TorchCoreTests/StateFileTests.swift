import Testing
@testable import TorchCore

@Suite struct StateFileTests {
    let path = "/var/lib/torch/state"

    func load(_ text: String?) -> StateFileLoad {
        StateFileLoad.load(contents: text, path: path)
    }

    @Test func encodesTheDocumentedFormat() {
        let r = PersistentState(brightness: Brightness(clamping: 0.4), pattern: .strobe(.fast), buttonMode: .toggle, lit: true)
        #expect(StateFileFormat.encode(r) == "version=1\nbrightness=40%\npattern=strobe fast\nbutton-mode=toggle\nlit=yes\n")
    }

    @Test(arguments: [
        ("40%", "steady", ButtonMode.smart, true),
        ("100%", "morse 150ms SOS", .momentary, false),
        ("1%", "custom 100% 200ms ~0 1s x3", .toggle, true),
    ])
    func roundTrip(_ brightness: String, _ pattern: String, _ mode: ButtonMode, _ lit: Bool) throws {
        let record = PersistentState(brightness: try Brightness.parse(brightness), pattern: try Pattern.parseCanonical(pattern),
                                     buttonMode: mode, lit: lit)
        let text = StateFileFormat.encode(record)
        #expect(try StateFileFormat.decode(text) == record)
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == 6)
        let loaded = load(text)
        #expect(loaded.state == record)
        #expect(loaded.warning == nil)
    }

    /// The escapes keep any text on one line (the pattern is checked after unescaping).
    @Test func escapesRoundTrip() {
        let text = "a=b\\c\nd\re"
        #expect(StateFileFormat.escape(text) == "a=b\\\\c\\nd\\re")
        #expect(StateFileFormat.unescape(StateFileFormat.escape(text)) == text)
    }

    @Test func rampedBrightnessComesBackClose() throws {
        let r = PersistentState(brightness: Brightness(clamping: 0.123456789), pattern: .steady, buttonMode: .smart, lit: true)
        let back = try StateFileFormat.decode(StateFileFormat.encode(r))
        #expect(abs(back.brightness.fraction - 0.123456789) < 1e-6)
    }

    @Test func acceptsCRLFAndBlankLinesAndAnyKeyOrder() throws {
        let text = "version=1\r\n\r\nlit=on\r\nbutton-mode=smart\r\npattern=sos\r\nbrightness=0.5\r\n"
        #expect(try StateFileFormat.decode(text) == PersistentState(brightness: Brightness(clamping: 0.5), pattern: .sos, buttonMode: .smart, lit: true))
    }

    @Test func missingFileGivesDefaultsAndAWarning() {
        let loaded = load(nil)
        #expect(loaded.state == nil)
        #expect(loaded.warning == "/var/lib/torch/state: no saved state yet; using defaults")
    }

    @Test(arguments: [
        ("", "/var/lib/torch/state: empty file; using defaults"),
        ("\n\n", "/var/lib/torch/state: empty file; using defaults"),
        ("brightness=40%\n", "/var/lib/torch/state: line 1: expected 'version=1', got 'brightness=40%'; using defaults"),
        ("version=1\nbrightness=400%\npattern=steady\nbutton-mode=smart\nlit=yes\n",
         "/var/lib/torch/state: line 2: brightness '400%' out of range; using defaults"),
        ("version=1\nbrightness=0%\npattern=steady\nbutton-mode=smart\nlit=yes\n",
         "/var/lib/torch/state: line 2: brightness '0%' out of range; using defaults"),
        ("version=1\nbrightness=lots\npattern=steady\nbutton-mode=smart\nlit=yes\n",
         "/var/lib/torch/state: line 2: brightness 'lots' is not a level; using defaults"),
        ("version=1\nbrightness=40%\npattern=\nbutton-mode=smart\nlit=yes\n",
         "/var/lib/torch/state: line 3: pattern is empty; using defaults"),
        ("version=1\nbrightness=40%\npattern=a\\qb\nbutton-mode=smart\nlit=yes\n",
         "/var/lib/torch/state: line 3: pattern 'a\\qb' has a bad escape; using defaults"),
        ("version=1\nbrightness=40%\npattern=steady\nbutton-mode=fast\nlit=yes\n",
         "/var/lib/torch/state: line 4: button-mode 'fast' is not one of smart, toggle, momentary, long-press; using defaults"),
        ("version=1\nbrightness=40%\npattern=steady\nbutton-mode=smart\nlit=perhaps\n",
         "/var/lib/torch/state: line 5: lit 'perhaps' is not yes or no; using defaults"),
        ("version=1\nbrightness=40%\ngarbage\n",
         "/var/lib/torch/state: line 3: expected 'key=value', got 'garbage'; using defaults"),
        ("version=1\ncolour=red\n", "/var/lib/torch/state: line 2: unknown key 'colour'; using defaults"),
        ("version=1\nlit=yes\nlit=no\n", "/var/lib/torch/state: line 3: duplicate key 'lit' (first on line 2); using defaults"),
        ("version=1\nbrightness=40%\npattern=steady\n",
         "/var/lib/torch/state: missing 'button-mode' (the file may have been cut short); using defaults"),
        ("\u{0}\u{0}\u{0}\u{0}", "/var/lib/torch/state: line 1: expected 'version=1', got '????'; using defaults"),
    ])
    func corruptContentGivesDefaultsAndOneWarningLine(_ text: String, _ warning: String) throws {
        let loaded = load(text)
        #expect(loaded.state == nil)
        #expect(loaded.warning == warning)
        let w = try #require(loaded.warning)
        #expect(!w.contains("\n"))
    }

    @Test func longGarbageIsShortenedInTheWarning() {
        let junk = String(repeating: "x", count: 100)
        #expect(load(junk).warning == "/var/lib/torch/state: line 1: expected 'version=1', got '\(String(repeating: "x", count: 40))…'; using defaults")
    }

    @Test func versionMismatch() {
        let text = "version=2\nbrightness=40%\npattern=steady\nbutton-mode=smart\nlit=yes\n"
        #expect(throws: StateFileError(line: 1, reason: "version '2' is not supported (this torch reads version 1)")) {
            try StateFileFormat.decode(text)
        }
        #expect(load(text).warning == "/var/lib/torch/state: line 1: version '2' is not supported (this torch reads version 1); using defaults")
        #expect(load(text).state == nil)
    }
}
