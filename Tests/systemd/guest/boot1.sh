# Boot 1 (issue 9, steps 2, 3, 6, 7, 8, 9): lit at boot, with the times to first
# light; stop and start; a user in group gpio and one not; SIGKILL; the watchdog; a
# reload with a broken config; the test PWM chip's -EIO (pwm-eio.sh).

check boot1-lit "LED line is $(led)" wait_until 20 led_is 1
check boot1-active "torch.service is $(systemctl is-active torch.service)" active
# Times to first light: torch logs "first output change … after process start" right
# after its first write; the journal's monotonic stamp counts from kernel start.
light=$(journalctl -b -u torch.service -o short-monotonic --no-pager | grep -m1 'first output change')
light_s=$(echo "$light" | sed -n 's/^\[ *\([0-9.]*\)\].*/\1/p')
start_us=$(systemctl show -p ExecMainStartTimestampMonotonic --value torch.service)
if [ -n "$light_s" ] && [ -n "$start_us" ]; then
    pass boot1-first-light-logged
    info "first light: $(awk -v l="$light_s" -v s="$start_us" 'BEGIN { printf "%.3f s after kernel start, %.0f ms after torch.service started (ExecMainStart)", l, (l - s / 1e6) * 1000 }'); torch: $(echo "$light" | sed 's/.*: //')"
else
    fail boot1-first-light-logged "no 'first output change' line in the journal"
fi
security=$(systemd-analyze security torch.service 2>&1 | sed -n 's/.*Overall exposure level for torch.service: \([0-9.]*\).*/\1/p')
info "systemd-analyze security torch.service (in the guest): ${security:-?}"
check boot1-security "exposure '${security}'" awk -v e="${security:-99}" 'BEGIN { exit !(e <= 2.0) }'

# Step 3: a stop is dark and released, and changes nothing remembered; start: lit.
state_before=$(md5sum < /var/lib/torch/state 2>/dev/null)
info "state file before stop: $(cat /var/lib/torch/state 2>/dev/null | tr '\n' ' ' || echo none)"
# (systemctl warns that torch.socket would start it again on a connection: expected.)
systemctl stop torch.service 2>/dev/null
check boot1-stop-dark "LED $(led) after stop" led_is 0
check boot1-stop-released "the LED line is still driven" released
check boot1-stop-state-kept "state file changed" [ "$(md5sum < /var/lib/torch/state 2>/dev/null)" = "$state_before" ]
systemctl start torch.service
check boot1-start-lit "LED $(led) after start" wait_until 20 led_is 1

# Step 6: a user in group gpio controls the service through the socket; one not in it
# gets one line naming the socket and the group, and nothing changes.
usermod -a -G gpio alice
as() { user=$1; shift; runuser -u "$user" -- env -i PATH=/usr/bin:/bin HOME=/ "$@"; }
via_service() { [ "$rc" = 0 ] && printf '%s' "$out" | grep -q 'done (service)'; }
out=$(as alice torch on 40% 2>&1); rc=$?
check boot1-gpio-user-on "rc=$rc: $out" via_service
out=$(as alice torch blink 2>&1); rc=$?
check boot1-gpio-user-blink "rc=$rc: $out" via_service
status_blinking() { [ "$rc" = 0 ] && printf '%s' "$out" | grep -q '"lit":true' && printf '%s' "$out" | grep -q '"pattern":"blink'; }
out=$(as alice torch status --json 2>&1); rc=$?
check boot1-gpio-user-status "rc=$rc: $out" status_blinking
# `torch on` keeps the chosen mode (blink): back to steady first, then full.
as alice torch mode steady >/dev/null 2>&1
as alice torch on 100% >/dev/null 2>&1
denied_one_line() {
    [ "$rc" = 1 ] && [ "$(printf '%s\n' "$out" | wc -l)" = 1 ] \
        && printf '%s' "$out" | grep -q '/run/torch/torch.sock: permission denied' && printf '%s' "$out" | grep -q "group 'gpio'"
}
out=$(as bob torch on 2>&1); rc=$?
check boot1-other-user-denied "rc=$rc: $out" denied_one_line
info "not in gpio: $out"
steady_lit() { active && led_is 1 && [ "$(as alice torch status --json 2>/dev/null | grep -c '"pattern":"steady"')" = 1 ]; }
check boot1-other-user-no-effect "service $(systemctl is-active torch.service), LED $(led)" steady_lit

# Step 7: SIGKILL: Restart=on-failure brings the service back, lit. (Whether the light
# stays lit meanwhile depends on how long the process ran: handover.sh.)
n0=$(restarts)
systemctl kill -s KILL torch.service
back_lit() { [ "$(restarts)" -gt "${n0:-0}" ] 2>/dev/null && active && led_is 1; }
check boot1-kill-restart "NRestarts $(restarts) (was $n0), LED $(led)" wait_until 30 back_lit

# Step 8: the watchdog: a stopped process stops pinging; systemd aborts it after
# WatchdogSec and restarts it after RestartSec.
n0=$(restarts)
pid=$(main_pid)
t0=$(cut -d' ' -f1 /proc/uptime)
# (MainPID 0 means no service: kill -STOP 0 would stop this script.)
[ "${pid:-0}" -gt 0 ] && kill -STOP "$pid"
if [ "${pid:-0}" -gt 0 ] && wait_until 60 back_lit; then
    pass boot1-watchdog-restart
    info "watchdog: lit again $(awk -v a="$t0" -v b="$(cut -d' ' -f1 /proc/uptime)" 'BEGIN { printf "%.1f", b - a }') s after SIGSTOP (WatchdogSec=10, RestartSec=1)"
else
    fail boot1-watchdog-restart "NRestarts $(restarts) (was $n0), $(systemctl is-active torch.service), LED $(led)"
    kill -CONT "$pid" 2>/dev/null
fi
journalctl -b -u torch.service --no-pager | grep -q -i 'watchdog timeout' && pass boot1-watchdog-logged \
    || fail boot1-watchdog-logged "systemd logged no watchdog timeout"

# Step 9: reload with a broken config keeps the running one; the journal has file:line.
cp /etc/torch/torch.conf "$keep/torch.conf.good"
sed -i 's/^light-by-default = yes$/light-by-default = yes\nbrightness = 40q/' /etc/torch/torch.conf
pid=$(main_pid)
systemctl reload torch.service
reload_logged() { journalctl -b -u torch.service --no-pager | grep -q '/etc/torch/torch.conf:3:'; }
check boot1-reload-logged "no /etc/torch/torch.conf:3: line" wait_until 10 reload_logged
info "reload: $(journalctl -b -u torch.service --no-pager | grep -m1 '/etc/torch/torch.conf:3:' | sed 's/^.*\]: //')"
same_service_lit() { active && [ "$(main_pid)" = "$pid" ] && led_is 1; }
check boot1-reload-kept "service $(systemctl is-active torch.service) pid $(main_pid) (was $pid), LED $(led)" same_service_lit
cp "$keep/torch.conf.good" /etc/torch/torch.conf
systemctl reload torch.service
. "$here/pwm-eio.sh"
. "$here/handover.sh"
