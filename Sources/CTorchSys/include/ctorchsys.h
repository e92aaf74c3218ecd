// The few system calls Swift cannot reach directly: variadic syscall() (futex),
// and small helpers whose C types are awkward from Swift. Kept tiny on purpose.
#ifndef CTORCHSYS_H
#define CTORCHSYS_H

#include <stddef.h>
#include <stdint.h>
#include <time.h>
#include <signal.h>
#include <poll.h>
#include <pthread.h>
#include <sys/signalfd.h>  // not in the Glibc module: re-exported for Swift

/// Waits on a 32-bit futex word while it equals `expected`, until the absolute
/// CLOCK_MONOTONIC deadline (`deadline_ns`, nanoseconds; < 0 = no deadline) or a wake.
/// Returns 0 on wake or value change, ETIMEDOUT at the deadline, EINTR on a signal.
int ctorch_futex_wait_until(uint32_t *word, uint32_t expected, int64_t deadline_ns);

/// Wakes every thread waiting on the futex word.
void ctorch_futex_wake_all(uint32_t *word);

/// Sleeps until an absolute CLOCK_MONOTONIC instant (nanoseconds). Retries EINTR.
void ctorch_sleep_until(int64_t deadline_ns);

/// CLOCK_MONOTONIC now, in nanoseconds.
/* An eventfd(2), non-blocking and close-on-exec: its descriptor, or -1 (errno set). */
int ctorch_eventfd(void);

int64_t ctorch_monotonic_ns(void);

/// Sets the calling thread's timer slack (nanoseconds; 1 = as exact as possible).
int ctorch_set_timer_slack(unsigned long ns);

/// Names the calling thread (at most 15 bytes are kept: the kernel's comm), as `ps -L`,
/// `top -H` and /proc/PID/task/TID/comm show it. Returns 0 or an errno.
int ctorch_name_this_thread(const char *name);

/// Makes the calling thread SCHED_FIFO at `priority`. Returns 0 or an errno.
int ctorch_set_fifo(int priority);

/// The CPU the calling thread runs on now (sched_getcpu), or -1.
int ctorch_current_cpu(void);

/// Lets `thread` run only on `cpu` (the thread may be asleep: it wakes there). Returns 0
/// or an errno.
int ctorch_pin_thread_to_cpu(pthread_t thread, int cpu);

/// The one CPU `thread` may run on, or -1 when its affinity allows several (or cannot
/// be read).
int ctorch_thread_only_cpu(pthread_t thread);

/// Atomically reads a 32-bit word (acquire).
uint32_t ctorch_atomic_load_u32(const uint32_t *word);

/// Atomically adds 1 to a 32-bit word (release).
void ctorch_atomic_increment_u32(uint32_t *word);

/// Locks all current and future pages in memory (mlockall). Returns 0 or an errno.
int ctorch_lock_memory(void);

/// Touches the calling thread's stack (256 KiB) so the real-time loop never faults on it.
void ctorch_prefault_stack(void);

/// Unlocks memory locked by ctorch_lock_memory.
void ctorch_unlock_memory(void);

/// poll() with a nanosecond timeout (ppoll; < 0 = wait forever). Returns ppoll's result
/// (-1 with errno on error, including EINTR).
int ctorch_poll_ns(struct pollfd *fds, unsigned long nfds, int64_t timeout_ns);

/// pipe2(O_NONBLOCK | O_CLOEXEC). Returns 0 or an errno.
int ctorch_pipe_nonblocking(int fds[2]);

struct sockaddr;
/// accept4(SOCK_NONBLOCK | SOCK_CLOEXEC): the connection born with both flags, so no
/// child started at that instant inherits it. `addr`/`len` may be NULL. Returns the
/// descriptor, or -1 with errno set.
int ctorch_accept(int listener, struct sockaddr *addr, unsigned int *len);

/// The uid that owns the live TCP socket (established or closing from its side, not
/// TIME_WAIT) whose own end is `src` and whose peer is `dst`, by the kernel's sock_diag
/// exact lookup. Returns 0; ESRCH when the socket is there but no longer live; or the
/// kernel's error, where ENOENT means either "no such socket" or "no inet_diag in this
/// kernel" (sock_diag says both alike), EPROTONOSUPPORT, EAFNOSUPPORT…
int ctorch_tcp_socket_owner(const struct sockaddr *src, const struct sockaddr *dst, uint32_t *uid);

/// The most descriptors one ctorch_send_with_fds carries.
#define CTORCH_MAX_SENT_FDS 16

/// Sends one datagram of `len` bytes to `addr` with `nfds` descriptors attached
/// (SCM_RIGHTS), retrying EINTR. Returns 0 or an errno (EMSGSIZE when cut short).
int ctorch_send_with_fds(int sock, const struct sockaddr *addr, unsigned int addrlen, const void *buf,
                         size_t len, const int *fds, int nfds);

/// Starts `path` with `argv` and `envp` (posix_spawn), its standard output a pipe whose
/// read end (close-on-exec) comes back in `stdout_fd`, its standard input and error
/// /dev/null, no other descriptor inherited, SIGTERM, SIGINT, SIGHUP and SIGQUIT
/// blocked (a stopping unit's cgroup is signalled while the child answers). Returns 0
/// or an errno.
int ctorch_spawn_reading(const char *path, char *const argv[], char *const envp[], int *pid_out, int *stdout_fd);

/// statfs(2)'s f_type (the file system's magic, linux/magic.h) of the file system that
/// holds `path`, in `type`. Returns 0 or an errno (sys/vfs.h is not in the Glibc module).
int ctorch_fs_type(const char *path, int64_t *type);

#endif
