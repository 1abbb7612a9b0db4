"""A heredoc typed at the prompt: each of its lines gets the continuation prompt, and they are sent as one
body; Ctrl-C there drops the command. A pipe typed at the prompt shares the terminal.

Run: python3 -m unittest discover -s Tests/Interactive   (APISH_BIN overrides the binary path)
"""
import re
import unittest

import pexpect

from pty_support import BINARY, PROMPT, TIMEOUT, PtyTestCase, environment

CONTINUATION = "heredoc> "


class HeredocAtThePrompt(PtyTestCase):
    def spawn(self):
        return self.spawn_shell()

    def test_a_heredoc_gets_a_continuation_prompt_and_is_sent_as_one_body(self):
        child = self.spawn()
        child.sendline("post %s/echo <<EOF" % self.base_url)
        child.expect_exact(CONTINUATION)
        child.sendline('[{"name": "Rex"},')
        child.expect_exact(CONTINUATION)
        child.sendline(" 2]")
        child.expect_exact(CONTINUATION)
        child.sendline("EOF")
        child.expect(PROMPT)
        shown = child.before
        # One request, whose body is both lines as typed and whose JSON is the array.
        self.assertEqual(len(re.findall(r"HTTP/1\.1 200 OK", shown)), 1, shown)
        self.assertIn('"body": "[{\\"name\\": \\"Rex\\"},\\n 2]"', shown)
        self.assertIn('"content-type": "application/json"', shown)
        self.assertNotIn("unknown command", shown)

    def test_ctrl_c_at_the_continuation_prompt_drops_the_command(self):
        child = self.spawn()
        child.sendline("post %s/echo <<EOF" % self.base_url)
        child.expect_exact(CONTINUATION)
        child.sendline("{}")
        child.expect_exact(CONTINUATION)
        child.send("\x03")
        child.expect(PROMPT)
        # Nothing was sent: the last response is still none.
        child.sendline("show --raw")
        child.expect(PROMPT)
        self.assertNotIn("/echo", child.before)
        self.assertNotIn("HTTP/1.1", child.before)

    def test_a_pipe_at_the_prompt_writes_to_the_terminal(self):
        child = self.spawn()
        child.sendline("get %s/media/ndjson | grep -c event" % self.base_url)
        child.expect(PROMPT)
        self.assertIn("HTTP/1.1 200 OK", child.before)
        self.assertRegex(child.before, r"\n3\r?\n")


if __name__ == "__main__":
    unittest.main()
