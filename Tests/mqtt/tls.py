#!/usr/bin/python3
"""MQTT over TLS against Debian's mosquitto (issue 22): certificates made here with
`openssl` (a CA, a broker certificate for the name localhost only, a client
certificate, and a second CA nobody uses), mosquitto with a plain listener (the
observer's), a TLS listener and a TLS listener that requires a client certificate, all
on loopback, and `torch run --backend sim` services with `broker = mqtts://…`.

Checks: the right CA and name connect, and a command and the state go both ways over
TLS; a burst of commands larger than a TLS record is all obeyed (decrypted bytes that
poll cannot see are read); a wrong CA, an address the certificate does not name, a
plain listener and a missing client certificate are each refused in one line saying
why, and torch keeps answering; a client certificate is accepted; a key file others
may read and TLS files with a plain mqtt:// broker are refused at start in one line;
`torch mqtt forget` works over TLS; SIGTERM ends the session with a DISCONNECT.
Part of `make mqtt-test`.

usage: Tests/mqtt/tls.py TORCH"""
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import FAILURES, Client, Torch, check, free_port, stop_all, summary, wait_for  # noqa: E402

TORCH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch")


def openssl(*args):
    subprocess.run(["openssl"] + list(args), check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def make_certificates(d):
    """ca.pem signs broker.pem (DNS:localhost only) and client.pem; other-ca.pem signs nothing."""
    def ca(name):
        openssl("req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-days", "2",
                "-subj", "/CN=torch test %s" % name, "-keyout", "%s/%s.key" % (d, name), "-out", "%s/%s.pem" % (d, name))

    def leaf(name, ext):
        openssl("req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-subj", "/CN=%s" % name,
                "-keyout", "%s/%s.key" % (d, name), "-out", "%s/%s.csr" % (d, name))
        with open("%s/%s.ext" % (d, name), "w") as f:
            f.write(ext)
        openssl("x509", "-req", "-in", "%s/%s.csr" % (d, name), "-CA", "%s/ca.pem" % d, "-CAkey", "%s/ca.key" % d,
                "-CAcreateserial", "-days", "2", "-extfile", "%s/%s.ext" % (d, name), "-out", "%s/%s.pem" % (d, name))
        os.chmod("%s/%s.key" % (d, name), 0o600)

    ca("ca")
    ca("other-ca")
    leaf("broker", "subjectAltName = DNS:localhost\nextendedKeyUsage = serverAuth\n")
    leaf("client", "extendedKeyUsage = clientAuth\n")


class TLSBroker:
    """mosquitto with a plain listener and two TLS ones (the second requires a client
    certificate signed by ca.pem)."""

    def __init__(self, d):
        self.plain, self.tls, self.mutual = free_port(), free_port(), free_port()
        self.log = os.path.join(d, "mosquitto.log")
        conf = os.path.join(d, "mosquitto.conf")
        tls = "cafile %s/ca.pem\ncertfile %s/broker.pem\nkeyfile %s/broker.key\n" % (d, d, d)
        with open(conf, "w") as f:
            f.write("allow_anonymous true\npersistence false\nlog_dest file %s\nlog_type all\nuser root\n"
                    "listener %d 127.0.0.1\n"
                    "listener %d 127.0.0.1\n%s"
                    "listener %d 127.0.0.1\n%srequire_certificate true\n" % (self.log, self.plain, self.tls, tls, self.mutual, tls))
        self.proc = subprocess.Popen(["mosquitto", "-c", conf], stdin=subprocess.DEVNULL,
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        import socket

        def listening():
            if self.proc.poll() is not None:
                raise AssertionError("mosquitto exited (see %s)" % self.log)
            try:
                for p in (self.plain, self.tls, self.mutual):
                    socket.create_connection(("127.0.0.1", p), timeout=0.2).close()
                return True
            except OSError:
                return False
        wait_for(listening, 10, "mosquitto's three listeners")

    def log_text(self):
        with open(self.log, errors="replace") as f:
            return f.read()

    def stop(self):
        self.proc.terminate()
        self.proc.wait(timeout=5)


def mqtt_lines(torch):
    return [l for l in torch.log().splitlines() if "mqtt" in l]


def refused(torch, needle, what):
    """The service names why the broker was refused (once the first attempt failed),
    never connects, and still answers its control socket."""
    wait_for(lambda: needle in torch.log() or torch.proc.poll() is not None, 15, "%s in %s" % (needle, torch.logfile))
    lines = [l for l in torch.log().splitlines() if needle in l]
    check(len(lines) >= 1 and all(len(l) < 400 for l in lines), "%s: refused in one line: %s" % (what, lines[:1]))
    check("mqtt: connected" not in torch.log(), "%s: never connected" % what)
    check(torch.status().get("ok") is True, "%s: the control socket still answers" % what)
    check(torch.stop() == 0, "%s: SIGTERM exits 0" % what)


def main():
    start = time.monotonic()
    work = tempfile.mkdtemp(prefix="torch-mqtt-tls-")
    certs = os.path.join(work, "certs")
    os.makedirs(certs)
    make_certificates(certs)
    broker = TLSBroker(certs)
    ca = "ca-file = %s/ca.pem\n" % certs
    try:
        observer = Client(broker.plain)

        # The right CA and the certificate's own name: a command in, the state out.
        t = Torch(TORCH, 0, "tls-ok", work, broker_url="mqtts://localhost:%d" % broker.tls, extra=ca)
        line = [l for l in t.log().splitlines() if "mqtt: connected to" in l]
        check(bool(line) and "mqtts://localhost:%d" % broker.tls in line[0], "mqtts://localhost: connected (%s)" % line[:1])
        observer.publish("torch/tls-ok/set", {"state": "ON", "brightness": 50})
        wait_for(lambda: t.status().get("lit") is True, 10, "the command over TLS to light the torch")
        check(t.status().get("lit") is True, "a command over TLS lit the light")
        wait_for(lambda: (observer.last_json("torch/tls-ok/state") or {}).get("state") == "ON", 10, "the state over TLS")
        check(observer.last_json("torch/tls-ok/state").get("brightness") == 50, "the state came back over TLS: %s" % observer.last_json("torch/tls-ok/state"))

        # More than a TLS record (16 KiB) in one burst: what OpenSSL decrypted beyond one
        # read must be read without waiting for the socket (poll cannot see it).
        for i in range(400):
            observer.client.publish("torch/tls-ok/set", '{"state":"ON","brightness":%d,"pad":"%s"}' % (1 + i % 99, "x" * 100), qos=0)
        observer.publish("torch/tls-ok/set", {"state": "ON", "brightness": 77})
        wait_for(lambda: (observer.last_json("torch/tls-ok/state") or {}).get("brightness") == 77, 15,
                 "the last of a 40 kB burst over TLS")
        check(observer.last_json("torch/tls-ok/state").get("brightness") == 77, "a 40 kB burst over TLS: the last command obeyed")

        # A clean stop over TLS: DISCONNECT (mosquitto says "disconnected."), exit 0.
        check(t.stop() == 0, "SIGTERM exits 0")
        wait_for(lambda: "Client tls-ok disconnected" in broker.log_text(), 10, "mosquitto to see tls-ok's DISCONNECT")
        check("Client tls-ok disconnected" in broker.log_text(), "the session ended with a DISCONNECT over TLS")

        # Refusals, each one line, the service going on.
        other = "ca-file = %s/other-ca.pem\n" % certs
        refused(Torch(TORCH, 0, "tls-wrong-ca", work, broker_url="mqtts://localhost:%d" % broker.tls, extra=other, wait=False),
                "certificate was refused", "a CA that did not sign the broker")
        refused(Torch(TORCH, 0, "tls-wrong-name", work, broker_url="mqtts://127.0.0.1:%d" % broker.tls, extra=ca, wait=False),
                "certificate was refused: IP address mismatch", "an address the certificate does not name")
        refused(Torch(TORCH, 0, "tls-plain", work, broker_url="mqtts://localhost:%d" % broker.plain, extra=ca, wait=False),
                "TLS", "a plain listener")
        refused(Torch(TORCH, 0, "tls-no-cert", work, broker_url="mqtts://localhost:%d" % broker.mutual, extra=ca, wait=False),
                "certificate required (the broker wants a client certificate: set [mqtt] cert-file and key-file)",
                "a broker that requires a client certificate, none given")

        # A client certificate where the broker requires one.
        mine = ca + "cert-file = %s/client.pem\nkey-file = %s/client.key\n" % (certs, certs)
        t = Torch(TORCH, 0, "tls-client-cert", work, broker_url="mqtts://localhost:%d" % broker.mutual, extra=mine)
        check("mqtt: connected to mqtts://localhost:%d" % broker.mutual in t.log(), "a client certificate is accepted")
        t.stop()

        # torch mqtt forget over TLS.
        r = subprocess.run([TORCH, "mqtt", "forget", "--config", t.config], capture_output=True, text=True, timeout=20)
        check(r.returncode == 0 and "removed" in r.stderr, "torch mqtt forget over TLS: %s" % r.stderr.strip())

        # Refused at start, one line each, the light going on without MQTT.
        os.chmod("%s/client.key" % certs, 0o644)
        t = Torch(TORCH, 0, "tls-open-key", work, broker_url="mqtts://localhost:%d" % broker.mutual, extra=mine, wait=False)
        wait_for(lambda: "no MQTT" in t.log(), 10, "the open key's line")
        line = [l for l in t.log().splitlines() if "no MQTT" in l]
        check(line and ("key-file: %s/client.key: mode 0644 lets group or others read the private key: use mode 0600" % certs) in line[0],
              "a key others may read is refused: %s" % line[:1])
        check(t.status().get("ok") is True and t.stop() == 0, "the service runs without MQTT")
        os.chmod("%s/client.key" % certs, 0o600)

        t = Torch(TORCH, 0, "tls-plain-url", work, broker_url="mqtt://127.0.0.1:%d" % broker.plain, extra=ca, wait=False)
        wait_for(lambda: "no MQTT" in t.log(), 10, "the plain broker's line")
        line = [l for l in t.log().splitlines() if "no MQTT" in l]
        check(line and "ca-file: for a TLS broker" in line[0] and "mqtts://127.0.0.1:%d" % broker.plain in line[0],
              "TLS files with mqtt:// are refused with the fix: %s" % line[:1])
        t.stop()
        observer.close()
    except AssertionError as e:
        check(False, str(e))
    finally:
        stop_all()
        broker.stop()
    return summary("mqtt-tls-test", FAILURES, start, work)


if __name__ == "__main__":
    sys.exit(main())
