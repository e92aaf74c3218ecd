import Testing
import TorchCore

@Suite struct ControlProtocolTests {
    private func request(_ line: String) -> ControlRequest? {
        try? ControlRequest.parse(line).get()
    }

    private func error(_ line: String) -> ControlError? {
        if case let .failure(e) = ControlRequest.parse(line) { return e }
        return nil
    }

    @Test func readsEveryCommand() throws {
        #expect(request(#"{"cmd":"on"}"#) == ControlRequest(.on(nil)))
        #expect(request(#"{"cmd":"on","brightness":"40%"}"#) == ControlRequest(.on(Brightness(clamping: 0.4))))
        #expect(request(#"{"cmd":"on","brightness":0.4}"#) == ControlRequest(.on(Brightness(clamping: 0.4))))
        #expect(request(#"{"cmd":"off"}"#) == ControlRequest(.off))
        #expect(request(#"{"cmd":"toggle"}"#) == ControlRequest(.toggle))
        #expect(request(#"{"cmd":"pattern","name":"sos"}"#) == ControlRequest(.patternNamed("sos")))
        #expect(request(#"{"cmd":"pattern","spec":"blink 500ms 500ms"}"#)
                == ControlRequest(.pattern(.blink(on: .milliseconds(500), off: .milliseconds(500)))))
        #expect(request(#"{"cmd":"pattern","spec":"sos"}"#) == ControlRequest(.pattern(.sos)))
        #expect(request(#"{"cmd":"brightness","level":"25%"}"#) == ControlRequest(.brightness(Brightness(clamping: 0.25))))
        #expect(request(#"{"cmd":"next-pattern"}"#) == ControlRequest(.nextPattern))
        #expect(request(#"{"cmd":"stealth","on":true}"#) == ControlRequest(.stealth(true)))
        #expect(request(#"{"cmd":"stealth","on":"off"}"#) == ControlRequest(.stealth(false)))
        #expect(request(#"{"cmd":"status"}"#) == ControlRequest(.status))
        #expect(request(#"{"cmd":"reload"}"#) == ControlRequest(.reload))
        #expect(request(#" { "id" : 7 , "cmd" : "status" } "#) == ControlRequest(.status, id: .number(7)))
        #expect(request(#"{"cmd":"off","id":"a1"}"#) == ControlRequest(.off, id: .string("a1")))
    }

    @Test func readsTheDeadlineToTheMillisecond() {
        #expect(request(#"{"cmd":"on","deadline":12345.678}"#)
                 == ControlRequest(.on(nil), deadline: Instant(nanoseconds: 12_345_678_000_000)))
        #expect(request(#"{"cmd":"status","deadline":0.0015}"#)?.deadline == Instant(nanoseconds: 2_000_000), "rounded")
        #expect(request(#"{"cmd":"status","deadline":7}"#)?.deadline == Instant(nanoseconds: 7_000_000_000))
        let sent = ControlRequest(.off, transition: .milliseconds(500), deadline: Instant(nanoseconds: 98_765_432_123_456))
        #expect(sent.line == #"{"cmd":"off","transition":"500ms","deadline":98765.432}"# + "\n")
        #expect(request(String(sent.line.dropLast())) == sent, "what a client sends reads back the same")
    }

    /// A transition finer than a millisecond is rounded to one, as a client writes it:
    /// 9.9998999 s would go out as "10s" and read back as another request.
    @Test func readsTheTransitionToTheMillisecond() {
        #expect(request(#"{"cmd":"off","transition":9.9998999}"#)?.transition == .seconds(10))
        #expect(request(#"{"cmd":"off","transition":0.0015}"#)?.transition == .milliseconds(2))
        #expect(request(#"{"cmd":"off","transition":"1.2345s"}"#)?.transition == .milliseconds(1235))
        #expect(request(#"{"cmd":"off","transition":"250us"}"#)?.transition == .zero)
        for line in [#"{"cmd":"off","transition":9.9998999}"#, #"{"cmd":"off","transition":"59.9996s"}"#] {
            let read = request(line)
            #expect(read != nil && request(String(read?.line.dropLast() ?? "")) == read, "\(line) reads back the same")
        }
    }

    @Test func namesABadDeadline() {
        let allowed = "seconds on the torch machine's CLOCK_MONOTONIC as a number, from 0 to 1e9 (e.g. 12345.678)"
        for (line, message) in [(#"{"cmd":"on","deadline":-1}"#, "\"deadline\" -1 is not valid: expected \(allowed)"),
                                (#"{"cmd":"on","deadline":2e9}"#, "\"deadline\" 2000000000 is not valid: expected \(allowed)"),
                                (#"{"cmd":"on","deadline":"5s"}"#, "\"deadline\" is a string: expected \(allowed)")] {
            guard case let .failure(e) = ControlRequest.parse(line) else {
                Issue.record("\(line) accepted")
                continue
            }
            #expect(e.message == message, "\(line)")
        }
    }

    @Test func namesEveryBadRequest() {
        let cases: [(String, String)] = [
            ("{\"cmd\":\"on\"", "invalid JSON at byte 11: expected ',' or '}' in an object, found end of text"),
            ("[1]", "a request is a JSON object, e.g. {\"cmd\":\"status\"}; got an array"),
            ("{}", "missing \"cmd\": expected on, off, toggle, pattern, mode, brightness, next-pattern, stealth, settings, press, release, status or reload"),
            ("{\"cmd\":1}", "\"cmd\" is a number: expected a string (on, off, toggle, pattern, mode, brightness, next-pattern, stealth, settings, press, release, status or reload)"),
            ("{\"cmd\":\"explode\"}", "unknown command \"explode\": expected on, off, toggle, pattern, mode, brightness, next-pattern, stealth, settings, press, release, status or reload"),
            ("{\"cmd\":\"off\",\"level\":1}", "\"off\" does not take \"level\": it takes \"transition\", \"id\", \"deadline\""),
            ("{\"cmd\":\"on\",\"name\":\"sos\"}", "\"on\" does not take \"name\": it takes \"brightness\", \"transition\", \"id\", \"deadline\""),
            ("{\"cmd\":\"on\",\"brightness\":\"0%\"}", "\"brightness\": '0%' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0)"),
            ("{\"cmd\":\"on\",\"brightness\":40}", "\"brightness\": '40' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0); did you mean \"40%\"?"),
            ("{\"cmd\":\"on\",\"brightness\":\"40\"}", "\"brightness\": '40' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0); did you mean 40%?"),
            ("{\"cmd\":\"on\",\"brightness\":true}", "\"brightness\" is a boolean: expected a brightness from 1% to 100% (or 0.01 to 1.0)"),
            ("{\"cmd\":\"brightness\"}", "\"brightness\" needs \"level\": a brightness from 1% to 100% (or 0.01 to 1.0)"),
            ("{\"cmd\":\"brightness\",\"level\":\"150%\"}", "\"level\": '150%' is not valid: expected a brightness from 1% to 100% (or 0.01 to 1.0)"),
            ("{\"cmd\":\"stealth\"}", "\"stealth\" needs \"on\": true or false"),
            ("{\"cmd\":\"stealth\",\"on\":1}", "\"on\" is a number: expected true or false"),
            ("{\"cmd\":\"stealth\",\"on\":\"maybe\"}", "\"on\": 'maybe' is not valid: expected on/off, yes/no, true/false or 1/0"),
            ("{\"cmd\":\"pattern\"}", "\"pattern\" needs \"name\" (e.g. \"sos\") or \"spec\" (e.g. \"blink 500ms 500ms\")"),
            ("{\"cmd\":\"pattern\",\"name\":\"sos\",\"spec\":\"sos\"}", "\"pattern\" takes \"name\" or \"spec\", not both"),
            ("{\"cmd\":\"pattern\",\"name\":\"\"}", "\"name\" is empty: expected a pattern name such as \"sos\""),
            ("{\"cmd\":\"pattern\",\"name\":5}", "\"name\" is a number: expected a pattern name such as \"sos\""),
            ("{\"cmd\":\"pattern\",\"spec\":null}", "\"spec\" is null: expected pattern text such as \"blink 500ms 500ms\""),
            ("{\"cmd\":\"pattern\",\"spec\":\"blink 5q 1s\"}", "\"spec\" \"blink 5q 1s\": token 2 '5q': expected a duration with a unit (10us, 20ms, 1.5s, 30min, 2h)"),
            ("{\"cmd\":\"pattern\",\"spec\":\"wobble\"}", "\"spec\" \"wobble\": token 1 'wobble': unknown pattern kind: expected steady, blink, strobe, sos, morse, breathe, custom, readout or an effect (candle, lightning, bike, beacon, party-strobe, tactical-strobe, heartbeat)"),
            ("{\"cmd\":\"status\",\"id\":[1]}", "\"id\" is an array: expected a string or a number"),
            ("{\"cmd\":{\"a\":{\"b\":{\"c\":{}}}}}", "invalid JSON at byte 22: nested deeper than 4 levels"),
        ]
        for (line, message) in cases {
            #expect(error(line)?.message == message, "\(line)")
        }
    }

    @Test func errorsKeepTheId() {
        #expect(error(#"{"cmd":"explode","id":9}"#)?.id == .number(9))
        #expect(error(#"{"cmd":"on","brightness":"0%","id":"x"}"#)?.id == .string("x"))
        let reply = ControlReply.failure(ControlError("nope", id: .string("x")))
        #expect(reply.line == "{\"ok\":false,\"error\":\"nope\",\"id\":\"x\"}\n")
    }

    @Test func refusesRequestsOverTheLimit() {
        let pad = String(repeating: " ", count: ControlRequest.maxBytes)
        #expect(error("{\"cmd\":\"status\"}" + pad)?.message == "invalid JSON at byte 4096: text is 4112 bytes: at most 4096 allowed")
    }

    @Test func encodesRequestsThatReadBack() {
        let all: [ControlRequest] = [
            ControlRequest(.on(nil)), ControlRequest(.on(Brightness(clamping: 0.4)), id: .number(1)),
            ControlRequest(.off), ControlRequest(.toggle), ControlRequest(.patternNamed("strobe-fast")),
            ControlRequest(.pattern(.morse(text: "HI THERE", unit: .milliseconds(80)))),
            ControlRequest(.brightness(Brightness(clamping: 0.123))), ControlRequest(.nextPattern),
            ControlRequest(.stealth(false)), ControlRequest(.status, id: .string("s")), ControlRequest(.reload),
        ]
        for r in all {
            #expect(r.line.hasSuffix("\n"))
            #expect(request(String(r.line.dropLast())) == r, "\(r.line)")
        }
        #expect(ControlRequest(.on(Brightness(clamping: 0.4)), id: .number(1)).line == "{\"cmd\":\"on\",\"brightness\":0.4,\"id\":1}\n")
        #expect(ControlRequest(.pattern(.blink(on: .milliseconds(500), off: .milliseconds(250)))).line
                == "{\"cmd\":\"pattern\",\"spec\":\"blink 500ms 250ms\"}\n")
        #expect(ControlRequest(.stealth(true)).line == "{\"cmd\":\"stealth\",\"on\":true}\n")
    }

    @Test func mapsToTorchCommands() throws {
        let lib = PatternLibrary.standard
        #expect(try ControlCommand.on(nil).torchCommand(library: lib) == .on(nil))
        #expect(try ControlCommand.off.torchCommand(library: lib) == .off)
        #expect(try ControlCommand.toggle.torchCommand(library: lib) == .toggle)
        #expect(try ControlCommand.patternNamed("strobe-fast").torchCommand(library: lib) == .setPattern(.strobe(.fast)))
        #expect(try ControlCommand.pattern(.sos).torchCommand(library: lib) == .setPattern(.sos))
        #expect(try ControlCommand.brightness(.full).torchCommand(library: lib) == .setBrightness(.full))
        #expect(try ControlCommand.nextPattern.torchCommand(library: lib) == .nextPattern)
        #expect(try ControlCommand.stealth(true).torchCommand(library: lib) == .stealth(true))
        #expect(try ControlCommand.status.torchCommand(library: lib) == nil)
        #expect(try ControlCommand.reload.torchCommand(library: lib) == nil)
        #expect(throws: ControlError.self) { try ControlCommand.patternNamed("sso").torchCommand(library: lib) }
        do {
            _ = try ControlCommand.patternNamed("sso").torchCommand(library: lib)
        } catch {
            #expect(error.message.hasPrefix("name: "))
            #expect(error.message.contains("sso"))
            #expect(!error.message.contains("\n"))
        }
    }

    @Test func encodesRepliesAsGoldenLines() throws {
        #expect(ControlReply.success().line == "{\"ok\":true}\n")
        #expect(ControlReply.success(id: .number(3)).line == "{\"ok\":true,\"id\":3}\n")
        #expect(ControlReply.failure("two\nlines").line == "{\"ok\":false,\"error\":\"two lines\"}\n")
        let status = TorchStatus(lit: true, litWhileHeld: false, brightness: Brightness(clamping: 0.4),
                                 pattern: .blink(on: .milliseconds(500), off: .milliseconds(500)), buttonMode: .smart,
                                 stealth: false, sleepRemaining: .milliseconds(90_500), fading: false)
        let reply = ControlReply.status(StatusReport(status, backend: .sim, uptime: .seconds(12) + .microseconds(345_678)), id: .string("q"))
        #expect(reply.line == "{\"ok\":true,\"lit\":true,\"brightness_percent\":40,"
                + "\"pattern\":\"blink 500ms 500ms\",\"pattern_name\":\"blink 1Hz\","
                + "\"button_mode\":\"smart\",\"backend\":\"sim\",\"service\":true,\"uptime_s\":12.345,\"sleep_timer_remaining_s\":90.5,"
                + "\"stealth\":false,\"lit_while_held\":false,\"fading\":false,\"light_by_default\":false,\"sleep_timer_s\":null,\"pid\":null,\"button_stuck\":false,\"lockout\":false,\"led_dark\":null,\"id\":\"q\"}\n")
        var dark = status
        dark.lit = false
        dark.sleepRemaining = nil
        dark.pattern = .sos
        let d = ControlReply.status(StatusReport(dark, backend: .gpiod, uptime: .zero))
        #expect(d["sleep_timer_remaining_s"] == .null)
        #expect(d["pattern_name"] == .string("SOS"))
        #expect(d["backend"] == .string("gpiod"))
        #expect(try ControlReply.parse(String(reply.line.dropLast())) == reply)
    }

    @Test func readsRepliesStrictly() throws {
        #expect(try ControlReply.parse(#"{"ok":false,"error":"x","id":2}"#) == ControlReply(ok: false, error: "x", id: .number(2)))
        #expect(throws: ControlError("reply: expected an object with \"ok\": true or false")) { try ControlReply.parse("[]") }
        #expect(throws: ControlError("reply: \"ok\":false without an \"error\" string")) { try ControlReply.parse(#"{"ok":false}"#) }
        #expect(throws: ControlError.self) { try ControlReply.parse("{") }
    }
}
