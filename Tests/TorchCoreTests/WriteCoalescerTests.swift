import Testing
import TorchCore

/// State writes are coalesced: under a storm at most one a second, the last value always
/// written within the second and at the stop; a lone change is written at once.
@Suite struct WriteCoalescerTests {
    func ms(_ n: Int64) -> Instant { Instant(nanoseconds: n * 1_000_000) }

    @Test func aLoneChangeIsWrittenAtOnce() {
        var c = WriteCoalescer<Int>()
        #expect(c.offer(1, at: ms(0)) == 1)
        c.written(1, at: ms(0))
        #expect(c.nextDeadline == nil)
        // A second later the next change is alone again.
        #expect(c.offer(2, at: ms(1000)) == 2)
    }

    @Test func aStormIsOneWriteASecondWithTheLastValue() {
        var c = WriteCoalescer<Int>()
        var written: [(Int64, Int)] = []
        // 100 changes 10 ms apart, the shell polling its deadline as the loop does.
        for i in 0..<100 {
            let t = Int64(i) * 10
            if let due = c.nextDeadline, due <= ms(t), let v = c.due(at: ms(t)) {
                written.append((t, v))
                c.written(v, at: ms(t))
            }
            if let v = c.offer(i, at: ms(t)) {
                written.append((t, v))
                c.written(v, at: ms(t))
            }
        }
        // The storm ends at 990 ms; the deadline brings the last value.
        let deadline = c.nextDeadline
        #expect(deadline != nil)
        if let deadline, let v = c.due(at: deadline) { written.append((deadline.nanoseconds / 1_000_000, v)) }
        #expect(written.map(\.1) == [0, 99])
        #expect(written.map(\.0) == [0, 1000])
        #expect(c.nextDeadline == nil)
    }

    @Test func theDeadlineIsASecondAfterTheLastWrite() {
        var c = WriteCoalescer<Int>()
        _ = c.offer(1, at: ms(0))
        c.written(1, at: ms(0))
        #expect(c.offer(2, at: ms(400)) == nil)
        #expect(c.nextDeadline == ms(1000))
        #expect(c.due(at: ms(999)) == nil)
        #expect(c.due(at: ms(1000)) == 2)
        c.written(2, at: ms(1000))
        // The write at 1000 ms starts the next second.
        #expect(c.offer(3, at: ms(1500)) == nil)
        #expect(c.nextDeadline == ms(2000))
    }

    @Test func theStopWritesWhatWaits() {
        var c = WriteCoalescer<Int>()
        _ = c.offer(1, at: ms(0))
        c.written(1, at: ms(0))
        _ = c.offer(2, at: ms(10))
        _ = c.offer(3, at: ms(20))
        #expect(c.flush() == 3)
        #expect(c.flush() == nil)
        #expect(c.nextDeadline == nil)
    }

    @Test func nothingWaitsAfterAWrite() {
        var c = WriteCoalescer<Int>(interval: .milliseconds(200))
        #expect(c.flush() == nil)
        _ = c.offer(1, at: ms(0))
        c.written(1, at: ms(0))
        #expect(c.flush() == nil)
        #expect(c.due(at: ms(10_000)) == nil)
    }

    @Test func aFailedWriteWaitsForTheNextDueInstant() {
        var c = WriteCoalescer<Int>()
        #expect(c.offer(1, at: ms(0)) == 1)
        c.failed(1, at: ms(0))
        #expect(c.nextDeadline == ms(1000), "tried again when the next write is due")
        #expect(c.due(at: ms(999)) == nil)
        #expect(c.due(at: ms(1000)) == 1)
        c.failed(1, at: ms(1000))
        #expect(c.nextDeadline == ms(3000), "then 2 s later")
        #expect(c.due(at: ms(3000)) == 1)
        c.written(1, at: ms(3010))
        #expect(c.nextDeadline == nil, "written: nothing waits")
        #expect(c.offer(2, at: ms(3500)) == nil)
        #expect(c.nextDeadline == ms(4010), "the next a whole interval after the write ended, at the first interval again")
    }

    @Test func aNewerChangeReplacesAFailedOne() {
        var c = WriteCoalescer<Int>()
        _ = c.offer(1, at: ms(0))
        c.failed(1, at: ms(0))
        #expect(c.offer(2, at: ms(500)) == nil)
        #expect(c.due(at: ms(1000)) == 2, "the latest choice, never the failed one after it")
    }

    @Test func aFailureDoesNotReplaceANewerWaitingChange() {
        var c = WriteCoalescer<Int>()
        _ = c.offer(1, at: ms(0))
        c.written(1, at: ms(0))
        #expect(c.offer(2, at: ms(10)) == nil)
        // The flush at a stop took 2 and it failed while 3 was offered: 3 stays.
        #expect(c.flush() == 2)
        #expect(c.offer(3, at: ms(20)) == nil)
        c.failed(2, at: ms(20))
        #expect(c.flush() == 3)
    }

    @Test func retriesBackOffToTheCap() {
        var c = WriteCoalescer<Int>(interval: .seconds(1), maxRetryInterval: .seconds(60))
        _ = c.offer(1, at: ms(0))
        var t = ms(0)
        var gaps: [Int64] = []
        for _ in 0..<9 {
            c.failed(1, at: t)
            guard let next = c.nextDeadline else { break }
            gaps.append((next.nanoseconds - t.nanoseconds) / 1_000_000_000)
            t = next
            _ = c.due(at: t)
        }
        #expect(gaps == [1, 2, 4, 8, 16, 32, 60, 60, 60])
        c.failed(1, at: t)
        #expect(c.flush() == 1, "the stop still takes it")
    }

    @Test func whatIsOnDiskIsNeverWrittenAgain() {
        var c = WriteCoalescer<Int>(onDisk: 5)
        #expect(c.offer(5, at: ms(0)) == nil, "the start's own state: already on disk")
        #expect(c.offer(6, at: ms(10)) == 6)
        c.written(6, at: ms(20))
        #expect(c.offer(7, at: ms(100)) == nil)
        #expect(c.offer(6, at: ms(200)) == nil, "a change undone within the interval")
        #expect(c.nextDeadline == nil, "nothing waits: the disk holds it")
        #expect(c.flush() == nil)
        for t in stride(from: Int64(2000), to: 60_000, by: 1000) {
            #expect(c.offer(6, at: ms(t)) == nil, "the same state again each second: no write")
        }
    }

    @Test func aFailedWriteUndoneByTheOwnerIsNotTriedAgain() {
        var c = WriteCoalescer<Int>(onDisk: 1)
        #expect(c.offer(2, at: ms(0)) == 2)
        c.failed(2, at: ms(0))
        #expect(c.offer(1, at: ms(300)) == nil, "back to what the disk still holds")
        #expect(c.nextDeadline == nil)
        #expect(c.flush() == nil)
    }

    // A write under way (the state file's own thread, a slow disk): nothing else is
    // handed out or due until it ends, so the loop neither spins nor writes twice at once.

    @Test func aWriteUnderWayHoldsTheNextChange() {
        var c = WriteCoalescer<Int>()
        #expect(c.offer(1, at: ms(0)) == 1)
        #expect(c.offer(2, at: ms(1500)) == nil, "the interval is over, but 1 is still being written")
        #expect(c.nextDeadline == nil, "no deadline while it is: the loop waits for its end")
        #expect(c.due(at: ms(2000)) == nil)
        c.written(1, at: ms(3000))
        #expect(c.nextDeadline == ms(4000), "an interval after the slow write ended")
        #expect(c.due(at: ms(4000)) == 2)
    }

    @Test func goingBackToTheDisksValueDuringAWriteIsWrittenAfterIt() {
        var c = WriteCoalescer<Int>(onDisk: 1)
        #expect(c.offer(2, at: ms(0)) == 2)
        #expect(c.offer(1, at: ms(10)) == nil)
        c.written(2, at: ms(2000))
        #expect(c.due(at: ms(3000)) == 1, "the disk holds 2 now; the owner chose 1 last")
    }

    @Test func theValueUnderWayAgainNeedsNothingMore() {
        var c = WriteCoalescer<Int>()
        #expect(c.offer(2, at: ms(0)) == 2)
        #expect(c.offer(3, at: ms(10)) == nil)
        #expect(c.offer(2, at: ms(20)) == nil)
        c.written(2, at: ms(500))
        #expect(c.nextDeadline == nil)
        #expect(c.flush() == nil)
    }

    @Test func aFailedWriteUndoneWhileUnderWayIsNotTriedAgain() {
        var c = WriteCoalescer<Int>(onDisk: 1)
        #expect(c.offer(2, at: ms(0)) == 2)
        #expect(c.offer(1, at: ms(10)) == nil)
        c.failed(2, at: ms(500))
        #expect(c.nextDeadline == nil, "the disk still holds 1, the owner's last choice")
        #expect(c.flush() == nil)
    }
}
