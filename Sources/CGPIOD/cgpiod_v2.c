// The shim over libgpiod v2 (2.x): settings → line config → request; edge events
// through a preallocated buffer; kernel debounce through debounce_period_us.
#include "cgpiod_common.h"

#if CGPIOD_API == 2

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include "cgpiod_uapi.h"

/// Edge events read per call: one press with its bounce train fits easily.
#define EVENT_CAPACITY 64

struct cgpiod_chip {
    struct gpiod_chip *chip;
    char name[CGPIOD_NAME_SIZE];
    char label[CGPIOD_NAME_SIZE];
    unsigned int num_lines;
};

struct cgpiod_request {
    struct gpiod_line_request *request;     // NULL for a request taken over (uapi_fd)
    struct gpiod_edge_event_buffer *events; // NULL for an output
    unsigned int offset;
    int event_fd;
    /// A line request taken over from another process, through the kernel's uAPI; -1
    /// for one libgpiod made.
    int uapi_fd;
};

int cgpiod_api_generation(void) { return 2; }

const char *cgpiod_library_version(void) { return gpiod_api_version(); }

int cgpiod_chip_open(const char *path, cgpiod_chip **out) {
    errno = 0;
    struct gpiod_chip *chip = gpiod_chip_open(path);
    if (!chip) return cgpiod_errno();
    struct gpiod_chip_info *info = gpiod_chip_get_info(chip);
    if (!info) {
        int err = cgpiod_errno();
        gpiod_chip_close(chip);
        return err;
    }
    cgpiod_chip *c = calloc(1, sizeof(*c));
    if (!c) {
        gpiod_chip_info_free(info);
        gpiod_chip_close(chip);
        return -ENOMEM;
    }
    c->chip = chip;
    cgpiod_copy(c->name, sizeof(c->name), gpiod_chip_info_get_name(info));
    cgpiod_copy(c->label, sizeof(c->label), gpiod_chip_info_get_label(info));
    c->num_lines = (unsigned int)gpiod_chip_info_get_num_lines(info);
    gpiod_chip_info_free(info);
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
    struct gpiod_line_info *info = gpiod_chip_get_line_info(chip->chip, offset);
    if (!info) return cgpiod_errno();
    memset(out, 0, sizeof(*out));
    out->offset = offset;
    cgpiod_copy(out->name, sizeof(out->name), gpiod_line_info_get_name(info));
    cgpiod_copy(out->consumer, sizeof(out->consumer), gpiod_line_info_get_consumer(info));
    out->used = gpiod_line_info_is_used(info);
    out->output = gpiod_line_info_get_direction(info) == GPIOD_LINE_DIRECTION_OUTPUT;
    out->active_low = gpiod_line_info_is_active_low(info);
    gpiod_line_info_free(info);
    return 0;
}

int cgpiod_chip_find_line(cgpiod_chip *chip, const char *name) {
    errno = 0;
    int offset = gpiod_chip_get_line_offset_from_name(chip->chip, name);
    if (offset < 0) return errno ? -errno : -ENOENT;
    return offset;
}

/// Requests one line with `settings`. Returns the request or NULL with errno set.
static struct gpiod_line_request *request_one(cgpiod_chip *chip, unsigned int offset,
                                              const char *consumer,
                                              struct gpiod_line_settings *settings,
                                              size_t event_buffer_size) {
    struct gpiod_line_request *request = NULL;
    struct gpiod_line_config *line_cfg = gpiod_line_config_new();
    struct gpiod_request_config *req_cfg = gpiod_request_config_new();
    if (line_cfg && req_cfg
        && gpiod_line_config_add_line_settings(line_cfg, &offset, 1, settings) == 0) {
        gpiod_request_config_set_consumer(req_cfg, consumer);
        if (event_buffer_size) gpiod_request_config_set_event_buffer_size(req_cfg, event_buffer_size);
        request = gpiod_chip_request_lines(chip->chip, req_cfg, line_cfg);
    }
    int saved = errno;
    gpiod_request_config_free(req_cfg);
    gpiod_line_config_free(line_cfg);
    errno = saved;
    return request;
}

int cgpiod_request_output(cgpiod_chip *chip, unsigned int offset, const char *consumer,
                          bool active_low, int initial_value, cgpiod_request **out) {
    if (offset >= chip->num_lines) return -EINVAL;
    struct gpiod_line_settings *s = gpiod_line_settings_new();
    if (!s) return -ENOMEM;
    gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_OUTPUT);
    gpiod_line_settings_set_active_low(s, active_low);
    gpiod_line_settings_set_output_value(
        s, initial_value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE);
    errno = 0;
    struct gpiod_line_request *request = request_one(chip, offset, consumer, s, 0);
    int err = request ? 0 : cgpiod_errno();
    gpiod_line_settings_free(s);
    if (!request) return err;
    cgpiod_request *r = calloc(1, sizeof(*r));
    if (!r) {
        gpiod_line_request_release(request);
        return -ENOMEM;
    }
    r->request = request;
    r->offset = offset;
    r->event_fd = -1;
    r->uapi_fd = -1;
    *out = r;
    return 0;
}

int cgpiod_request_input(cgpiod_chip *chip, unsigned int offset, const char *consumer,
                         bool active_low, cgpiod_bias bias, uint32_t debounce_us,
                         bool *kernel_debounce, cgpiod_request **out) {
    if (offset >= chip->num_lines) return -EINVAL;
    struct gpiod_line_settings *s = gpiod_line_settings_new();
    if (!s) return -ENOMEM;
    gpiod_line_settings_set_direction(s, GPIOD_LINE_DIRECTION_INPUT);
    gpiod_line_settings_set_edge_detection(s, GPIOD_LINE_EDGE_BOTH);
    gpiod_line_settings_set_event_clock(s, GPIOD_LINE_CLOCK_MONOTONIC);
    gpiod_line_settings_set_active_low(s, active_low);
    switch (bias) {
    case CGPIOD_BIAS_DISABLED: gpiod_line_settings_set_bias(s, GPIOD_LINE_BIAS_DISABLED); break;
    case CGPIOD_BIAS_PULL_UP: gpiod_line_settings_set_bias(s, GPIOD_LINE_BIAS_PULL_UP); break;
    case CGPIOD_BIAS_PULL_DOWN: gpiod_line_settings_set_bias(s, GPIOD_LINE_BIAS_PULL_DOWN); break;
    case CGPIOD_BIAS_AS_IS: break;
    }
    gpiod_line_settings_set_debounce_period_us(s, debounce_us);
    errno = 0;
    struct gpiod_line_request *request = request_one(chip, offset, consumer, s, EVENT_CAPACITY);
    bool debounced = debounce_us > 0;
    if (!request && debounce_us > 0 && errno == EINVAL) {
        // A kernel without cdev debounce refuses the flag: fall back to software.
        gpiod_line_settings_set_debounce_period_us(s, 0);
        errno = 0;
        request = request_one(chip, offset, consumer, s, EVENT_CAPACITY);
        debounced = false;
    }
    int err = request ? 0 : cgpiod_errno();
    gpiod_line_settings_free(s);
    if (!request) return err;

    cgpiod_request *r = calloc(1, sizeof(*r));
    struct gpiod_edge_event_buffer *events = gpiod_edge_event_buffer_new(EVENT_CAPACITY);
    int fd = gpiod_line_request_get_fd(request);
    err = (!r || !events) ? -ENOMEM : fd < 0 ? -EBADF : cgpiod_set_nonblocking(fd);
    if (err) {
        gpiod_edge_event_buffer_free(events);
        free(r);
        gpiod_line_request_release(request);
        return err;
    }
    r->request = request;
    r->events = events;
    r->offset = offset;
    r->event_fd = fd;
    r->uapi_fd = -1;
    *kernel_debounce = debounced;
    *out = r;
    return 0;
}

int cgpiod_request_set_value(cgpiod_request *r, int value) {
    if (r->uapi_fd >= 0) return cgpiod_uapi_set(r->uapi_fd, value);
    enum gpiod_line_value v = value ? GPIOD_LINE_VALUE_ACTIVE : GPIOD_LINE_VALUE_INACTIVE;
    return gpiod_line_request_set_value(r->request, r->offset, v) < 0 ? cgpiod_errno() : 0;
}

int cgpiod_request_get_value(cgpiod_request *r) {
    if (r->uapi_fd >= 0) return cgpiod_uapi_get(r->uapi_fd);
    errno = 0;
    enum gpiod_line_value v = gpiod_line_request_get_value(r->request, r->offset);
    if (v == GPIOD_LINE_VALUE_ERROR) return cgpiod_errno();
    return v == GPIOD_LINE_VALUE_ACTIVE ? 1 : 0;
}

int cgpiod_request_event_fd(cgpiod_request *r) { return r->event_fd; }

int cgpiod_request_read_events(cgpiod_request *r, cgpiod_edge_event *events, size_t max) {
    if (!r->events) return -EBADF;
    if (max > EVENT_CAPACITY) max = EVENT_CAPACITY;
    if (max == 0) return 0;
    errno = 0;
    int n = gpiod_line_request_read_edge_events(r->request, r->events, max);
    if (n < 0) return errno == EAGAIN ? 0 : cgpiod_errno();
    for (int i = 0; i < n; i++) {
        struct gpiod_edge_event *e = gpiod_edge_event_buffer_get_event(r->events, (unsigned long)i);
        events[i].timestamp_ns = gpiod_edge_event_get_timestamp_ns(e);
        events[i].rising = gpiod_edge_event_get_event_type(e) == GPIOD_EDGE_EVENT_RISING_EDGE;
        events[i].global_seqno = gpiod_edge_event_get_global_seqno(e);
        events[i].line_seqno = gpiod_edge_event_get_line_seqno(e);
    }
    return n;
}

void cgpiod_request_release(cgpiod_request *r) {
    if (!r) return;
    if (r->uapi_fd >= 0) close(r->uapi_fd);
    if (r->request) gpiod_line_request_release(r->request);
    gpiod_edge_event_buffer_free(r->events);
    free(r);
}

int cgpiod_request_fd(cgpiod_request *r) {
    if (r->uapi_fd >= 0) return r->uapi_fd;
    return r->request ? gpiod_line_request_get_fd(r->request) : -1;
}

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
