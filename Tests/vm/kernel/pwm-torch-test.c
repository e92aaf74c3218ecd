// SPDX-License-Identifier: GPL-2.0
/*
 * The torch project's test PWM chip: a module built against Debian's kernel headers
 * (Tests/vm/debian-kernel.sh, kmod/Kbuild), or built into the small arm64 kernel an
 * aarch64 host builds (Tests/vm/build-kernel.sh copies this file into drivers/pwm/).
 * It has no hardware: it drives the PWM core's real
 * sysfs interface (drivers/pwm/sysfs.c) and the core's real checks, and records what
 * the core asked it to apply, so the guest can compare torch's output with its pattern.
 *
 *   /sys/devices/platform/torch-test-pwm/applied   read: the applied states since the
 *       last read, oldest first, one per line (drained; read again until empty):
 *       "<ns> <channel> <period ns> <duty ns> <normal|inversed> <enabled 0|1> <errno>"
 *       ns is CLOCK_MONOTONIC (ktime_get_ns) at the apply; errno is 0 or e.g. 5 (EIO),
 *       and period/duty are what the "hardware" produced after rounding.
 *   /sys/module/pwm_torch_test/parameters/fail_next  write N: the next N applies fail
 *       with -EIO (each one decrements it), as a PWM block behind a failing bus would.
 *   /sys/module/pwm_torch_test/parameters/period_step_ns  write S (0: exact): periods and
 *       duty cycles are rounded down to a multiple of S ns, as a clock divider rounds;
 *       a period below S is -EINVAL (the hardware's shortest period).
 *   /sys/module/pwm_torch_test/parameters/dropped  read: states lost to a full log.
 *
 * The light the chip's channels give, for the project's test light sensor
 * (iio-torch-test.c): pwm_torch_test_mean_light() is the time-weighted mean of a
 * channel's duty over a window, from the last states applied (a history apart from the
 * drained log, so reading the log does not take it away).
 *
 * Linux 6.1 registers a caller-embedded struct pwm_chip with pwmchip_add(); 6.12
 * allocates it with pwmchip_alloc() (chips are devices numbered by an ID allocator).
 */
#include <linux/math64.h>
#include <linux/minmax.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/pwm.h>
#include <linux/spinlock.h>
#include <linux/timekeeping.h>
#include <linux/version.h>

#define TORCH_PWM_CHANNELS 2
#define TORCH_LOG_SIZE 4096 /* entries; ~100 kB, a few seconds of a fast fade */

static int fail_next;
module_param(fail_next, int, 0644);
MODULE_PARM_DESC(fail_next, "fail the next N applies with -EIO");
static uint period_step_ns;
module_param(period_step_ns, uint, 0644);
MODULE_PARM_DESC(period_step_ns, "round period and duty down to a multiple of this (0: exact)");
static uint dropped;
module_param(dropped, uint, 0444);
MODULE_PARM_DESC(dropped, "applied states lost because the log was full");

struct torch_applied {
	u64 ns, period, duty;
	u8 channel, inversed, enabled;
	u8 err; /* positive errno */
};

u32 pwm_torch_test_mean_light(unsigned int channel, u64 from_ns, u64 to_ns);

/* The last states each channel applied: CLOCK_MONOTONIC ns and the light in ppm. */
#define TORCH_HISTORY 256
struct torch_light_state {
	u64 ns;
	u32 ppm;
};
static struct torch_light_state history[TORCH_PWM_CHANNELS][TORCH_HISTORY];
static unsigned int history_count[TORCH_PWM_CHANNELS], history_next[TORCH_PWM_CHANNELS];

static DEFINE_SPINLOCK(log_lock);
static struct torch_applied log_ring[TORCH_LOG_SIZE];
static unsigned int log_head, log_count;
static struct platform_device *torch_pdev;

static void torch_log(const struct torch_applied *entry)
{
	unsigned long flags;

	spin_lock_irqsave(&log_lock, flags);
	if (log_count == TORCH_LOG_SIZE) {
		dropped++;
	} else {
		log_ring[(log_head + log_count) % TORCH_LOG_SIZE] = *entry;
		log_count++;
	}
	spin_unlock_irqrestore(&log_lock, flags);
}

/* An applied state's light, ppm of full: the duty's share of the period (the rest of
 * it for inversed polarity), none while disabled. */
static u32 torch_light_ppm(const struct torch_applied *e)
{
	u64 ppm;

	if (!e->enabled || e->period == 0)
		return 0;
	ppm = div64_u64(min(e->duty, e->period) * 1000000ULL, e->period);
	return e->inversed ? 1000000 - (u32)ppm : (u32)ppm;
}

static void torch_remember(const struct torch_applied *e)
{
	unsigned long flags;
	unsigned int c = e->channel;

	if (c >= TORCH_PWM_CHANNELS)
		return;
	spin_lock_irqsave(&log_lock, flags);
	history[c][history_next[c]].ns = e->ns;
	history[c][history_next[c]].ppm = torch_light_ppm(e);
	history_next[c] = (history_next[c] + 1) % TORCH_HISTORY;
	if (history_count[c] < TORCH_HISTORY)
		history_count[c]++;
	spin_unlock_irqrestore(&log_lock, flags);
}

/*
 * The mean light of @channel over [@from_ns, @to_ns] (CLOCK_MONOTONIC), in ppm of full:
 * each state weighted by how long it held inside the window. Before the first state
 * remembered the channel is dark; a window older than the history starts with the
 * oldest state kept.
 */
u32 pwm_torch_test_mean_light(unsigned int channel, u64 from_ns, u64 to_ns)
{
	unsigned long flags;
	unsigned int i, n, first;
	u64 sum = 0, t, end, at;
	u32 level = 0;

	if (channel >= TORCH_PWM_CHANNELS || to_ns <= from_ns)
		return 0;
	spin_lock_irqsave(&log_lock, flags);
	n = history_count[channel];
	first = (history_next[channel] + TORCH_HISTORY - n) % TORCH_HISTORY;
	t = from_ns;
	/* The state in force at the window's start. */
	for (i = 0; i < n; i++) {
		const struct torch_light_state *s = &history[channel][(first + i) % TORCH_HISTORY];

		if (s->ns > from_ns)
			break;
		level = s->ppm;
	}
	if (i == 0 && n > 0 && n == TORCH_HISTORY)
		level = history[channel][first].ppm;
	for (; i < n; i++) {
		const struct torch_light_state *s = &history[channel][(first + i) % TORCH_HISTORY];

		at = s->ns;
		if (at >= to_ns)
			break;
		sum += (u64)level * (at - t);
		t = at;
		level = s->ppm;
	}
	end = to_ns;
	sum += (u64)level * (end - t);
	spin_unlock_irqrestore(&log_lock, flags);
	return (u32)div64_u64(sum, to_ns - from_ns);
}
EXPORT_SYMBOL_GPL(pwm_torch_test_mean_light);

static int torch_pwm_apply(struct pwm_chip *chip, struct pwm_device *pwm,
			   const struct pwm_state *state)
{
	struct torch_applied entry = {
		.ns = ktime_get_ns(),
		.period = state->period,
		.duty = state->duty_cycle,
		.channel = pwm->hwpwm,
		.inversed = state->polarity == PWM_POLARITY_INVERSED,
		.enabled = state->enabled,
	};
	u64 step = READ_ONCE(period_step_ns);
	int err = 0;

	if (step) {
		entry.period -= entry.period % step;
		entry.duty -= entry.duty % step;
		if (state->enabled && entry.period == 0)
			err = -EINVAL;
	}
	/* fail_next is written from sysfs; a racing write only shifts which apply fails. */
	if (!err && READ_ONCE(fail_next) > 0) {
		WRITE_ONCE(fail_next, fail_next - 1);
		err = -EIO;
	}
	entry.err = -err;
	torch_log(&entry);
	if (!err)
		torch_remember(&entry);
	return err;
}

static const struct pwm_ops torch_pwm_ops = {
	.apply = torch_pwm_apply,
};

/* The "applied" attribute: drains as many whole lines as fit in one page. */
static ssize_t applied_show(struct device *dev, struct device_attribute *attr, char *buf)
{
	struct torch_applied e;
	unsigned long flags;
	ssize_t len = 0;
	char line[96];
	int n;

	for (;;) {
		spin_lock_irqsave(&log_lock, flags);
		if (!log_count) {
			spin_unlock_irqrestore(&log_lock, flags);
			break;
		}
		e = log_ring[log_head];
		n = scnprintf(line, sizeof(line), "%llu %u %llu %llu %s %u %u\n", e.ns, e.channel,
			      e.period, e.duty, e.inversed ? "inversed" : "normal", e.enabled, e.err);
		if (len + n >= PAGE_SIZE) {
			spin_unlock_irqrestore(&log_lock, flags);
			break;
		}
		log_head = (log_head + 1) % TORCH_LOG_SIZE;
		log_count--;
		spin_unlock_irqrestore(&log_lock, flags);
		memcpy(buf + len, line, n);
		len += n;
	}
	return len;
}
static DEVICE_ATTR_RO(applied);

static int __init torch_pwm_init(void)
{
	struct pwm_chip *chip;
	int err;

	torch_pdev = platform_device_register_simple("torch-test-pwm", -1, NULL, 0);
	if (IS_ERR(torch_pdev))
		return PTR_ERR(torch_pdev);
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 9, 0)
	chip = pwmchip_alloc(&torch_pdev->dev, TORCH_PWM_CHANNELS, 0);
	if (IS_ERR(chip)) {
		err = PTR_ERR(chip);
		goto unregister;
	}
#else
	chip = devm_kzalloc(&torch_pdev->dev, sizeof(*chip), GFP_KERNEL);
	if (!chip) {
		err = -ENOMEM;
		goto unregister;
	}
	chip->dev = &torch_pdev->dev;
	chip->npwm = TORCH_PWM_CHANNELS;
#endif
	chip->ops = &torch_pwm_ops;
	err = pwmchip_add(chip);
	if (err)
		goto unregister;
	err = device_create_file(&torch_pdev->dev, &dev_attr_applied);
	if (err)
		goto unregister;
	return 0;
unregister:
	pr_err("torch-test-pwm: registration failed: %d\n", err);
	platform_device_unregister(torch_pdev);
	return err;
}
/* Built in, never removed: the guest powers off with the chip in place. */
device_initcall(torch_pwm_init);
MODULE_DESCRIPTION("torch test PWM chip: logs applied states, injects -EIO, rounds periods");
MODULE_LICENSE("GPL");
