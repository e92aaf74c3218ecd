#if canImport(Glibc)
import Glibc
#endif

/// What to say when the network is closed to this process: the shipped torch.service
/// allows only Unix sockets (`RestrictAddressFamilies=AF_UNIX`), so an IPv4 or IPv6
/// socket fails with EAFNOSUPPORT; the drop-in the package installs opens it.
public enum NetworkClosed {
    /// The drop-in that opens the network to torch.service (`[mqtt]`, `[web]`).
    public static let dropIn = "/usr/share/torch/network.conf"

    /// A hint to add to an error with `code`, or "" when the code says nothing of it.
    public static func hint(_ code: Int32) -> String {
        guard code == EAFNOSUPPORT else { return "" }
        return " (torch.service keeps the network closed: install \(dropIn) as /etc/systemd/system/torch.service.d/network.conf; torch.conf(5), NETWORK)"
    }
}
