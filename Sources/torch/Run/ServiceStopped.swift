import TorchCore
import TorchEngine
import TorchHardware

/// The unit's post-stop command, `torch off --service-stopped` (ExecStopPost), under
/// systemd with the file descriptor store (`$FDSTORE`): it runs after every stop of the
/// service's process, and decides with `LightAtStop.afterStop` whether the light is
/// left for the next process (a restart job, or a crash that systemd will restart and
/// cannot refuse) or put back. Putting back: the line's request is taken out of the
/// store (`FDSTOREREMOVE=1`, which the unit's `NotifyAccess=exec` lets this control
/// process send), and the output is opened as the handover record says (a PWM channel
/// the first process exported is unexported again), driven dark and released.
enum ServiceStopped {
    /// What to do; nil outside systemd or without the store (then: dark, as always).
    /// `record`: what the runtime directory holds (`TakeOver.prepare`). A clean exit
    /// decided at its stop signal and said so in the record: nothing is asked. After any
    /// other end, one systemctl call (and a second only when the unit has a job): the
    /// post-stop command runs under `TimeoutStopSec=`.
    static func decide(_ record: HandoverRecord?) -> LightAtStop? {
        guard SystemdNotify.storeCapacity() > 0, let result = ProcessEnvironment.variable("SERVICE_RESULT") else {
            StandardError.write("torch: no file descriptor store ($FDSTORE) or no $SERVICE_RESULT: dark and released\n")
            return nil
        }
        if ServiceResult(result).isSuccess { return .afterCleanExit(handedOver: record?.handedOver == true) }
        guard let manager = ServiceManager.ownUnit().map({ ServiceManager(unit: $0) }) else {
            return .putBack(reason: "not in a service unit of its own")
        }
        let ended: ServiceManager.EndedProcess
        switch manager.endedProcess() {
        case let .success(e): ended = e
        case let .failure(error): return .putBack(reason: "the unit's job is unknown: \(error)")
        }
        var job = ServiceJob.none
        if ended.jobID != nil {
            switch manager.job() {
            case let .success(j): job = j
            case let .failure(error): return .putBack(reason: "the unit's job is unknown: \(error)")
            }
        }
        return LightAtStop.afterStop(job: job, result: ServiceResult(result), restart: ended.restart,
                                     startLimit: ended.startLimit, ran: ended.ran, storeEnabled: true)
    }

    /// Before the output is opened to put it back: the store lets go of the line.
    static func prepareToPutBack() {
        let notify = SystemdNotify()
        try? notify.removeStored(name: SocketActivation.storedLightName)
        _ = notify.barrier(timeout: .seconds(2))
    }

    /// After the put back: nothing is left for a next process.
    static func finished(_ takeOver: TakeOver?) {
        if let path = takeOver?.recordPath { _ = removeFile(path) }
    }
}
