#define _GNU_SOURCE
#include "ctorchsys.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/vfs.h>
#include <unistd.h>

int ctorch_futex_wait_until(uint32_t *word, uint32_t expected, int64_t deadline_ns) {
    struct timespec ts, *tp = NULL;
    if (deadline_ns >= 0) {
        ts.tv_sec = deadline_ns / 1000000000LL;
        ts.tv_nsec = deadline_ns % 1000000000LL;
        tp = &ts;
    }
    // FUTEX_WAIT_BITSET takes an absolute timeout; FUTEX_CLOCK_REALTIME is not set, so
    // the deadline is on CLOCK_MONOTONIC — the same clock as every other deadline here.
    long r = syscall(SYS_futex, word, FUTEX_WAIT_BITSET | FUTEX_PRIVATE_FLAG, expected, tp,
                     NULL, FUTEX_BITSET_MATCH_ANY);
    if (r == 0) return 0;
    if (errno == EAGAIN) return 0;  // the word changed before we slept
    return errno;
}

void ctorch_futex_wake_all(uint32_t *word) {
    syscall(SYS_futex, word, FUTEX_WAKE | FUTEX_PRIVATE_FLAG, 0x7fffffff, NULL, NULL, 0);
}

void ctorch_sleep_until(int64_t deadline_ns) {
    struct timespec ts = { deadline_ns / 1000000000LL, deadline_ns % 1000000000LL };
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL) == EINTR) {}
}

int ctorch_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int64_t ctorch_monotonic_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int ctorch_name_this_thread(const char *name) {
    return pthread_setname_np(pthread_self(), name);
}

int ctorch_set_timer_slack(unsigned long ns) {
    return prctl(PR_SET_TIMERSLACK, ns, 0, 0, 0) == 0 ? 0 : errno;
}

int ctorch_set_fifo(int priority) {
    struct sched_param p = { .sched_priority = priority };
    return pthread_setschedparam(pthread_self(), SCHED_FIFO, &p);
}

int ctorch_current_cpu(void) { return sched_getcpu(); }

int ctorch_pin_thread_to_cpu(pthread_t thread, int cpu) {
    if (cpu < 0 || cpu >= CPU_SETSIZE) return EINVAL;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(thread, sizeof(set), &set);
}

int ctorch_thread_only_cpu(pthread_t thread) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (pthread_getaffinity_np(thread, sizeof(set), &set) != 0 || CPU_COUNT(&set) != 1) return -1;
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++) {
        if (CPU_ISSET(cpu, &set)) return cpu;
    }
    return -1;
}

uint32_t ctorch_atomic_load_u32(const uint32_t *word) { return __atomic_load_n(word, __ATOMIC_ACQUIRE); }

void ctorch_atomic_increment_u32(uint32_t *word) { __atomic_add_fetch(word, 1, __ATOMIC_RELEASE); }

int ctorch_lock_memory(void) {
    // MCL_ONFAULT: lock pages as they are touched instead of faulting the whole address
    // space in at once, which is slow (every mapped page) and holds the mm lock that the
    // real-time thread's own page faults would wait on. The scheduler touches its stack
    // and buffers up front, so its hot path never faults.
    return mlockall(MCL_CURRENT | MCL_FUTURE | MCL_ONFAULT) == 0 ? 0 : errno;
}

void ctorch_prefault_stack(void) {
    // Touch 256 KiB of this thread's stack so later calls never page-fault on it.
    volatile char buffer[256 * 1024];
    for (unsigned long i = 0; i < sizeof buffer; i += 4096) buffer[i] = 0;
}

void ctorch_unlock_memory(void) { munlockall(); }

int ctorch_poll_ns(struct pollfd *fds, unsigned long nfds, int64_t timeout_ns) {
    struct timespec ts, *tp = NULL;
    if (timeout_ns >= 0) {
        ts.tv_sec = timeout_ns / 1000000000LL;
        ts.tv_nsec = timeout_ns % 1000000000LL;
        tp = &ts;
    }
    return ppoll(fds, nfds, tp, NULL);
}

int ctorch_pipe_nonblocking(int fds[2]) { return pipe2(fds, O_NONBLOCK | O_CLOEXEC) == 0 ? 0 : errno; }

int ctorch_accept(int listener, struct sockaddr *addr, unsigned int *len) {
    return accept4(listener, addr, (socklen_t *)len, SOCK_NONBLOCK | SOCK_CLOEXEC);
}

int ctorch_fs_type(const char *path, int64_t *type) {
    struct statfs fs;
    if (statfs(path, &fs) != 0) return errno;
    *type = (int64_t)fs.f_type;
    return 0;
}
