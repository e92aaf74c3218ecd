// SPDX-License-Identifier: GPL-2.0
/*
 * The torch project's test light sensor: an IIO device whose illuminance follows the
 * light of the project's test PWM chip (pwm-torch-test.c, channel 0), as a lux sensor
 * looking at the LED would read it. Built as a module against Debian's kernel headers
 * (Tests/vm/debian-kernel.sh, kmod/Kbuild), beside the test PWM chip it depends on.
 *
 * Like the bh1750, it measures on demand: reading in_illuminance_raw sleeps for the
 * integration time and returns the mean light over that time (the PWM's ripple is
 * never seen, only its mean), through a non-linear LED:
 *
 *   x   = the channel's mean duty over the integration time, 0…1 (dark while disabled)
 *   led = 0 below threshold_ppm (a driver's dead zone), else (x - t) / (1 - t)
 *   y   = linear_ppm·led + (1 - linear_ppm)·led²        (a curve that bends)
 *   lux = offset + full·y + noise                        (0 light while broken = 1)
 *
 * in millilux, noise uniform in ±noise_mlux from a seeded xorshift. Its attributes are
 * in_illuminance_raw (millilux counts), in_illuminance_scale (0.001000: lux per count)
 * and in_illuminance_integration_time (seconds), and name "torch-test-light". Every
 * parameter is writable under /sys/module/iio_torch_test/parameters/, so a test sets
 * the LED's curve, the ambient light, the noise and a broken LED, and reads `reads`.
 */
#include <linux/delay.h>
#include <linux/iio/iio.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/timekeeping.h>

u32 pwm_torch_test_mean_light(unsigned int channel, u64 from_ns, u64 to_ns);

static uint integration_ms = 100;
module_param(integration_ms, uint, 0644);
MODULE_PARM_DESC(integration_ms, "integration time of one reading, ms (1 to 1000)");
static uint offset_mlux = 2000;
module_param(offset_mlux, uint, 0644);
MODULE_PARM_DESC(offset_mlux, "the reading with the LED dark (ambient light), millilux");
static uint full_mlux = 400000;
module_param(full_mlux, uint, 0644);
MODULE_PARM_DESC(full_mlux, "the LED's light at full duty, millilux");
static uint linear_ppm = 250000;
module_param(linear_ppm, uint, 0644);
MODULE_PARM_DESC(linear_ppm, "the straight part of the LED's curve, ppm (the rest is quadratic)");
static uint threshold_ppm = 5000;
module_param(threshold_ppm, uint, 0644);
MODULE_PARM_DESC(threshold_ppm, "duty below which the LED gives no light, ppm");
static uint noise_mlux = 200;
module_param(noise_mlux, uint, 0644);
MODULE_PARM_DESC(noise_mlux, "reading noise, ± millilux");
static uint broken;
module_param(broken, uint, 0644);
MODULE_PARM_DESC(broken, "1: the LED gives no light (a broken LED, a loose wire)");
static uint seed = 1;
module_param(seed, uint, 0644);
MODULE_PARM_DESC(seed, "the noise's seed (written: the sequence starts again)");
static uint reads;
module_param(reads, uint, 0444);
MODULE_PARM_DESC(reads, "readings taken");

static DEFINE_MUTEX(light_lock);
static u32 noise_state, noise_seed;
static struct platform_device *light_pdev;
static struct iio_dev *light_iio;

/* Uniform in [-noise, +noise] millilux. */
static s64 torch_noise(void)
{
	u32 x, span = READ_ONCE(noise_mlux);

	if (noise_seed != READ_ONCE(seed) || noise_state == 0) {
		noise_seed = READ_ONCE(seed);
		noise_state = noise_seed ? noise_seed : 1;
	}
	x = noise_state;
	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	noise_state = x;
	if (!span)
		return 0;
	return (s64)(x % (2 * span + 1)) - span;
}

/* The reading in millilux for a mean duty of @x ppm. */
static s64 torch_light_mlux(u32 x)
{
	u64 t = min_t(u32, READ_ONCE(threshold_ppm), 999999), a = min_t(u32, READ_ONCE(linear_ppm), 1000000);
	u64 led = 0, y;

	if (x > t)
		led = div64_u64((u64)(x - t) * 1000000ULL, 1000000ULL - t);
	led = min_t(u64, led, 1000000);
	/* y in ppm: a·led + (1 - a)·led², each term scaled back to ppm. */
	y = div64_u64(a * led + div64_u64((1000000ULL - a) * led * led, 1000000ULL), 1000000ULL);
	if (READ_ONCE(broken))
		y = 0;
	return (s64)READ_ONCE(offset_mlux) + (s64)div64_u64((u64)READ_ONCE(full_mlux) * y, 1000000ULL) + torch_noise();
}

static int torch_light_read_raw(struct iio_dev *indio_dev, struct iio_chan_spec const *chan,
				int *val, int *val2, long mask)
{
	u32 ms = clamp_t(u32, READ_ONCE(integration_ms), 1, 1000);
	u64 start, end;
	s64 mlux;

	switch (mask) {
	case IIO_CHAN_INFO_RAW:
		mutex_lock(&light_lock);
		start = ktime_get_ns();
		msleep(ms);
		end = ktime_get_ns();
		/* The mean over the last integration time before the result. */
		mlux = torch_light_mlux(pwm_torch_test_mean_light(0, max_t(u64, start, end - (u64)ms * 1000000ULL), end));
		reads++;
		mutex_unlock(&light_lock);
		*val = (int)clamp_t(s64, mlux, 0, INT_MAX);
		return IIO_VAL_INT;
	case IIO_CHAN_INFO_SCALE:
		*val = 0;
		*val2 = 1000;
		return IIO_VAL_INT_PLUS_MICRO;
	case IIO_CHAN_INFO_INT_TIME:
		*val = ms / 1000;
		*val2 = (ms % 1000) * 1000;
		return IIO_VAL_INT_PLUS_MICRO;
	default:
		return -EINVAL;
	}
}

static const struct iio_info torch_light_info = {
	.read_raw = torch_light_read_raw,
};

static const struct iio_chan_spec torch_light_channels[] = {
	{
		.type = IIO_LIGHT,
		.info_mask_separate = BIT(IIO_CHAN_INFO_RAW) | BIT(IIO_CHAN_INFO_SCALE) |
				      BIT(IIO_CHAN_INFO_INT_TIME),
	},
};

static int __init torch_light_init(void)
{
	int err;

	light_pdev = platform_device_register_simple("torch-test-light", -1, NULL, 0);
	if (IS_ERR(light_pdev))
		return PTR_ERR(light_pdev);
	light_iio = iio_device_alloc(&light_pdev->dev, 0);
	if (!light_iio) {
		err = -ENOMEM;
		goto unregister;
	}
	light_iio->name = "torch-test-light";
	light_iio->info = &torch_light_info;
	light_iio->channels = torch_light_channels;
	light_iio->num_channels = ARRAY_SIZE(torch_light_channels);
	light_iio->modes = INDIO_DIRECT_MODE;
	err = iio_device_register(light_iio);
	if (err)
		goto free;
	return 0;
free:
	iio_device_free(light_iio);
unregister:
	pr_err("torch-test-light: registration failed: %d\n", err);
	platform_device_unregister(light_pdev);
	return err;
}

static void __exit torch_light_exit(void)
{
	iio_device_unregister(light_iio);
	iio_device_free(light_iio);
	platform_device_unregister(light_pdev);
}

module_init(torch_light_init);
module_exit(torch_light_exit);
MODULE_DESCRIPTION("torch test light sensor: illuminance that follows the test PWM chip through an LED's curve");
MODULE_LICENSE("GPL");
