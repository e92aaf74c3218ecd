/// A control-socket request line (JSON → ControlRequest); accepted patterns keep every
/// property, an accepted deadline is a whole millisecond from 0 to 1e9 s and a transition
/// a whole millisecond, and a request writes back as JSON that reads as the same request.
func fuzzControl(_ bytes: [UInt8]) {
    let input = text(bytes)
    _ = try? JSONParser().parse(bytes: bytes)
    guard case let .success(request) = ControlRequest.parse(bytes: bytes) else { return }
    if case let .pattern(p) = request.command { checkAccepted(p, from: input) }
    if let d = request.deadline {
        guard d.nanoseconds >= 0, d.nanoseconds <= 1_000_000_000 * 1_000_000_000, d.nanoseconds % 1_000_000 == 0 else {
            violated("deadline \(d.nanoseconds) ns accepted: outside 0…1e9 s or not a whole millisecond", input)
        }
    }
    if let d = request.transition, d.nanoseconds % 1_000_000 != 0 {
        violated("transition \(d.nanoseconds) ns accepted: not a whole millisecond", input)
    }
    checkControlRoundTrip(request, input: input)
}

/// What the client sends for a request reads back at the server as the same request
/// (checked for every request the fuzzer gets accepted).
func checkControlRoundTrip(_ request: ControlRequest, input: String) {
    guard case let .success(back) = ControlRequest.parse(request.line), back == request else {
        violated("request line '\(request.line)' does not read back", input)
    }
}
