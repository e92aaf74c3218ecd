# The boot light, started by /init before any scenario (issue 5): as soon as the
# gpio-sim chip exists, `torch run` drives its LED line (0) with the BUTTON line (1),
# light-by-default, a control socket, and the state file /var/lib/torch/state, which
# survives into the second boot's initramfs (run.sh puts boot 1's copy there).
# Sets BOOTLIGHT_PID, BOOTLIGHT_T0 (uptime ms at start), BOOTLIGHT_CONF; output in
# /tmp/bootlight.{out,err}. scenarios-boot.sh checks and stops it.

BOOTLIGHT_CONF=/etc/torch/torch.conf
BOOTLIGHT_PID=""
if sim_setup; then
    sim_pull 0 pull-down    # dark unless driven
    sim_pull 1 pull-up      # the button to ground: idle high
    mkdir -p /run /etc/torch /var/lib/torch
    mount -t tmpfs tmpfs /run
    mkdir -p /run/torch
    cat > "$BOOTLIGHT_CONF" <<CONF
[light]
light-by-default = yes

[button]
mode = toggle
chip = torch-sim
line = 1
bias = pull-up
active-low = yes
debounce = 50ms

[output]
backend = gpiod
chip = torch-sim
line = 0

[service]
socket = /run/torch/torch.sock
state-file = /var/lib/torch/state
CONF
    BOOTLIGHT_T0=$(uptime_ms)
    torch run --config "$BOOTLIGHT_CONF" --no-display > /tmp/bootlight.out 2> /tmp/bootlight.err &
    BOOTLIGHT_PID=$!
fi
