# The test PWM chip's -EIO under systemd (sourced at the end of boot 1): torch.service
# drives the chip's channel 0 through the unit's ReadWritePaths, blinks, and the chip
# fails its next 3 applies (a PWM block behind a failing bus). The service survives:
# one journal line for the failure and one for the recovery, the same process with no
# restart, and a steady full light afterwards. Then back to the gpio-sim config.
PWMDEV=/sys/devices/platform/torch-test-pwm
PARAMS=/sys/module/pwm_torch_test/parameters
pwmchip=""
for c in /sys/class/pwm/pwmchip*; do
    readlink "$c/device" 2>/dev/null | grep -q torch-test-pwm && pwmchip=$c
done
# pwm_full: channel 0 enabled with its duty cycle the whole period (lit, 100 %).
pwm_full() {
    p=$(cat "$pwmchip/pwm0/period" 2>/dev/null) && [ "${p:-0}" -gt 0 ] \
        && [ "$(cat "$pwmchip/pwm0/duty_cycle")" = "$p" ] && [ "$(cat "$pwmchip/pwm0/enable")" = 1 ]
}
pwm_state() { cat "$pwmchip"/pwm0/period "$pwmchip"/pwm0/duty_cycle "$pwmchip"/pwm0/enable 2>&1 | tr '\n' ' '; }
journal_count() { journalctl -b -u torch.service --no-pager | grep -c "$1"; }

if [ -z "$pwmchip" ] || [ ! -f "$PARAMS/fail_next" ]; then
    fail boot1-pwm-test-chip "no test PWM chip: $(ls /sys/class/pwm 2>&1) $(ls $PWMDEV 2>&1)"
else
    cp /etc/torch/torch.conf "$keep/torch.conf.gpio"
    cat > /etc/torch/torch.conf <<'CONF'
[light]
light-by-default = yes

[output]
backend = pwm
pwm-chip = torch-test-pwm
pwm-channel = 0
pwm-frequency = 2kHz
CONF
    systemctl restart torch.service
    check boot1-pwm-lit "pwm0: $(pwm_state)" wait_until 20 pwm_full
    failed0=$(journal_count 'output: write failed')
    resumed0=$(journal_count 'output: writes succeed again')
    pid=$(main_pid)
    n0=$(restarts)
    torch blink >/dev/null 2>&1
    sleep 1
    echo 3 > "$PARAMS/fail_next"
    failed_once() { [ "$(journal_count 'output: write failed')" = $((failed0 + 1)) ]; }
    resumed_once() { [ "$(journal_count 'output: writes succeed again')" = $((resumed0 + 1)) ]; }
    check boot1-pwm-eio-logged "$((  $(journal_count 'output: write failed') - failed0 )) failure lines" wait_until 15 failed_once
    info "EIO: $(journalctl -b -u torch.service --no-pager | grep -m1 'output: write failed' | sed 's/^.*\]: //')"
    check boot1-pwm-eio-recovered "$(( $(journal_count 'output: writes succeed again') - resumed0 )) recovery lines; fail_next $(cat $PARAMS/fail_next)" \
        wait_until 15 resumed_once
    same_service() { active && [ "$(main_pid)" = "$pid" ] && [ "$(restarts)" = "$n0" ]; }
    check boot1-pwm-eio-survived "torch $(systemctl is-active torch.service), pid $(main_pid) (was $pid), NRestarts $(restarts) (was $n0)" \
        same_service
    torch mode steady >/dev/null 2>&1
    torch on 100% >/dev/null 2>&1
    check boot1-pwm-eio-lit-after "pwm0: $(pwm_state)" wait_until 10 pwm_full
    cp "$keep/torch.conf.gpio" /etc/torch/torch.conf
    systemctl restart torch.service
    check boot1-pwm-back-to-gpio "LED $(led), torch $(systemctl is-active torch.service)" wait_until 20 led_is 1
fi
