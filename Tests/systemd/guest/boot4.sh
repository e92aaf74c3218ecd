# Boot 4 (issue 22): a power cut in the middle of a command storm. The light is dark
# (boot 3's tap); `torch mode` changes the pattern as fast as the CLI can, each change
# a state the service saves (coalesced: at most one write a second, each a temporary
# file, fsync, rename). After 4 s the guest says VMTEST POWERCUT and run.sh kills qemu
# at once: no shutdown, no sync, what the guest had not flushed to its disk is lost.
# Boot 5 checks the state file is whole and the light came back as it says.
check boot4-dark-before "LED $(led)" wait_until 20 led_is 0
storm() { while :; do for m in blink steady breathe; do torch mode "$m" > /dev/null 2>&1 && echo >> /tmp/storm-done; done; done; }
storm &
sleep 4
info "$(wc -l < /tmp/storm-done 2>/dev/null || echo 0) changes served in 4 s; the state file at the cut: $(tr '\n' ' ' < /var/lib/torch/state)"
echo "VMTEST RESULT boot=4 $PASSED passed, $FAILED failed"
echo "VMTEST POWERCUT boot=4 uptime=$(cut -d' ' -f1 /proc/uptime)s"
# run.sh kills qemu now; this never ends on its own.
sleep 600
