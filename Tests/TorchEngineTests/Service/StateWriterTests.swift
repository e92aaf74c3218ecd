import Synchronization
import Testing
import TorchCore
import TorchHardware
import TorchEngine
#if canImport(Glibc)
import Glibc
#endif

/// The state file is written on a thread of its own: a write that waits for the disk
/// (an fsync on a slow SD card) holds only that thread, never the caller (the event
/// loop); its end comes through the eventfd. The slow write here is one held on a gate
/// the test opens, so what is asserted is order, never time; the real slow disk is
/// `make storm-test`'s slow-disk check (Tests/storm/slow-disk.py).
@Suite struct StateWriterTests {
    /// A write that says it began, then waits until the test opens the gate.
    final class GatedWrite: Sendable {
        let began = Atomic<Int>(0)
        let gate = WakeWord()
        let open = Atomic<Bool>(false)
        let written = Mutex<[PersistentState]>([])

        func write(_ s: PersistentState) -> HardwareError? {
            began.add(1, ordering: .releasing)
            while !open.load(ordering: .acquiring) { _ = gate.wait(unchanged: gate.value, until: nil) }
            written.withLock { $0.append(s) }
            return nil
        }

        func release() {
            open.store(true, ordering: .releasing)
            gate.wake()
        }

        /// Waits (no bound: the thread is there) until `n` writes have begun.
        func waitForBegun(_ n: Int) {
            while began.load(ordering: .acquiring) < n { usleep(200) }
        }
    }

    let lit = PersistentState(brightness: Brightness(clamping: 0.4), lit: true)

    /// Blocks until the writer's descriptor is readable (its write ended).
    func waitReadable(_ fd: Int32) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&p, 1, -1) == 1
    }

    @Test func aWriteThatWaitsForTheDiskDoesNotHoldTheCaller() throws {
        let gated = GatedWrite()
        let writer = try StateWriter { gated.write($0) }
        try writer.start()
        let fd = try #require(writer.descriptor, "a thread of its own: a descriptor to poll")
        #expect(writer.save(lit) == nil, "the save returned with its write still under way")
        gated.waitForBegun(1)
        #expect(writer.takeEnded().isEmpty, "nothing ended while the disk holds the write")
        gated.release()
        #expect(waitReadable(fd))
        let ended = writer.takeEnded()
        #expect(ended.count == 1 && ended.first?.state == lit && ended.first?.error == nil)
        #expect(gated.written.withLock { $0 } == [lit])
        #expect(writer.finish().isEmpty)
    }

    @Test func theStopWaitsForTheWriteUnderWayThenWritesInTheCaller() throws {
        let gated = GatedWrite()
        let writer = try StateWriter { gated.write($0) }
        try writer.start()
        #expect(writer.save(lit) == nil)
        gated.waitForBegun(1)
        gated.release()
        let ended = writer.finish()
        #expect(ended.map(\.state) == [lit], "the stop took the write that was under way")
        #expect(writer.descriptor == nil, "the thread is joined")
        let dark = PersistentState(brightness: Brightness(clamping: 0.4), lit: false)
        let atStop = writer.save(dark)
        #expect(atStop?.state == dark && atStop?.error == nil, "after the stop a save is written in the caller")
        #expect(gated.written.withLock { $0 } == [lit, dark])
    }

    @Test func withoutAThreadEverySaveIsWrittenInTheCaller() throws {
        let gated = GatedWrite()
        gated.release()
        let writer = try StateWriter(onItsOwnThread: false) { gated.write($0) }
        try writer.start()
        #expect(writer.descriptor == nil)
        #expect(writer.save(lit)?.error == nil)
        #expect(gated.written.withLock { $0 } == [lit])
    }

    @Test func theStateFileIsWrittenOnTheThreadAndAFailureComesBack() throws {
        var template = Array("/tmp/torch-state-writer-XXXXXX".utf8CString)
        let dir = String(cString: try #require(mkdtemp(&template)))
        defer {
            unlink(dir + "/state")
            unlink(dir + "/file")
            rmdir(dir)
        }
        let writer = try StateWriter(file: StateFile(path: dir + "/state"))
        try writer.start()
        let fd = try #require(writer.descriptor)
        #expect(writer.save(lit) == nil)
        #expect(waitReadable(fd))
        #expect(writer.takeEnded().first?.error == nil)
        let saved = try #require(try AtomicFile.readFile(dir + "/state"))
        #expect(saved.contains("lit=yes") && saved.contains("brightness=40%"), "\(saved)")
        #expect(writer.finish().isEmpty)

        // A state file under a regular file: ENOTDIR, even as root.
        try AtomicFile.write("x\n", to: dir + "/file")
        let failing = try StateWriter(file: StateFile(path: dir + "/file/state"))
        try failing.start()
        let failingFD = try #require(failing.descriptor)
        #expect(failing.save(lit) == nil)
        #expect(waitReadable(failingFD))
        let error = try #require(failing.takeEnded().first?.error, "the failure came back to the loop")
        #expect("\(error)".contains(dir + "/file/state"), "\(error)")
        #expect(failing.finish().isEmpty)
    }
}
