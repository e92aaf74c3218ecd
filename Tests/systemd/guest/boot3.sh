# Boot 3 (step 5): at-start = restore brings back the lit state the tap left; a tap
# makes it dark; reboot.
check boot3-restored-lit "LED line is $(led)" wait_until 20 led_is 1
tap
check boot3-tap-dark "LED $(led) after a tap" wait_until 5 led_is 0
sleep 1
