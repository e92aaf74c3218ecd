// gap-sampler: watches the light from outside the service and prints how long it was
// dark. Built for the guest by Tests/systemd/build-sampler.sh (static, no library but
// libc); run.sh puts it on the guest's payload disk beside the scripts.
//
//   gap-sampler [-i US] [-g VALUE_FILE] [-w /dev/gpiochipN:OFFSET] [-p PWM_DIR]
//               [-e CHANGES_FILE] [-r READY_FILE] [-t SECONDS]
//
//   -i US     sampling interval in microseconds (default 1000; 100 at the least)
//   -g FILE   a gpio-sim line's value file (sim_gpioN/value): lit when it reads 1
//   -w C:N    also watch line N of chip C (GPIO_V2_GET_LINEINFO_WATCH_IOCTL): every
//             release and request of the line, with the kernel's own CLOCK_MONOTONIC
//             stamp, so a release no sample caught is still counted
//   -p DIR    a PWM channel (pwmchipN/pwmM): lit when enabled and its duty cycle gives
//             light (above 0; below the period when inversed); a channel whose files
//             cannot be read (unexported) is dark
//   -e FILE   every change of each source, one line each: "<ns> <gpio|pwm> <0|1>"
//             (CLOCK_MONOTONIC), for the phase of a pattern across a restart
//   -r FILE   created once the first samples are taken (the caller waits for it)
//   -t S      stop after S seconds (default: at SIGTERM or SIGINT)
//
// At the end, one line per source on standard output, keys and values a shell reads:
//   gpio samples=N lit=N dark-runs=N longest-dark-ms=X total-dark-ms=X dark-at-end=0|1
//   pwm  samples=N lit=N dark-runs=N longest-dark-ms=X total-dark-ms=X dark-at-end=0|1
//   watch releases=N requests=N unheld-ms=X
//   sampler interval-us=N ticks=N worst-interval-us=N
// A dark run lasts from its first dark sample to the next lit one (the end of the
// sampling when none follows), so it is the true gap to within one interval either
// way; worst-interval-us says how far apart two samples ever were (a guest's stall
// can hide a gap shorter than it). The sampler runs SCHED_FIFO with its memory locked
// where it may (both best effort).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/gpio.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static volatile sig_atomic_t stopping;
static void on_signal(int sig) { (void)sig; stopping = 1; }

static int64_t now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/// One watched output: whether it is lit at each sample, and its dark runs.
struct source {
    const char *name;
    long samples, lit_samples, dark_runs;
    int64_t dark_since;     // -1 while lit
    int64_t longest_dark, total_dark;
    int last;               // -1 before the first sample
};

static FILE *changes;

static void observe(struct source *s, int lit, int64_t t) {
    s->samples++;
    if (lit) s->lit_samples++;
    if (lit != s->last && changes) fprintf(changes, "%lld %s %d\n", (long long)t, s->name, lit);
    if (!lit && s->dark_since < 0) {
        s->dark_since = t;
        s->dark_runs++;
    } else if (lit && s->dark_since >= 0) {
        int64_t run = t - s->dark_since;
        s->total_dark += run;
        if (run > s->longest_dark) s->longest_dark = run;
        s->dark_since = -1;
    }
    s->last = lit;
}

static void report(struct source *s, int64_t end) {
    int dark_at_end = s->dark_since >= 0;
    if (dark_at_end) {
        int64_t run = end - s->dark_since;
        s->total_dark += run;
        if (run > s->longest_dark) s->longest_dark = run;
    }
    printf("%s samples=%ld lit=%ld dark-runs=%ld longest-dark-ms=%.3f total-dark-ms=%.3f dark-at-end=%d\n",
           s->name, s->samples, s->lit_samples, s->dark_runs, s->longest_dark / 1e6, s->total_dark / 1e6, dark_at_end);
}

/// Reads a small sysfs file again from its start (sysfs renders it anew at offset 0).
/// Returns the number it starts with, or -1 when it cannot be read or holds none.
static long long read_number(int fd) {
    char buf[32];
    if (fd < 0) return -1;
    ssize_t n = pread(fd, buf, sizeof(buf) - 1, 0);
    if (n <= 0) return -1;
    buf[n] = 0;
    char *end;
    errno = 0;
    long long v = strtoll(buf, &end, 10);
    return (errno || end == buf) ? -1 : v;
}

/// A PWM channel's files, opened again whenever a read fails (the channel unexported
/// and exported again gets new files).
struct pwm {
    const char *dir;
    int enable, duty, period, polarity;
};

static int open_in(const char *dir, const char *file) {
    char path[512];
    snprintf(path, sizeof(path), "%s/%s", dir, file);
    return open(path, O_RDONLY | O_CLOEXEC);
}

static void pwm_close(struct pwm *p) {
    int *fds[] = {&p->enable, &p->duty, &p->period, &p->polarity};
    for (unsigned i = 0; i < 4; i++) {
        if (*fds[i] >= 0) close(*fds[i]);
        *fds[i] = -1;
    }
}

static void pwm_open(struct pwm *p) {
    pwm_close(p);
    p->enable = open_in(p->dir, "enable");
    p->duty = open_in(p->dir, "duty_cycle");
    p->period = open_in(p->dir, "period");
    p->polarity = open_in(p->dir, "polarity");
}

static int pwm_lit(struct pwm *p) {
    for (int attempt = 0; attempt < 2; attempt++) {
        long long enable = read_number(p->enable), duty = read_number(p->duty), period = read_number(p->period);
        char pol[16] = {0};
        ssize_t n = p->polarity >= 0 ? pread(p->polarity, pol, sizeof(pol) - 1, 0) : -1;
        if (enable >= 0 && duty >= 0 && period >= 0 && n > 0) {
            int inversed = strncmp(pol, "inversed", 8) == 0;
            return enable == 1 && (inversed ? duty < period : duty > 0);
        }
        if (attempt == 0) pwm_open(p);
    }
    return 0;
}

/// Line-info watch: counts releases and requests of one line and the time between a
/// release and the next request, from the kernel's stamps.
struct watch {
    int fd;
    long releases, requests;
    int64_t released_at;    // -1 while held
    int64_t unheld;
};

static int watch_open(struct watch *w, const char *spec) {
    char path[256];
    const char *colon = strrchr(spec, ':');
    if (!colon || (size_t)(colon - spec) >= sizeof(path)) return -1;
    memcpy(path, spec, (size_t)(colon - spec));
    path[colon - spec] = 0;
    char *end;
    unsigned long offset = strtoul(colon + 1, &end, 10);
    if (*end || end == colon + 1) return -1;
    w->fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (w->fd < 0) return -1;
    struct gpio_v2_line_info info;
    memset(&info, 0, sizeof(info));
    info.offset = (unsigned)offset;
    if (ioctl(w->fd, GPIO_V2_GET_LINEINFO_WATCH_IOCTL, &info) < 0) return -1;
    w->released_at = (info.flags & GPIO_V2_LINE_FLAG_USED) ? -1 : now_ns();
    return 0;
}

static void watch_drain(struct watch *w) {
    struct gpio_v2_line_info_changed ev;
    while (read(w->fd, &ev, sizeof(ev)) == (ssize_t)sizeof(ev)) {
        int64_t t = (int64_t)ev.timestamp_ns;
        if (ev.event_type == GPIO_V2_LINE_CHANGED_RELEASED) {
            w->releases++;
            if (w->released_at < 0) w->released_at = t;
            if (changes) fprintf(changes, "%lld watch released\n", (long long)t);
        } else if (ev.event_type == GPIO_V2_LINE_CHANGED_REQUESTED) {
            w->requests++;
            if (w->released_at >= 0) {
                w->unheld += t - w->released_at;
                w->released_at = -1;
            }
            if (changes) fprintf(changes, "%lld watch requested\n", (long long)t);
        }
    }
}

static void usage(void) {
    fprintf(stderr, "usage: gap-sampler [-i US] [-g VALUE_FILE] [-w CHIP:OFFSET] [-p PWM_DIR] "
                    "[-e CHANGES_FILE] [-r READY_FILE] [-t SECONDS]\n");
    exit(64);
}

int main(int argc, char **argv) {
    long interval_us = 1000, seconds = 0;
    const char *gpio_path = NULL, *watch_spec = NULL, *pwm_dir = NULL, *changes_path = NULL, *ready_path = NULL;
    int opt;
    while ((opt = getopt(argc, argv, "i:g:w:p:e:r:t:")) != -1) {
        switch (opt) {
        case 'i': interval_us = strtol(optarg, NULL, 10); break;
        case 'g': gpio_path = optarg; break;
        case 'w': watch_spec = optarg; break;
        case 'p': pwm_dir = optarg; break;
        case 'e': changes_path = optarg; break;
        case 'r': ready_path = optarg; break;
        case 't': seconds = strtol(optarg, NULL, 10); break;
        default: usage();
        }
    }
    if (optind != argc || interval_us < 100 || interval_us > 1000000 || seconds < 0 || (!gpio_path && !pwm_dir && !watch_spec))
        usage();

    struct sigaction sa;
    memset(&sa, 0, sizeof(sa));
    sa.sa_handler = on_signal;
    sigaction(SIGTERM, &sa, NULL);
    sigaction(SIGINT, &sa, NULL);

    int gpio_fd = -1;
    if (gpio_path && (gpio_fd = open(gpio_path, O_RDONLY | O_CLOEXEC)) < 0) {
        fprintf(stderr, "gap-sampler: %s: %s\n", gpio_path, strerror(errno));
        return 1;
    }
    struct watch w = {.fd = -1, .released_at = -1};
    if (watch_spec && watch_open(&w, watch_spec) < 0) {
        fprintf(stderr, "gap-sampler: cannot watch %s: %s\n", watch_spec, strerror(errno));
        return 1;
    }
    struct pwm p = {.dir = pwm_dir, .enable = -1, .duty = -1, .period = -1, .polarity = -1};
    if (pwm_dir) pwm_open(&p);
    if (changes_path && !(changes = fopen(changes_path, "w"))) {
        fprintf(stderr, "gap-sampler: %s: %s\n", changes_path, strerror(errno));
        return 1;
    }

    // Best effort: a real-time sampler is not delayed by the service it watches.
    struct sched_param sp = {.sched_priority = 90};
    (void)sched_setscheduler(0, SCHED_FIFO, &sp);
    (void)mlockall(MCL_CURRENT | MCL_FUTURE);

    struct source gpio = {.name = "gpio", .dark_since = -1, .last = -1};
    struct source pwm = {.name = "pwm", .dark_since = -1, .last = -1};
    const int64_t interval = (int64_t)interval_us * 1000;
    int64_t start = now_ns(), next = start, previous = -1, worst = 0, end = start;
    long ticks = 0;
    while (!stopping) {
        int64_t t = now_ns();
        if (previous >= 0 && t - previous > worst) worst = t - previous;
        previous = t;
        if (gpio_fd >= 0) observe(&gpio, read_number(gpio_fd) == 1, t);
        if (pwm_dir) observe(&pwm, pwm_lit(&p), t);
        if (w.fd >= 0) watch_drain(&w);
        ticks++;
        end = t;
        if (ticks == 1 && ready_path) {
            int fd = open(ready_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
            if (fd >= 0) close(fd);
        }
        if (seconds > 0 && t - start >= seconds * 1000000000LL) break;
        // The next tick on the grid; a late one is not made up by a burst.
        next += interval;
        if (next <= t) next = t + interval;
        struct timespec ts = {.tv_sec = next / 1000000000, .tv_nsec = next % 1000000000};
        while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR && !stopping) {}
    }
    if (gpio_fd >= 0) report(&gpio, end);
    if (pwm_dir) report(&pwm, end);
    if (w.fd >= 0) {
        watch_drain(&w);
        if (w.released_at >= 0) w.unheld += end - w.released_at;
        printf("watch releases=%ld requests=%ld unheld-ms=%.3f\n", w.releases, w.requests, w.unheld / 1e6);
    }
    printf("sampler interval-us=%ld ticks=%ld worst-interval-us=%lld\n", interval_us, ticks, (long long)(worst / 1000));
    if (changes) fclose(changes);
    return 0;
}
