"""A file whose name is not UTF-8 (Latin-1 bytes, as an old disk or archive holds them) is uploaded: named
on the command line or in a script, opened by its own bytes, and sent with RFC 5987's filename* (its
name read as Latin-1) beside an ASCII stand-in (issue 43 item 13). Run against a loopback server that keeps
the raw body it receives."""
import http.server
import os
import shutil
import subprocess
import tempfile
import unittest

from pty_support import BINARY, environment, serve_in_background


class UploadNameTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="apish-upload-names-")
        self.bodies = []
        bodies = self.bodies

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_POST(self):
                bodies.append(self.rfile.read(int(self.headers.get("Content-Length", "0"))))
                self.send_response(204)
                self.end_headers()

        self.server = serve_in_background(Handler)
        self.url = "http://127.0.0.1:%d/upload" % self.server.server_address[1]
        # A name of Latin-1 bytes: "café.txt" with é as the one byte 0xE9.
        self.path = os.path.join(os.fsencode(self.folder), b"caf\xe9.txt")
        with open(self.path, "wb") as file:
            file.write(b"contents of the file\n")
        self.state = tempfile.mkdtemp(prefix="apish-upload-state-")

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()
        shutil.rmtree(self.folder, ignore_errors=True)
        shutil.rmtree(self.state, ignore_errors=True)

    def check_upload(self, result):
        self.assertEqual(result.returncode, 0, result.stderr.decode(errors="replace"))
        body = self.bodies[0]
        self.assertIn(b"contents of the file\n", body)
        self.assertIn(b'name="doc"; filename="caf_.txt"; filename*=UTF-8\'\'caf%C3%A9.txt', body)

    def test_named_on_the_command_line(self):
        line = b"post " + self.url.encode() + b" doc@" + self.path
        result = subprocess.run([BINARY.encode(), b"-c", line, b"-c", b"curl"],
                                env=environment(self.state), capture_output=True, timeout=60)
        self.check_upload(result)
        # The curl export names the file by its bytes ($'…\xe9…'), so the command it shows sends that file.
        command = [line for line in result.stdout.splitlines() if line.startswith(b"curl ")][-1]
        self.assertIn(b"caf\\xe9.txt", command)
        sent = subprocess.run(["bash", "-c", command.decode("ascii") + " -s -o /dev/null"], capture_output=True, timeout=60)
        self.assertEqual(sent.returncode, 0, sent.stderr)
        self.assertEqual(len(self.bodies), 2)
        self.assertIn(b"contents of the file\n", self.bodies[1])

    def test_named_in_a_script(self):
        script = os.path.join(self.folder, "upload.apish")
        with open(script, "wb") as file:
            file.write(b"post " + self.url.encode() + b" doc@" + self.path + b"\n")
        result = subprocess.run([BINARY, script], env=environment(self.state), capture_output=True, timeout=60)
        self.check_upload(result)


if __name__ == "__main__":
    unittest.main()
