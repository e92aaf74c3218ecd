import Testing
import TorchEngine

/// Which socket the CLI talks to: the system one first, then the user's own; a denied
/// system socket stops the CLI with one line (it never drives the hardware then).
@Suite struct ControlSocketChoiceTests {
    private let system = "/run/torch/torch.sock"
    private let own = "/run/user/1000/torch.sock"

    @Test func candidatesSystemFirstThenTheUsersOwn() {
        #expect(ControlSocketChoice.candidates(systemSocket: system, configuredExplicitly: false, userID: 1000,
                                               runtimeDirectory: "/run/user/1000") == [system, own])
        #expect(ControlSocketChoice.candidates(systemSocket: system, configuredExplicitly: false, userID: 0,
                                               runtimeDirectory: "/run/user/0") == [system])
        // A socket the config names is the only one.
        #expect(ControlSocketChoice.candidates(systemSocket: "/srv/t.sock", configuredExplicitly: true, userID: 1000,
                                               runtimeDirectory: "/run/user/1000") == ["/srv/t.sock"])
    }

    /// Runs `decide` with scripted probe results, recording which paths were tried.
    private func decide(_ results: [String: ControlSocketChoice.Probe]) -> (ControlSocketChoice.Decision, [String]) {
        var tried: [String] = []
        let d = ControlSocketChoice.decide([system, own]) { path in
            tried.append(path)
            return results[path] ?? .nothingListening
        }
        return (d, tried)
    }

    @Test func theSystemServiceWinsWhenItAnswers() {
        let (d, tried) = decide([system: .answered, own: .answered])
        #expect(d == .use(path: system))
        #expect(tried == [system])
    }

    @Test func theUsersOwnServiceWhenNoSystemOne() {
        let (d, tried) = decide([own: .answered])
        #expect(d == .use(path: own))
        #expect(tried == [system, own])
    }

    @Test func noServiceAnywhereDrivesTheHardware() {
        #expect(decide([:]).0 == .driveHardware)
    }

    @Test func aDeniedSystemSocketStopsTheCLIWithoutTryingFurther() {
        let (d, tried) = decide([system: .denied(group: "gpio"), own: .nothingListening])
        #expect(d == .denied(path: system, group: "gpio"))
        #expect(tried == [system], "the user's own socket is not tried: the system service holds the light")
        #expect(ControlSocketChoice.deniedMessage(path: system, group: "gpio")
            == "torch: /run/torch/torch.sock: permission denied: a torch service runs there; members of group 'gpio' may use it (sudo usermod -aG gpio $USER, then log in again)")
        #expect(!ControlSocketChoice.deniedMessage(path: system, group: nil).contains("\n"))
    }

    @Test func anotherFailureIsReportedNotSkipped() {
        let (d, _) = decide([system: .failed("/run/torch/torch.sock: no reply within 5s"), own: .answered])
        #expect(d == .failed("/run/torch/torch.sock: no reply within 5s"))
    }
}
