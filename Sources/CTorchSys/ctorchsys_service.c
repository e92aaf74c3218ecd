// The service manager's side of torch: a datagram that carries descriptors (sd_notify's
// FDSTORE=1 and BARRIER=1), and a child process whose output is read (systemctl).
#define _GNU_SOURCE
#include "ctorchsys.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int ctorch_send_with_fds(int sock, const struct sockaddr *addr, unsigned int addrlen, const void *buf,
                         size_t len, const int *fds, int nfds) {
    if (nfds < 0 || nfds > CTORCH_MAX_SENT_FDS) return EINVAL;
    struct iovec iov = {.iov_base = (void *)buf, .iov_len = len};
    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(sizeof(int) * CTORCH_MAX_SENT_FDS)];
    } control;
    memset(&control, 0, sizeof(control));
    struct msghdr msg = {
        .msg_name = (void *)addr, .msg_namelen = addrlen, .msg_iov = &iov, .msg_iovlen = 1,
    };
    if (nfds > 0) {
        msg.msg_control = control.bytes;
        msg.msg_controllen = CMSG_SPACE(sizeof(int) * (size_t)nfds);
        struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
        c->cmsg_level = SOL_SOCKET;
        c->cmsg_type = SCM_RIGHTS;
        c->cmsg_len = CMSG_LEN(sizeof(int) * (size_t)nfds);
        memcpy(CMSG_DATA(c), fds, sizeof(int) * (size_t)nfds);
    }
    ssize_t n;
    do { n = sendmsg(sock, &msg, MSG_NOSIGNAL); } while (n < 0 && errno == EINTR);
    if (n < 0) return errno;
    return (size_t)n == len ? 0 : EMSGSIZE;
}

int ctorch_spawn_reading(const char *path, char *const argv[], char *const envp[], int *pid_out, int *stdout_fd) {
    int p[2];
    if (pipe2(p, O_CLOEXEC) < 0) return errno;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attr;
    int err = posix_spawn_file_actions_init(&actions);
    if (err) goto close_pipe;
    err = posix_spawnattr_init(&attr);
    if (err) goto free_actions;
    // The child blocks the stop signals: systemd signals every process of the unit's
    // cgroup when it stops the service, and the child is asked at that very moment
    // (is it a restart?). It inherits none of the service's descriptors: stdout is the
    // pipe, the rest /dev/null.
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGTERM);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGHUP);
    sigaddset(&stop, SIGQUIT);
    if ((err = posix_spawnattr_setsigmask(&attr, &stop)) == 0
        && (err = posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETSIGMASK)) == 0
        && (err = posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)) == 0
        && (err = posix_spawn_file_actions_adddup2(&actions, p[1], 1)) == 0
        && (err = posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)) == 0
        && (err = posix_spawn_file_actions_addclosefrom_np(&actions, 3)) == 0) {
        pid_t pid;
        err = posix_spawn(&pid, path, &actions, &attr, argv, envp);
        if (!err) {
            *pid_out = pid;
            *stdout_fd = p[0];
            p[0] = -1;
        }
    }
    posix_spawnattr_destroy(&attr);
free_actions:
    posix_spawn_file_actions_destroy(&actions);
close_pipe:
    if (p[0] >= 0) close(p[0]);
    close(p[1]);
    return err;
}
