# Faults on the state directory while the service runs (issue 15): remounted read-only,
# then full. The light is unaffected (commands still change it, status tells the truth),
# the error is reported once per fault (not once per save), the previous state file is
# left intact, the failed save is tried again until it lands (issue 36), and "saved
# again" is said when a save works again.
mkdir -p /tmp/torch/fs
mount -t tmpfs -o size=64k tmpfs /tmp/torch/fs
cat > /tmp/torch/fault.conf <<CONF
[output]
backend = sim

[service]
socket = /tmp/torch/fault.sock
state-file = /tmp/torch/fs/state
CONF
FCONF=/tmp/torch/fault.conf
torch run --config $FCONF --no-display > /tmp/fault-run.out 2> /tmp/fault-run.err &
FAULT_PID=$!
if wait_until 30 test -S /tmp/torch/fault.sock; then
    ctl $FCONF on 40%
    wait_until 5 grep -q lit=yes /tmp/torch/fs/state
    cp /tmp/torch/fs/state /tmp/state-before
    state_errors() { grep -c 'state file:.*said once' /tmp/fault-run.err; }
    # Saves are coalesced (at most one a second): the failing write may come a second late.
    errors_are() { [ "$(state_errors)" = "$1" ]; }
    status_says() { torch status --config $FCONF > /tmp/st.out 2>&1 && grep -q "$1" /tmp/st.out; }

    # Read-only.
    mount -o remount,ro /tmp/torch/fs
    ctl $FCONF blink --rate 2Hz
    ctl $FCONF off
    ctl $FCONF on 70%
    check state-ro-light-unaffected "$(cat /tmp/st.out 2>&1 | tr '\n' ' ')" status_says 70
    check state-ro-reported-once "$(oneline /tmp/fault-run.err)" wait_until 3 errors_are 1
    check state-ro-previous-intact "$(cat /tmp/torch/fs/state | tr '\n' ' ')" cmp -s /tmp/state-before /tmp/torch/fs/state
    mount -o remount,rw /tmp/torch/fs
    # The failed save is tried again (1, 2, 4… s apart): the last choice lands with no new command.
    check state-ro-retried "$(cat /tmp/torch/fs/state | tr '\n' ' ')" wait_until 20 grep -q 'brightness=70%' /tmp/torch/fs/state
    ctl $FCONF on 60%
    check state-ro-saved-again "$(oneline /tmp/fault-run.err)" wait_until 5 grep -q 'state file: saved again' /tmp/fault-run.err
    cp /tmp/torch/fs/state /tmp/state-before

    # Full: a filler takes every free block.
    dd if=/dev/zero of=/tmp/torch/fs/filler bs=4k 2> /dev/null
    ctl $FCONF blink --rate 3Hz
    ctl $FCONF on 30%
    ctl $FCONF on 35%
    check state-full-light-unaffected "$(cat /tmp/st.out 2>&1 | tr '\n' ' ')" status_says 35
    check state-full-reported-once "$(oneline /tmp/fault-run.err)" wait_until 3 errors_are 2
    check state-full-previous-intact "$(cat /tmp/torch/fs/state | tr '\n' ' ')" cmp -s /tmp/state-before /tmp/torch/fs/state
    rm -f /tmp/torch/fs/filler
    check state-full-retried "$(cat /tmp/torch/fs/state | tr '\n' ' ')" wait_until 20 grep -q 'brightness=35%' /tmp/torch/fs/state
    ctl $FCONF on 45%
    check state-full-saved-again "$(oneline /tmp/fault-run.err)" wait_until 5 \
        sh -c "[ \$(grep -c 'state file: saved again' /tmp/fault-run.err) = 2 ] && grep -q 'lit=yes' /tmp/torch/fs/state"
    kill -TERM $FAULT_PID
    finish $FAULT_PID 15
    check state-faults-clean-exit "rc=$RC $(oneline /tmp/fault-run.err)" [ "$RC" = 0 ]
    echo "  state faults: $(grep "state file" /tmp/fault-run.err | tr "\n" "|")"
else
    fail state-faults "torch run did not start: $(oneline /tmp/fault-run.err)"
    kill -TERM $FAULT_PID 2>/dev/null; finish $FAULT_PID 10
fi
umount /tmp/torch/fs
