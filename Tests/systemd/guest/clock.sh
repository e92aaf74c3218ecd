# A Pi without a clock (issue 36): a Raspberry Pi has no real-time clock, so its wall
# clock steps when NTP syncs (or fake-hwclock restores a stale time). Here the guest's
# wall clock is stepped by +1 year and then by -1 hour while a sleep timer, a pattern
# (started by an MQTT group command with "at"), and a paired phone's session run. What
# runs on the monotonic clock keeps its time (the pattern's grid, the sleep timer's
# end, the session); what depends on the wall clock says what it did (a group command
# whose "at" is a year from the board's clock is refused in one journal line). Sourced
# at the end of boot 3 (dark, the unit as shipped); it puts back the clock, the config
# and the unit, and stops the broker it started.

real0=$(date +%s)
up0=$(cut -d' ' -f1 /proc/uptime)
now_ns() { awk '{ printf "%.0f", $1 * 1e9 }' /proc/uptime; }
wall_ms() { date +%s%3N; }
step_clock() { date -s "@$(( $(date +%s) + $1 ))" > /dev/null; }
# http METHOD PATH BODY COOKIE: one request to the page on loopback (bash's /dev/tcp).
http() {
    bash -c 'exec 3<>/dev/tcp/127.0.0.1/8080 || exit 1
        c=""; [ -n "$4" ] && c="Cookie: $4\r\n"
        printf "%s %s HTTP/1.1\r\nHost: localhost\r\nOrigin: http://localhost\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: %d\r\n%b\r\n%s" "$1" "$2" "${#3}" "$c" "$3" >&3
        cat <&3' sh "$1" "$2" "${3:-}" "${4:-}" 2>/dev/null | tr -d '\r'
}
session_answers() { http GET /api/status "" "$cookie" | head -n 1 | grep -q ' 200 '; }
journal_has() { journalctl -b -u torch.service --no-pager -o cat | grep -q "$1"; }

cp /etc/torch/torch.conf "$keep/torch.conf.clock"
sed -i 's/^\[light\]$/[light]\nsleep-timer = 60s\nsleep-fade = 0\npatterns = steady, tick/' /etc/torch/torch.conf
printf '\n[pattern.tick]\nsteps = 100%% 250ms 0 250ms\n\n[web]\nlisten = 127.0.0.1:8080\npairing = required\n\n[mqtt]\nbroker = mqtt://127.0.0.1\n' \
    >> /etc/torch/torch.conf
install -D -m 0644 /usr/share/torch/network.conf /etc/systemd/system/torch.service.d/network.conf
systemctl daemon-reload
# A broker of the test's own on loopback, keeping nothing on disk (the packaged one's
# database would outlive the test in /var/lib/mosquitto).
printf 'listener 1883 127.0.0.1\nallow_anonymous true\npersistence false\n' > /tmp/mosquitto.conf
mosquitto -c /tmp/mosquitto.conf > /tmp/mosquitto.log 2>&1 &
broker=$!
systemctl restart torch.service
mqtt_up() { journal_has 'mqtt: connected'; }
check clock-mqtt-connected "no 'mqtt: connected' in the journal" wait_until 60 mqtt_up

# The phone: its link's token traded for a session (the cookie), as the page does.
token=$(torch web-link --name phone 2>/dev/null | sed -n 's/.*#pair=//p')
cookie=$(http POST /api/pair "{\"token\":\"$token\"}" | sed -n 's/^Set-Cookie: \(torch_session=[^;]*\).*/\1/p')
check clock-phone-paired "token '${token:+…}', cookie '${cookie:+…}'" session_answers

# The group command: the tick pattern from "at" (wall clock, ms) one second ahead; its
# light starts the sleep timer (60 s, on the monotonic clock).
gap_begin clock
mosquitto_pub -h 127.0.0.1 -t torch/all -m "{\"state\":\"ON\",\"effect\":\"tick\",\"at\":$(( $(wall_ms) + 1000 ))}"
lit_at=$(now_ns)
sleep 6
before_step=$(now_ns)
step_clock 31536000
info "wall clock stepped +1 year: $(date -u '+%Y-%m-%d %H:%M:%S') UTC"
sleep 6
check clock-session-after-year "the page refused the phone's cookie" session_answers
# A group command whose "at" comes from a clock a year behind this board's (a publisher
# synced to NTP, this board not yet): refused, and the journal says so; the light goes on.
mosquitto_pub -h 127.0.0.1 -t torch/all -m "{\"state\":\"ON\",\"effect\":\"steady\",\"at\":$(( $(wall_ms) - 31536000000 ))}"
refused() { journal_has 'at: .* is more than 1min from this board.s clock'; }
check clock-far-at-refused "no refusal line in the journal" wait_until 20 refused
info "$(journalctl -b -u torch.service --no-pager -o cat | grep -m1 'from this board.s clock')"
step_clock -3600
info "wall clock stepped -1 hour: $(date -u '+%Y-%m-%d %H:%M:%S') UTC"
sleep 6
check clock-session-after-hour "the page refused the phone's cookie" session_answers
after_steps=$(now_ns)
# The sleep timer's end: 60 s after the light came on, whatever the wall clock did
# (sampled until 66 s, then its last change read back).
sampled_long_enough() { [ "$(( $(now_ns) - lit_at ))" -gt 66000000000 ]; }
wait_until 120 sampled_long_enough
gap_end clock

# The pattern's grid across the steps: the rising edges after each step fall where the
# edges before the first step put them (period 500 ms).
phase=$(awk -v P=500000000 -v a="$before_step" -v b="$after_steps" '
    $2 == "gpio" && $3 == 1 { if (t0 == "") t0 = $1; d = ($1 - t0) % P; if (d > P / 2) d -= P; if (d < -P / 2) d += P
                              if ($1 < a) { s0 += d; n0++ } else if ($1 < b) { s1 += d; n1++ } }
    END { if (n0 == 0 || n1 == 0) { print "none"; exit } printf "%.1f %d %d", (s1 / n1 - s0 / n0) / 1e6, n0, n1 }' /tmp/gap-clock.changes)
info "tick 250ms/250ms across the steps: edges between the steps $(echo "$phase" | cut -d' ' -f1) ms off the grid before them ($(echo "$phase" | cut -d' ' -f2) edges before, $(echo "$phase" | cut -d' ' -f3) between)"
on_grid() { [ "$phase" != none ] && awk -v s="$(echo "$phase" | cut -d' ' -f1)" 'BEGIN { exit !(s < 20 && s > -20) }'; }
check clock-pattern-on-grid "phase '$phase'" on_grid
last_dark=$(awk '$2 == "gpio" { last = $3; if ($3 == 0) t = $1 } END { if (last == 0) print t }' /tmp/gap-clock.changes)
lasted=$(awk -v a="$lit_at" -v b="${last_dark:-0}" 'BEGIN { printf "%.1f", (b - a) / 1e9 }')
info "sleep timer 60 s: the light went dark for good ${lasted} s after the group command (its at: 1 s later)"
on_time() { awk -v s="$lasted" 'BEGIN { exit !(s > 59 && s < 64) }'; }
check clock-sleep-timer-kept-time "dark ${lasted} s after the command" on_time

# Back as before: the clock (as it would be without the steps), the broker, the config.
date -s "@$(awk -v r="$real0" -v u0="$up0" '{ printf "%d", r + $1 - u0 }' /proc/uptime)" > /dev/null
kill "$broker"; wait "$broker" 2>/dev/null
rm -rf /etc/systemd/system/torch.service.d
systemctl daemon-reload
cp "$keep/torch.conf.clock" /etc/torch/torch.conf
rm -f /var/lib/torch/web-tokens
systemctl restart torch.service
torch off > /dev/null 2>&1
check clock-restored "torch $(systemctl is-active torch.service), LED $(led)" wait_until 20 sh -c '[ "$(systemctl is-active torch.service)" = active ]'
sleep 1
