# The GPIO chip disappears while `torch run` holds its line (issue 15): a second
# gpio-sim chip ("torch-fault") is taken offline (configfs live = 0) under a lit
# service and brought back. The service reports it once, keeps its socket answering,
# stays in a defined state (its status still tells the light it wants), and takes the
# line again when the chip returns (lit again, held by torch).
FSIM=/sys/kernel/config/gpio-sim/fault
mkdir -p /tmp/torch/gf
if ! { mkdir "$FSIM" "$FSIM/bank0" && echo 4 > "$FSIM/bank0/num_lines" \
        && echo torch-fault > "$FSIM/bank0/label" && echo 1 > "$FSIM/live"; }; then
    fail gpio-fault-setup "could not create the second gpio-sim chip"
    return 0 2>/dev/null || exit 0
fi
# fault_value: what the fault chip's line 0 drives now ("gone" while offline).
fault_value() {
    d=/sys/devices/platform/$(cat $FSIM/dev_name 2>/dev/null)/$(cat $FSIM/bank0/chip_name 2>/dev/null)/sim_gpio0
    cat "$d/value" 2>/dev/null || echo gone
}
fault_lit() { [ "$(fault_value)" = 1 ]; }
cat > /tmp/torch/gf/torch.conf <<CONF
[output]
backend = gpiod
chip = torch-fault
line = 0

# A feedback line the chip does not have (it has 4): one line in the log, and the
# service goes on without it (exiting would restart it in a loop under systemd).
[feedback]
chip = torch-fault
line = 9

[service]
socket = /tmp/torch/gf/torch.sock
state-file = /tmp/torch/gf/state
CONF
GCONF=/tmp/torch/gf/torch.conf
torch run --config $GCONF --no-display > /tmp/gf-run.out 2> /tmp/gf-run.err &
GF_PID=$!
if wait_until 30 test -S /tmp/torch/gf/torch.sock; then
    ctl $GCONF on
    expect_fault_lit() { if wait_until 5 fault_lit; then pass "$1"; else fail "$1" "value=$(fault_value); $(oneline /tmp/gf-run.err)"; fi; }
    expect_fault_lit gpio-fault-lit
    check gpio-fault-feedback-line-said "$(oneline /tmp/gf-run.err)" grep -q 'feedback\] line: .*no feedback pulses' /tmp/gf-run.err
    echo 0 > $FSIM/live
    usleep 1500000
    torch status --config $GCONF > /tmp/gf-status.out 2> /tmp/gf-status.err
    RC=$?
    check gpio-fault-socket-answers "rc=$RC $(oneline /tmp/gf-status.out) $(oneline /tmp/gf-status.err)" [ "$RC" = 0 ]
    check gpio-fault-service-alive "the service exited: $(oneline /tmp/gf-run.err)" kill -0 $GF_PID
    usleep 1500000
    n=$(grep -c 'output: .* gone' /tmp/gf-run.err)
    check gpio-fault-reported-once "$n lines: $(oneline /tmp/gf-run.err)" [ "$n" = 1 ]
    echo 1 > $FSIM/live
    expect_fault_lit gpio-fault-line-taken-again
    echo "  chip offline/online: $(grep "output:" /tmp/gf-run.err | tr "\n" "|")"
    kill -TERM $GF_PID
    finish $GF_PID 15
    check gpio-fault-clean-exit "rc=$RC $(oneline /tmp/gf-run.err)" [ "$RC" = 0 ]
else
    fail gpio-fault-service "torch run did not start: $(oneline /tmp/gf-run.err)"
    kill -TERM $GF_PID 2>/dev/null; finish $GF_PID 10
fi
echo 0 > $FSIM/live 2>/dev/null
rmdir $FSIM/bank0 $FSIM 2>/dev/null
