import Testing
import TorchCore

@Suite struct StatusReportTests {
    let status = TorchStatus(lit: false, litWhileHeld: false, brightness: Brightness(clamping: 0.184), pattern: .steady,
                             buttonMode: .smart, stealth: false, sleepRemaining: nil, fading: false)

    @Test func brightnessIsInPercentToATenth() {
        let report = StatusReport(status, backend: .pwm, uptime: nil)
        #expect(JSONValue.object(report.members)["brightness_percent"] == .number(18.4))
        var full = status
        full.brightness = .full
        #expect(JSONValue.object(StatusReport(full, backend: .pwm, uptime: nil).members)["brightness_percent"] == .number(100))
    }

    @Test func withoutAServiceThereIsNoUptime() {
        let json = JSONValue.object(StatusReport(status, backend: .sim, uptime: nil).members)
        #expect(json["service"] == .bool(false))
        #expect(json["uptime_s"] == .null)
        let running = JSONValue.object(StatusReport(status, backend: .sim, uptime: .milliseconds(1500)).members)
        #expect(running["service"] == .bool(true))
        #expect(running["uptime_s"] == .number(1.5))
    }
}
