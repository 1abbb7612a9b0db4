"""`auth basic USER` at the prompt asks for the password without echoing it."""
import unittest

import pexpect

from pty_support import BINARY, PROMPT, TIMEOUT, PtyTestCase, environment


class SecretPrompt(PtyTestCase):
    def spawn(self):
        child = pexpect.spawn(BINARY, ["--no-color"], env=environment(self.state), encoding="utf-8", timeout=TIMEOUT,
                              dimensions=(40, 160))
        self.children.append(child)
        child.expect(r"embedded demo API at (http://127\.0\.0\.1:\d+)")
        self.base_url = child.match.group(1)
        child.expect(PROMPT)
        return child

    def test_a_left_out_password_is_asked_for_unechoed_and_used(self):
        child = self.spawn()
        child.sendline(f"auth basic ada {self.base_url}")
        child.expect("password for ada: ")
        child.sendline("Pty-s3cret-9")
        child.expect("basic login ada:••• set for")
        # The password typed was not echoed back to the terminal.
        self.assertNotIn("Pty-s3cret-9", child.before)
        child.expect(PROMPT)
        child.sendline(f"get {self.base_url}/basic-auth/ada/Pty-s3cret-9")
        child.expect('"authenticated": true')
        child.expect(PROMPT)
        self.assertNotIn("Pty-s3cret-9", child.before)
        # and history keeps no password
        child.sendline("history")
        child.expect(PROMPT)
        self.assertNotIn("Pty-s3cret-9", child.before)

    def test_ctrl_d_at_the_password_prompt_changes_nothing(self):
        child = self.spawn()
        child.sendline("auth digest ada")
        child.expect("password for ada: ")
        child.sendeof()
        child.expect("no password given; nothing changed")
        child.expect(PROMPT)
        child.sendline("auth show")
        child.expect("no credentials")


if __name__ == "__main__":
    unittest.main()
