// Private to the CGPIOD shim: the kernel's GPIO character device uAPI (v2) used
// directly, for a LED line whose request must be a descriptor torch can hand to
// systemd's store: libgpiod 1.6 gives no output line's descriptor, and a request taken
// over from the store was made by another process. No libgpiod header here (the
// kernel's linux/gpio.h and libgpiod's names are kept apart).
#ifndef CGPIOD_UAPI_H
#define CGPIOD_UAPI_H

#include <stdbool.h>

/// Requests line `offset` of the chip at `chip_path` as a push-pull output labelled
/// `consumer`, driving `value` (logical) at once. Returns the request's descriptor
/// (close-on-exec) or -errno.
int cgpiod_uapi_request_output(const char *chip_path, unsigned int offset, const char *consumer,
                               bool active_low, int value);

/// Drives the request's one line (logical value). No allocation. Returns 0 or -errno.
int cgpiod_uapi_set(int fd, int value);

/// Reads the request's one line: 1 (active), 0, or -errno (-ENOTTY: not a line request).
int cgpiod_uapi_get(int fd);

#endif
