"""Values that only look like credentials (a member named `api_key`, a bearer header inside a string) are
hidden on the terminal only, with one hint per session of how to show them (`reveal on`); names that are
data (`key`, `authorizations_url`) are never hidden.

Run: APISH_BIN=.build/debug/apish python3 -m unittest Tests/Interactive/test_lookalike_display.py
"""
import http.server
import json
import threading
import unittest

from pty_support import PtyTestCase

BODY = {"key": "mit", "authorizations_url": "https://api.github.com/authorizations", "checkout_session": "cs_123",
        "api_key": "sk_live_abcdef123", "note": "Authorization: Bearer abcdefgh"}


class Answer(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        data = json.dumps(BODY).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


class LookalikeDisplay(PtyTestCase):
    def setUp(self):
        super().setUp()
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Answer)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.url = "http://127.0.0.1:%d/license" % self.server.server_address[1]

    def tearDown(self):
        self.server.shutdown()
        self.server.server_close()
        super().tearDown()

    def test_the_terminal_hides_lookalikes_says_so_once_and_reveal_shows_them(self):
        child = self.spawn_shell()
        first = self.run_line(child, "get " + self.url)
        second = self.run_line(child, "get " + self.url)
        self.run_line(child, "reveal on")
        revealed = self.run_line(child, "get " + self.url)

        # Data names stay as they came; the two lookalikes are hidden, with one hint
        self.assertIn('"key": "mit"', first)
        self.assertIn('"authorizations_url": "https://api.github.com/authorizations"', first)
        self.assertIn('"checkout_session": "cs_123"', first)
        self.assertIn('"api_key": "•••"', first)
        self.assertIn('"note": "Authorization: Bearer •••"', first)
        self.assertIn("(2 values that look like credentials hidden; reveal on shows them)", first)
        # once a session
        self.assertIn('"api_key": "•••"', second)
        self.assertNotIn("reveal on shows", second)
        # and reveal on shows them
        self.assertIn('"api_key": "sk_live_abcdef123"', revealed)
        self.assertIn('"note": "Authorization: Bearer abcdefgh"', revealed)


if __name__ == "__main__":
    unittest.main()
