# The commands under test. Today: the torch-gpio-check probe of the GPIO classes.
# To run the same scenarios through the CLI later, change only these functions (e.g.
# light_hold → `torch on --chip "$1" --line "$2" ...`, stopped with SIGTERM).

# light_hold CHIP LINE on|off [--active-low]: lights (or darkens) the line and holds
# it in the background. Sets HOLD_PID; output in /tmp/hold.out. Succeeds when ready.
light_hold() {
    # Remove the old output first: the child truncates it only after it starts, and a
    # stale READY must not be mistaken for the new one.
    rm -f /tmp/hold.out
    torch-gpio-check hold "$@" > /tmp/hold.out 2>&1 &
    HOLD_PID=$!
    wait_for_line /tmp/hold.out '^(READY|torch-gpio-check: error)' && grep -q '^READY' /tmp/hold.out
}

# light_release: stops the holder (SIGTERM), which goes dark and releases the line.
light_release() {
    kill -TERM "$HOLD_PID" 2>/dev/null
    wait_for_exit "$HOLD_PID" && grep -q '^RELEASED' /tmp/hold.out
}

# light_try CHIP LINE on|off [...]: a request expected to fail at once; stderr in
# /tmp/try.err, exit status returned.
light_try() {
    rm -f /tmp/try.out /tmp/try.err
    torch-gpio-check hold "$@" > /tmp/try.out 2> /tmp/try.err &
    try_pid=$!
    # A success would hold the line: stop it as soon as it says READY.
    if wait_for_line /tmp/try.out '^READY' 3; then kill -TERM "$try_pid"; fi
    wait "$try_pid"
}

# line_info CHIP LINE: one LINE row (name, used, consumer, output, active-low).
line_info() { torch-gpio-check info "$@"; }

# button_watch CHIP LINE [options]: watches a button line in the background until it
# has seen --min-edges edges and then --settle-ms quiet. Output in /tmp/watch.out.
button_watch() {
    rm -f /tmp/watch.out
    torch-gpio-check watch "$@" > /tmp/watch.out 2>&1 &
    WATCH_PID=$!
    wait_for_line /tmp/watch.out '^(READY|torch-gpio-check: error)' && grep -q '^READY' /tmp/watch.out
}

# button_done: waits for the watcher to finish; its SUMMARY line is in /tmp/watch.out.
button_done() { wait_for_exit "$WATCH_PID" 25 && grep -q '^SUMMARY' /tmp/watch.out; }

library_version() { torch-gpio-check version; }
