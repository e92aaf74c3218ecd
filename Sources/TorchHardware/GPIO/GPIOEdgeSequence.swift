/// Counts edge events the kernel dropped, from what arrives.
///
/// libgpiod v2 numbers each line's events: a gap in the numbers is events lost (the
/// kernel's buffer overflowed). v1 has no numbers, but both-edge events alternate, so
/// two presses (or two releases) in a row mean at least one event in between was lost.
public struct GPIOEdgeSequence: Equatable, Sendable {
    /// The last line sequence number seen (0 before the first, or with v1).
    public private(set) var lastSequence: UInt64 = 0
    /// The direction of the last edge (or the level read at request time).
    public private(set) var lastPressed: Bool?
    /// Events lost since the last `takeLost()`.
    public private(set) var lost = 0

    /// Starts from the line's level at request time (nil when unknown).
    public init(initiallyPressed: Bool? = nil) {
        lastPressed = initiallyPressed
    }

    /// Takes in one edge. `sequence` is the line sequence number, 0 when the library
    /// has none.
    public mutating func accept(pressed: Bool, sequence: UInt64) {
        if sequence != 0 {
            // Numbers start at 1 for each request, so a first event numbered 17 means
            // the 16 before it were dropped.
            if sequence > lastSequence &+ 1 {
                lost += Int(clamping: sequence - lastSequence - 1)
            }
            lastSequence = sequence
        } else if lastPressed == pressed {
            lost += 1
        }
        lastPressed = pressed
    }

    /// The count of lost events since the last call, resetting it.
    public mutating func takeLost() -> Int {
        defer { lost = 0 }
        return lost
    }
}
