import Testing
import TorchTesting

/// Walkthrough 2's "A Pi without a clock": every timer runs on the monotonic clock and
/// only two things read the wall clock, which steps on a board without a real-time
/// clock — an MQTT group command's "at" and the minting date `torch web-link` records.
/// Read from the sources: CLOCK_REALTIME is read in `SystemWallClock` alone, no other
/// wall-clock call appears, and only those two ask it the time.
@Suite struct WallClockReadersTests {
    static let files = LayeringTests.swiftFiles("Sources")

    @Test func onlySystemWallClockReadsTheWallClock() throws {
        try #require(Self.files.count > 300, "found the sources: \(Self.files.count)")
        var readers: [String] = []
        for f in Self.files {
            let text = RepoFiles.read(f) ?? ""
            for call in ["clock_gettime(CLOCK_REALTIME", "gettimeofday(", "time(nil)", "Date()", "CLOCK_REALTIME_COARSE"]
            where text.contains(call) { readers.append(f) }
        }
        #expect(readers == ["Sources/TorchHardware/System/SystemWallClock.swift"], "\(readers)")
    }

    @Test func onlyTheGroupCommandAndWebLinkAskIt() {
        let askers = Self.files.filter { f in
            (RepoFiles.read(f) ?? "").contains(".unixNanoseconds()") && !f.hasPrefix("Sources/TorchTesting/")
        }
        #expect(askers == ["Sources/TorchEngine/MQTT/MQTTFrontEnd.swift", "Sources/torch/Commands/WebLinkCommand.swift"],
                "\(askers)")
    }
}
