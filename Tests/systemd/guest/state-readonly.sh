# The state directory read-only under the service as shipped (issue 36, the SD card): a
# read-only bind mount of /var/lib/torch (as an SD card mounted read-only would be); the
# service starts, says in one journal line that choices will not be kept, and the light
# follows every command; once the directory is writable again the state file is as it
# was and the service restores it. Run at the end of boot 3 (dark: boot 4 expects it).
systemctl stop torch.service 2> /dev/null  # (its note that torch.socket stays active is no check)
cp /var/lib/torch/state "$keep/state.before-ro"
mount --bind /var/lib/torch /var/lib/torch
mount -o remount,bind,ro /var/lib/torch
ro_since=$(date '+%Y-%m-%d %H:%M:%S')
systemctl start torch.service
ro_lines() { journalctl -u torch.service --since "$ro_since" --no-pager | grep -c 'choices will not be kept'; }
ro_said() { [ "$(ro_lines)" -ge 1 ]; }
check state-ro-service-starts "torch $(systemctl is-active torch.service)" wait_until 30 active
check state-ro-one-line "$(ro_lines) lines" wait_until 10 ro_said
info "$(journalctl -u torch.service --since "$ro_since" --no-pager | grep -m1 'choices will not be kept' | sed 's/^.*\]: //')"
# Full level: below it the line is software PWM, and on one emulated CPU a read of the
# line runs when the real-time thread lets it, which need not be while the line is high.
torch on 100% > /dev/null 2>&1
check state-ro-light-on "LED $(led) after torch on" wait_until 5 led_is 1
torch off > /dev/null 2>&1
check state-ro-light-off "LED $(led) after torch off" wait_until 5 led_is 0
torch on 100% > /dev/null 2>&1
systemctl stop torch.service 2> /dev/null  # (its note that torch.socket stays active is no check)
check state-ro-said-once "$(ro_lines) lines, saves failing too: $(journalctl -u torch.service --since "$ro_since" --no-pager | grep -c 'state file:')" \
    sh -c "[ \"\$(journalctl -u torch.service --since '$ro_since' --no-pager | grep -c 'state file:')\" = 1 ]"
umount /var/lib/torch
check state-ro-file-intact "$(tr '\n' ' ' < /var/lib/torch/state)" cmp -s "$keep/state.before-ro" /var/lib/torch/state
systemctl start torch.service
dark_again() { active && led_is 0; }
check state-ro-restored-after "torch $(systemctl is-active torch.service), LED $(led)" wait_until 30 dark_again
sleep 1
