import TorchCore

/// `[web]`: the web page served by `torch run` (off unless `listen` is set): its keys,
/// their docs and defaults. `WebFrontEndKind` starts the page from these settings.
public enum WebSection: FrontEndSection {
    public struct Settings: Equatable, Sendable {
        /// `listen`: where the page is served; nil = no web page.
        public var listen: WebListenAddress? = nil
        /// `hosts`: more names the page may be reached by (the `Host` allowlist), besides
        /// localhost, the loopback and listen addresses, the host name and NAME.local.
        public var hosts: [String] = []
        /// `pairing`: `auto` needs a paired browser (`torch web-link`) on any address
        /// but loopback; `required` on every address.
        public var pairing: Pairing = .auto

        public init() {}
    }

    /// `pairing`.
    public enum Pairing: String, CaseIterable, Equatable, Sendable {
        case auto
        case required
    }

    public static let name = "web"
    public static let defaults = Settings()

    public static let intro = ConfigSectionIntro(
        "The web page: a phone's remote (the composite switch, brightness, modes, settings), served by torch run; off unless listen is set (see torch(1), web-link). Under systemd, install the network drop-in first (/usr/share/torch/network.conf; see NETWORK in torch.conf(5)). A page that cannot listen is one log line; the light and the other ways in go on without it.")

    public static let keys: [SectionKey<Settings>] = [
        SectionKey(
            "listen",
            "Where to serve the page. ADDRESS is a numeric IPv4 address, an IPv6 address in brackets, or localhost: 127.0.0.1 is this machine only; 0.0.0.0 (or [::]) lets phones on the network in, once paired with the link 'torch web-link' prints. Without it, no web page.",
            allowed: "ADDRESS:PORT, PORT 1 to 65535", default: nil, example: "127.0.0.1:8080"
        ) { s, v throws(ValueError) in s.listen = try WebListenAddress.parse(v) },
        SectionKey(
            "hosts",
            "More names the page may be reached by: a request whose Host header names anything else is refused with 421 (against DNS rebinding). Always allowed: localhost, 127.0.0.1, ::1, the listen address, this machine's host name and HOSTNAME.local.",
            allowed: "host names or addresses separated by commas", default: nil, example: "torch.lan, 192.168.1.20"
        ) { s, v throws(ValueError) in s.hosts = try hostList(v) },
        SectionKey(
            "pairing",
            "Who needs pairing: auto (on any address but loopback, the page's API needs a browser paired with the link 'torch web-link' prints; 401 without; on loopback, only the users who may use the control socket are let in unpaired) or required (on every address, for every user).",
            allowed: "auto or required", default: "auto", example: "required"
        ) { s, v throws(ValueError) in s.pairing = try ConfigValue.choice(v, of: Pairing.self) },
    ]

    /// `hosts`: names and addresses as a `Host` header writes them.
    static func hostList(_ v: String) throws(ValueError) -> [String] {
        let meaning = "a comma-separated list of host names or addresses, e.g. torch.lan, 192.168.1.20"
        let names = try ConfigValue.list(v, meaning: meaning)
        guard names.allSatisfy({ n in n.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) } }) else {
            throw ValueError(value: v, allowed: meaning)
        }
        return names
    }
}
