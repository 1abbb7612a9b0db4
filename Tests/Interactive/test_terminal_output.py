"""What a person sees on the terminal: the spinner stays on one line, help fits 80 columns, Tab rings only
when there is nothing to complete, scripts tell their story, and the first prompt points at help.

The screen is rendered with pyte (a VT100 emulator) where the question is what the terminal shows rather
than which bytes were sent.

Run: python3 -m unittest discover -s Tests/Interactive   (APISH_BIN overrides the binary path)
"""
import os
import re
import subprocess
import time
import unittest

import pexpect
import pyte

from pty_support import BINARY, PROMPT, TIMEOUT, PtyTestCase, environment

SPINNER_FRAMES = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"


class TerminalOutput(PtyTestCase):
    def spawn(self, arguments=("--no-color",), columns=120, rows=40, faults=False):
        child = pexpect.spawn(BINARY, list(arguments), env=environment(self.state, faults), encoding="utf-8",
                              timeout=TIMEOUT, dimensions=(rows, columns))
        self.children.append(child)
        return child

    def start_shell(self, columns=120, rows=40, faults=False):
        child = self.spawn(columns=columns, rows=rows, faults=faults)
        child.expect(r"embedded demo API at (http://127\.0\.0\.1:\d+)")
        self.base_url = child.match.group(1)
        child.expect(PROMPT)
        return child

    # Spinner

    def test_the_spinner_never_takes_more_than_one_line_at_60_columns(self):
        child = self.start_shell(columns=60, rows=24, faults=True)
        screen = pyte.HistoryScreen(60, 24, history=2000)
        stream = pyte.Stream(screen)
        url = "%s/faults/delay/3000?padding=%s" % (self.base_url, "x" * 150)
        child.sendline("get " + url)

        def spinner_rows():
            rows = list(screen.history.top) + [screen.buffer[y] for y in range(screen.lines)]
            texts = ["".join(row[x].data for x in sorted(row)) for row in rows]
            return [text for text in texts if any(frame in text for frame in SPINNER_FRAMES)]

        most = 0
        frames_seen = set()
        deadline = time.monotonic() + TIMEOUT
        output = ""
        while time.monotonic() < deadline:
            try:
                chunk = child.read_nonblocking(4096, timeout=0.2)
            except pexpect.TIMEOUT:
                continue
            output += chunk
            stream.feed(chunk)
            rows = spinner_rows()
            most = max(most, len(rows))
            frames_seen.update(frame for row in rows for frame in SPINNER_FRAMES if frame in row)
            if re.search(r"\"delayed\": 3000", output) and PROMPT.search(output.split("delayed")[-1]):
                break
        self.assertGreater(len(frames_seen), 3, "the spinner was drawn, frame after frame")
        self.assertEqual(most, 1, "the spinner stayed on one line of the screen and scrollback")
        self.assertEqual(spinner_rows(), [], "the spinner erased itself")
        self.assertRegex(output, r"\"delayed\": 3000")

    # Help

    def test_help_at_80_columns_has_no_line_wider_than_80(self):
        child = self.start_shell(columns=80, rows=60)
        child.sendline("help")
        child.expect(PROMPT)
        text = child.before
        self.assertIn("help CMD shows a command's usage and examples.", text)
        lines = [line for line in re.split(r"\r?\n", text)]
        self.assertTrue(any(line.startswith("quit, exit, q ") for line in lines), "aliases are listed")
        self.assertTrue(any(re.match(r"^ {10,}\S", line) for line in lines), "some abstract wrapped under its column")
        too_wide = [line for line in lines if len(line) > 80]
        self.assertEqual(too_wide, [])

    def test_help_stays_inside_80_columns_on_a_wide_terminal_and_fits_a_narrow_one(self):
        for columns, limit in ((160, 80), (50, 50)):
            child = self.start_shell(columns=columns, rows=80)
            child.sendline("help expect")
            child.expect(PROMPT)
            lines = re.split(r"\r?\n", child.before)[1:]
            self.assertTrue(any(line.startswith("usage: expect status N") for line in lines))
            self.assertEqual([line for line in lines if len(line) > limit], [], "at %d columns" % columns)
            child.sendline("quit")
            child.expect(pexpect.EOF)

    # Completion bell

    def test_a_unique_completion_rings_no_bell(self):
        child = self.start_shell()
        child.send("servi\t")
        child.expect("ces ")
        seen = child.before + child.after
        child.send("\r")
        child.expect("SERVICE")
        child.expect(PROMPT)
        seen += child.before
        self.assertNotIn("\a", seen)

    def test_listing_alternatives_rings_no_bell(self):
        child = self.start_shell()
        child.send("use wea\t")
        child.expect("ther ")
        seen = child.before + child.after
        child.send("v\t")
        child.send("\t")
        child.expect("v1")
        child.expect("v2")
        seen += child.before
        self.assertNotIn("\a", seen)

    def test_nothing_to_complete_rings_the_bell(self):
        child = self.start_shell()
        child.send("zzz\t")
        child.expect("\a")
        child.send("\x03")
        child.expect(PROMPT)

    # First minute

    def test_the_first_prompt_says_help_exists_and_q_quits(self):
        child = self.spawn()
        child.expect(PROMPT)
        self.assertIn("Type help for the commands", child.before)
        self.assertIn("Tab to complete", child.before)
        child.sendline("q")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)

    # clear

    def test_clear_clears_the_screen_on_a_terminal_and_writes_nothing_to_a_pipe(self):
        # GIVEN text on the screen  WHEN clear is typed  THEN the terminal is sent home-and-erase, and shows
        # only the next prompt
        child = self.start_shell(columns=80, rows=24)
        child.sendline("services")
        child.expect(PROMPT)
        child.sendline("clear")
        child.expect_exact("\x1b[H\x1b[2J")
        child.expect(PROMPT)
        self.assertNotIn("unknown command", child.before)
        # AND on a pipe (and with --json) it writes nothing and succeeds
        for arguments in (["-c", "clear"], ["--json", "-c", "clear"]):
            piped = subprocess.run([BINARY, *arguments], env=environment(self.state), capture_output=True,
                                   timeout=TIMEOUT)
            self.assertEqual(piped.returncode, 0, piped.stderr)
            self.assertNotIn(b"\x1b", piped.stdout)
            self.assertNotIn(b"\x1b", piped.stderr)

    # Script story

    def test_a_script_on_a_terminal_tells_its_story(self):
        script = os.path.join(self.state, "story.apish")
        with open(script, "w", encoding="utf-8") as handle:
            handle.write("# Weather, version 2\n"
                         "use weather v2\n"
                         "refresh weather city==Seattle\n"
                         "expect status 200\n"
                         "expect city == Boston\n")
        child = self.spawn(["--no-color", script])
        child.expect(pexpect.EOF)
        child.close()
        output = child.before.replace("\r\n", "\n")
        self.assertEqual(child.exitstatus, 1)
        self.assertIn("── Weather, version 2\n   2 › use weather v2\nweather → v2", output)
        self.assertIn("   3 › refresh weather city==Seattle\nCity         Seattle\n", output)
        self.assertIn("   4 ✓ expect status 200\n   5 ✗ expect city == Boston\n", output)
        self.assertIn('story.apish:5: expected city == Boston, got "Seattle"', output)
        self.assertRegex(output, r"\n3 passed, 1 failed \(\d+\.\d\d s\)\n$")

        piped = subprocess.run([BINARY, script], env=environment(self.state), capture_output=True, text=True,
                               timeout=TIMEOUT)
        self.assertEqual(piped.returncode, 1)
        self.assertNotIn("›", piped.stdout)
        self.assertNotIn("passed", piped.stdout)
        self.assertTrue(piped.stdout.startswith("weather → v2"), piped.stdout)


if __name__ == "__main__":
    unittest.main()


class BidirectionalControls(PtyTestCase):
    """U+202A–U+202E and U+2066–U+2069 from a locator or a document never reach the terminal raw, the prompt
    included: each is shown as U+FFFD."""

    BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"

    def test_a_service_name_and_description_with_bidi_controls_reach_the_terminal_neutralised(self):
        locator = os.path.join(self.state, "bidi-locator.json")
        with open(locator, "w", encoding="utf-8") as handle:
            handle.write('{"services":[{"name":"svc\\u202eevil","version":1,"url":"http://127.0.0.1:9/x",'
                         '"description":"one \\u2066two\\u2069 three \\u202a"}]}')
        child = pexpect.spawn(BINARY, ["--no-color", "--locator", locator], env=environment(self.state),
                              encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 120))
        self.children.append(child)
        child.expect(PROMPT)
        child.sendline("services")
        child.expect(PROMPT)
        seen = child.before + child.after
        self.assertIn("svc\ufffdevil", seen)
        for control in self.BIDI:
            self.assertNotIn(control, seen, "U+%04X reached the terminal" % ord(control))
        # The prompt names the current service: neutralised too (what is typed is echoed as typed).
        child.sendline("use svc\u202eevil 1")
        child.expect("apish svc\ufffdevil v1> ")
        child.sendline("quit")
        child.expect(pexpect.EOF)
