# Boot 2 (step 4): a reboot is lit again. Then step 5 begins: light-by-default = no,
# at-start = restore; the user's off (dark), a button tap (lit), reboot.
check boot2-lit "LED line is $(led)" wait_until 20 led_is 1
check boot2-active "torch.service is $(systemctl is-active torch.service)" active
sed -i 's/^light-by-default = yes$/light-by-default = no\nat-start = restore/' /etc/torch/torch.conf
systemctl reload torch.service
torch off >/dev/null 2>&1
check boot2-off "LED $(led) after torch off" wait_until 5 led_is 0
tap
check boot2-tap-lit "LED $(led) after a tap" wait_until 5 led_is 1
sleep 1    # the state file is written after the change
