/// Requests a front end took and the ones it refused (a malformed message, a command
/// the owner's rule or the state machine turned down), for `GET /metrics`.
public struct FrontEndCounts: Equatable, Sendable {
    public var requests = 0
    public var refusals = 0

    public init(requests: Int = 0, refusals: Int = 0) {
        self.requests = requests
        self.refusals = refusals
    }

    /// One request, refused or not.
    mutating func count(refused: Bool) {
        requests += 1
        if refused { refusals += 1 }
    }
}

/// A front end that counts its requests; `frontEndName` is its `front_end` label.
public protocol CountsRequests: FrontEnd {
    var frontEndName: String { get }
    var requestCounts: FrontEndCounts { get }
}

extension CountsRequests {
    public var countedRequests: (name: String, counts: FrontEndCounts)? { (frontEndName, requestCounts) }
}
