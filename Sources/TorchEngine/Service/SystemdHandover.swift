import TorchCore
import TorchHardware

/// The hand-over under systemd: the GPIO line's request in the unit's file descriptor
/// store (`FDSTORE=1`, named `SocketActivation.storedLightName`), the handover record in
/// the runtime directory (tmpfs), and at the stop the unit's job asked of systemctl
/// (`LightAtStop.atSignal`). At a stop that puts the light back, the stored request is
/// removed (`FDSTOREREMOVE=1`) and the record deleted, so the post-stop command finds
/// the line free and nothing is left to resume.
public final class SystemdHandover: ServiceHandover {
    /// Where the record is (`$RUNTIME_DIRECTORY/handover`).
    public let recordPath: String
    /// The output as the next process must find it.
    public let output: HandoverRecord.Output
    private let notify: SystemdNotify
    private let manager: ServiceManager?
    private let log: (LogPriority, String) -> Void
    /// A request is in the store under our name (stored here, or passed in at start).
    private var stored: Bool
    private var recordFailing = false

    /// - Parameters:
    ///   - inheritedStore: the store passed this process a request (which `keep`
    ///     replaces when the output has another descriptor).
    ///   - manager: asks systemd for the unit's job; nil: every stop puts back.
    public init(recordPath: String, output: HandoverRecord.Output, inheritedStore: Bool,
                notify: SystemdNotify = SystemdNotify(), manager: ServiceManager?,
                log: @escaping (LogPriority, String) -> Void) {
        self.recordPath = recordPath
        self.output = output
        self.notify = notify
        self.manager = manager
        self.log = log
        stored = inheritedStore
    }

    /// The record's name in the runtime directory.
    public static let recordName = "handover"

    public func keep(_ output: any LightOutput) {
        do {
            // What the store holds goes first: a line taken again has a new request, and
            // an output that holds its level by itself (a PWM channel) needs none; a line
            // taken over is in this process now.
            if stored {
                try notify.removeStored(name: SocketActivation.storedLightName)
                stored = false
            }
            guard let fd = output.heldDescriptor else { return }
            try notify.store(fd, name: SocketActivation.storedLightName)
            stored = true
        } catch {
            log(.warning, "file descriptor store: \(error); a restart will not keep the light")
        }
    }

    public func lightChanged(_ resumption: Resumption) { write(resumption, handedOver: false) }

    public func handOver(_ resumption: Resumption) { write(resumption, handedOver: true) }

    private func write(_ resumption: Resumption, handedOver: Bool) {
        let text = HandoverRecordFormat.encode(HandoverRecord(output: output, resumption: resumption, handedOver: handedOver))
        do {
            try AtomicFile.write(text, to: recordPath, mode: 0o600)
            recordFailing = false
        } catch {
            guard !recordFailing else { return }
            recordFailing = true
            log(.warning, "handover record: \(error); a restart will start the light afresh (said once)")
        }
    }

    public func decideAtStop() -> LightAtStop {
        switch manager?.job() {
        case let .success(job)?:
            return LightAtStop.atSignal(job: job, storeEnabled: true)
        case let .failure(error)?:
            return .putBack(reason: "the unit's job is unknown: \(error)")
        case nil:
            return .putBack(reason: "not in a service unit of its own")
        }
    }

    public func putBack() {
        if stored {
            try? notify.removeStored(name: SocketActivation.storedLightName)
            // The post-stop command requests the line next: systemd must have closed
            // its copy by then.
            _ = notify.barrier(timeout: .seconds(2))
            stored = false
        }
        _ = removeFile(recordPath)
    }
}
