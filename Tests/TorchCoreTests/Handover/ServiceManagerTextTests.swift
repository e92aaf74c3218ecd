import Testing
import TorchCore

/// What torch reads from systemctl (`ServiceManagerText`), as systemd 252 and 257 print it.
@Suite struct ServiceManagerTextTests {
    @Test func theUnitsJobFromListJobs() {
        let text = "  41 torch.service   restart running\n  42 other.service start   waiting\n"
        #expect(ServiceManagerText.job(inListJobs: text, unit: "torch.service") == .restart)
        #expect(ServiceManagerText.job(inListJobs: text, unit: "other.service") == .other("start"))
        #expect(ServiceManagerText.job(inListJobs: "17 torch.service stop running", unit: "torch.service") == .stop)
        // No job for the unit; nothing printed; the legend's "No jobs running."
        #expect(ServiceManagerText.job(inListJobs: text, unit: "torch-kitchen.service") == ServiceJob.none)
        #expect(ServiceManagerText.job(inListJobs: "", unit: "torch.service") == ServiceJob.none)
        #expect(ServiceManagerText.job(inListJobs: "No jobs running.\n", unit: "torch.service") == ServiceJob.none)
    }

    @Test func propertiesFromShow() {
        let p = ServiceManagerText.properties("Restart=on-failure\nStartLimitBurst=5\nExecStart={ path=/x ; argv[]=/x a=b }\nRestart=no\n")
        #expect(p["Restart"] == "on-failure")
        #expect(p["StartLimitBurst"] == "5")
        #expect(p["ExecStart"] == "{ path=/x ; argv[]=/x a=b }")
    }

    @Test func timespansAsSystemctlPrintsThem() {
        #expect(ServiceManagerText.timespan("10s") == .seconds(10))
        #expect(ServiceManagerText.timespan("1min 30s") == .seconds(90))
        #expect(ServiceManagerText.timespan("500ms") == .milliseconds(500))
        #expect(ServiceManagerText.timespan("1.500s") == .milliseconds(1500))
        #expect(ServiceManagerText.timespan("2h 3min 4s 5ms 6us") == .nanoseconds(7_384_005_006_000))
        #expect(ServiceManagerText.timespan("1w 1d") == .seconds(8 * 86_400))
        #expect(ServiceManagerText.timespan("0") == .zero)
        #expect(ServiceManagerText.timespan("infinity") == .nanoseconds(Int64.max))
        for bad in ["", "10", "s", "ten s", "10 s", "-1s", "1e3s", "10x"] {
            #expect(ServiceManagerText.timespan(bad) == nil, "\(bad)")
        }
    }

    @Test func monotonicStamps() {
        #expect(ServiceManagerText.monotonicMicroseconds("12345") == .microseconds(12345))
        #expect(ServiceManagerText.monotonicMicroseconds("0") == nil)
        #expect(ServiceManagerText.monotonicMicroseconds("") == nil)
        #expect(ServiceManagerText.monotonicMicroseconds(nil) == nil)
        #expect(ServiceManagerText.monotonicMicroseconds("99999999999999999999") == nil)
    }

    @Test func theOwnUnitFromTheCgroup() {
        #expect(ServiceManagerText.unit(fromCgroup: "0::/system.slice/torch.service\n") == "torch.service")
        #expect(ServiceManagerText.unit(fromCgroup: "0::/system.slice/torch.service/control\n") == "torch.service")
        #expect(ServiceManagerText.unit(fromCgroup: "0::/user.slice/user-1000.slice/session-2.scope\n") == nil)
        #expect(ServiceManagerText.unit(fromCgroup: "12:pids:/system.slice/x.service\n") == nil)
        #expect(ServiceManagerText.unit(fromCgroup: "0::/.service\n") == nil)
    }
}
