/*
 * `make bench` figure 4's second floor: the button path's shape with no work in it.
 *
 * torch's button path is two wake-ups: an edge wakes the event loop (ppoll on the
 * line's descriptor, SCHED_FIFO one below the scheduler), which hands the program to
 * the pattern thread (a futex wake, SCHED_FIFO at the scheduler's priority, moved to
 * the loop's CPU first as [service] share-cpu = yes does), which writes. cyclictest
 * measures one timer wake-up on the CPU that sleeps; this measures the same two
 * cross-thread wake-ups as `torch bench button`, with nothing between them: an
 * injector writes 16-byte records (timestamp, pressed) into a pipe every INTERVAL,
 * the release half-way, as `torch bench button` does; the loop reads them and, on a
 * press only, wakes the pattern thread, which takes the time. The figure is that time
 * minus the injector's time before its write, the same two instants torch's figure
 * takes (its trace's write stamp minus the injection).
 *
 * usage: path-floor [PRESSES] [PRIORITY] [INTERVAL_MS]   (defaults 200, 50, 50)
 * Prints one line, whole µs, nearest-rank percentiles (rank ⌈p × N⌉), as cyclictest.sh:
 *   path-floor p50=85 p99=199 max=609 (200 presses, priority 50)
 * Needs root for SCHED_FIFO and mlockall (it runs without them, and says so).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static int presses = 200, priority = 50, interval_ms = 50;
static int pipe_fds[2];
static _Atomic uint32_t word;
static int64_t *woken;        /* the pattern thread's time at each press's wake-up */
static pthread_t pattern;
static int unprivileged;

static int64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static void fifo(int p) {
    struct sched_param s = { .sched_priority = p };
    if (pthread_setschedparam(pthread_self(), SCHED_FIFO, &s) != 0) unprivileged = 1;
}

static void *pattern_thread(void *arg) {
    (void)arg;
    fifo(priority);
    uint32_t seen = 0;
    for (int i = 0; i < presses; i++) {
        while (atomic_load(&word) == seen)
            syscall(SYS_futex, &word, FUTEX_WAIT_PRIVATE, seen, NULL, NULL, 0);
        seen = atomic_load(&word);
        woken[i] = now_ns();
    }
    return NULL;
}

static void *loop_thread(void *arg) {
    (void)arg;
    fifo(priority > 1 ? priority - 1 : 1);
    int followed = -1;
    for (int edges = 0; edges < 2 * presses;) {
        struct pollfd p = { .fd = pipe_fds[0], .events = POLLIN };
        if (ppoll(&p, 1, NULL, NULL) < 0 && errno != EINTR) return NULL;
        int64_t record[2];
        while (read(pipe_fds[0], record, sizeof record) == (ssize_t)sizeof record) {
            edges++;
            if (!record[1]) continue;          /* a release: no hand-off */
            int cpu = sched_getcpu();          /* share-cpu: the pattern thread follows */
            if (cpu >= 0 && cpu != followed) {
                cpu_set_t set;
                CPU_ZERO(&set);
                CPU_SET(cpu, &set);
                if (pthread_setaffinity_np(pattern, sizeof set, &set) == 0) followed = cpu;
            }
            atomic_fetch_add(&word, 1);
            syscall(SYS_futex, &word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
        }
    }
    return NULL;
}

static int compare(const void *a, const void *b) {
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

static void sleep_until(int64_t t) {
    struct timespec ts = { .tv_sec = t / 1000000000, .tv_nsec = t % 1000000000 };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

static void inject(int64_t pressed) {
    int64_t record[2] = { now_ns(), pressed };
    if (write(pipe_fds[1], record, sizeof record) != (ssize_t)sizeof record) exit(1);
}

int main(int argc, char **argv) {
    if (argc > 1) presses = atoi(argv[1]);
    if (argc > 2) priority = atoi(argv[2]);
    if (argc > 3) interval_ms = atoi(argv[3]);
    if (presses < 1 || priority < 1 || priority > 99 || interval_ms < 2) {
        fprintf(stderr, "usage: path-floor [PRESSES ≥ 1] [PRIORITY 1…99] [INTERVAL_MS ≥ 2]\n");
        return 2;
    }
    int locked = mlockall(MCL_CURRENT | MCL_FUTURE) == 0;
    woken = calloc((size_t)presses, sizeof *woken);
    int64_t *injected = calloc((size_t)presses, sizeof *injected);
    /* Non-blocking, as the line's event descriptor is read: until EAGAIN. */
    if (!woken || !injected || pipe2(pipe_fds, O_NONBLOCK) != 0) return 1;
    pthread_t loop;
    if (pthread_create(&pattern, NULL, pattern_thread, NULL) != 0 ||
        pthread_create(&loop, NULL, loop_thread, NULL) != 0) return 1;

    int64_t interval = (int64_t)interval_ms * 1000000;
    int64_t base = now_ns() + 300000000;     /* the threads are up and asleep */
    for (int i = 0; i < presses; i++) {
        sleep_until(base + i * interval);
        injected[i] = now_ns();
        inject(1);
        sleep_until(base + i * interval + interval / 2);
        inject(0);
    }
    pthread_join(loop, NULL);
    pthread_join(pattern, NULL);

    for (int i = 0; i < presses; i++) injected[i] = woken[i] - injected[i];
    qsort(injected, (size_t)presses, sizeof *injected, compare);
    int r50 = (presses * 50 + 99) / 100, r99 = (presses * 99 + 99) / 100;
    printf("path-floor p50=%lld p99=%lld max=%lld (%d presses, priority %d%s%s)\n",
           (long long)(injected[r50 - 1] / 1000), (long long)(injected[r99 - 1] / 1000),
           (long long)(injected[presses - 1] / 1000), presses, priority,
           unprivileged ? ", SCHED_FIFO not permitted" : "", locked ? "" : ", memory not locked");
    return 0;
}
