import Testing
@testable import TorchEngine

/// A flood of random bytes on the set topic is logged one bounded line per payload:
/// no byte of it may break the line or reach a terminal as a control (issue 15, the
/// MQTT storm found C1 controls such as U+0085 NEXT LINE passed through).
struct MQTTPayloadEchoTests {
    @Test func controlsAreEscapedAndTheLengthBounded() {
        let payload: [UInt8] = Array("a\nb\u{1b}[2Jc\u{85}d\u{9b}e".utf8)
        let shown = MQTTFrontEnd.shown(payload)
        #expect(shown == "'a\\x0ab\\x1b[2Jc\\u{85}d\\u{9b}e'")
        let long = MQTTFrontEnd.shown([UInt8](repeating: 0x41, count: 100_000))
        #expect(long == "'" + String(repeating: "A", count: 80) + "…'")
        #expect(MQTTFrontEnd.shown([0xFF, 0x0D]) == "'\u{FFFD}\\x0d'")
    }
}
