// The kernel's GPIO uAPI v2 for one output line (see cgpiod_uapi.h): a line request
// is a descriptor, and GPIO_V2_LINE_SET_VALUES_IOCTL works on it alone.
#include "cgpiod_uapi.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

static int failed(void) { return errno ? -errno : -EIO; }

int cgpiod_uapi_request_output(const char *chip_path, unsigned int offset, const char *consumer,
                               bool active_low, int value) {
    int chip = open(chip_path, O_RDWR | O_CLOEXEC);
    if (chip < 0) return failed();
    struct gpio_v2_line_request req;
    memset(&req, 0, sizeof(req));
    req.offsets[0] = offset;
    req.num_lines = 1;
    snprintf(req.consumer, sizeof(req.consumer), "%s", consumer ? consumer : "");
    req.config.flags = GPIO_V2_LINE_FLAG_OUTPUT | (active_low ? GPIO_V2_LINE_FLAG_ACTIVE_LOW : 0);
    req.config.num_attrs = 1;
    req.config.attrs[0].mask = 1;
    req.config.attrs[0].attr.id = GPIO_V2_LINE_ATTR_ID_OUTPUT_VALUES;
    req.config.attrs[0].attr.values = value ? 1 : 0;
    int rc = ioctl(chip, GPIO_V2_GET_LINE_IOCTL, &req);
    int err = rc < 0 ? failed() : 0;
    close(chip);
    return err ? err : req.fd;
}

int cgpiod_uapi_set(int fd, int value) {
    struct gpio_v2_line_values v = {.bits = value ? 1 : 0, .mask = 1};
    return ioctl(fd, GPIO_V2_LINE_SET_VALUES_IOCTL, &v) < 0 ? failed() : 0;
}

int cgpiod_uapi_get(int fd) {
    struct gpio_v2_line_values v = {.bits = 0, .mask = 1};
    if (ioctl(fd, GPIO_V2_LINE_GET_VALUES_IOCTL, &v) < 0) return failed();
    return (int)(v.bits & 1);
}
