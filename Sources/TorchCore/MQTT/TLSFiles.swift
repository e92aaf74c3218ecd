/// The files a TLS connection to the broker (`mqtts://`) is made with: `[mqtt] ca-file`,
/// `cert-file` and `key-file`, each a path read when the service starts.
public struct TLSFiles: Equatable, Sendable {
    /// PEM certificates of the CAs that may sign the broker's certificate; nil trusts the
    /// system's (/etc/ssl/certs, Debian's `ca-certificates`).
    public var caFile: String?
    /// The PEM certificate chain this board presents, for a broker that asks for one; nil
    /// presents none. Set together with `keyFile`.
    public var certFile: String?
    /// The private key of `certFile` (PEM), readable by its owner only.
    public var keyFile: String?

    public init(caFile: String? = nil, certFile: String? = nil, keyFile: String? = nil) {
        self.caFile = caFile
        self.certFile = certFile
        self.keyFile = keyFile
    }

    /// True when any file is named.
    public var isEmpty: Bool { caFile == nil && certFile == nil && keyFile == nil }
}
