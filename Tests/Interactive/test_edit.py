"""`edit` at the prompt, under a pseudo-terminal: the editor gets the terminal (it reads what is typed), its
saved body goes out, and Ctrl-C while it runs sends nothing and leaves the shell at its prompt.

Run: python3 -m unittest discover -s Tests/Interactive   (APISH_BIN overrides the binary path)
"""
import os
import stat
import time
import unittest

import pexpect

from pty_support import BINARY, PROMPT, TIMEOUT, PtyTestCase, environment, wait_until


class EditAtThePrompt(PtyTestCase):
    def editor(self, name, body):
        path = os.path.join(self.state, name)
        with open(path, "w", encoding="utf-8") as handle:
            handle.write("#!/bin/sh\n" + body + "\n")
        os.chmod(path, stat.S_IRWXU)
        return path

    def spawn(self, editor):
        env = environment(self.state)
        env["EDITOR"] = editor
        env.pop("VISUAL", None)
        env["XDG_RUNTIME_DIR"] = self.state
        return self.spawn_shell(env=env)

    def left_files(self):
        return [name for name in os.listdir(self.state) if name.startswith("apish-edit-")]

    def test_the_editor_reads_the_terminal_and_its_saved_body_goes_out(self):
        # An editor that asks for the new name on the terminal, as a person would type it into vi.
        child = self.spawn(self.editor("ask", 'printf "new name? "; read name; sed -i "s/Rex/$name/" "$1"'))
        self.run_line(child, "post %s/echo name=Rex age:=3" % self.base_url)
        child.sendline("edit")
        child.expect("new name\\? ")
        child.sendline("Fido")
        child.expect('"name": "Fido"')
        child.expect(PROMPT)
        self.assertEqual(self.left_files(), [])
        self.assertIn("✓", self.run_line(child, "expect json.name == Fido"))

    def test_ctrl_c_while_the_editor_runs_sends_nothing(self):
        editing = os.path.join(self.state, "editing")
        child = self.spawn(self.editor("slow", 'sed -i "s/Rex/Fido/" "$1"; : > %s; sleep 60' % editing))
        self.run_line(child, "post %s/echo name=Rex age:=3" % self.base_url)
        child.sendline("edit")
        self.assertTrue(wait_until(lambda: os.path.exists(editing)), "the editor has saved and runs on")
        started = time.monotonic()
        child.send("\x03")
        child.expect(PROMPT)
        output = child.before
        self.assertLess(time.monotonic() - started, 30, "a generous bound, well under the editor's minute")
        self.assertIn("edit: stopped by Ctrl-C; nothing sent", output)
        self.assertNotIn("Fido", output)
        self.assertEqual(self.left_files(), [])
        # The last request is still the one before the edit, and the shell goes on.
        self.assertIn("✓", self.run_line(child, "expect json.name == Rex"))

    def test_a_body_kept_after_a_mistake_goes_when_the_session_ends(self):
        # GIVEN an edit saved as broken JSON, kept for the same edit to open again
        child = self.spawn(self.editor("break", 'printf "{broken" > "$1"'))
        self.run_line(child, "post %s/echo name=Rex age:=3" % self.base_url)
        output = self.run_line(child, "edit")
        self.assertIn("the edited body is kept in", output)
        self.assertEqual(len(self.left_files()), 1)
        # WHEN the session ends  THEN the file goes with it
        child.sendline("quit")
        child.expect(pexpect.EOF)
        child.wait()
        self.assertEqual(self.left_files(), [])


if __name__ == "__main__":
    unittest.main()
