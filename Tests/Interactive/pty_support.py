"""What the pseudo-terminal tests share: where the binary is, the prompt, a clean environment, and a test
case that starts children in a private state folder and stops them afterwards."""
import http.server
import json
import os
import re
import shutil
import tempfile
import threading
import time
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("APISH_BIN", os.path.join(ROOT, ".build", "debug", "apish"))
PROMPT = re.compile(r"apish[^\r\n>]*> ")
TIMEOUT = 20


def environment(state, faults=False):
    """The caller's environment without what would change apish's behaviour, history in `state`."""
    env = dict(os.environ)
    env.pop("NO_COLOR", None)
    env.pop("APISH_LOCATOR", None)
    env.pop("COLUMNS", None)
    env["XDG_STATE_HOME"] = state
    env["TERM"] = "xterm"
    if faults:
        env["APISH_DEMO_FAULTS"] = "1"
    return env


class PtyTestCase(unittest.TestCase):
    """A private state folder per test; every child appended to `self.children` is stopped afterwards."""

    def setUp(self):
        self.state = tempfile.mkdtemp(prefix="apish-pty-")
        self.children = []

    def spawn_shell(self, *options, env=None, faults=False):
        """The shell on its embedded demo under a pseudo-terminal, at its first prompt; `self.base_url` is the
        demo's address."""
        import pexpect  # only the tests that start a shell need it
        child = pexpect.spawn(BINARY, ["--no-color", *options], env=env or environment(self.state, faults), encoding="utf-8",
                              timeout=TIMEOUT, dimensions=(40, 160))
        self.children.append(child)
        child.expect(r"embedded demo API at (http://127\.0\.0\.1:\d+)")
        self.base_url = child.match.group(1)
        child.expect(PROMPT)
        return child

    def run_line(self, child, line):
        """Sends one line and returns what it printed before the next prompt."""
        child.sendline(line)
        child.expect(PROMPT)
        return child.before

    def tearDown(self):
        for child in self.children:
            if child.isalive():
                child.terminate(force=True)
        shutil.rmtree(self.state, ignore_errors=True)


def send_json(handler, value, status=200):
    """Answers a loopback test server's request with `value` as JSON."""
    body = json.dumps(value).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def serve_in_background(handler_class):
    """A threading HTTP server of `handler_class` on a free loopback port, serving until shut down."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler_class)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def wait_until(condition, seconds=TIMEOUT, every=0.02):
    """Whether `condition()` comes to hold within `seconds`: what a test waits on instead of a fixed sleep."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() >= deadline:
            return False
        time.sleep(every)
    return True


def serve_held_requests(test):
    """A loopback server that holds every request it gets for a minute, or until `test` ends, then answers
    `{"held": true}`: a request the test can be sure is in flight. Returns the server's base URL and an event
    set once a request has arrived."""
    arrived = threading.Event()
    released = threading.Event()

    class Held(http.server.BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_GET(self):
            arrived.set()
            released.wait(60)
            try:
                send_json(self, {"held": True})
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up on it, as the test meant it to

    server = serve_in_background(Held)
    test.addCleanup(server.server_close)
    test.addCleanup(server.shutdown)
    test.addCleanup(released.set)  # cleanups run last first: the held requests end, then the server
    return "http://127.0.0.1:%d" % server.server_address[1], arrived
