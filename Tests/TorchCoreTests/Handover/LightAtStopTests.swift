import Testing
import TorchCore

/// Whether the light outlives the service's process (`LightAtStop`): kept for a restart
/// job and for a crash systemd restarts and cannot refuse, put back for everything else.
@Suite struct LightAtStopTests {
    let limit = StartLimit(interval: .seconds(10), burst: 5)

    @Test func theProcessAtItsStopSignalKeepsOnlyForARestart() {
        #expect(LightAtStop.atSignal(job: .restart, storeEnabled: true).keeps)
        #expect(!LightAtStop.atSignal(job: .stop, storeEnabled: true).keeps)
        #expect(!LightAtStop.atSignal(job: ServiceJob.none, storeEnabled: true).keeps)
        #expect(!LightAtStop.atSignal(job: .other("reload"), storeEnabled: true).keeps)
        // Unknown job: a stop's dark is safe, a light left on after a stop is not.
        #expect(!LightAtStop.atSignal(job: nil, storeEnabled: true).keeps)
        // Without the store nothing can hold a GPIO line: always put back.
        #expect(!LightAtStop.atSignal(job: .restart, storeEnabled: false).keeps)
    }

    /// A clean exit decided at its stop signal and left a mark in the record.
    @Test func afterACleanExitTheProcesssOwnDecisionStands() {
        #expect(LightAtStop.afterCleanExit(handedOver: true).keeps)
        #expect(!LightAtStop.afterCleanExit(handedOver: false).keeps)
    }

    @Test func thePostStopCommandFollowsTheJob() {
        func after(_ job: ServiceJob?, _ result: String = "success") -> LightAtStop {
            LightAtStop.afterStop(job: job, result: ServiceResult(result), restart: .onFailure, startLimit: limit,
                                  ran: .seconds(60), storeEnabled: true)
        }
        #expect(after(.restart).keeps)
        #expect(!after(.stop).keeps)
        #expect(!after(.stop, "signal").keeps)   // systemctl stop of a crashing unit
        #expect(!after(nil, "signal").keeps)
        // A process that ended cleanly with no job: --for ran out; Restart=on-failure
        // does not restart it.
        #expect(!after(ServiceJob.none).keeps)
        #expect(after(ServiceJob.none).reason.contains("does not restart"))
    }

    @Test func aCrashKeepsTheLightOnlyPastTheStartLimitsInterval() {
        func crash(ran: Duration?, limit: StartLimit? = StartLimit(interval: .seconds(10), burst: 5),
                   restart: RestartPolicy? = .onFailure, result: String = "signal") -> LightAtStop {
            LightAtStop.afterStop(job: ServiceJob.none, result: ServiceResult(result), restart: restart, startLimit: limit,
                                  ran: ran, storeEnabled: true)
        }
        #expect(crash(ran: .seconds(10)).keeps)
        #expect(crash(ran: .seconds(3600)).keeps)
        #expect(crash(ran: .seconds(60), result: "watchdog").keeps)
        // Sooner: maybe a crash loop, which systemd ends by refusing a start: dark now.
        let soon = crash(ran: .milliseconds(9999))
        #expect(!soon.keeps)
        #expect(soon.reason == "the process ended (signal) after 9.999s, within the start limit's 10s: maybe a crash loop")
        // No limit: a restart always follows.
        #expect(crash(ran: .milliseconds(1), limit: StartLimit(interval: .zero, burst: 5)).keeps)
        #expect(crash(ran: .milliseconds(1), limit: StartLimit(interval: .seconds(10), burst: 0)).keeps)
        // What systemctl could not say is never taken for a restart.
        #expect(!crash(ran: nil).keeps)
        #expect(!crash(ran: .seconds(60), limit: nil).keeps)
        #expect(!crash(ran: .seconds(60), restart: nil).keeps)
        #expect(!crash(ran: .seconds(60), restart: RestartPolicy.no).keeps)
    }

    /// systemd's `service_shall_restart` table.
    @Test func restartPoliciesAsSystemdDefinesThem() {
        let results = ["success", "exit-code", "signal", "core-dump", "watchdog", "timeout", "skip-condition"]
        let expected: [RestartPolicy: [String]] = [
            .no: [],
            .always: ["success", "exit-code", "signal", "core-dump", "watchdog", "timeout"],
            .onSuccess: ["success"],
            .onFailure: ["exit-code", "signal", "core-dump", "watchdog", "timeout"],
            .onAbnormal: ["signal", "core-dump", "watchdog", "timeout"],
            .onWatchdog: ["watchdog"],
            .onAbort: ["signal", "core-dump"],
        ]
        for policy in RestartPolicy.allCases {
            let restarting = results.filter { policy.restarts(after: ServiceResult($0)) }
            #expect(restarting == expected[policy], "Restart=\(policy.rawValue)")
        }
    }

    @Test func jobTypesAsSystemctlNamesThem() {
        #expect(ServiceJob(type: "restart") == .restart)
        #expect(ServiceJob(type: "try-restart") == .restart)
        #expect(ServiceJob(type: "stop") == .stop)
        #expect(ServiceJob(type: "start") == .other("start"))
    }
}
