#define _GNU_SOURCE
#include "ctorchsys.h"

#include <errno.h>
#include <linux/inet_diag.h>
#include <linux/netlink.h>
#include <linux/sock_diag.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* The kernel's exact lookup by 4-tuple (what `ss` does, without a dump): one request,
 * one reply, however many sockets the machine has. A TIME_WAIT or closing socket reads
 * uid 0 in its reply and is reported as absent. */
int ctorch_tcp_socket_owner(const struct sockaddr *src, const struct sockaddr *dst, uint32_t *uid) {
    if (src->sa_family != dst->sa_family) return EINVAL;
    struct {
        struct nlmsghdr nlh;
        struct inet_diag_req_v2 req;
    } msg;
    memset(&msg, 0, sizeof msg);
    msg.nlh.nlmsg_len = sizeof msg;
    msg.nlh.nlmsg_type = SOCK_DIAG_BY_FAMILY;
    msg.nlh.nlmsg_flags = NLM_F_REQUEST;
    msg.req.sdiag_family = (uint8_t)src->sa_family;
    msg.req.sdiag_protocol = IPPROTO_TCP;
    msg.req.idiag_states = ~0U;
    msg.req.id.idiag_cookie[0] = INET_DIAG_NOCOOKIE;
    msg.req.id.idiag_cookie[1] = INET_DIAG_NOCOOKIE;
    if (src->sa_family == AF_INET) {
        const struct sockaddr_in *s = (const void *)src, *d = (const void *)dst;
        msg.req.id.idiag_sport = s->sin_port;
        msg.req.id.idiag_dport = d->sin_port;
        memcpy(msg.req.id.idiag_src, &s->sin_addr, 4);
        memcpy(msg.req.id.idiag_dst, &d->sin_addr, 4);
    } else if (src->sa_family == AF_INET6) {
        const struct sockaddr_in6 *s = (const void *)src, *d = (const void *)dst;
        msg.req.id.idiag_sport = s->sin6_port;
        msg.req.id.idiag_dport = d->sin6_port;
        memcpy(msg.req.id.idiag_src, &s->sin6_addr, 16);
        memcpy(msg.req.id.idiag_dst, &d->sin6_addr, 16);
    } else {
        return EAFNOSUPPORT;
    }
    int fd = socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_SOCK_DIAG);
    if (fd < 0) return errno;
    struct timeval tv = {.tv_sec = 1, .tv_usec = 0};
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
    struct sockaddr_nl kernel = {.nl_family = AF_NETLINK};
    if (sendto(fd, &msg, sizeof msg, 0, (struct sockaddr *)&kernel, sizeof kernel) < 0) {
        int e = errno;
        close(fd);
        return e;
    }
    union {
        struct nlmsghdr nlh;
        char bytes[8192];
    } reply;
    ssize_t n;
    do { n = recv(fd, &reply, sizeof reply, 0); } while (n < 0 && errno == EINTR);
    int e = n < 0 ? errno : 0;
    close(fd);
    if (n < 0) return e;
    struct nlmsghdr *h = &reply.nlh;
    if (!NLMSG_OK(h, (size_t)n)) return EPROTO;
    if (h->nlmsg_type == NLMSG_ERROR) {
        const struct nlmsgerr *err = NLMSG_DATA(h);
        return err->error == 0 ? EPROTO : -err->error;
    }
    if (h->nlmsg_type != SOCK_DIAG_BY_FAMILY || h->nlmsg_len < NLMSG_LENGTH(sizeof(struct inet_diag_msg))) return EPROTO;
    const struct inet_diag_msg *m = NLMSG_DATA(h);
    if (m->idiag_state != TCP_ESTABLISHED && m->idiag_state != TCP_FIN_WAIT1 && m->idiag_state != TCP_FIN_WAIT2) return ESRCH;
    *uid = m->idiag_uid;
    return 0;
}
