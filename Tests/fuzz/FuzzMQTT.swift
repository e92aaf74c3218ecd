/// The MQTT packet codec and Home Assistant's commands: any byte stream decodes to
/// packets (and skipped oversized PUBLISHes) or one protocol error, the same whichever
/// byte it is split at, never buffering more than one packet within the limit; every packet
/// decoded encodes back to bytes that decode to the same packet; a session fed the
/// stream never sends a malformed packet; every PUBLISH payload is a command or one
/// error line.
func fuzzMQTT(_ bytes: [UInt8]) {
    let input = bytes.map { String($0, radix: 16) }.joined(separator: " ")
    let whole = decodeAll(bytes, split: nil)
    let cut = bytes.isEmpty ? 0 : Int(bytes[0]) % (bytes.count + 1)
    guard decodeAll(bytes, split: cut) == whole else { violated("split at \(cut) decodes differently", input) }
    // A small limit, so the fuzzer's inputs reach the skipping path.
    let small = decodeAll(bytes, split: cut, limit: 64)
    guard small == decodeAll(bytes, split: nil, limit: 64) else { violated("split at \(cut) skips differently", input) }
    guard small.mostPending <= 64 + 5 + 2 + 1024 + 2 else { violated("buffered \(small.mostPending) bytes", input) }
    for p in whole.packets {
        guard let encoded = try? MQTTEncoder.encode(p) else { violated("\(p.name) decoded but does not encode", input) }
        var d = MQTTDecoder(maxRemainingLength: MQTTEncoder.maxRemainingLength)
        d.append(encoded)
        guard (try? d.next()) == p else { violated("\(p.name) does not round-trip", input) }
        if case let .publish(m, _, _) = p {
            switch LightCommand.parse(m.payload, group: m.topic.hasSuffix("all")) {
            case let .failure(e): if e.message.contains("\n") { violated("a two-line error", input) }
            case let .success(c):
                _ = c.request(current: fuzzStatus, library: .standard)
            }
        }
    }
    // A connected session fed the stream: whatever it sends decodes.
    var s = MQTTSession(settings: fuzzSession, seed: 1, at: .zero)
    s.advance(to: .zero)
    s.transportOpened(at: .zero)
    s.received([0x20, 0x02, 0x00, 0x00], at: .zero)
    s.received(bytes, at: .zero)
    s.advance(to: Instant(nanoseconds: 20_000_000_000))
    var out = MQTTDecoder()
    for case let .send(b) in s.takeActions() { out.append(b) }
    do { while try out.next() != nil {} } catch { violated("the session sent a malformed packet: \(error)", input) }
}

struct DecodedStream: Equatable {
    var packets: [MQTTPacket] = []
    var skipped: [MQTTSkippedPublish] = []
    var error: MQTTProtocolError?
    /// The most bytes buffered after a part was decoded (not part of the comparison).
    var mostPending = 0

    static func == (a: DecodedStream, b: DecodedStream) -> Bool {
        a.packets == b.packets && a.skipped == b.skipped && a.error == b.error
    }
}

func decodeAll(_ bytes: [UInt8], split: Int?, limit: Int = 65_536) -> DecodedStream {
    var d = MQTTDecoder(maxRemainingLength: limit)
    var out = DecodedStream()
    let parts = split.map { [Array(bytes[..<$0]), Array(bytes[$0...])] } ?? [bytes]
    for part in parts {
        d.append(part)
        defer { out.mostPending = max(out.mostPending, d.pendingCount) }
        do {
            while let p = try d.next() { out.packets.append(p) }
            out.skipped += d.takeSkipped()
        } catch {
            out.skipped += d.takeSkipped()
            out.error = error
            return out
        }
    }
    return out
}

let fuzzStatus = TorchStatus(lit: true, litWhileHeld: false, brightness: .full, pattern: .steady, buttonMode: .smart,
                             stealth: false, sleepRemaining: nil, fading: false)

let fuzzSession = MQTTSessionSettings(
    connect: MQTTConnect(clientID: "fuzz", keepalive: 10),
    subscriptions: [MQTTSubscription("torch/x/set", qos: .atLeastOnce)])
