// Private to the CGPIOD shim: which libgpiod generation we compile against, and the
// small helpers both generations share.
#ifndef CGPIOD_COMMON_H
#define CGPIOD_COMMON_H

#include <gpiod.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>

#include "cgpiod.h"

// The v1 header defines GPIOD_LINE_BULK_MAX_LINES (and other macros); the v2 header
// defines no macros beyond its include guard. -DCGPIOD_API=1|2 overrides the guess.
#ifndef CGPIOD_API
#  ifdef GPIOD_LINE_BULK_MAX_LINES
#    define CGPIOD_API 1
#  else
#    define CGPIOD_API 2
#  endif
#endif

/// Copies a possibly-NULL C string into a fixed buffer, always NUL-terminated.
static inline void cgpiod_copy(char *dst, size_t size, const char *src) {
    snprintf(dst, size, "%s", src ? src : "");
}

/// Makes a descriptor non-blocking so reading events never waits. Returns 0 or -errno.
static inline int cgpiod_set_nonblocking(int fd) {
    int flags = fcntl(fd, F_GETFL);
    if (flags < 0 || fcntl(fd, F_SETFL, flags | O_NONBLOCK) < 0) return -errno;
    return 0;
}

/// -errno of the last failure, never 0 (a library that failed without setting errno
/// still failed).
static inline int cgpiod_errno(void) { return errno ? -errno : -EIO; }

#endif
