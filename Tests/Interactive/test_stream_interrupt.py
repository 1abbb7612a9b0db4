"""Ctrl-C in the middle of a stream, under a pseudo-terminal: the stream ends, and what arrived stays, on the
screen and as the last response (`expect`, `let`, `show --raw`), in a file and in a pipe; `--json` says it was
interrupted. The loopback stream server (Tests/Servers/loopback_servers.py) sends its first event or line at
once and the rest only when a gate file appears, which these tests never make: the stream is still open when
Ctrl-C comes.

Run: python3 -m unittest discover -s Tests/Interactive   (APISH_BIN overrides the binary path)
"""
import os
import subprocess
import sys
import time
import unittest

import pexpect

from pty_support import BINARY, PROMPT, ROOT, TIMEOUT, PtyTestCase, environment, wait_until


class StreamInterrupt(PtyTestCase):
    def setUp(self):
        super().setUp()
        script = os.path.join(ROOT, "Tests", "Servers", "loopback_servers.py")
        self.gate = os.path.join(self.state, "gate-never-made")
        self.server = subprocess.Popen([sys.executable, script, "stream", self.gate],
                                       stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        self.base = "http://127.0.0.1:%s" % self.server.stdout.readline().strip()

    def tearDown(self):
        self.server.stdin.close()
        self.server.wait(timeout=30)
        super().tearDown()

    def spawn(self, *options):
        return self.spawn_shell(*options)

    def interrupt(self, child):
        """Ctrl-C once the stream is open and its first part shown; back at the prompt before the server would
        have ended the stream (it waits 20 s for the gate)."""
        started = time.monotonic()
        child.send("\x03")
        child.expect(PROMPT)
        self.assertLess(time.monotonic() - started, 15)
        return child.before

    def test_the_events_that_arrived_are_the_last_response(self):
        child = self.spawn()
        child.sendline("get %s/events" % self.base)
        child.expect("event: greet")
        output = self.interrupt(child)
        self.assertIn("stream stopped by Ctrl-C: 1 event kept as the last response", output)
        self.assertNotIn("network failure", output)
        self.assertNotIn("cancelled", output)
        # expect and let read the events as an array, the last one as `last`
        self.assertIn("✓", self.run_line(child, "expect last.data.n == 1"))
        self.assertIn("✓", self.run_line(child, "expect [0].event == greet"))
        self.assertIn("✓", self.run_line(child, "expect status 200"))
        self.assertIn("n = 1", self.run_line(child, "let n = last.data.n"))
        shown = self.run_line(child, "show --raw")
        self.assertIn('"event": "greet"', shown)
        self.assertNotIn("done", shown)

    def test_a_file_and_a_pipe_keep_what_arrived(self):
        child = self.spawn()
        lines = os.path.join(self.state, "lines.ndjson")
        child.sendline("get %s/lines > %s" % (self.base, lines))
        self.wait_for_content(lines)
        self.interrupt(child)
        with open(lines, encoding="utf-8") as handle:
            self.assertEqual(handle.read(), '{"n": 1}\n')
        self.assertIn("✓", self.run_line(child, "expect last.n == 1"))
        # The pipe's command ignores the terminal's Ctrl-C, as a careful filter may: it gets the end of its input
        # and finishes (the file appears only then), and the line does not fail.
        events = os.path.join(self.state, "events.txt")
        child.sendline("get %s/events | trap '' INT; cat > %s.part && mv %s.part %s" % (self.base, events, events, events))
        self.wait_for_content(events + ".part")
        output = self.interrupt(child)
        self.assertNotIn("interrupted", output)
        self.assertNotIn("error", output)
        wait_until(lambda: os.path.exists(events))
        with open(events, encoding="utf-8") as handle:
            self.assertEqual(handle.read(), 'event: greet\nid: 1\ndata: {"n": 1}\n\n')

    def test_json_says_the_stream_was_interrupted(self):
        child = self.spawn("--json")
        child.sendline("get %s/events" % self.base)
        child.expect(r'\{"event":"greet","id":"1","data":\{"n":1\}\}')
        output = self.interrupt(child)
        self.assertRegex(output, r'"ok":true,[^\n]*"status":200,"result":"success","interrupted":true')
        self.assertIn('"data":[{"event":"greet","id":"1","data":{"n":1}}]', output)

    def test_a_body_that_is_no_stream_is_still_cancelled_whole(self):
        # A JSON body trickling in is one value, not shown as it comes: Ctrl-C cancels it, as any request.
        child = self.spawn()
        child.sendline("get %s/json" % self.base)
        self.assertTrue(wait_until(lambda: os.path.exists(self.gate + ".sent")), "the body's first part was sent")
        output = self.interrupt(child)
        self.assertIn("request cancelled", output)
        self.assertNotIn("kept as the last response", output)

    def wait_for_content(self, path):
        if not wait_until(lambda: os.path.exists(path) and os.path.getsize(path) > 0):
            self.fail("nothing arrived in %s" % path)


if __name__ == "__main__":
    unittest.main()
