// OpenSSL's libssl behind five calls (see ctorchtls.h). libssl.so.3 is opened with
// dlopen on first use; its functions are declared here by hand (OpenSSL 3 keeps them
// stable under that soname), and where <openssl/ssl.h> is installed the declarations and
// constants are checked against it at compile time.
#define _GNU_SOURCE
#include "ctorchtls.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// OpenSSL's own struct tags, so the checks below compare like with like.
typedef struct ssl_st SSL;
typedef struct ssl_ctx_st SSL_CTX;
typedef struct ssl_method_st SSL_METHOD;
typedef struct X509_VERIFY_PARAM_st X509_VERIFY_PARAM;
typedef struct x509_store_ctx_st X509_STORE_CTX;
typedef int (*verify_cb)(int, X509_STORE_CTX *);

#define FUNCTIONS(X) \
    X(TLS_client_method, const SSL_METHOD *, (void)) \
    X(SSL_CTX_new, SSL_CTX *, (const SSL_METHOD *)) \
    X(SSL_CTX_free, void, (SSL_CTX *)) \
    X(SSL_CTX_ctrl, long, (SSL_CTX *, int, long, void *)) \
    X(SSL_CTX_load_verify_locations, int, (SSL_CTX *, const char *, const char *)) \
    X(SSL_CTX_set_default_verify_paths, int, (SSL_CTX *)) \
    X(SSL_CTX_set_verify, void, (SSL_CTX *, int, verify_cb)) \
    X(SSL_CTX_use_certificate_chain_file, int, (SSL_CTX *, const char *)) \
    X(SSL_CTX_use_PrivateKey_file, int, (SSL_CTX *, const char *, int)) \
    X(SSL_CTX_check_private_key, int, (const SSL_CTX *)) \
    X(SSL_new, SSL *, (SSL_CTX *)) \
    X(SSL_free, void, (SSL *)) \
    X(SSL_set_fd, int, (SSL *, int)) \
    X(SSL_ctrl, long, (SSL *, int, long, void *)) \
    X(SSL_set1_host, int, (SSL *, const char *)) \
    X(SSL_get0_param, X509_VERIFY_PARAM *, (SSL *)) \
    X(X509_VERIFY_PARAM_set1_ip_asc, int, (X509_VERIFY_PARAM *, const char *)) \
    X(SSL_connect, int, (SSL *)) \
    X(SSL_read, int, (SSL *, void *, int)) \
    X(SSL_write, int, (SSL *, const void *, int)) \
    X(SSL_get_error, int, (const SSL *, int)) \
    X(SSL_pending, int, (const SSL *)) \
    X(SSL_shutdown, int, (SSL *)) \
    X(SSL_get_verify_result, long, (const SSL *)) \
    X(X509_verify_cert_error_string, const char *, (long)) \
    X(ERR_get_error, unsigned long, (void)) \
    X(ERR_error_string_n, void, (unsigned long, char *, size_t)) \
    X(ERR_clear_error, void, (void))

enum {
    ERROR_SSL = 1, ERROR_WANT_READ = 2, ERROR_WANT_WRITE = 3, ERROR_SYSCALL = 5, ERROR_ZERO_RETURN = 6,
    VERIFY_PEER = 1, FILETYPE_PEM = 1,
    CTRL_MODE = 33, MODE_ENABLE_PARTIAL_WRITE = 1, MODE_ACCEPT_MOVING_WRITE_BUFFER = 2,
    CTRL_SET_TLSEXT_HOSTNAME = 55, NAMETYPE_HOST_NAME = 0,
    CTRL_SET_MIN_PROTO_VERSION = 123, TLS1_2 = 0x0303,
    V_OK = 0,
};

#if defined(__has_include)
#if __has_include(<openssl/ssl.h>) && __has_include(<openssl/x509v3.h>)
#include <openssl/ssl.h>
#include <openssl/err.h>
#include <openssl/x509v3.h>
#define CHECK(name, ret, args) \
    _Static_assert(__builtin_types_compatible_p(ret(*) args, __typeof__(&name)), #name " differs from OpenSSL's");
FUNCTIONS(CHECK)
_Static_assert(ERROR_SSL == SSL_ERROR_SSL && ERROR_WANT_READ == SSL_ERROR_WANT_READ &&
               ERROR_WANT_WRITE == SSL_ERROR_WANT_WRITE && ERROR_SYSCALL == SSL_ERROR_SYSCALL &&
               ERROR_ZERO_RETURN == SSL_ERROR_ZERO_RETURN, "SSL_ERROR_*");
_Static_assert(VERIFY_PEER == SSL_VERIFY_PEER && FILETYPE_PEM == SSL_FILETYPE_PEM && V_OK == X509_V_OK, "constants");
_Static_assert(CTRL_MODE == SSL_CTRL_MODE && MODE_ENABLE_PARTIAL_WRITE == SSL_MODE_ENABLE_PARTIAL_WRITE &&
               MODE_ACCEPT_MOVING_WRITE_BUFFER == SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER, "SSL_MODE_*");
_Static_assert(CTRL_SET_TLSEXT_HOSTNAME == SSL_CTRL_SET_TLSEXT_HOSTNAME &&
               NAMETYPE_HOST_NAME == TLSEXT_NAMETYPE_host_name, "SNI");
_Static_assert(CTRL_SET_MIN_PROTO_VERSION == SSL_CTRL_SET_MIN_PROTO_VERSION && TLS1_2 == TLS1_2_VERSION, "TLS 1.2");
#endif
#endif

#define POINTER(name, ret, args) static ret(*p_##name) args;
FUNCTIONS(POINTER)

struct ctorch_tls_context { SSL_CTX *ctx; };
struct ctorch_tls { SSL *ssl; int shut; };

__attribute__((format(printf, 3, 4)))
static void say(char *err, size_t len, const char *fmt, ...) {
    if (!err || !len) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

/// Opens libssl once. Only the service's event loop (and the start-up before it) calls
/// in here, so no lock.
static int load(char *err, size_t len) {
    static void *handle;
    if (handle) return 0;
    void *h = dlopen("libssl.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        const char *why = dlerror();
        say(err, len, "TLS needs OpenSSL's libssl.so.3 (Debian: apt install libssl3): %s", why ? why : "not found");
        return -1;
    }
#define LOOKUP(name, ret, args) \
    if (!(*(void **)&p_##name = dlsym(h, #name))) { \
        say(err, len, "libssl.so.3 lacks %s", #name); dlclose(h); return -1; \
    }
    FUNCTIONS(LOOKUP)
    handle = h;
    return 0;
}

/// OpenSSL's first queued error as text ("error:0A000086:SSL routines::certificate
/// verify failed"), or `fallback`.
static const char *openssl_reason(char *buf, size_t len, const char *fallback) {
    unsigned long e = p_ERR_get_error();
    if (!e) return fallback;
    p_ERR_error_string_n(e, buf, len);
    p_ERR_clear_error();
    return buf;
}

ctorch_tls_context *ctorch_tls_context_new(const char *ca_file, const char *cert_file, const char *key_file,
                                           char *err, size_t err_len) {
    if (load(err, err_len) != 0) return NULL;
    p_ERR_clear_error();
    char why[256];
    SSL_CTX *ctx = p_SSL_CTX_new(p_TLS_client_method());
    if (!ctx) { say(err, err_len, "cannot make a TLS context: %s", openssl_reason(why, sizeof why, "?")); return NULL; }
    p_SSL_CTX_ctrl(ctx, CTRL_SET_MIN_PROTO_VERSION, TLS1_2, NULL);
    p_SSL_CTX_ctrl(ctx, CTRL_MODE, MODE_ENABLE_PARTIAL_WRITE | MODE_ACCEPT_MOVING_WRITE_BUFFER, NULL);
    p_SSL_CTX_set_verify(ctx, VERIFY_PEER, NULL);
    int ok = ca_file ? p_SSL_CTX_load_verify_locations(ctx, ca_file, NULL) : p_SSL_CTX_set_default_verify_paths(ctx);
    if (ok != 1) {
        say(err, err_len, "ca-file %s: not a PEM certificate file OpenSSL can read: %s",
            ca_file ? ca_file : "(the system's)", openssl_reason(why, sizeof why, "?"));
        p_SSL_CTX_free(ctx);
        return NULL;
    }
    if (cert_file && key_file) {
        if (p_SSL_CTX_use_certificate_chain_file(ctx, cert_file) != 1) {
            say(err, err_len, "cert-file %s: not a PEM certificate chain OpenSSL can read: %s", cert_file,
                openssl_reason(why, sizeof why, "?"));
            p_SSL_CTX_free(ctx);
            return NULL;
        }
        if (p_SSL_CTX_use_PrivateKey_file(ctx, key_file, FILETYPE_PEM) != 1 || p_SSL_CTX_check_private_key(ctx) != 1) {
            say(err, err_len, "key-file %s: not a PEM private key for the cert-file's certificate: %s", key_file,
                openssl_reason(why, sizeof why, "?"));
            p_SSL_CTX_free(ctx);
            return NULL;
        }
    }
    ctorch_tls_context *c = malloc(sizeof *c);
    if (!c) { p_SSL_CTX_free(ctx); say(err, err_len, "out of memory"); return NULL; }
    c->ctx = ctx;
    return c;
}

void ctorch_tls_context_free(ctorch_tls_context *ctx) {
    if (!ctx) return;
    p_SSL_CTX_free(ctx->ctx);
    free(ctx);
}

ctorch_tls *ctorch_tls_new(ctorch_tls_context *ctx, int fd, const char *host, char *err, size_t err_len) {
    char why[256];
    p_ERR_clear_error();
    SSL *ssl = p_SSL_new(ctx->ctx);
    if (!ssl) { say(err, err_len, "cannot start TLS: %s", openssl_reason(why, sizeof why, "?")); return NULL; }
    unsigned char addr[16];
    int is_ip = inet_pton(AF_INET, host, addr) == 1 || inet_pton(AF_INET6, host, addr) == 1;
    // An address is checked against the certificate's IP entries and sent no SNI (RFC
    // 6066 allows names only); a name is both the SNI and the name checked.
    int ok = p_SSL_set_fd(ssl, fd) == 1 &&
             (is_ip ? p_X509_VERIFY_PARAM_set1_ip_asc(p_SSL_get0_param(ssl), host) == 1
                    : p_SSL_set1_host(ssl, host) == 1 &&
                      p_SSL_ctrl(ssl, CTRL_SET_TLSEXT_HOSTNAME, NAMETYPE_HOST_NAME, (void *)host) == 1);
    if (!ok) {
        say(err, err_len, "cannot start TLS for %s: %s", host, openssl_reason(why, sizeof why, "?"));
        p_SSL_free(ssl);
        return NULL;
    }
    ctorch_tls *t = malloc(sizeof *t);
    if (!t) { p_SSL_free(ssl); say(err, err_len, "out of memory"); return NULL; }
    t->ssl = ssl;
    t->shut = 0;
    return t;
}

void ctorch_tls_free(ctorch_tls *tls) {
    if (!tls) return;
    p_SSL_free(tls->ssl);
    free(tls);
}

/// OpenSSL writes to the socket with write(2), which raises SIGPIPE when the broker has
/// gone; the service must not die of that. The signal is blocked for the call and one
/// it caused is taken back before the mask is restored.
typedef struct { sigset_t old; int was_pending; } pipe_guard;

static void pipe_block(pipe_guard *g) {
    sigset_t pipe, pending;
    sigemptyset(&pipe);
    sigaddset(&pipe, SIGPIPE);
    sigpending(&pending);
    g->was_pending = sigismember(&pending, SIGPIPE);
    pthread_sigmask(SIG_BLOCK, &pipe, &g->old);
}

static void pipe_unblock(pipe_guard *g) {
    int saved = errno;
    if (!g->was_pending) {
        sigset_t pipe;
        sigemptyset(&pipe);
        sigaddset(&pipe, SIGPIPE);
        struct timespec zero = {0, 0};
        while (sigtimedwait(&pipe, NULL, &zero) < 0 && errno == EINTR) {}
    }
    pthread_sigmask(SIG_SETMASK, &g->old, NULL);
    errno = saved;
}

/// What `SSL_get_error` says after a call that returned `rc` <= 0.
static int status_after(ctorch_tls *tls, int rc, const char *doing, char *err, size_t err_len) {
    int e = p_SSL_get_error(tls->ssl, rc);
    char why[256];
    switch (e) {
    case ERROR_WANT_READ: return CTORCH_TLS_WANT_READ;
    case ERROR_WANT_WRITE: return CTORCH_TLS_WANT_WRITE;
    case ERROR_ZERO_RETURN: return CTORCH_TLS_CLOSED;
    case ERROR_SYSCALL:
        if (errno == 0 || errno == EPIPE || errno == ECONNRESET) {
            p_ERR_clear_error();
            return CTORCH_TLS_CLOSED;
        }
        say(err, err_len, "%s: %s", doing, strerror(errno));
        return CTORCH_TLS_ERROR;
    default: {
        long v = p_SSL_get_verify_result(tls->ssl);
        if (v != V_OK) {
            p_ERR_clear_error();
            say(err, err_len, "the broker's certificate was refused: %s", p_X509_verify_cert_error_string(v));
        } else {
            say(err, err_len, "%s: %s", doing, openssl_reason(why, sizeof why, "the TLS session failed"));
        }
        return CTORCH_TLS_ERROR;
    }
    }
}

int ctorch_tls_handshake(ctorch_tls *tls, char *err, size_t err_len) {
    pipe_guard g;
    pipe_block(&g);
    errno = 0;
    int rc = p_SSL_connect(tls->ssl);
    int status = rc == 1 ? CTORCH_TLS_DONE : status_after(tls, rc, "TLS handshake", err, err_len);
    pipe_unblock(&g);
    if (status == CTORCH_TLS_CLOSED) {
        say(err, err_len, "the broker closed the connection during the TLS handshake (is it a TLS listener?)");
        return CTORCH_TLS_ERROR;
    }
    return status;
}

/// One SSL_read into `rbuf` or SSL_write from `wbuf` (the other NULL), SIGPIPE kept away.
static int transfer(ctorch_tls *tls, void *rbuf, const void *wbuf, int len, int *status, char *err, size_t err_len) {
    pipe_guard g;
    pipe_block(&g);
    errno = 0;
    int n = rbuf ? p_SSL_read(tls->ssl, rbuf, len) : p_SSL_write(tls->ssl, wbuf, len);
    *status = n > 0 ? CTORCH_TLS_DONE : status_after(tls, n, rbuf ? "TLS read" : "TLS write", err, err_len);
    pipe_unblock(&g);
    return n > 0 ? n : 0;
}

int ctorch_tls_read(ctorch_tls *tls, void *buf, int len, int *status, char *err, size_t err_len) {
    return transfer(tls, buf, NULL, len, status, err, err_len);
}

int ctorch_tls_write(ctorch_tls *tls, const void *buf, int len, int *status, char *err, size_t err_len) {
    return transfer(tls, NULL, buf, len, status, err, err_len);
}

int ctorch_tls_pending(ctorch_tls *tls) { return p_SSL_pending(tls->ssl); }

void ctorch_tls_shutdown(ctorch_tls *tls) {
    if (tls->shut) return;
    tls->shut = 1;
    pipe_guard g;
    pipe_block(&g);
    (void)p_SSL_shutdown(tls->ssl);
    p_ERR_clear_error();
    pipe_unblock(&g);
}
