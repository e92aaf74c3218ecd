import TorchCore
import TorchHardware

/// The connections of one server (the control socket's clients, the web page's) in one
/// place: each numbered as it comes (the log's "client N"), with its peer, its group
/// and its last activity, and the server's own state for it; the cap, and when it is
/// reached the connection to close for a newcomer (`ConnectionEviction`); idle expiry;
/// closing and forgetting a connection in one call. The descriptors are the table's (it
/// holds each one's `FileDescriptor`): a server never closes one itself, and a server
/// that lets go of its table closes them all.
struct ConnectionTable<State> {
    struct Connection {
        /// 1, 2, … in the order they connected.
        let number: Int
        /// Who it is, for the log ("uid 1000, pid 42", "127.0.0.1:50412").
        let peer: String
        /// Its eviction group (`ConnectionEviction.Candidate.group`).
        let group: String
        /// The last complete request or written event, or when it connected.
        var lastActivity: Instant
        var state: State
        /// The socket, owned here.
        fileprivate let descriptor: FileDescriptor
    }

    /// At most this many at once.
    let cap: Int
    private var byFD: [Int32: Connection] = [:]
    private var nextNumber = 1

    init(cap: Int) { self.cap = cap }

    var count: Int { byFD.count }
    var isEmpty: Bool { byFD.isEmpty }
    /// Every connection's descriptor, in ascending order.
    var descriptors: [Int32] { byFD.keys.sorted() }
    var all: [(fd: Int32, connection: Connection)] { byFD.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }

    subscript(fd: Int32) -> Connection? { byFD[fd] }

    /// Changes the server's state of `fd` (nothing when it is gone).
    mutating func update(_ fd: Int32, _ change: (inout State) -> Void) {
        guard var c = byFD[fd] else { return }
        change(&c.state)
        byFD[fd] = c
    }

    /// Its idle time starts again at `now` (a complete request, a written event).
    mutating func touch(_ fd: Int32, at now: Instant) { byFD[fd]?.lastActivity = now }

    /// Takes `descriptor` in (keyed by its number from now on); returns its number.
    mutating func add(_ descriptor: FileDescriptor, peer: String, group: String, state: State, at now: Instant) -> Int {
        let number = nextNumber
        nextNumber += 1
        byFD[descriptor.rawValue] = Connection(number: number, peer: peer, group: group, lastActivity: now, state: state,
                                               descriptor: descriptor)
        return number
    }

    /// What a newcomer needs.
    enum Room: Equatable {
        /// A slot is free.
        case free
        /// Every slot is taken: close this one first.
        case evict(Int32)
        /// No slot at all (a cap of 0).
        case noSlot
    }

    /// Whether a newcomer fits, and if not which connection makes room; `paired` and
    /// `stream` say what eviction weighs beyond group and idle time.
    func room(paired: (State) -> Bool = { _ in false }, stream: (State) -> Bool = { _ in false }) -> Room {
        guard byFD.count >= cap else { return .free }
        let candidates = byFD.map { fd, c in
            ConnectionEviction.Candidate(fd: fd, group: c.group, isStream: stream(c.state), isPaired: paired(c.state),
                                         lastActivity: c.lastActivity, number: c.number)
        }
        return ConnectionEviction.victim(among: candidates).map { .evict($0) } ?? .noSlot
    }

    /// The connections idle for `timeout` or longer at `now` (and for which `counts` holds).
    func idle(for timeout: Duration, at now: Instant, counts: (State) -> Bool = { _ in true }) -> [Int32] {
        byFD.filter { now >= $0.value.lastActivity + timeout && counts($0.value.state) }.keys.sorted()
    }

    /// When the first connection reaches `timeout` of idleness; nil with none.
    func firstIdle(after timeout: Duration) -> Instant? {
        byFD.values.map { $0.lastActivity + timeout }.min()
    }

    /// Forgets `fd` and closes it; the connection it was, nil when it was not here.
    @discardableResult
    mutating func remove(_ fd: Int32) -> Connection? {
        guard let c = byFD.removeValue(forKey: fd) else { return nil }
        c.descriptor.close()
        return c
    }

    /// Closes every connection.
    mutating func removeAll() {
        for c in byFD.values { c.descriptor.close() }
        byFD.removeAll()
    }
}
