/* The C library's ISO C23 entry points, for a C library older than glibc 2.38 (Debian 12,
 * Raspberry Pi OS bookworm: 2.36). The static Swift runtime linked into torch was compiled
 * against glibc 2.38 headers with _GNU_SOURCE, which rename strtol, strtoll and sscanf to
 * __isoc23_strtol, __isoc23_strtoll and __isoc23_sscanf; a C library before 2.38 has no
 * such names, so torch linked against one needs them defined here. The two families
 * differ only in the C23 forms: a "0b" prefix read by strtol with base 0 or 2, and %b in
 * scanf. The runtime parses its own environment variables and command line with them,
 * never in binary. Hidden: they resolve the runtime's references inside torch and are
 * exported to nobody. Against glibc 2.38 or later headers this file defines nothing. */
#include <features.h>

#if defined(__GLIBC__) && !__GLIBC_PREREQ(2, 38)
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#define CTORCH_HIDDEN __attribute__((visibility("hidden")))

CTORCH_HIDDEN long __isoc23_strtol(const char *restrict nptr, char **restrict endptr, int base);
CTORCH_HIDDEN long long __isoc23_strtoll(const char *restrict nptr, char **restrict endptr, int base);
CTORCH_HIDDEN int __isoc23_sscanf(const char *restrict s, const char *restrict format, ...);

long __isoc23_strtol(const char *restrict nptr, char **restrict endptr, int base) {
    return strtol(nptr, endptr, base);
}

long long __isoc23_strtoll(const char *restrict nptr, char **restrict endptr, int base) {
    return strtoll(nptr, endptr, base);
}

int __isoc23_sscanf(const char *restrict s, const char *restrict format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsscanf(s, format, args);
    va_end(args);
    return n;
}
#endif
