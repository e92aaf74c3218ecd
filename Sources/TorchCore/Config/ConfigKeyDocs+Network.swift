/// `[mqtt]` and `[web]`: the front ends on the network (both off until configured).
extension ConfigKeyDocs {
    static let mqttIntro = ConfigSectionIntro(
        "MQTT 3.1.1 and Home Assistant (see torch(1): run and mqtt forget). Off until broker is set. Read at start (a reload keeps the running MQTT settings). Under systemd, install the network drop-in first (/usr/share/torch/network.conf; see NETWORK in torch.conf(5)).")

    static let mqtt: [ConfigKeyDoc] = [
        .init("mqtt", "broker", "The broker; 'torch run --mqtt URL' overrides it. HOST is a name, an IPv4 address or an IPv6 address in brackets; PORT is 1883 by default. mqtts:// is MQTT over TLS (PORT 8883 by default; OpenSSL's libssl3, loaded only then): TLS 1.2 or newer, the broker's certificate must be signed by a CA of ca-file (without it, the system's) and name HOST (a name, or an address among its IP entries); a broker refused is one log line saying why, and torch tries again with backoff. A host name is resolved at each connect attempt (getaddrinfo: at most resolv.conf's timeout × attempts per name server, 5 s × 2 by default; an address or an /etc/hosts name at once); it is looked up on a thread of its own, so only the MQTT connection waits for it: the light, the button and the other ways in never do.",
              allowed: "mqtt://HOST[:PORT] or mqtts://HOST[:PORT]", default: nil, example: "mqtt://homeassistant.local:1883"),
        .init("mqtt", "username", "The MQTT user name. Without it, none is sent.",
              allowed: "1 to 1024 bytes", default: nil, example: "torch"),
        .init("mqtt", "password-file", "A file whose first line is the password, read at start. It must be readable by its owner only (mode 0600 or 0400): a file group or others may read is refused in one line naming it and the mode to use, and the service runs without MQTT.",
              allowed: "a file path", default: nil, example: "/etc/torch/mqtt-password"),
        .init("mqtt", "ca-file", "With mqtts://: the PEM file of the CA certificates that may sign the broker's certificate (a private CA's, say), read at start. Without it, the system's CAs (/etc/ssl/certs). A file OpenSSL cannot read is refused in one line, and the service runs without MQTT. Set with mqtt:// it is refused the same way (use mqtts://).",
              allowed: "a file path", default: nil, example: "/etc/torch/mqtt-ca.pem"),
        .init("mqtt", "cert-file", "With mqtts://: the PEM certificate chain this board presents, for a broker that asks for a client certificate (mosquitto's require_certificate); set with key-file. Without both, none is presented.",
              allowed: "a file path", default: nil, example: "/etc/torch/mqtt-client.pem"),
        .init("mqtt", "key-file", "The private key (PEM) of cert-file, read at start. Like password-file it must be readable by its owner only (mode 0600 or 0400): a key group or others may read is refused in one line naming it and the mode to use, and the service runs without MQTT.",
              allowed: "a file path", default: nil, example: "/etc/torch/mqtt-client.key"),
        .init("mqtt", "client-id", "The MQTT client identifier, also Home Assistant's device id. Without it, torch-HOSTNAME (the host name with anything but letters, digits, '-' and '_' as '_').",
              allowed: "1 to 128 bytes without spaces", default: nil, example: "torch-kitchen"),
        .init("mqtt", "base-topic", "This board's topics: BASE/set (commands), BASE/state (the state, retained JSON), BASE/availability (online/offline, retained; the will is offline), BASE/gesture (one message per button gesture). Without it, torch/HOSTNAME (the host name as for client-id).",
              allowed: "an MQTT topic of 1 to 200 bytes, no '+', '#', spaces or NUL, not starting or ending with '/'", default: nil, example: "torch/kitchen"),
        .init("mqtt", "discovery-prefix", "Home Assistant's discovery prefix.",
              allowed: "an MQTT topic, as for base-topic", default: "homeassistant", example: "ha"),
        .init("mqtt", "discovery", "Announce a JSON-schema light and one device trigger per button gesture to Home Assistant, retained, and again when Home Assistant publishes online on PREFIX/status.",
              allowed: "yes or no", default: "yes", example: "no"),
        .init("mqtt", "keepalive", "A ping when nothing was sent or received for this long; the connection counts as dead after 1.5 times it with nothing from the broker (the broker applies the same rule and publishes the will, \"offline\"), and torch reconnects with exponential backoff (0.5 s doubling to 30 s, with jitter).",
              allowed: "whole seconds from 1s to 65535s", default: "30s", example: "60s"),
        .init("mqtt", "group-topic", "Commands on this topic reach every board. A pattern a group command starts begins at its \"at\" (Unix milliseconds, CLOCK_REALTIME; default 200 ms after it arrives), so boards whose clocks agree blink in phase.",
              allowed: "an MQTT topic, as for base-topic", default: "torch/all", example: "torch/garden"),
        .init("mqtt", "group-retained", "Whether a retained message on group-topic (the group's last command, which the broker delivers again at every connect) is obeyed: yes for a fleet that should take the group's last state at boot. The flashing rule ([light] remote-flashing) still applies. A retained message on the board's own <base-topic>/set is never a command: it is logged and ignored.",
              allowed: "yes or no", default: "no", example: "yes"),
    ]

    static let webIntro = ConfigSectionIntro(
        "The web page: a phone's remote (the composite switch, brightness, modes, settings), served by torch run; off unless listen is set (see torch(1), web-link). Under systemd, install the network drop-in first (/usr/share/torch/network.conf; see NETWORK in torch.conf(5)). A page that cannot listen is one log line; the light and the other ways in go on without it.")

    static let web: [ConfigKeyDoc] = [
        .init("web", "listen", "Where to serve the page. ADDRESS is a numeric IPv4 address, an IPv6 address in brackets, or localhost: 127.0.0.1 is this machine only; 0.0.0.0 (or [::]) lets phones on the network in, once paired with the link 'torch web-link' prints. Without it, no web page.",
              allowed: "ADDRESS:PORT, PORT 1 to 65535", default: nil, example: "127.0.0.1:8080"),
        .init("web", "hosts", "More names the page may be reached by: a request whose Host header names anything else is refused with 421 (against DNS rebinding). Always allowed: localhost, 127.0.0.1, ::1, the listen address, this machine's host name and HOSTNAME.local.",
              allowed: "host names or addresses separated by commas", default: nil, example: "torch.lan, 192.168.1.20"),
        .init("web", "pairing", "Who needs pairing: auto (on any address but loopback, the page's API needs a browser paired with the link 'torch web-link' prints; 401 without; on loopback, only the users who may use the control socket are let in unpaired) or required (on every address, for every user).",
              allowed: "auto or required", default: "auto", example: "required"),
    ]
}
