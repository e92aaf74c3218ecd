// One small interface over libgpiod, compiled against whichever generation the
// gpiod.h on the include path is: v1 (1.6.x: gpiod_line_request_output, line events)
// or v2 (2.x: line_settings → line_config → gpiod_chip_request_lines, edge-event
// buffers, kernel debounce). Every function that can fail returns -errno (or NULL
// with errno set); the Swift side turns errors into one-line messages.
#ifndef CGPIOD_H
#define CGPIOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/// An open GPIO chip (a /dev/gpiochipN character device).
typedef struct cgpiod_chip cgpiod_chip;

/// One requested line (output, or input with both-edge events).
typedef struct cgpiod_request cgpiod_request;

/// Longest chip/line name or label the kernel reports (GPIO_MAX_NAME_SIZE) + NUL.
#define CGPIOD_NAME_SIZE 48

/// Line bias for an input request.
typedef enum {
    CGPIOD_BIAS_AS_IS = 0,
    CGPIOD_BIAS_DISABLED = 1,
    CGPIOD_BIAS_PULL_UP = 2,
    CGPIOD_BIAS_PULL_DOWN = 3,
} cgpiod_bias;

/// What the kernel says about one line (snapshot at the time of the call).
typedef struct {
    unsigned int offset;
    /// The line's name ("" when unnamed).
    char name[CGPIOD_NAME_SIZE];
    /// The label of whoever holds the line ("" when free or unlabelled).
    char consumer[CGPIOD_NAME_SIZE];
    /// True when the line is requested (by anyone, kernel included).
    bool used;
    /// True when the line is an output (as configured now).
    bool output;
    bool active_low;
} cgpiod_line_info;

/// One edge event from an input request.
typedef struct {
    /// Kernel timestamp, CLOCK_MONOTONIC, nanoseconds.
    uint64_t timestamp_ns;
    /// True for a rising edge of the logical value (inactive → active).
    bool rising;
    /// The request-wide sequence number (v2; 0 with v1, which has none).
    uint64_t global_seqno;
    /// This line's sequence number (v2; 0 with v1).
    uint64_t line_seqno;
} cgpiod_edge_event;

/// The libgpiod API generation this shim was compiled against: 1 or 2.
int cgpiod_api_generation(void);

/// The library's version string at run time, e.g. "1.6.3" or "2.3".
const char *cgpiod_library_version(void);

/// Opens the chip at `path` (e.g. "/dev/gpiochip0"). Returns 0 and sets `*out`, or -errno.
int cgpiod_chip_open(const char *path, cgpiod_chip **out);

/// Closes the chip. Requests made from it stay valid (each holds its own handle).
void cgpiod_chip_close(cgpiod_chip *chip);

/// The kernel's name for the chip, e.g. "gpiochip0".
const char *cgpiod_chip_name(const cgpiod_chip *chip);

/// The chip's label, e.g. "pinctrl-bcm2711" or "gpio-sim.0-node0".
const char *cgpiod_chip_label(const cgpiod_chip *chip);

/// How many lines the chip has (offsets 0 ..< num_lines).
unsigned int cgpiod_chip_num_lines(const cgpiod_chip *chip);

/// Reads what the kernel says about line `offset`. Returns 0 or -errno.
int cgpiod_chip_line_info(cgpiod_chip *chip, unsigned int offset, cgpiod_line_info *out);

/// The offset of the line called `name` on this chip, or -ENOENT (or another -errno).
int cgpiod_chip_find_line(cgpiod_chip *chip, const char *name);

/// Requests line `offset` as a push-pull output labelled `consumer`, driving
/// `initial_value` (logical: 1 = active) at once. Returns 0 and sets `*out`, or -errno.
int cgpiod_request_output(cgpiod_chip *chip, unsigned int offset, const char *consumer,
                          bool active_low, int initial_value, cgpiod_request **out);

/// Requests line `offset` as an input with both-edge events (CLOCK_MONOTONIC
/// timestamps), `bias` and, where the library can (v2), the kernel's debounce of
/// `debounce_us` microseconds (0 = none). `*kernel_debounce` says whether the kernel
/// debounces; when false the caller must debounce in software. The event descriptor
/// is non-blocking. Returns 0 and sets `*out`, or -errno.
int cgpiod_request_input(cgpiod_chip *chip, unsigned int offset, const char *consumer,
                         bool active_low, cgpiod_bias bias, uint32_t debounce_us,
                         bool *kernel_debounce, cgpiod_request **out);

/// Drives an output (logical value: 1 = active). No allocation. Returns 0 or -errno.
int cgpiod_request_set_value(cgpiod_request *request, int value);

/// Reads the logical value (1 = active, 0 = inactive) or returns -errno.
int cgpiod_request_get_value(cgpiod_request *request);

/// The descriptor that polls readable (POLLIN) when edge events wait, or -1.
int cgpiod_request_event_fd(cgpiod_request *request);

/// Reads up to `max` waiting edge events into `events` without blocking, oldest
/// first. Returns how many (0 when none wait) or -errno. No allocation.
int cgpiod_request_read_events(cgpiod_request *request, cgpiod_edge_event *events, size_t max);

/// Releases the line and frees the request. NULL is ignored.
void cgpiod_request_release(cgpiod_request *request);

/// An output request's descriptor: the kernel's line request, which keeps the line
/// driven at its value while any process (or systemd's file descriptor store) holds a
/// copy. -1 for a request that has none to give. Both builds have one for an output:
/// libgpiod 2's request (gpiod_line_request_get_fd); with libgpiod 1.6, which gives no
/// output line's descriptor, outputs are requested through the kernel's uAPI directly.
int cgpiod_request_fd(cgpiod_request *request);

/// Takes over a line request another process made, passed here as `fd` (systemd's
/// store at a restart): no request is made and the line keeps its value; it is driven
/// and read through the kernel's uAPI (GPIO_V2_LINE_SET/GET_VALUES_IOCTL on `fd`,
/// its one line). The request owns `fd` from then on. Returns 0 and sets `*out`, or
/// -errno (-ENOTTY: `fd` is not a v2 line request; `fd` is left open then).
int cgpiod_request_adopt(int fd, cgpiod_request **out);

#endif
