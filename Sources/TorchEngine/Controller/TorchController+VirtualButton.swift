import TorchCore

/// Who holds a virtual button down: a front end and its own number for the client
/// (the control socket's connection number; 0 when the front end has one client).
public struct VirtualHolder: Hashable, Sendable, CustomStringConvertible {
    public var origin: CommandOrigin
    public var client: Int

    public init(origin: CommandOrigin, client: Int = 0) {
        self.origin = origin
        self.client = client
    }

    public var description: String { "\(origin.rawValue) client \(client)" }
}

/// The virtual button (the control protocol's `press` / `release`, `torch button`, the
/// web page): its edges go through the same gesture recognizer as the physical button
/// of that role, stamped with the instant the request arrived, so a virtual tap, double
/// tap or hold is recognised exactly as a physical one.
extension TorchController {
    /// The virtual button of `role` goes down (`pressed`) or up at `time`.
    ///
    /// Several holders may press the same role: the button goes down with the first
    /// press and up with a release from anyone (a release is the button coming up, as a
    /// finger leaving it), which also forgets every holder of that role. A press by a
    /// holder already holding, or a release of a button that is up, changes nothing.
    ///
    /// A remote holder's press (`CommandOrigin.isRemote`) is a dead man's switch: it is
    /// released `remotePressLease` after the press or its last renewal
    /// (`ControllerInput.renewVirtualPress`). The physical button's state is never
    /// overwritten: a virtual press or release while the physical button is held down
    /// changes nothing (the finger holds it).
    func virtualEdge(role: ButtonRole, pressed: Bool, holder: VirtualHolder, at time: Instant) {
        guard !isStopped else { return }
        var holders = virtualHolds[role] ?? []
        let wasDown = !holders.isEmpty
        if pressed {
            holders.insert(holder)
            if holder.origin.isRemote { virtualLeases[holder] = time + settings.remotePressLease }
        } else {
            for h in holders { virtualLeases[h] = nil }
            holders.removeAll()
        }
        virtualHolds[role] = holders
        guard wasDown != pressed else { return }
        now = max(now, time)
        lastCommandOrigin = holder.origin
        guard !physicalDown.contains(role) else {
            settle()
            return
        }
        remoteDriver[role] = holder.origin.isRemote ? holder.origin : nil
        recognize(ButtonEdge(role: role, pressed: pressed, at: max(time, now)))
    }

    /// A remote holder is still there (the page's keep-alive): its press lives another
    /// `remotePressLease` from `time`. False when it holds nothing.
    @discardableResult
    func renewVirtualPress(_ holder: VirtualHolder, at time: Instant) -> Bool {
        guard virtualLeases[holder] != nil else { return false }
        virtualLeases[holder] = time + settings.remotePressLease
        return true
    }

    /// Releases the remote presses whose lease ran out by `time`, each at its expiry.
    func releaseExpiredPresses(upTo time: Instant) {
        while let (holder, due) = virtualLeases.min(by: { $0.value < $1.value }), due <= time {
            virtualLeases[holder] = nil
            log("button: virtual press of \(holder) released: no keep-alive within "
                + "\(DurationSyntax.format(settings.remotePressLease))", .notice)
            virtualHolderGone(holder, at: due)
        }
    }

    /// A holder went away (a socket client disconnected, a page closed): every virtual
    /// button it holds down is released at `time` once no other holder keeps it down.
    func virtualHolderGone(_ holder: VirtualHolder, at time: Instant) {
        virtualLeases[holder] = nil
        for role in ButtonRole.allCases where virtualHolds[role]?.contains(holder) == true {
            virtualHolds[role]?.remove(holder)
            guard virtualHolds[role]?.isEmpty == true else { continue }
            log("button (\(role)): virtual press released: \(holder) went away")
            now = max(now, time)
            // The finger on the physical button still holds it.
            if physicalDown.contains(role) { settle(); continue }
            recognize(ButtonEdge(role: role, pressed: false, at: now))
        }
    }

    /// True while `holder` holds any virtual button down.
    public func isHoldingVirtualButton(_ holder: VirtualHolder) -> Bool {
        virtualHolds.values.contains { $0.contains(holder) }
    }

    /// True while someone holds the virtual button of `role` down.
    public func isVirtuallyPressed(_ role: ButtonRole) -> Bool {
        !(virtualHolds[role]?.isEmpty ?? true)
    }
}
