# The gap sampler in the guest (gap-sampler.c, built by Tests/systemd/build-sampler.sh
# and put beside these scripts by run.sh): the light watched from outside the service
# every millisecond, and the dark gaps it saw.
#   gap_begin TAG [SAMPLER OPTIONS...]   start sampling in the background; returns once
#                                        it samples (default: the gpio-sim LED line,
#                                        with a watch of its requests and releases)
#   gap_end TAG                          stop it; its report is in /tmp/gap-TAG.out
#   gap_value TAG SOURCE KEY             one figure of the report, e.g.
#                                        gap_value restart gpio longest-dark-ms
#   gap_led_args / gap_pwm_args          the options for the LED line / the test PWM
#                                        chip's channel 0
# Every change the sampler saw is in /tmp/gap-TAG.changes ("<ns> <gpio|pwm> <0|1>").

gap_led_args() {
    echo "-g $(sim_dir)/sim_gpio0/value -w /dev/$(cat $CFG/bank0/chip_name):0"
}
gap_pwm_args() {
    for c in /sys/class/pwm/pwmchip*; do
        readlink "$c/device" 2>/dev/null | grep -q torch-test-pwm && echo "-p $c/pwm0"
    done
}
gap_begin() {
    tag=$1; shift
    [ $# -gt 0 ] || set -- $(gap_led_args)
    rm -f "/tmp/gap-$tag.ready" "/tmp/gap-$tag.out"
    "$here/gap-sampler" -r "/tmp/gap-$tag.ready" -e "/tmp/gap-$tag.changes" "$@" > "/tmp/gap-$tag.out" 2>&1 &
    echo $! > "/tmp/gap-$tag.pid"
    wait_until 10 test -e "/tmp/gap-$tag.ready"
}
gap_end() {
    pid=$(cat "/tmp/gap-$1.pid")
    kill -TERM "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
    true
}
gap_value() {
    sed -n "/^$2 /s/.* $3=\([^ ]*\).*/\1/p" "/tmp/gap-$1.out"
}
