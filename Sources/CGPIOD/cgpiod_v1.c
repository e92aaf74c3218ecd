// The shim over libgpiod v1 (1.6.x): lines belong to a chip handle, so every request
// opens its own handle and keeps it for the request's lifetime.
#include "cgpiod_common.h"

#if CGPIOD_API == 1

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "cgpiod_uapi.h"

struct cgpiod_chip {
    struct gpiod_chip *chip;
    char path[PATH_MAX];
    char name[CGPIOD_NAME_SIZE];
    char label[CGPIOD_NAME_SIZE];
    unsigned int num_lines;
};

struct cgpiod_request {
    struct gpiod_chip *chip;    // NULL for an output (uapi_fd)
    struct gpiod_line *line;
    int event_fd;
    /// An output's line request, through the kernel's uAPI; -1 for an input.
    int uapi_fd;
};

int cgpiod_api_generation(void) { return 1; }

const char *cgpiod_library_version(void) { return gpiod_version_string(); }

int cgpiod_chip_open(const char *path, cgpiod_chip **out) {
    errno = 0;
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return cgpiod_errno();
    cgpiod_chip *c = calloc(1, sizeof(*c));
    if (!c) {
        gpiod_chip_close(chip);
        return -ENOMEM;
    }
    c->chip = chip;
    cgpiod_copy(c->path, sizeof(c->path), path);
    cgpiod_copy(c->name, sizeof(c->name), gpiod_chip_name(chip));
    cgpiod_copy(c->label, sizeof(c->label), gpiod_chip_label(chip));
    c->num_lines = gpiod_chip_num_lines(chip);
    *out = c;
    return 0;
}

void cgpiod_chip_close(cgpiod_chip *chip) {
    if (!chip) return;
    gpiod_chip_close(chip->chip);
    free(chip);
}

const char *cgpiod_chip_name(const cgpiod_chip *chip) { return chip->name; }
const char *cgpiod_chip_label(const cgpiod_chip *chip) { return chip->label; }
unsigned int cgpiod_chip_num_lines(const cgpiod_chip *chip) { return chip->num_lines; }

int cgpiod_chip_line_info(cgpiod_chip *chip, unsigned int offset, cgpiod_line_info *out) {
    if (offset >= chip->num_lines) return -EINVAL;
    errno = 0;
    struct gpiod_line *line = gpiod_chip_get_line(chip->chip, offset);
    if (!line) return cgpiod_errno();
    // The chip handle caches line info: ask the kernel again so "used" is current.
    if (gpiod_line_update(line) < 0) return cgpiod_errno();
    memset(out, 0, sizeof(*out));
    out->offset = offset;
    cgpiod_copy(out->name, sizeof(out->name), gpiod_line_name(line));
    cgpiod_copy(out->consumer, sizeof(out->consumer), gpiod_line_consumer(line));
    out->used = gpiod_line_is_used(line);
    out->output = gpiod_line_direction(line) == GPIOD_LINE_DIRECTION_OUTPUT;
    out->active_low = gpiod_line_active_state(line) == GPIOD_LINE_ACTIVE_STATE_LOW;
    return 0;
}

int cgpiod_chip_find_line(cgpiod_chip *chip, const char *name) {
    errno = 0;
    struct gpiod_line *line = gpiod_chip_find_line(chip->chip, name);
    if (!line) return errno ? -errno : -ENOENT;
    return (int)gpiod_line_offset(line);
}

/// Opens a private chip handle and gets the line, for a request to own.
static int open_line(cgpiod_chip *chip, unsigned int offset, cgpiod_request **out) {
    if (offset >= chip->num_lines) return -EINVAL;
    cgpiod_request *r = calloc(1, sizeof(*r));
    if (!r) return -ENOMEM;
    errno = 0;
    r->chip = gpiod_chip_open(chip->path);
    if (!r->chip) {
        int err = cgpiod_errno();
        free(r);
        return err;
    }
    r->line = gpiod_chip_get_line(r->chip, offset);
    if (!r->line) {
        int err = cgpiod_errno();
        gpiod_chip_close(r->chip);
        free(r);
        return err;
    }
    r->event_fd = -1;
    r->uapi_fd = -1;
    *out = r;
    return 0;
}

static void close_line(cgpiod_request *r) {
    gpiod_chip_close(r->chip);
    free(r);
}

int cgpiod_request_output(cgpiod_chip *chip, unsigned int offset, const char *consumer,
                          bool active_low, int initial_value, cgpiod_request **out) {
    if (offset >= chip->num_lines) return -EINVAL;
    cgpiod_request *r = calloc(1, sizeof(*r));
    if (!r) return -ENOMEM;
    // libgpiod 1.6 keeps an output's descriptor to itself: the kernel's uAPI gives one
    // that systemd's store can hold across a restart.
    int fd = cgpiod_uapi_request_output(chip->path, offset, consumer, active_low, initial_value);
    if (fd < 0) {
        free(r);
        return fd;
    }
    r->uapi_fd = fd;
    r->event_fd = -1;
    *out = r;
    return 0;
}

int cgpiod_request_input(cgpiod_chip *chip, unsigned int offset, const char *consumer,
                         bool active_low, cgpiod_bias bias, uint32_t debounce_us,
                         bool *kernel_debounce, cgpiod_request **out) {
    (void)debounce_us; // v1 has no kernel debounce: the caller debounces in software.
    cgpiod_request *r;
    int err = open_line(chip, offset, &r);
    if (err) return err;
    int flags = active_low ? GPIOD_LINE_REQUEST_FLAG_ACTIVE_LOW : 0;
    switch (bias) {
    case CGPIOD_BIAS_DISABLED: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_DISABLE; break;
    case CGPIOD_BIAS_PULL_UP: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_UP; break;
    case CGPIOD_BIAS_PULL_DOWN: flags |= GPIOD_LINE_REQUEST_FLAG_BIAS_PULL_DOWN; break;
    case CGPIOD_BIAS_AS_IS: break;
    }
    errno = 0;
    if (gpiod_line_request_both_edges_events_flags(r->line, consumer, flags) < 0) {
        err = cgpiod_errno();
        close_line(r);
        return err;
    }
    r->event_fd = gpiod_line_event_get_fd(r->line);
    if (r->event_fd < 0 || (err = cgpiod_set_nonblocking(r->event_fd)) != 0) {
        err = err ? err : cgpiod_errno();
        gpiod_line_release(r->line);
        close_line(r);
        return err;
    }
    *kernel_debounce = false;
    *out = r;
    return 0;
}

int cgpiod_request_set_value(cgpiod_request *r, int value) {
    if (r->uapi_fd >= 0) return cgpiod_uapi_set(r->uapi_fd, value);
    return gpiod_line_set_value(r->line, value ? 1 : 0) < 0 ? cgpiod_errno() : 0;
}

int cgpiod_request_get_value(cgpiod_request *r) {
    if (r->uapi_fd >= 0) return cgpiod_uapi_get(r->uapi_fd);
    errno = 0;
    int v = gpiod_line_get_value(r->line);
    return v < 0 ? cgpiod_errno() : v;
}

int cgpiod_request_event_fd(cgpiod_request *r) { return r->event_fd; }

int cgpiod_request_read_events(cgpiod_request *r, cgpiod_edge_event *events, size_t max) {
    if (r->event_fd < 0) return -EBADF;
    struct gpiod_line_event buf[16];
    if (max > 16) max = 16;
    if (max == 0) return 0;
    errno = 0;
    int n = gpiod_line_event_read_fd_multiple(r->event_fd, buf, (unsigned int)max);
    if (n < 0) return errno == EAGAIN ? 0 : cgpiod_errno();
    for (int i = 0; i < n; i++) {
        events[i].timestamp_ns = (uint64_t)buf[i].ts.tv_sec * 1000000000u + (uint64_t)buf[i].ts.tv_nsec;
        events[i].rising = buf[i].event_type == GPIOD_LINE_EVENT_RISING_EDGE;
        events[i].global_seqno = 0;
        events[i].line_seqno = 0;
    }
    return n;
}

void cgpiod_request_release(cgpiod_request *r) {
    if (!r) return;
    if (r->uapi_fd >= 0) {
        close(r->uapi_fd);
        free(r);
        return;
    }
    gpiod_line_release(r->line);
    close_line(r);
}

int cgpiod_request_fd(cgpiod_request *r) { return r->uapi_fd >= 0 ? r->uapi_fd : r->event_fd; }

int cgpiod_request_adopt(int fd, cgpiod_request **out) {
    int v = cgpiod_uapi_get(fd);
    if (v < 0) return v;
    cgpiod_request *r = calloc(1, sizeof(*r));
    if (!r) return -ENOMEM;
    r->uapi_fd = fd;
    r->event_fd = -1;
    *out = r;
    return 0;
}

#endif
