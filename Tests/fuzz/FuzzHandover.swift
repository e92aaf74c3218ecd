/// What torch reads at a restart: the handover record (decoded or refused with one line,
/// and a record read encodes back to itself), systemctl's answers and `LISTEN_FDNAMES`
/// (whatever they hold, an answer and never a crash).
func fuzzHandover(_ bytes: [UInt8]) {
    let input = text(bytes)
    do {
        let record = try HandoverRecordFormat.decode(input)
        checkAccepted(record.resumption.state.pattern, from: input)
        guard let back = try? HandoverRecordFormat.decode(HandoverRecordFormat.encode(record)),
              back.output == record.output, back.resumption.origin == record.resumption.origin,
              back.resumption.state.pattern == record.resumption.state.pattern,
              back.resumption.state.lit == record.resumption.state.lit else {
            violated("re-encoded record does not decode to itself", input)
        }
    } catch {
        guard !error.reason.contains("\n") else { violated("a refusal of two lines '\(error.reason)'", input) }
    }
    _ = ServiceManagerText.job(inListJobs: input, unit: "torch.service")
    _ = ServiceManagerText.properties(input)
    if let d = ServiceManagerText.timespan(input), d < .zero { violated("a negative timespan \(d)", input) }
    _ = ServiceManagerText.unit(fromCgroup: input)
    if let inherited = try? SocketActivation.inherited(listenPID: "7", listenFDs: "2", listenFDNames: input, processID: 7) {
        let fds = [inherited.controlSocket].compactMap { $0 } + Array(inherited.stored.values)
        guard fds.allSatisfy({ $0 == 3 || $0 == 4 }), Set(fds).count == fds.count else {
            violated("descriptors \(fds) for two passed", input)
        }
    }
}
