#!/usr/bin/python3
"""Loopback is not a back door (issue 22): `torch run --backend sim` with `[web] listen`
on loopback (no pairing) gives control through the page only to the users who could use
the control socket themselves. Run as root (make web-test):
  - root (may use any socket) gets `GET /api/status` 200 with "access":"control";
  - `nobody` (not the socket's owner, not in its group) gets 401 naming the socket, and
    its `POST /api/command {"cmd":"on"}` is 401 with the light still dark;
  - once the socket's group is nobody's own (chgrp nogroup, mode 0660) the same
    request from `nobody` is 200 and lights the light: the rule follows the socket's
    permissions, read when a connection makes its first request.
Loopback only; stops what it started.

usage: Tests/web/loopback-users.py TORCH"""
import encodings.idna  # noqa: F401  (loaded before a child drops to nobody, who may not read the library)
import http.client, json, os, pwd, shutil, socket, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bench"))
import torchproc  # noqa: E402

TORCH = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/release/torch")
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what, flush=True)
    if not ok:
        failures.append(what)




def request(port, method, path, body=None, as_user=None):
    """(status, body text) of one request, made by a child running as `as_user` (a
    passwd entry) when given, so the connection's socket belongs to that user."""
    r, w = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(r)
        try:
            if as_user is not None:
                os.setgroups([])
                os.setgid(as_user.pw_gid)
                os.setuid(as_user.pw_uid)
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            headers = {"Host": "127.0.0.1:%d" % port}
            if body is not None:
                headers.update({"Content-Type": "application/json", "Origin": "http://127.0.0.1:%d" % port})
            c.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
            resp = c.getresponse()
            out = json.dumps([resp.status, resp.read().decode("utf-8", "replace")])
        except Exception as e:  # the parent reports it
            out = json.dumps([0, "%s: %s" % (type(e).__name__, e)])
        os.write(w, out.encode())
        os._exit(0)
    os.close(w)
    data = b""
    while True:
        chunk = os.read(r, 65536)
        if not chunk:
            break
        data += chunk
    os.close(r)
    os.waitpid(pid, 0)
    status, text = json.loads(data.decode())
    return status, text


def main():
    if os.geteuid() != 0:
        print("loopback-users: needs root (it makes requests as root and as nobody)")
        return 1
    nobody = pwd.getpwnam("nobody")
    tmp = tempfile.mkdtemp(prefix="torch-loopback-")
    os.chmod(tmp, 0o755)  # nobody must reach the socket file once its group allows it
    port = torchproc.free_port()
    sock = os.path.join(tmp, "torch.sock")
    conf = os.path.join(tmp, "torch.conf")
    with open(conf, "w") as f:
        f.write("[service]\nsocket = %s\nwatchdog = no\n\n[web]\nlisten = 127.0.0.1:%d\n" % (sock, port))
    proc = subprocess.Popen([TORCH, "run", "--backend", "sim", "--no-display", "--config", conf,
                             "--state-file", os.path.join(tmp, "state")],
                            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                            stderr=open(os.path.join(tmp, "log"), "w"))
    try:
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if os.path.exists(sock) and request(port, "GET", "/api/status")[0] == 200:
                break
            time.sleep(0.1)
        st = os.stat(sock)
        print("control socket: mode %o, uid %d, gid %d" % (st.st_mode & 0o777, st.st_uid, st.st_gid))

        status, text = request(port, "GET", "/api/status")
        check(status == 200 and json.loads(text).get("access") == "control",
              "root on loopback: GET /api/status %d, access %s" % (status, text[:80]))

        status, text = request(port, "GET", "/api/status", as_user=nobody)
        check(status == 401 and sock in text, "nobody on loopback: GET /api/status %d: %s" % (status, text[:160]))
        status, text = request(port, "POST", "/api/command", {"cmd": "on"}, as_user=nobody)
        check(status == 401, "nobody on loopback: POST on %d: %s" % (status, text[:120]))
        lit = json.loads(request(port, "GET", "/api/status")[1]).get("lit")
        check(lit is False, "after nobody's refused on: lit %s" % lit)

        os.chown(sock, 0, nobody.pw_gid)
        os.chmod(sock, 0o660)
        status, text = request(port, "POST", "/api/command", {"cmd": "on"}, as_user=nobody)
        check(status == 200, "socket group nogroup 0660: nobody's POST on %d: %s" % (status, text[:120]))
        lit = json.loads(request(port, "GET", "/api/status")[1]).get("lit")
        check(lit is True, "after nobody's allowed on: lit %s" % lit)
    finally:
        rc = torchproc.stop_process(proc)
        check(rc == 0, "SIGTERM: exit %s" % rc)
        shutil.rmtree(tmp, ignore_errors=True)
    print("loopback-users: %s" % ("%d failed" % len(failures) if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
