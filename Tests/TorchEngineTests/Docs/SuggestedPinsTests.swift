import Testing
import TorchCore
import TorchTesting

/// One set of suggested pins everywhere: the Raspberry Pi board profiles, the wiring
/// diagrams, `dist/torch.conf`, `torch.conf(5)`, the README, `docs/*.md` and `wiring/*.md` agree on
/// LED GPIO18 (pin 12), ON button GPIO23 (pin 16), OFF button GPIO24 (pin 18) and
/// feedback GPIO25 (pin 22), and every "pin N (GPIOx)" they write is true.
@Suite struct SuggestedPinsTests {
    static let suggested = ["led": ("12", "GPIO18"), "button": ("16", "GPIO23"), "off-button": ("18", "GPIO24"), "buzzer": ("22", "GPIO25")]

    static func raspberryPis() throws -> [BoardProfile] {
        let files = RepoFiles.list("boards", suffix: ".board").compactMap { name in RepoFiles.read("boards/" + name).map { (name, $0) } }
        let catalog = try BoardCatalog.parse(files: files)
        let pis = catalog.profiles.filter { $0.compatible.contains { $0.hasPrefix("raspberrypi,") } }
        #expect(pis.count >= 6)
        return pis
    }

    /// Every text that names pins for people.
    static func documents() -> [(String, String)] {
        var paths = ["README.md", "dist/torch.conf", "dist/torch.conf.5"]
        paths += RepoFiles.list("docs", suffix: ".md").map { "docs/" + $0 }
        paths += RepoFiles.list("wiring", suffix: ".md").map { "wiring/" + $0 }
        paths += RepoFiles.list("wiring", suffix: ".svg").map { "wiring/" + $0 }
        return paths.compactMap { p in RepoFiles.read(p).map { (p, $0) } }
    }

    /// What is on a header pin: its line's name, or GND, 3V3, 5V.
    static func name(of pin: HeaderPin?) -> String? {
        guard let pin else { return nil }
        if let line = pin.line { return line.name }
        if case let .other(o) = pin.use { return o }
        return nil
    }

    @Test func everyRaspberryPiProfileSuggestsTheSamePins() throws {
        for board in try Self.raspberryPis() {
            let roles: [(String, String?)] = [("led", board.ledPin), ("button", board.buttonPin),
                                              ("off-button", board.offButtonPin), ("buzzer", board.buzzerPin)]
            for (role, pin) in roles {
                let (want, name) = try #require(Self.suggested[role])
                #expect(pin == want, "\(board.id): \(role) = \(pin ?? "none"), expected \(want)")
                #expect(board.headerPin(want)?.line?.name == name, "\(board.id): pin \(want) is not \(name)")
            }
        }
    }

    @Test func everyPinNamedInTheDocsIsTrue() throws {
        let header = try #require(try Self.raspberryPis().first { $0.id == "rpi4b" })
        let pattern = try Regex("pin ([0-9]+) \\(([A-Z0-9_]+)\\)")
        var checked = 0
        for (path, text) in Self.documents() {
            for match in text.matches(of: pattern) {
                let pin = String(match.output[1].substring ?? ""), name = String(match.output[2].substring ?? "")
                let real = Self.name(of: header.headerPin(pin))
                #expect(real == name,
                        "\(path): 'pin \(pin) (\(name))' but pin \(pin) is \(real ?? "not on the header")")
                checked += 1
            }
        }
        #expect(checked > 20)
    }

    @Test func everyConfigLineUsesASuggestedPin() throws {
        let pattern = try Regex("(off-line|line) = (GPIO[0-9]+)")
        let allowed = Set(Self.suggested.values.map(\.1))
        for (path, text) in Self.documents() {
            for match in text.matches(of: pattern) {
                let key = String(match.output[1].substring ?? ""), name = String(match.output[2].substring ?? "")
                #expect(allowed.contains(name), "\(path): '\(key) = \(name)' is not a suggested pin")
                if key == "off-line" { #expect(name == "GPIO24", "\(path): off-line = \(name)") }
            }
        }
    }

    @Test func distConfNamesEachRoleAtItsPin() throws {
        let conf = try #require(RepoFiles.read("dist/torch.conf"))
        func section(_ name: String) -> String {
            let parts = conf.split(separator: "\n[", omittingEmptySubsequences: false)
            return parts.first { $0.hasPrefix(name + "]") }.map(String.init) ?? ""
        }
        #expect(section("output").contains("\n# line = GPIO18\n"))
        #expect(section("button").contains("\n# line = GPIO23\n"))
        #expect(section("button").contains("\n# off-line = GPIO24\n"))
        #expect(section("feedback").contains("\n# line = GPIO25\n"))
    }

    @Test func diagramsDrawTheRealHeaderAndTheirPins() throws {
        let expected = ["led-resistor": ["12", "14"], "led-mosfet": ["12", "2", "14"], "led-driver": ["12", "14"],
                        "button": ["16", "14"], "two-buttons": ["16", "18", "14", "20"], "buzzer": ["22", "4", "30"]]
        let label = try Regex("<text class=\"pin\"[^>]*>([^<]*)</text>")
        for board in try Self.raspberryPis() {
            for (name, pins) in expected {
                let svg = try #require(RepoFiles.read("wiring/\(name).svg"), "wiring/\(name).svg missing")
                let names = svg.matches(of: label).map { String($0.output[1].substring ?? "") }
                #expect(names.count == 40, "\(name).svg: \(names.count) header pins")
                for (i, drawn) in names.enumerated() {
                    let real = Self.name(of: board.headerPin(String(i + 1)))
                    #expect(real == drawn, "\(name).svg pin \(i + 1) reads \(drawn), \(board.id) has \(real ?? "nothing")")
                }
                for p in pins { #expect(svg.contains("pin \(p)") || svg.contains("(pin \(p))"), "\(name).svg does not name pin \(p)") }
            }
        }
        #expect(RepoFiles.list("wiring", suffix: ".svg").count == 6)
    }
}
