"""The real apish binary under a pseudo-terminal: completion, history, Ctrl-C and Ctrl-D.

Run: python3 -m unittest discover -s Tests/Interactive   (APISH_BIN overrides the binary path)
"""
import os
import shutil
import stat
import subprocess
import time
import unittest

import pexpect

from pty_support import BINARY, PROMPT, TIMEOUT, PtyTestCase, environment, serve_held_requests


class InteractiveShell(PtyTestCase):
    def spawn(self, faults=False):
        return self.spawn_shell(faults=faults)

    def test_tab_completes_a_command(self):
        child = self.spawn()
        # libedit redraws the line, so the completed word is checked by what running it does.
        child.send("servi\t")
        child.expect("ces ")
        child.send("\r")
        child.expect("SERVICE")
        child.expect(PROMPT)
        self.assertIn("weather", child.before)
        self.assertNotIn("unknown command", child.before)

    def test_tab_completes_service_and_version(self):
        child = self.spawn()
        child.send("use wea\t")
        child.expect("ther ")
        child.send("v\t\t")
        child.expect("v1")
        child.expect("v2")
        child.send("2\r")
        child.expect(r"weather → v2")
        child.expect(PROMPT)

    def test_like_offers_ids_from_last_twits(self):
        child = self.spawn()
        self.run_line(child, "twits")
        child.send("like t1\t\t")
        child.expect("t10")
        child.expect("t11")
        child.send("\x03")  # clear the line
        child.expect(PROMPT)

    def test_refresh_twit_feeds_like_completion_too(self):
        # `refresh twit` fetches the same timeline as `twits`, so its ids are offered after `like`
        child = self.spawn()
        self.run_line(child, "refresh twit")
        child.send("like t0\t\t")
        child.expect("t01")
        child.expect("t09")
        child.send("\x03")
        child.expect(PROMPT)

    def test_call_completes_operation_ids_then_parameter_names(self):
        child = self.spawn()
        self.run_line(child, "locate services-openapi.json")
        # v2's operation; v3 (the default now) renamed its neighbour to getPetById
        self.run_line(child, "use petstore v2")
        child.send("call getP\t")
        child.expect("et ")
        # a parameter name ends in `=`, with no space after it: the value follows at once
        child.send("i\t")
        child.expect("d=")
        child.send("1\r")
        child.expect("HTTP/1.1 200 OK")
        child.expect('"name": "Rex"')
        child.expect(PROMPT)

    def test_up_arrow_recalls_history_and_file_survives_restart_without_secret(self):
        child = self.spawn()
        self.run_line(child, "auth bearer sup3r-s3cret-token")
        self.run_line(child, "auth bearer 'quoted-s3cret-token' twit")
        self.run_line(child, "header Authorization 'Bearer hdr-s3cret-token'")
        self.run_line(child, "services")
        child.send("\x1b[A")  # Up: the last line comes back
        child.expect("services")
        child.send("\r")
        child.expect("SERVICE")
        child.expect(PROMPT)
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)

        path = os.path.join(self.state, "apish", "history")
        self.assertTrue(os.path.exists(path), "history file written")
        self.assertEqual(stat.S_IMODE(os.stat(path).st_mode), 0o600)
        with open(path, encoding="utf-8", errors="replace") as handle:
            content = handle.read()
        self.assertNotIn("sup3r-s3cret-token", content)
        self.assertNotIn("quoted-s3cret-token", content)
        self.assertNotIn("hdr-s3cret-token", content)
        self.assertIn("services", content)

        again = self.spawn()
        again.send("\x1b[A")
        again.expect("services")
        again.send("\r")
        again.expect("SERVICE")
        again.expect(PROMPT)

    def test_history_masks_a_token_that_is_a_command_word_and_keeps_the_command(self):
        # GIVEN the bearer token `auth`, typed twice: the second time the shell already holds it
        child = self.spawn()
        self.run_line(child, "auth bearer auth twit")
        self.run_line(child, "auth bearer auth weather")
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
        path = os.path.join(self.state, "apish", "history")
        with open(path, encoding="utf-8", errors="replace") as handle:
            lines = [line.replace("\\040", " ") for line in handle.read().splitlines()]
        # THEN history keeps the command's words and masks only the token
        self.assertIn("auth bearer \u2022\u2022\u2022 twit", lines)
        self.assertIn("auth bearer \u2022\u2022\u2022 weather", lines)

    def test_ctrl_c_clears_the_line_and_keeps_the_shell(self):
        child = self.spawn()
        child.send("this is not a command")
        child.send("\x03")
        child.expect(PROMPT)
        output = self.run_line(child, "use weather v1")
        self.assertIn("weather → v1", output)
        self.assertNotIn("unknown command", output)

    def test_ctrl_c_cancels_a_slow_request(self):
        child = self.spawn()
        held, arrived = serve_held_requests(self)
        child.sendline("get %s/slow" % held)
        self.assertTrue(arrived.wait(TIMEOUT), "the request reached the server")
        started = time.monotonic()
        child.send("\x03")
        child.expect("cancelled")
        child.expect(PROMPT)
        self.assertLess(time.monotonic() - started, 30, "a generous bound, well under the minute the server holds it")
        output = self.run_line(child, "use weather v2")
        self.assertIn("weather → v2", output)

    def test_ctrl_c_stops_a_sourced_script(self):
        child = self.spawn(faults=True)
        script = os.path.join(self.state, "slow.apish")
        with open(script, "w", encoding="utf-8") as handle:
            for _ in range(3):
                handle.write("get %s/faults/delay/4000\n" % self.base_url)
        child.sendline("source " + script)
        child.expect("Ctrl-C cancels")  # the first request is under way
        child.send("\x03")
        child.expect(PROMPT)
        output = child.before
        self.assertIn("cancelled", output)
        self.assertNotIn("delayed", output, "no later request of the script ran")
        child.sendline("use weather v1")
        child.expect("weather → v1")

    def test_slow_request_shows_a_spinner_then_its_result(self):
        child = self.spawn(faults=True)
        child.sendline("get %s/faults/delay/1500" % self.base_url)
        child.expect("Ctrl-C cancels")  # the spinner, drawn on stderr after ~300 ms
        child.expect(r"\"delayed\": 1500")
        child.expect(PROMPT)

    def test_without_libedit_the_shell_says_so_and_reads_plain_lines(self):
        # libedit is loaded at the first prompt, not linked: hide it in a private mount namespace (/dev/null
        # bound over the library) and the shell must still start, say why editing is off, and read lines.
        library = None
        if shutil.which("ldconfig") or os.path.exists("/sbin/ldconfig"):
            listing = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True).stdout
            for line in listing.splitlines():
                if "libedit.so.2 " in line and "=>" in line:
                    library = os.path.realpath(line.split("=>")[1].strip())
                    break
        if not library or not shutil.which("unshare"):
            self.skipTest("needs ldconfig, unshare and a libedit.so.2 to hide")
        probe = subprocess.run(["unshare", "-rm", "mount", "--bind", "/dev/null", library], capture_output=True)
        if probe.returncode != 0:
            self.skipTest("unprivileged mount namespaces are not allowed here")
        child = pexpect.spawn("unshare", ["-rm", "sh", "-c", 'mount --bind /dev/null "$1" && exec "$2" --no-color', "sh",
                                          library, BINARY],
                              env=environment(self.state), encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 160))
        self.children.append(child)
        child.expect(r"line editing is off \(")
        # Without libedit nothing completes, so the welcome does not offer Tab.
        child.expect(r"Type help for the commands, Ctrl-D to quit\.")
        self.assertNotIn("Tab", child.before)
        child.expect(PROMPT)
        self.assertNotIn("Tab", child.before)
        child.sendline("services")
        child.expect("SERVICE")
        child.expect(PROMPT)
        self.assertIn("weather", child.before)
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)

    def test_ctrl_d_exits_zero(self):
        child = self.spawn()
        child.sendeof()
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)


if __name__ == "__main__":
    unittest.main()
