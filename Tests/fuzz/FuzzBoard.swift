/// Board files (`boards/*.board`): parsed, or error lines that echo the file escaped.
func fuzzBoard(_ bytes: [UInt8]) {
    let input = text(bytes)
    let board: BoardProfile
    do { board = try BoardProfile.parse(input, id: "fuzz", file: "fuzz.board") } catch {
        checkErrorLines(error.lines, from: input)
        return
    }
    _ = board.ledPin.map { board.pwmChannel(forLine: $0) }
}
