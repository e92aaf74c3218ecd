/// Board files (`boards/*.board`).
func fuzzBoard(_ bytes: [UInt8]) {
    let input = text(bytes)
    guard let board = try? BoardProfile.parse(input, id: "fuzz", file: "fuzz.board") else { return }
    _ = board.ledPin.map { board.pwmChannel(forLine: $0) }
}
