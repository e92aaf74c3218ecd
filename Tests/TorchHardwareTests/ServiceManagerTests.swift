import Testing
import TorchCore
@testable import TorchHardware

/// `systemctl show`'s answer about an ended process, as systemd 252 and 257 print it.
@Suite struct ServiceManagerTests {
    @Test func anEndedProcessWithoutAJob() {
        let text = "Restart=on-failure\nStartLimitIntervalUSec=10s\nStartLimitBurst=5\nExecMainStartTimestampMonotonic=80000000\nExecMainExitTimestampMonotonic=92500000\n"
        let e = ServiceManager.ended(text)
        #expect(e == ServiceManager.EndedProcess(jobID: nil, restart: .onFailure, startLimit: StartLimit(interval: .seconds(10), burst: 5),
                                                 ran: .milliseconds(12_500)))
    }

    @Test func aJobAndWhatCannotBeRead() {
        let e = ServiceManager.ended("Job=42\nRestart=sometimes\nStartLimitIntervalUSec=ten\nExecMainStartTimestampMonotonic=9\nExecMainExitTimestampMonotonic=0\n")
        #expect(e.jobID == 42)
        #expect(e.restart == nil && e.startLimit == nil && e.ran == nil)
        #expect(ServiceManager.ended("Job=0\n").jobID == nil)
    }
}
