#!/usr/bin/env python3
"""`make storm-test` (in `make test`): a slow disk never holds the event loop.

Each save of the state file is an atomic write with two fsyncs, and an fsync waits for
the disk: seconds on a slow SD card, or while a build beside fills the page cache. The
save runs on the writer's own thread, so the button, the control socket and every front
end go on while it waits.

The slow disk is real: `torch run --backend sim` runs in a block-I/O cgroup whose writes
to the state directory's disk are throttled to WRITE_IOPS a second (cgroup v1's
blkio.throttle.write_iops_device, or v2's io.max), as on a slow card. A probe in the same
cgroup first shows an fsync there takes at least PROBE_MIN_MS (else the check would prove
nothing, and says so). Then:
  - for 6 s, a brightness change and a status request every 100 ms through the control
    socket, while the saves crawl: every round trip within 100 ms (the storms' bound);
  - the file then comes to hold the last level (the saves still land, the latest last);
  - a burst, then SIGTERM at once: the stop ends the write under way, writes the
    burst's last level, and exits 0.
Needs root and a block-I/O controller; without them it says why and is skipped.
Loopback only; stops and removes what it started.

usage: Tests/storm/slow-disk.py [TORCH]   (default .build/release/torch)"""

import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

WRITE_IOPS = 5
PROBE_MIN_MS = 300
BOUND_MS = 100
failures = []


def check(ok, why):
    print(("ok    " if ok else "FAIL  ") + why, flush=True)
    if not ok:
        failures.append(why)


def whole_disk(path):
    """'MAJ:MIN' of the disk holding `path` (a partition's parent), or None (tmpfs…)."""
    st = os.stat(path)
    node = "/sys/dev/block/%d:%d" % (os.major(st.st_dev), os.minor(st.st_dev))
    if not os.path.exists(node):
        return None
    real = os.path.realpath(node)
    if os.path.exists(os.path.join(real, "partition")):
        real = os.path.dirname(real)
    with open(os.path.join(real, "dev")) as f:
        return f.read().strip()


class Throttle:
    """A cgroup whose writes to one disk are limited to WRITE_IOPS a second."""

    def __init__(self, disk):
        self.path = None
        name = "torch-slow-disk-%d" % os.getpid()
        v1 = "/sys/fs/cgroup/blkio"
        v2 = "/sys/fs/cgroup"
        try:
            if os.path.isfile(os.path.join(v1, "blkio.throttle.write_iops_device")):
                self.path = os.path.join(v1, name)
                os.mkdir(self.path)
                self._write("blkio.throttle.write_iops_device", "%s %d" % (disk, WRITE_IOPS))
            elif "io" in open(os.path.join(v2, "cgroup.controllers")).read().split():
                with open(os.path.join(v2, "cgroup.subtree_control"), "w") as f:
                    f.write("+io")
                self.path = os.path.join(v2, name)
                os.mkdir(self.path)
                self._write("io.max", "%s wiops=%d" % (disk, WRITE_IOPS))
            else:
                raise OSError("no block-I/O controller (neither cgroup v1 blkio nor v2 io)")
        except OSError:
            self.remove()  # a cgroup made before the failure does not outlive it
            raise

    def _write(self, name, value):
        with open(os.path.join(self.path, name), "w") as f:
            f.write(value)

    def prefix(self):
        """A command prefix that runs the rest inside the cgroup."""
        return ("sh", "-c", 'echo $$ > "$0/cgroup.procs" && exec "$@"', self.path)

    def remove(self):
        if self.path:
            try:
                os.rmdir(self.path)
            except OSError:
                pass


def probe_ms(throttle, directory):
    """How long a 100-byte write and fsync takes inside the cgroup, in ms."""
    code = ("import os,sys,time\n"
            "p=os.path.join(sys.argv[1],'probe'); t=time.monotonic()\n"
            "fd=os.open(p,os.O_WRONLY|os.O_CREAT|os.O_TRUNC,0o600); os.write(fd,b'x'*100); os.fsync(fd); os.close(fd)\n"
            "print((time.monotonic()-t)*1e3); os.unlink(p)\n")
    out = subprocess.run([*throttle.prefix(), sys.executable, "-c", code, directory], capture_output=True,
                         text=True, timeout=60)
    return float(out.stdout.strip())


def timed(torch, obj):
    t0 = time.monotonic()
    torchproc.request(torch.socket, obj, timeout=5.0)
    return (time.monotonic() - t0) * 1e3


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch"
    if os.geteuid() != 0:
        print("slow disk: skipped (a block-I/O cgroup needs root)")
        return 0
    # The state directory on a real disk: beside the binary (the checkout), not a tmpfs.
    tempfile.tempdir = os.path.dirname(os.path.abspath(binary))
    disk = whole_disk(tempfile.tempdir)
    if disk is None:
        print("slow disk: skipped (%s is on no block device)" % tempfile.tempdir)
        return 0
    try:
        throttle = Throttle(disk)
    except OSError as e:
        print("slow disk: skipped (%s)" % e)
        return 0
    torch = None
    try:
        ms = probe_ms(throttle, tempfile.tempdir)
        check(ms >= PROBE_MIN_MS, "an fsync in the throttled cgroup (%d writes/s to %s) took %.0f ms (at least %d: "
              "the disk is slow)" % (WRITE_IOPS, disk, ms, PROBE_MIN_MS))
        torch = torchproc.Torch(binary, prefix=throttle.prefix())
        state = os.path.join(torch.dir, "state")
        trips, levels = [], []
        end = time.monotonic() + 6
        i = 0
        while time.monotonic() < end:
            level = 30 + i % 60
            levels.append(level)
            trips.append(timed(torch, {"cmd": "brightness", "level": level / 100}))
            trips.append(timed(torch, {"cmd": "status"}))
            i += 1
            time.sleep(0.1)
        trips.sort()
        check(trips[-1] <= BOUND_MS, "%d control requests while the saves crawl: round trip p50 %.2f ms, max %.2f ms "
              "(within %d ms)" % (len(trips), trips[len(trips) // 2], trips[-1], BOUND_MS))
        last = "%d%%" % levels[-1]
        deadline = time.monotonic() + 30
        while torchproc.saved_level(state) != last and time.monotonic() < deadline:
            time.sleep(0.1)
        check(torchproc.saved_level(state) == last, "the slow disk then holds the last level %s (it holds %s)"
              % (last, torchproc.saved_level(state)))
        for lv in (55, 56, 57, 58):
            torchproc.request(torch.socket, {"cmd": "brightness", "level": lv / 100}, timeout=5.0)
        rc = torch.stop()
        check(rc == 0, "SIGTERM right after a burst, a save under way: exit %s" % rc)
        check(torchproc.saved_level(state) == "58%", "the stop wrote the burst's last level 58%% (the file holds %s)"
              % torchproc.saved_level(state))
    finally:
        if torch:
            torch.stop()
            shutil.rmtree(torch.dir, ignore_errors=True)
        throttle.remove()
    if failures:
        print("slow disk: %d failed" % len(failures))
        return 1
    print("slow disk: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
