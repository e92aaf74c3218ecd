extension BounceAnalysis {
    /// The report `torch bench button --button-line` prints: one line per train with its
    /// edges as µs offsets from the train's first edge, then the summary and the
    /// suggested `debounce`.
    public func text(source: String) -> String {
        var lines = ["button bounce on \(source): \(presses) presses, \(releases) releases"
                     + "\(glitches > 0 ? ", \(glitches) glitches" : ""), \(bouncing) of \(trains.count) trains bounced"
                     + " (a train: edges less than \(DurationSyntax.format(trainGap)) apart; offsets in µs from its first edge)"]
        var pressNumber = 0
        var releaseNumber = 0
        for t in trains {
            let name: String
            if t.isGlitch {
                name = "glitch"
            } else if t.settledPressed {
                pressNumber += 1
                name = "press \(pressNumber)"
            } else {
                releaseNumber += 1
                name = "release \(releaseNumber)"
            }
            let origin = t.edges.first?.at.nanoseconds ?? 0
            let offsets = t.edges.map { e in
                "+" + DecimalSyntax.microseconds(e.at.nanoseconds.saturatingSubtracting(origin)) + (e.pressed ? " down" : " up")
            }
            let count = t.edges.count == 1 ? "1 edge" : "\(t.edges.count) edges over \(DecimalSyntax.microseconds(t.lengthNs)) µs"
            lines.append(name.padded(12) + count + ": " + offsets.joined(separator: ", "))
        }
        var summary = "longest train \(DecimalSyntax.microseconds(longestTrainNs)) µs, longest gap inside a train "
            + "\(DecimalSyntax.microseconds(longestGapNs)) µs"
        if let q = shortestQuietNs { summary += ", quickest press or release \(DecimalSyntax.microseconds(q)) µs" }
        lines.append(summary)
        if let d = suggestedDebounce {
            var s = "suggested: debounce = \(DurationSyntax.format(d))   ([button] in torch.conf; the longest gap × "
                + "\(DecimalSyntax.fixed(Self.margin, decimals: 1)), rounded up to 1 ms, within 1ms…100ms)"
            if suggestionMergesPresses {
                s += "\nwarning: that is not shorter than the quickest press or release: this button's bounce and presses overlap"
            }
            lines.append(s)
        } else {
            lines.append("no edges: press the button while the bench listens")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Trains that came back to where they started.
    public var glitches: Int { trains.filter(\.isGlitch).count }

    /// The figures and every train as one JSON object (times in ns).
    public var jsonValue: JSONValue {
        .object([
            JSONMember("presses", .number(Double(presses))),
            JSONMember("releases", .number(Double(releases))),
            JSONMember("glitches", .number(Double(glitches))),
            JSONMember("train_gap_ns", .number(Double(trainGap.nanoseconds))),
            JSONMember("longest_train_ns", .number(Double(longestTrainNs))),
            JSONMember("longest_gap_ns", .number(Double(longestGapNs))),
            JSONMember("shortest_quiet_ns", shortestQuietNs.map { .number(Double($0)) } ?? .null),
            JSONMember("suggested_debounce_ns", suggestedDebounce.map { .number(Double($0.nanoseconds)) } ?? .null),
            JSONMember("trains", .array(trains.map { t in
                let origin = t.edges.first?.at.nanoseconds ?? 0
                return .object([
                    JSONMember("pressed", .bool(t.settledPressed)),
                    JSONMember("glitch", .bool(t.isGlitch)),
                    JSONMember("start_ns", .number(Double(origin))),
                    JSONMember("edges_ns", .array(t.edges.map { .number(Double($0.at.nanoseconds.saturatingSubtracting(origin))) })),
                    JSONMember("edges_pressed", .array(t.edges.map { .bool($0.pressed) })),
                ])
            })),
        ])
    }
}

extension String {
    fileprivate func padded(_ n: Int) -> String { self + String(repeating: " ", count: Swift.max(0, n - count)) }
}
