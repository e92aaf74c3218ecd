import CTorchTLS
import TorchCore

/// A TLS client context (OpenSSL's, through CTorchTLS): the CAs the broker's certificate
/// must chain to and the certificate this board presents, loaded once at start so a
/// missing or unreadable file is one line then, not at every reconnect.
public final class TLSContext {
    let raw: OpaquePointer
    /// Whom the broker's certificate must chain to, for a refusal's line: "ca-file PATH"
    /// or "the system's CAs".
    public let trusted: String

    /// Loads `files` (libssl is opened on the first context). Throws one line naming the
    /// file and what is wrong; a key file group or others may read is refused like the
    /// password file.
    public init(_ files: TLSFiles) throws(HardwareError) {
        for (key, path) in [("ca-file", files.caFile), ("cert-file", files.certFile)] {
            guard let path else { continue }
            do { try AtomicFile.requireReadable(path) } catch { throw HardwareError("\(key): \(error.message)") }
        }
        if let path = files.keyFile {
            do { try AtomicFile.requireSecret(path, holding: "the private key") } catch { throw HardwareError("key-file: \(error.message)") }
        }
        var err = [CChar](repeating: 0, count: 512)
        guard let ctx = ctorch_tls_context_new(files.caFile, files.certFile, files.keyFile, &err, err.count) else {
            throw HardwareError(Self.text(err))
        }
        raw = ctx
        trusted = files.caFile.map { "ca-file \($0)" } ?? "the system's CAs (/etc/ssl/certs)"
    }

    /// The shim's one-line message from its NUL-terminated buffer.
    static func text(_ err: [CChar]) -> String {
        String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit { ctorch_tls_context_free(raw) }
}
