import Testing
import TorchCore

@Suite struct BackendRequestTests {
    @Test func everySpellingRoundTrips() {
        for request in BackendRequest.allCases {
            #expect(BackendRequest(rawValue: request.rawValue) == request)
        }
        #expect(BackendRequest.allCases.map(\.rawValue) == ["auto", "pwm", "gpiod", "sim"])
    }

    @Test func autoIsARequestNotABackend() {
        #expect(BackendRequest(rawValue: "auto") == .auto)
        #expect(BackendRequest(rawValue: "gpiod") == .fixed(.gpiod))
        #expect(Backend(rawValue: "auto") == nil)
        #expect(BackendRequest(rawValue: "gpu") == nil)
    }
}
