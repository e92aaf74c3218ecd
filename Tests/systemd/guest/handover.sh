# The light through a restart, a crash and a package upgrade (issue 36), watched from
# outside the service by the gap sampler (gap.sh: the gpio-sim line's value and the
# kernel's record of its requests and releases, or the test PWM chip's channel, every
# millisecond). Sourced at the end of boot 1: the gpio-sim config, light-by-default,
# lit. A steady light must never go dark and the line never be released: each figure is
# printed, and a check fails when the light went dark. Then a stop after a taken-over
# run ends dark and released, a crash soon after a start puts the light back, a crash
# loop ends with the unit failed, dark and released, a blink goes on in phase, and the same
# on the test PWM chip (no apply of the chip at all during the restart).

# How long the main process has run, in ms (systemd's stamp and /proc/uptime are both
# CLOCK_MONOTONIC in a guest that never suspends).
ran_ms() {
    start=$(systemctl show -p ExecMainStartTimestampMonotonic --value torch.service)
    awk -v s="${start:-0}" '{ printf "%d", ($1 * 1e6 - s) / 1000 }' /proc/uptime
}
ran_at_least() { [ "$(ran_ms)" -ge "$1" ]; }
now_ns() { awk '{ printf "%.0f", $1 * 1e9 }' /proc/uptime; }
# new_process PID: the unit is active with a main process other than PID.
new_process() { active && [ "$(main_pid)" != "$1" ] && [ "$(main_pid)" != 0 ]; }
gap_line() {
    info "$2: dark $(gap_value "$1" gpio longest-dark-ms) ms ($(gap_value "$1" gpio dark-runs) dark runs), line released $(gap_value "$1" watch releases) times (unheld $(gap_value "$1" watch unheld-ms) ms); sampled every 1 ms, worst interval $(gap_value "$1" sampler worst-interval-us) us"
}
lit_throughout() { [ "$(gap_value "$1" gpio dark-runs)" = 0 ] && [ "$(gap_value "$1" watch releases)" = 0 ]; }
went_dark() { [ "$(gap_value "$1" gpio dark-runs)" -ge 1 ]; }
# journal_mark, then journal_since: what the service and its post-stop command logged
# in between about the light at the stop.
journal_mark() { mark=$(journalctl -b -u torch.service -n 0 --show-cursor --no-pager | sed -n 's/^-- cursor: //p'); }
journal_since() { journalctl -b -u torch.service --after-cursor "$mark" --no-pager -o cat; }
said_at_stop() { journal_since | grep -E 'stopping: |left as it is|putting the light back|handover|file descriptor store' | sed 's/^/    /'; }

check handover-unit-verifies "$(systemd-analyze verify --man=no torch.service 2>&1 | head -n 3 | tr '\n' '|')" \
    sh -c '[ -z "$(systemd-analyze verify --man=no torch.service 2>&1)" ]'
check handover-lit-before "LED $(led)" wait_until 20 led_is 1

# systemctl restart: the line's request waits in systemd's store, the next process
# takes it over.
pid=$(main_pid)
journal_mark
gap_begin restart
systemctl restart torch.service
wait_until 60 new_process "$pid"
sleep 1
gap_end restart
gap_line restart "systemctl restart, steady light on GPIO"
check handover-restart-lit "the light went dark" lit_throughout restart
taken() { journalctl -b -u torch.service --no-pager -o cat | grep -q 'taken over from the last run'; }
check handover-restart-taken-over "no 'taken over' in the journal" taken
said_at_stop

# kill -9 of a process that ran past the start limit's interval (10 s): systemd
# restarts it (Restart=on-failure) and cannot refuse: the light stays.
wait_until 60 ran_at_least 11000
pid=$(main_pid)
n0=$(restarts)
journal_mark
gap_begin kill
kill -9 "$pid"
wait_until 60 new_process "$pid"
sleep 1
gap_end kill
gap_line kill "kill -9 and systemd's restart, steady light on GPIO"
check handover-kill-lit "the light went dark" lit_throughout kill
check handover-kill-restarted "NRestarts $(restarts) (was $n0)" [ "$(restarts)" -gt "$n0" ]
said_at_stop

# A package upgrade's restart (the postinst's try-restart): the same package again.
deb=$(ls "$here"/torch_*.deb)
pid=$(main_pid)
journal_mark
gap_begin upgrade
DEBIAN_FRONTEND=noninteractive dpkg -i "$deb" > /tmp/dpkg.log 2>&1
wait_until 60 new_process "$pid"
sleep 1
gap_end upgrade
gap_line upgrade "package upgrade (dpkg -i, the postinst's restart), steady light on GPIO"
check handover-upgrade-lit "the light went dark; dpkg: $(tail -n 2 /tmp/dpkg.log | tr '\n' '|')" lit_throughout upgrade
said_at_stop

# A stop after a taken-over run: dark and released, nothing left to resume.
systemctl stop torch.service 2>/dev/null
check handover-stop-dark "LED $(led)" led_is 0
check handover-stop-released "the line is still driven" released
check handover-stop-record-gone "$(ls /run/torch 2>&1 | tr '\n' ' ')" [ ! -e /run/torch/handover ]
systemctl start torch.service
check handover-start-lit "LED $(led)" wait_until 30 led_is 1

# A crash within the start limit's interval may be a crash loop: the post-stop command
# puts the light back (dark, released), and the restart lights it again (light-by-default).
pid=$(main_pid)
if [ "$(ran_ms)" -lt 9000 ]; then
    journal_mark
    gap_begin young
    kill -9 "$pid"
    wait_until 60 new_process "$pid"
    wait_until 30 led_is 1
    gap_end young
    gap_line young "kill -9 $(( $(ran_ms) / 1000 )) s after a start"
    check handover-young-crash-put-back "the light never went dark" went_dark young
    said_at_stop
else
    info "kill -9 soon after a start: skipped (the start took until $(ran_ms) ms)"
fi

# A crash loop ends with the unit failed, dark and released. (A drop-in makes the limit
# reachable under emulation, where a crash and its restart take many seconds: 3 starts
# in 10 minutes; each crash is then within the interval, so each puts the light back.)
mkdir -p /etc/systemd/system/torch.service.d
printf '[Unit]\nStartLimitIntervalSec=600\nStartLimitBurst=3\n' > /etc/systemd/system/torch.service.d/start-limit.conf
systemctl daemon-reload
systemctl reset-failed torch.service
# systemd 252 gives up with "Start request repeated too quickly": the unit failed
# (its Result stays the crash's, signal).
limit_hit() { [ "$(systemctl is-active torch.service)" = failed ]; }
too_quickly() { journalctl -b -u torch.service --no-pager -o cat | grep -q 'Start request repeated too quickly'; }
up_or_failed() { limit_hit || active; }
gone() { [ "$(main_pid)" != "$1" ]; }
for i in 1 2 3 4 5 6; do
    wait_until 60 up_or_failed
    info "crash loop, round $i: $(systemctl show -p ActiveState -p SubState -p Result -p NRestarts torch.service | tr '\n' ' ')"
    limit_hit && break
    pid=$(main_pid)
    [ "${pid:-0}" -gt 0 ] && kill -9 "$pid"
    wait_until 30 gone "$pid"
done
check handover-crash-loop-failed "result $(systemctl show -p Result --value torch.service), $(systemctl is-active torch.service)" \
    wait_until 60 limit_hit
check handover-crash-loop-refused "no 'Start request repeated too quickly' in the journal" too_quickly
dark_released() { led_is 0 && released; }
check handover-crash-loop-dark-released "LED $(led)" wait_until 10 dark_released
rm -rf /etc/systemd/system/torch.service.d
systemctl daemon-reload
systemctl reset-failed torch.service
systemctl start torch.service
check handover-after-loop-lit "LED $(led)" wait_until 30 led_is 1

# A blink goes on in phase: the rising edges after the restart fall on the grid of the
# edges before it (period 500 ms), as the pattern's time zero is the same instant.
torch blink --on 250ms --off 250ms > /dev/null 2>&1
sleep 2
gap_begin blink
sleep 3
cut_at=$(now_ns)
pid=$(main_pid)
systemctl restart torch.service
wait_until 60 new_process "$pid"
sleep 4
gap_end blink
phase=$(awk -v P=500000000 -v cut="$cut_at" '
    $2 == "gpio" && $3 == 1 { if (t0 == "") t0 = $1; d = ($1 - t0) % P; if (d > P / 2) d -= P; if (d < -P / 2) d += P
                              if ($1 < cut) { b += d; nb++ } else { a += d; na++ } }
    END { if (nb == 0 || na == 0) { print "none"; exit } printf "%.1f %d %d", (a / na - b / nb) / 1e6, nb, na }' "/tmp/gap-blink.changes")
info "blink 250ms/250ms through systemctl restart: edges after the restart $(echo "$phase" | cut -d' ' -f1) ms off the grid before it ($(echo "$phase" | cut -d' ' -f2) edges before, $(echo "$phase" | cut -d' ' -f3) after)"
in_phase() { [ "$phase" != none ] && awk -v s="$(echo "$phase" | cut -d' ' -f1)" 'BEGIN { exit !(s < 50 && s > -50) }'; }
# What the new process resumed from, and the edges around the cut, for whoever reads a
# failure (the rising edges before and after the cut, in ns of uptime).
in_phase || info "blink: hand-over record now: $(tr '\n' ' ' < /run/torch/handover 2>/dev/null); cut at $cut_at; rising edges: $(awk -v cut="$cut_at" '$2 == "gpio" && $3 == 1 { if ($1 < cut) b = b " " $1; else a = a " " $1 } END { print "before" b "; after" a }' /tmp/gap-blink.changes)"
check handover-blink-in-phase "phase '$phase'" in_phase
torch mode steady > /dev/null 2>&1
torch on 100% > /dev/null 2>&1

# The test PWM chip: its channel keeps its duty and enable while no process holds it;
# the next process takes it over with no write (the chip is asked to apply nothing).
PWMDEV=/sys/devices/platform/torch-test-pwm
pwmdir=$(gap_pwm_args | sed 's/^-p //')
pwm_full() {
    p=$(cat "$pwmdir/period" 2>/dev/null) && [ "${p:-0}" -gt 0 ] \
        && [ "$(cat "$pwmdir/duty_cycle")" = "$p" ] && [ "$(cat "$pwmdir/enable")" = 1 ]
}
drain_applied() { while [ -n "$(cat $PWMDEV/applied)" ]; do :; done; }
if [ -z "$pwmdir" ]; then
    fail handover-pwm-chip "no test PWM chip"
else
    cp /etc/torch/torch.conf "$keep/torch.conf.handover"
    printf '[light]\nlight-by-default = yes\n\n[output]\nbackend = pwm\npwm-chip = torch-test-pwm\npwm-channel = 0\npwm-frequency = 2kHz\n' \
        > /etc/torch/torch.conf
    # The record names the GPIO line: this restart puts it back and sets up the channel.
    systemctl restart torch.service
    check handover-pwm-lit "pwm0: $(cat "$pwmdir"/duty_cycle "$pwmdir"/enable 2>&1 | tr '\n' ' ')" wait_until 30 pwm_full
    gpio_put_back() { led_is 0 && released; }
    check handover-pwm-gpio-put-back "LED $(led)" wait_until 10 gpio_put_back
    for how in restart kill; do
        wait_until 60 ran_at_least 11000
        drain_applied
        pid=$(main_pid)
        gap_begin "pwm$how" -p "$pwmdir"
        if [ "$how" = restart ]; then systemctl restart torch.service; else kill -9 "$pid"; fi
        wait_until 60 new_process "$pid"
        sleep 1
        gap_end "pwm$how"
        applied=$(cat $PWMDEV/applied | wc -l)
        info "$how on PWM: dark $(gap_value "pwm$how" pwm longest-dark-ms) ms ($(gap_value "pwm$how" pwm dark-runs) dark runs), $applied applies of the chip; sampled every 1 ms, worst interval $(gap_value "pwm$how" sampler worst-interval-us) us"
        check "handover-pwm-$how-lit" "$(gap_value "pwm$how" pwm dark-runs) dark runs" [ "$(gap_value "pwm$how" pwm dark-runs)" = 0 ]
        check "handover-pwm-$how-no-apply" "$applied applies" [ "$applied" = 0 ]
    done
    systemctl stop torch.service 2>/dev/null
    check handover-pwm-stop-put-back "pwmchip: $(ls "$(dirname "$pwmdir")" | tr '\n' ' ')" [ ! -e "$pwmdir" ]
    cp "$keep/torch.conf.handover" /etc/torch/torch.conf
    systemctl start torch.service
    check handover-back-to-gpio "LED $(led)" wait_until 30 led_is 1
fi
