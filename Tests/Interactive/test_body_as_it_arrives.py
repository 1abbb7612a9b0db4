"""A body written raw to a pipe is written as it arrives, as curl writes it: the first bytes reach the pipe while
the server has not sent the last (the loopback server below waits for the test to have read them before it sends
the rest, so a body held until its end never arrives). Only the command's own answer is written so: an OAuth
token fetched on the way is not. A secret the session holds is masked even when it arrives cut in two.

Run: APISH_BIN=.build/debug/apish python3 -m unittest Tests/Interactive/test_body_as_it_arrives.py
"""
import http.server
import os
import select
import shutil
import subprocess
import tempfile
import threading
import time
import unittest

from pty_support import BINARY, environment, send_json, serve_in_background

DEADLINE = 20
SECRET = "DripSecretTk71"


class DrippingServer:
    """A loopback server: `/drip` sends four bytes (Content-Length 4, as httpbin's drip) and, after the first,
    waits until `release` is set; `/split` sends a body with SECRET cut in two around the same wait; `/token`
    answers an OAuth 2 token, `/data` a small JSON body."""

    def __init__(self):
        self.release = threading.Event()
        self.sent_last = threading.Event()
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def answer(self, pieces, content_type):
                self.send_response(200)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(sum(len(piece) for piece in pieces)))
                self.end_headers()
                for index, piece in enumerate(pieces):
                    if index == 1:
                        server.release.wait(60)
                    self.wfile.write(piece)
                    self.wfile.flush()
                server.sent_last.set()

            def do_GET(self):
                if self.path.startswith("/drip"):
                    self.answer([b"*", b"*", b"*", b"*"], "application/octet-stream")
                elif self.path == "/split":
                    self.answer([b"a" * 200 + SECRET[:5].encode(), SECRET[5:].encode() + b" done\n"], "text/plain")
                elif self.path == "/data":
                    self.answer([b'{"ok": true}'], "application/json")
                else:
                    self.send_error(404)

            def do_POST(self):
                self.rfile.read(int(self.headers.get("Content-Length", "0")))
                send_json(self, {"access_token": "TokenAnswer55", "token_type": "Bearer", "expires_in": 3600})

        self.server = serve_in_background(Handler)
        self.base = "http://127.0.0.1:%d" % self.server.server_address[1]

    def stop(self):
        self.release.set()
        self.server.shutdown()
        self.server.server_close()


class BodyAsItArrives(unittest.TestCase):
    def setUp(self):
        self.state = tempfile.mkdtemp(prefix="apish-drip-")
        self.server = DrippingServer()
        self.process = None

    def tearDown(self):
        self.server.stop()
        if self.process and self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        shutil.rmtree(self.state, ignore_errors=True)

    def start(self, *lines):
        arguments = [BINARY, "--no-color"]
        for line in lines:
            arguments += ["-c", line]
        self.process = subprocess.Popen(arguments, env=environment(self.state), stdin=subprocess.DEVNULL,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE)

    def read_until(self, predicate):
        """What apish wrote to its stdout pipe until `predicate` holds of it (or the pipe ends, or the deadline)."""
        descriptor = self.process.stdout.fileno()
        data = b""
        deadline = time.monotonic() + DEADLINE
        while not predicate(data):
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            ready, _, _ = select.select([descriptor], [], [], remaining)
            if not ready:
                break
            chunk = os.read(descriptor, 4096)
            if not chunk:
                break
            data += chunk
        return data

    def finish(self, read):
        """The rest of stdout, with stderr and the exit status, once the server may send the rest."""
        self.server.release.set()
        out, err = self.process.communicate(timeout=DEADLINE)
        return read + out, err.decode(errors="replace"), self.process.returncode

    def test_the_first_byte_reaches_the_pipe_before_the_server_sends_the_last(self):
        # GIVEN a server that sends one byte of four, then waits for the test
        self.start("get %s/drip?duration=2&numbytes=4" % self.server.base)
        # WHEN the test reads apish's stdout
        first = self.read_until(lambda data: len(data) >= 1)
        # THEN the first byte is there while the server has not sent the last
        self.assertEqual(first, b"*")
        self.assertFalse(self.server.sent_last.is_set())
        # AND once the server goes on, the whole body is there, exactly
        out, err, status = self.finish(first)
        self.assertEqual(out, b"****")
        self.assertEqual(status, 0, err)
        self.assertIn("HTTP/1.1 200 OK", err)

    def test_a_secret_cut_between_two_pieces_is_masked(self):
        # GIVEN a bearer token the session holds, and a body that carries it cut in two
        self.start("auth bearer %s %s" % (SECRET, self.server.base), "get %s/split" % self.server.base)
        # WHEN the first piece has arrived, apish has written what cannot begin the secret
        first = self.read_until(lambda data: b"\na" in data)
        self.assertIn(b"\na", first)
        self.assertNotIn(SECRET[:5].encode(), first)
        # THEN the whole body has the secret masked and nothing of it in the clear (after auth's own line)
        out, err, status = self.finish(first)
        self.assertEqual(out.decode().split("\n", 1)[1], "a" * 200 + "••• done\n")
        self.assertEqual(status, 0, err)

    def test_an_oauth_token_fetched_on_the_way_is_not_written(self):
        # GIVEN an OAuth 2 client whose token is fetched by the first request in scope
        self.start("auth oauth2 %s/token client_id=drip client_secret=DripClientSecret9 %s" % (self.server.base, self.server.base),
                   "get %s/data" % self.server.base)
        out, err, status = self.finish(b"")
        # THEN stdout holds auth's line and the command's answer only, not the token endpoint's
        self.assertEqual(out.split(b"\n", 1)[1], b'{"ok": true}')
        self.assertEqual(status, 0, err)
        self.assertNotIn(b"TokenAnswer55", out)


if __name__ == "__main__":
    unittest.main()
