# torch setup finds the button by a press (issue 37), with libgpiod and a real kernel:
# the LED on line 0 checked lit, then a line chosen at random among the free inputs is
# pressed with a bouncing contact (gpio-sim's pull flipped back and forth), found, and
# pressed three more times; the debounce suggested from the bounce, and the two lines
# written into a config of the test's own. Every watched line ends released, with the
# pull it had before.

if [ -z "${SIM:-}" ] && ! sim_setup; then
    fail torch-setup-sim "could not create the gpio-sim chip through configfs"
    return 0 2>/dev/null || exit 0
fi
mkdir -p /tmp/setup
rm -f /tmp/setup/torch.conf /tmp/setup/in

# The free input lines (the LED's line 0 and the kernel's hog on 5 are not among them),
# each with its pull now; one of them, at random, is the button.
candidates="" pulls_before=""
for n in 1 2 3 4 6 7; do
    case "$(line_info "$CHIP" "$n")" in
        *"used=0"*"output=0"*) candidates="$candidates $n"; pulls_before="$pulls_before $n:$(cat "$SIM/sim_gpio$n/pull")" ;;
    esac
done
set -- $candidates
if [ $# = 0 ]; then
    fail torch-setup-candidates "no free input line on $CHIP"
    return 0 2>/dev/null || exit 0
fi
index=$(awk -v n=$# 'BEGIN { srand(); print int(rand() * n) + 1 }')
eval pick=\${$index}
echo "  setup: the button is line $pick, among$candidates"

# bounce_edge N LEVELS…: one contact's bounce train (the levels written back to back).
bounce_edge() { n=$1; shift; for p in "$@"; do sim_pull "$n" "$p"; done; }
setup_oneline() { tr '\n' '|' < "$1"; }
debounce_is_sensible() { [ -n "$1" ] && [ "$1" -ge 1 ] && [ "$1" -le 100 ]; }
mkfifo /tmp/setup/in
torch setup --chip "$CHIP" --led 0 --config /tmp/setup/torch.conf --state-file /tmp/setup/state \
    < /tmp/setup/in > /tmp/setup/out 2>&1 &
SETUP_PID=$!
exec 7> /tmp/setup/in
if wait_for_line /tmp/setup/out 'Is the LED lit\?' 30; then
    # At 50 % a GPIO line is software PWM: it is high for part of every period, so the
    # check samples it for a while rather than once.
    levels=$(i=0; while [ $i -lt 100 ]; do sim_value 0; i=$((i + 1)); done | sort -u | tr -d '\n')
    check torch-setup-led-lit "line 0 never read high at the LED check (levels seen: $levels)" \
        [ "${levels#*1}" != "$levels" ]
    echo y >&7
else
    fail torch-setup-led-lit "no LED question: $(setup_oneline /tmp/setup/out)"
fi
if wait_for_line /tmp/setup/out 'Press your button now' 30; then
    usleep 300000
    bounce_edge "$pick" pull-down pull-up pull-down pull-up pull-down
    usleep 200000
    bounce_edge "$pick" pull-up pull-down pull-up
    if wait_for_line /tmp/setup/out 'three more times' 15; then
        # The last release is one clean edge: setup stops once the line has been quiet
        # for its train gap and then puts the pull back, so a bounce written after that
        # (a slow emulated guest can pause between writes) would undo the put-back.
        for press in 1 2 3; do
            usleep 300000
            bounce_edge "$pick" pull-down pull-up pull-down pull-up pull-down
            usleep 200000
            if [ $press = 3 ]; then sim_pull "$pick" pull-up; else bounce_edge "$pick" pull-up pull-down pull-up; fi
        done
    else
        fail torch-setup-found "no line found: $(setup_oneline /tmp/setup/out)"
    fi
fi
if wait_for_line /tmp/setup/out 'Write them' 30; then echo y >&7; fi
exec 7>&-
RC=timeout n=0
while kill -0 "$SETUP_PID" 2>/dev/null && [ $n -lt 1500 ]; do usleep 20000; n=$((n + 1)); done
if kill -0 "$SETUP_PID" 2>/dev/null; then kill -KILL "$SETUP_PID"; wait "$SETUP_PID" 2>/dev/null; else wait "$SETUP_PID"; RC=$?; fi
out=$(setup_oneline /tmp/setup/out)
check torch-setup-exit "setup ended with $RC: $out" [ "$RC" = 0 ]
check torch-setup-found-line "the button on line $pick was not named: $out" \
    grep -q "Press your button now.*line $pick" /tmp/setup/out
check torch-setup-three-presses "not three presses: $out" grep -q '3 presses; the longest bounce' /tmp/setup/out
# The config: the two lines, the chip by its label, a debounce from the bounce (1 to 100 ms).
conf=$(setup_oneline /tmp/setup/torch.conf)
check torch-setup-config-lines "the config: $conf" grep -qx "line = $pick" /tmp/setup/torch.conf
check torch-setup-config-led "the config: $conf" grep -qx 'line = 0' /tmp/setup/torch.conf
check torch-setup-config-chip "the config: $conf" grep -qx 'chip = torch-sim' /tmp/setup/torch.conf
debounce=$(sed -n 's/^debounce = \([0-9]*\)ms$/\1/p' /tmp/setup/torch.conf)
check torch-setup-debounce "no sensible debounce: '$debounce' ($conf)" debounce_is_sensible "$debounce"
# Every line as it was: released, and each watched line's pull back.
pulls_after=""
for n in $candidates; do pulls_after="$pulls_after $n:$(cat "$SIM/sim_gpio$n/pull")"; done
check torch-setup-pulls-back "pulls before:$pulls_before, after:$pulls_after" [ "$pulls_before" = "$pulls_after" ]
all_free=yes
for n in 0 $candidates; do case "$(line_info "$CHIP" "$n")" in *"used=0"*) ;; *) all_free="no: line $n $(line_info "$CHIP" "$n")" ;; esac; done
check torch-setup-released "$all_free" [ "$all_free" = yes ]
