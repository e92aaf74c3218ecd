import Testing
@testable import TorchCore

/// `torch wiring`'s text for the shipped boards: physical pins, nearest grounds, the
/// resistor, the warnings.
@Suite struct WiringPlanTests {
    static func board(_ id: String) throws -> BoardProfile {
        let catalog = try BoardCatalog.parse(files: try ShippedBoards.files())
        return try #require(catalog.profiles.first { $0.id == id })
    }

    static let red10mA = SeriesResistor(supply: 3.3, forwardVoltage: 2.0, current: 0.010)

    @Test func nearestGroundOnThe40PinHeader() throws {
        let pi = try Self.board("rpi4b")
        // Pin 12 (GPIO18): pin 14 is one pitch away, pins 6 and 9 further.
        #expect(pi.nearestGround(to: "12")?.pin == "14")
        #expect(pi.nearestGround(to: "16")?.pin == "14")
        #expect(pi.nearestGround(to: "18")?.pin == "20")
        #expect(pi.nearestGround(to: "22")?.pin == "20")
        #expect(pi.nearestGround(to: "1")?.pin == "6" || pi.nearestGround(to: "1")?.pin == "9")
        #expect(pi.nearestGround(to: "40")?.pin == "39")
    }

    @Test func nearestGroundOnABeagleBoneHeader() throws {
        let bbb = try Self.board("beaglebone-black")
        #expect(bbb.nearestGround(to: "P9_14")?.pin.hasPrefix("P9_") == true)
    }

    @Test func suggestedPinsWithResistor() throws {
        let text = try WiringPlan(board: try Self.board("rpi4b"), resistor: Self.red10mA).text(.init())
        #expect(text.contains("LED         pin 12 (GPIO18) ── 130 Ω ──▶|── pin 14 (GND)"))
        #expect(text.contains("ON button   pin 16 (GPIO23) ── button ── pin 14 (GND)"))
        #expect(text.contains("  E24 130 Ω: 10 mA, 13 mW in the resistor, 20 mW in the LED"))
        #expect(text.contains("  E12 150 Ω: 8.7 mA, 11 mW in the resistor, 17 mW in the LED"))
        #expect(!text.contains { $0.hasPrefix("warning:") })
    }

    @Test func givenPinsAndActiveLow() throws {
        let pins = WiringPlan.Pins(led: "GPIO17", ledActiveLow: true, button: "pin18", offButton: "GPIO24", feedback: "25")
        let text = try WiringPlan(board: try Self.board("rpi5"), resistor: Self.red10mA).text(pins)
        #expect(text.contains("LED         pin 1 (3V3) ── 130 Ω ──▶|── pin 11 (GPIO17)"))
        #expect(text.contains { $0.contains("no hardware PWM on this pin") })
        #expect(text.contains("OFF button  pin 18 (GPIO24) ── button ── pin 20 (GND)"))
        #expect(text.contains { $0.hasPrefix("feedback    pin 22 (GPIO25)") })
    }

    @Test func overThePinLimitWarns() throws {
        let r = SeriesResistor(supply: 3.3, forwardVoltage: 2.0, current: 0.020)
        let text = try WiringPlan(board: try Self.board("rpi4b"), resistor: r).text(.init())
        #expect(text.contains { $0.hasPrefix("warning: 19.1 mA is above the pin's 16 mA limit") })
    }

    @Test func unknownPinNamesTheValue() throws {
        #expect(throws: WiringPlan.PinError.self) {
            try WiringPlan(board: try Self.board("rpi4b"), resistor: Self.red10mA).text(.init(led: "GPIO99"))
        }
        do {
            _ = try WiringPlan(board: try Self.board("rpi4b"), resistor: Self.red10mA).text(.init(button: "GPI23"))
        } catch {
            #expect("\(error)".hasPrefix("ON button 'GPI23': not a GPIO line on Raspberry Pi 4 Model B / Pi 400 (did you mean "))
        }
    }
}
