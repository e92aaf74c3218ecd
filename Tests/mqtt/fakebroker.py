"""A small fake MQTT broker for the bad-input test: each connection torch makes gets the
next script of bytes (malformed packets, oversized remaining lengths, packets before
CONNACK); the last script is a well-behaved session that delivers one command."""

import socket
import threading

CONNACK = bytes([0x20, 0x02, 0x00, 0x00])


def publish(topic, payload, qos=0, packet_id=1):
    t = topic.encode()
    body = len(t).to_bytes(2, "big") + t + (packet_id.to_bytes(2, "big") if qos else b"") + payload
    return bytes([0x30 | (qos << 1)]) + varint(len(body)) + body


def varint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


class FakeBroker:
    """Listens on a free loopback port; connection i gets scripts[i] (bytes sent after
    torch's CONNECT arrives), then the socket is left open until torch closes it."""

    def __init__(self, scripts):
        self.scripts = scripts
        self.server = socket.socket()
        self.server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.server.bind(("127.0.0.1", 0))
        self.server.listen(8)
        self.port = self.server.getsockname()[1]
        self.connections = 0
        self.closed_by_torch = 0
        self.first_packets = []
        self.stopping = False
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self):
        while not self.stopping:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            index = self.connections
            self.connections += 1
            threading.Thread(target=self._session, args=(conn, index), daemon=True).start()

    def _session(self, conn, index):
        conn.settimeout(30)
        try:
            first = conn.recv(4096)
            self.first_packets.append(first[:1])
            script = self.scripts[min(index, len(self.scripts) - 1)]
            conn.sendall(script)
            while True:
                data = conn.recv(4096)
                if not data:
                    self.closed_by_torch += 1
                    return
                # Answer PINGREQ and SUBSCRIBE so the good session stays up.
                if data[0] == 0xC0:
                    conn.sendall(bytes([0xD0, 0]))
                elif data[0] & 0xF0 == 0x80 and len(data) >= 4:
                    conn.sendall(bytes([0x90, 3, data[2], data[3], 1]))
        except OSError:
            return
        finally:
            conn.close()

    def stop(self):
        self.stopping = True
        self.server.close()
