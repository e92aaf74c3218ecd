# GPIO scenarios against the real gpio-sim chip: outputs (on/off, active-low, release
# on close), button edges (press, bounce train, kernel debounce), and the one-line
# errors (busy, bad offset, unknown name, missing chip, permission denied).
# Expects EXPECT_API (1 or 2) and EXPECT_VERSION from /vmtest/env.

if [ -z "${SIM:-}" ] && ! sim_setup; then
    fail sim-setup "could not create the gpio-sim chip through configfs"
    return 0 2>/dev/null || exit 0
fi
pass sim-setup

# --- the library -------------------------------------------------------------------
v=$(library_version)
check library-version "got '$v', want libgpiod $EXPECT_VERSION API $EXPECT_API" \
    [ "$v" = "LIBGPIOD $EXPECT_VERSION API $EXPECT_API" ]

# --- chips by every name form ------------------------------------------------------
forms_ok=1
for form in "$CHIPNUM" "$CHIP" "/dev/$CHIP" torch-sim; do
    out=$(line_info "$form" LED 2>&1)
    case "$out" in "LINE $CHIP 0 name=LED used=0"*) ;; *) forms_ok=0; echo "  $form: $out";; esac
done
check chip-name-forms "some form did not find $CHIP line 0 (LED)" [ $forms_ok = 1 ]

# --- outputs -----------------------------------------------------------------------
# LED is line 0. The pull is set against the driven level, so a match proves driving.
sim_pull 0 pull-down
if light_hold "$CHIP" LED on; then
    check output-on "sim_gpio0/value=$(sim_value 0), want 1" [ "$(sim_value 0)" = 1 ]
    info=$(line_info "$CHIP" 0)
    check output-held-by-torch "line info: $info" \
        sh -c "echo '$info' | grep -q 'used=1 consumer=torch output=1'"
    light_release || fail output-release "holder did not stop cleanly: $(cat /tmp/hold.out)"
    check output-released-dark "after close: value=$(sim_value 0) $(line_info "$CHIP" 0)" \
        sh -c "[ \"\$(cat $SIM/sim_gpio0/value)\" = 0 ] && torch-gpio-check info $CHIP 0 | grep -q 'used=0'"
else
    fail output-on "could not hold the line: $(cat /tmp/hold.out)"
fi

sim_pull 0 pull-up
if light_hold "$CHIP" LED off; then
    check output-off "sim_gpio0/value=$(sim_value 0) against pull-up, want 0" [ "$(sim_value 0)" = 0 ]
    light_release
    # Released, the line is no longer driven: it follows the pull again.
    check release-on-close "after close: value=$(sim_value 0) (pull-up), $(line_info "$CHIP" 0)" \
        sh -c "[ \"\$(cat $SIM/sim_gpio0/value)\" = 1 ] && torch-gpio-check info $CHIP 0 | grep -q 'used=0'"
else
    fail output-off "could not hold the line: $(cat /tmp/hold.out)"
fi

sim_pull 0 pull-up
if light_hold "$CHIP" LED on --active-low; then
    check active-low-on "sim_gpio0/value=$(sim_value 0), want 0 (active-low lit)" [ "$(sim_value 0)" = 0 ]
    light_release
else
    fail active-low-on "could not hold the line: $(cat /tmp/hold.out)"
fi
sim_pull 0 pull-down
if light_hold "$CHIP" LED off --active-low; then
    check active-low-off "sim_gpio0/value=$(sim_value 0), want 1 (active-low dark)" [ "$(sim_value 0)" = 1 ]
    light_release
else
    fail active-low-off "could not hold the line: $(cat /tmp/hold.out)"
fi

sim_pull 2 pull-down
if light_hold "$CHIP" GPIO18 on; then
    check line-by-name "GPIO18 is line 2: sim_gpio2/value=$(sim_value 2), want 1" [ "$(sim_value 2)" = 1 ]
    light_release
else
    fail line-by-name "could not hold GPIO18: $(cat /tmp/hold.out)"
fi

# --- button input ------------------------------------------------------------------
# BUTTON is line 1: a button to ground, pull-up bias, active-low: pull-down = pressed.

# edges_ok FILE: every EDGE alternates pressed/released starting with pressed, and
# timestamps never go back.
edges_ok() {
    awk '/^EDGE/ {
            split($2, p, "="); split($3, t, "=");
            if (p[2] != want) bad = 1; want = 1 - want;
            if (t[2] + 0 < last) bad = 1; last = t[2] + 0; n++ }
         BEGIN { want = 1; last = 0 }
         END { exit (bad || n == 0) }' "$1"
}

if button_watch "$CHIP" BUTTON --min-edges 2 --settle-ms 300; then
    check button-idle-released "READY line: $(grep READY /tmp/watch.out)" grep -q 'pressed=0' /tmp/watch.out
    before=$(uptime_ns)
    sim_pull 1 pull-down
    wait_for_line /tmp/watch.out '^EDGE pressed=1' 5
    sim_pull 1 pull-up
    button_done
    after=$(uptime_ns)
    check button-press-release "$(tr '\n' ' ' < /tmp/watch.out)" \
        sh -c "[ \$(grep -c '^EDGE' /tmp/watch.out) = 2 ] && grep -q 'SUMMARY edges=2 lost=0 pressed=0' /tmp/watch.out"
    check button-edge-order "$(tr '\n' ' ' < /tmp/watch.out)" edges_ok /tmp/watch.out
    # Kernel timestamps are CLOCK_MONOTONIC: they fall between the two uptime reads.
    first=$(awk -F'[ =]' '/^EDGE/ { print $5; exit }' /tmp/watch.out)
    check button-timestamps-monotonic "edge at ${first}ns, uptime ${before}..${after}ns" \
        [ "${first:-0}" -ge $((before - 20000000)) -a "${first:-0}" -le $((after + 20000000)) ]
    if [ "$EXPECT_API" = 2 ]; then
        check button-sequence-numbers "$(grep EDGE /tmp/watch.out | tr '\n' ' ')" \
            sh -c "grep '^EDGE' /tmp/watch.out | awk '{ print \$4 }' | tr '\n' ' ' | grep -q '^seq=1 seq=2 \$'"
    else
        check button-sequence-numbers "v1 has none: want seq=0" \
            sh -c "! grep '^EDGE' /tmp/watch.out | grep -qv 'seq=0'"
    fi
else
    fail button-press-release "could not watch the button: $(cat /tmp/watch.out)"
fi

# A bounce train: seven quick pull flips, ending pressed. Raw (no debounce), every edge
# the kernel saw arrives in order and the final state is pressed.
sim_pull 1 pull-up
if button_watch "$CHIP" BUTTON --min-edges 1 --settle-ms 500; then
    for p in pull-down pull-up pull-down pull-up pull-down pull-up pull-down; do sim_pull 1 $p; done
    button_done
    cp /tmp/watch.out /tmp/bounce.out
    check bounce-train-raw "$(tr '\n' ' ' < /tmp/bounce.out)" \
        sh -c "grep -q 'SUMMARY .*pressed=1' /tmp/bounce.out && grep '^EDGE' /tmp/bounce.out | tail -1 | grep -q 'pressed=1'"
    echo "  bounce train raw: $(grep -c '^EDGE' /tmp/bounce.out) edges, $(grep SUMMARY /tmp/bounce.out)"
else
    fail bounce-train-raw "could not watch the button: $(cat /tmp/watch.out)"
fi

# The same train with 30 ms debounce: v2 has the kernel debounce it to one press;
# v1 cannot, and says so (kernel-debounce=0) so the core debounces in software.
sim_pull 1 pull-up
if button_watch "$CHIP" BUTTON --min-edges 1 --settle-ms 500 --debounce-ms 30; then
    for p in pull-down pull-up pull-down pull-up pull-down pull-up pull-down; do sim_pull 1 $p; done
    button_done
    if [ "$EXPECT_API" = 2 ]; then
        check kernel-debounce "$(tr '\n' ' ' < /tmp/watch.out)" \
            sh -c "grep -q 'READY kernel-debounce=1' /tmp/watch.out && [ \$(grep -c '^EDGE' /tmp/watch.out) = 1 ] && grep -q '^EDGE pressed=1' /tmp/watch.out && grep -q 'SUMMARY edges=1 lost=0 pressed=1' /tmp/watch.out"
    else
        check kernel-debounce-absent "$(tr '\n' ' ' < /tmp/watch.out)" \
            sh -c "grep -q 'READY kernel-debounce=0' /tmp/watch.out && grep -q 'SUMMARY .*pressed=1' /tmp/watch.out"
    fi
else
    fail kernel-debounce "could not watch the button: $(cat /tmp/watch.out)"
fi
sim_pull 1 pull-up

# A stalled reader: 80 flips while nobody reads overflow the kernel's event buffer.
# v2 numbers events, so the gap is counted (edges + lost = 80; v2 keeps the newest);
# v1 keeps its first 16 and cannot tell. Either way the level read back is right.
rm -f /tmp/go
if button_watch "$CHIP" BUTTON --min-edges 1 --settle-ms 500 --start-file /tmp/go; then
    i=0
    while [ $i -lt 40 ]; do sim_pull 1 pull-down; sim_pull 1 pull-up; i=$((i + 1)); done
    touch /tmp/go
    button_done
    edges=$(grep -c '^EDGE' /tmp/watch.out)
    lost=$(sed -n 's/^SUMMARY .*lost=\([0-9]*\).*/\1/p' /tmp/watch.out)
    echo "  stalled reader: $edges edges read, lost=${lost:-?}"
    if [ "$EXPECT_API" = 2 ]; then
        check lost-events-counted "$(grep SUMMARY /tmp/watch.out)" \
            [ "${lost:-0}" -gt 0 -a $((edges + ${lost:-0})) = 80 ]
    else
        check lost-events-v1-buffer "$(grep SUMMARY /tmp/watch.out)" [ "$edges" -le 16 ]
    fi
    check lost-events-level-resync "$(grep SUMMARY /tmp/watch.out)" grep -q 'SUMMARY .*pressed=0' /tmp/watch.out
else
    fail lost-events-counted "could not watch the button: $(cat /tmp/watch.out)"
fi

# --- errors: one line naming the thing, exit ≠ 0, nothing left requested -----------
# expect_error NAME WANT-SUBSTRING ARGS...: the request fails with that message.
expect_error() {
    name=$1 want=$2
    shift 2
    if light_try "$@"; then
        fail "$name" "succeeded: $(cat /tmp/try.out)"
    elif [ "$(wc -l < /tmp/try.err)" != 1 ] || ! grep -qF "$want" /tmp/try.err; then
        fail "$name" "stderr: $(cat /tmp/try.err); want: $want"
    else
        pass "$name"
        echo "  $(cat /tmp/try.err)"
    fi
}

expect_error busy-kernel-hog "$CHIP line 5 (HELD): busy, held by 'holder'" "$CHIP" HELD on
if light_hold "$CHIP" LED on; then
    expect_error busy-other-process "$CHIP line 0 (LED): busy, held by 'torch'" "$CHIP" 0 on
    light_release
else
    fail busy-other-process "could not hold the line: $(cat /tmp/hold.out)"
fi
expect_error bad-offset "$CHIP line 99: offset out of range ($CHIP has lines 0…7)" "$CHIP" 99 on
expect_error unknown-line-name "$CHIP: no line named 'LEDD' (close: LED)" "$CHIP" LEDD on
expect_error missing-chip "gpio chip 'gpiochip9' not found (chips here: $CHIP [torch-sim])" gpiochip9 0 on
expect_error missing-chip-label "gpio chip 'pinctrl-rp1' not found (chips here: $CHIP [torch-sim])" pinctrl-rp1 0 on

# Permission: Raspberry Pi OS makes /dev/gpiochip* root:gpio 0660; a user outside the
# group is refused and told how to get in.
mkdir -p /etc
grep -q '^nobody:' /etc/passwd 2>/dev/null || echo 'nobody:x:65534:65534:nobody:/:/bin/sh' >> /etc/passwd
grep -q '^nogroup:' /etc/group 2>/dev/null || echo 'nogroup:x:65534:' >> /etc/group
grep -q '^gpio:' /etc/group || echo 'gpio:x:997:' >> /etc/group
chown 0:997 "/dev/$CHIP"
chmod 0660 "/dev/$CHIP"
if su -s /bin/sh nobody -c "LD_LIBRARY_PATH=$LD_LIBRARY_PATH $(command -v torch-gpio-check) hold $CHIP LED on" > /tmp/try.out 2> /tmp/try.err; then
    fail permission-denied "an unprivileged user opened /dev/$CHIP"
else
    check permission-denied "stderr: $(cat /tmp/try.err)" \
        grep -qF "/dev/$CHIP: permission denied (add the user to group 'gpio' or run as root" /tmp/try.err
    echo "  $(cat /tmp/try.err)"
fi
chmod 0600 "/dev/$CHIP"

# After every error above, nothing of ours is left requested.
left=""
for n in 0 1 2 3 4 6 7; do
    line_info "$CHIP" $n | grep -q 'used=1' && left="$left $n"
done
check nothing-left-requested "still requested:$left" [ -z "$left" ]
