# The light through a restart, watched from outside (gap.sh): the dark gap of a
# `systemctl restart` of a steady light on the gpio-sim line, in ms.
check handover-lit-before "LED $(led)" wait_until 20 led_is 1
gap_begin restart
systemctl restart torch.service
wait_until 30 active
sleep 1
gap_end restart
info "systemctl restart, steady light on GPIO: dark $(gap_value restart gpio longest-dark-ms) ms in $(gap_value restart gpio dark-runs) run(s), line unheld $(gap_value restart watch unheld-ms) ms (worst sampling interval $(gap_value restart sampler worst-interval-us) us)"
