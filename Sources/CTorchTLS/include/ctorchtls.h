// TLS for the MQTT connection: OpenSSL's libssl (Debian's libssl3), loaded with dlopen
// the first time a TLS context is made. A torch without mqtts:// never maps libssl or
// libcrypto (no memory, no start-up cost), and building needs no OpenSSL headers: the
// few functions used are declared in ctorchtls.c and checked against <openssl/ssl.h>
// wherever those headers are installed.
#ifndef CTORCHTLS_H
#define CTORCHTLS_H

#include <stddef.h>

/// A client context: the trusted CAs and the optional client certificate. Opaque.
typedef struct ctorch_tls_context ctorch_tls_context;
/// One TLS connection over a connected, non-blocking socket. Opaque.
typedef struct ctorch_tls ctorch_tls;

/// What a handshake step, a read or a write needs next.
enum {
    CTORCH_TLS_DONE = 0,
    CTORCH_TLS_WANT_READ = 1,
    CTORCH_TLS_WANT_WRITE = 2,
    /// The peer ended the TLS session (close_notify) or the connection closed.
    CTORCH_TLS_CLOSED = 3,
    CTORCH_TLS_ERROR = -1,
};

/// A client context trusting `ca_file` (PEM; NULL: the system's CAs, /etc/ssl/certs),
/// presenting `cert_file` (PEM chain) with `key_file` (PEM) when both are given; TLS 1.2
/// or newer, the peer's certificate verified. NULL on failure, with one line in `err`.
ctorch_tls_context *ctorch_tls_context_new(const char *ca_file, const char *cert_file, const char *key_file,
                                           char *err, size_t err_len);
void ctorch_tls_context_free(ctorch_tls_context *ctx);

/// A connection over `fd` (connected, non-blocking; the caller keeps owning it) that
/// verifies the peer is `host` (a DNS name, sent as SNI, or an IP address). NULL on
/// failure, with one line in `err`.
ctorch_tls *ctorch_tls_new(ctorch_tls_context *ctx, int fd, const char *host, char *err, size_t err_len);
void ctorch_tls_free(ctorch_tls *tls);

/// One step of the handshake: CTORCH_TLS_DONE once it is complete, WANT_READ or
/// WANT_WRITE to be called again when the socket is ready, ERROR with one line in `err`
/// (a certificate refused says why and which host).
int ctorch_tls_handshake(ctorch_tls *tls, char *err, size_t err_len);

/// Reads at most `len` bytes. Returns the count (> 0), or 0 with `*status` set to
/// WANT_READ, WANT_WRITE, CLOSED or ERROR (one line in `err`).
int ctorch_tls_read(ctorch_tls *tls, void *buf, int len, int *status, char *err, size_t err_len);

/// Writes at most `len` bytes (a partial write is allowed; the rest may move between
/// calls). Returns the count (> 0), or 0 with `*status` as for reads.
int ctorch_tls_write(ctorch_tls *tls, const void *buf, int len, int *status, char *err, size_t err_len);

/// Bytes already decrypted and waiting inside the connection: poll(2) does not see them.
int ctorch_tls_pending(ctorch_tls *tls);

/// Sends the close_notify alert (once; non-blocking, best effort).
void ctorch_tls_shutdown(ctorch_tls *tls);

#endif
