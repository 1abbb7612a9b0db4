"""`apish present`: a talk played under a pseudo-terminal and driven by key presses (hidden setup, a caption,
compare, a failing step retried and skipped, a detour into the live shell), the screen checked at each pause
with pyte; the asciicast it records (asciinema reads it; two --mock recordings differ only in their
timestamp) and the slides it renders (headless Chromium draws them with no network)."""
import json
import os
import shutil
import subprocess
import tempfile
import unittest

import pexpect
import pyte

from pty_support import BINARY, PROMPT, ROOT, TIMEOUT, PtyTestCase, environment

EXAMPLE = os.path.join(ROOT, "examples", "version-upgrade.apish")

# What varies from run to run unless --mock fixes it: ports (in URLs and Host headers) and transfer times.
TIMED_TALK = """timing on
verbose on
refresh weather
refresh stockQuote
compare weather v1 v2
locate services-next.json
use weather latest
refresh
services
"""

TALK = """# setup nobody sees
#hide
use weather v1
#show
#say the caption of this talk
refresh
#pause first
compare weather v1 v2
#pause second
get /nosuch
services
#pause third
"""

COLUMNS, ROWS = 100, 60


class Screen:
    """What the terminal shows: every byte apish writes, fed to pyte."""

    def __init__(self):
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.Stream(self.screen)

    def write(self, text):
        self.stream.feed(text)

    def flush(self):
        pass

    @property
    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display)


class PresentTests(PtyTestCase):
    def setUp(self):
        super().setUp()
        self.folder = tempfile.mkdtemp(prefix="apish-present-")
        self.talk = os.path.join(self.folder, "talk.apish")
        with open(self.talk, "w") as file:
            file.write(TALK)

    def tearDown(self):
        super().tearDown()
        shutil.rmtree(self.folder, ignore_errors=True)

    def spawn_talk(self, *options):
        screen = Screen()
        child = pexpect.spawn(BINARY, ["--no-color", "present", self.talk, "--speed", "2000", *options],
                              env=environment(self.state), encoding="utf-8", timeout=TIMEOUT, dimensions=(ROWS, COLUMNS))
        child.logfile_read = screen
        self.children.append(child)
        return child, screen

    def test_a_talk_driven_by_keys(self):
        cast = os.path.join(self.folder, "talk.cast")
        slides = os.path.join(self.folder, "talk.html")
        child, screen = self.spawn_talk("--record", cast, "--render", slides)
        # The hidden setup ran unseen: the first line typed is at weather v1's prompt.
        child.expect("» the caption of this talk")
        child.expect_exact("apish weather v1> refresh")
        child.send("\r")
        child.expect("Temperature")
        # Pause one: the caption, the answer, and nothing of the hidden line.
        self.assertIn("» the caption of this talk", screen.text)
        self.assertIn("Richmond", screen.text)
        self.assertNotIn("use weather v1", screen.text)
        self.assertNotIn("compare", screen.text)
        child.send("\r")
        child.expect_exact("apish weather v1> compare weather v1 v2")
        child.send("\r")
        child.expect("changes between weather v1 and v2")
        # Pause two: the two columns, the same field on one row.
        rows = [line for line in screen.text.splitlines() if "│" in line]
        self.assertTrue(any(line.startswith("  weather v1") and "│   weather v2" in line for line in rows), rows)
        self.assertTrue(any(line.startswith("~ currentTemperature: \"63\"") and "│ ~ currentTemperature: 63" in line
                            for line in rows), rows)
        self.assertTrue(any("│ + currentConditions: \"Sunny\"" in line for line in rows), rows)
        # A question from the room: the live shell at the talk's state, and back with Ctrl-D.
        child.send("l")
        child.expect(PROMPT)
        child.sendline("use weather v2")
        child.expect(PROMPT)
        child.sendeof()
        child.expect("back to the talk")
        child.send(" ")
        # The failing step stops the talk; r runs it again (it fails again), s skips it.
        child.expect_exact("get /nosuch")
        child.send("\r")
        child.expect("step failed")
        child.send("r")
        child.expect("step failed")
        self.assertEqual(screen.text.count("✗ step failed"), 2, screen.text)
        child.send("s")
        child.expect_exact("services")
        child.send("\r")
        child.expect("weather")
        # Pause three: services shows v2 active, chosen in the live shell.
        child.send("\r")
        child.expect(pexpect.EOF)
        child.close()
        self.assertEqual(child.exitstatus, 0)
        self.assertRegex(screen.text, r"\*\s+weather\s+v2")
        self.check_cast(cast, pauses=["first", "second", "third"], live=screen.text)
        self.check_slides(slides, count=4)

    def check_cast(self, path, pauses, live=None):
        with open(path) as file:
            lines = file.read().splitlines()
        records = [json.loads(line) for line in lines]
        header, events = records[0], records[1:]
        self.assertEqual(header["version"], 2)
        for field in ("width", "height", "timestamp", "title", "env"):
            self.assertIn(field, header)
        self.assertTrue(set(header["env"]) <= {"TERM", "SHELL"})
        times = [event[0] for event in events]
        self.assertEqual(times, sorted(times))
        self.assertEqual([event[2] for event in events if event[1] == "m"], pauses)
        output = "".join(event[2] for event in events if event[1] == "o")
        self.assertIn("Richmond", output)
        self.assertNotIn("use weather v1", output)
        if live is not None:
            # Replayed into a terminal of the header's size, the output events end on the screen the room saw.
            replay = pyte.Screen(header["width"], header["height"])
            pyte.Stream(replay).feed(output)
            # The line the embedded demo printed before the talk began is not the talk's.
            seen = live.split("\n")
            if seen[0].startswith("apish: embedded demo API"):
                seen = seen[1:]
            replayed = [line.rstrip() for line in replay.display]
            self.maxDiff = None
            self.assertEqual("\n".join(replayed).rstrip("\n"), "\n".join(seen).rstrip("\n"))
        if shutil.which("asciinema"):
            # asciinema cat opens /dev/tty: it runs under a pseudo-terminal of its own.
            shown, status = pexpect.run("asciinema cat " + path, withexitstatus=True, timeout=60, encoding="utf-8")
            self.assertEqual(status, 0, shown[-2000:])
            self.assertIn("currentTemperature", shown)

    def check_slides(self, path, count):
        with open(path) as file:
            html = file.read()
        self.assertEqual(html.count('<section class="slide"'), count)
        self.assertIn('<p class="caption">the caption of this talk</p>', html)
        self.assertIn('class="side-by-side"', html)
        # Self-contained: nothing the page could fetch.
        for reference in ("src=", "href=", "<link", "url(", "@import"):
            self.assertNotIn(reference, html)
        chromium = shutil.which("chromium") or shutil.which("chromium-browser")
        if not chromium:
            return
        png = os.path.join(self.folder, "slide.png")
        profile = tempfile.mkdtemp(prefix="apish-chromium-")
        try:
            drawn = subprocess.run(
                [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile,
                 "--proxy-server=127.0.0.1:9", "--screenshot=" + png, "--window-size=1000,700", "file://" + path],
                capture_output=True, text=True, timeout=120)
        finally:
            shutil.rmtree(profile, ignore_errors=True)
        self.assertTrue(os.path.exists(png), drawn.stderr[-2000:])
        with open(png, "rb") as file:
            self.assertEqual(file.read(8), b"\x89PNG\r\n\x1a\n")

    def test_check_runs_at_once_and_fails_on_a_failing_step(self):
        result = subprocess.run([BINARY, "present", self.talk, "--check"], env=environment(self.state),
                                capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        self.assertEqual(result.returncode, 1, result.stderr)
        self.assertIn("present --check: 1 step failed", result.stderr)
        with open(self.talk, "w") as file:
            file.write(TALK.replace("get /nosuch\n", ""))
        result = subprocess.run([BINARY, "present", self.talk, "--check"], env=environment(self.state),
                                capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("present --check: every step ran", result.stderr)

    def test_two_mock_recordings_differ_only_in_their_timestamp(self):
        # This file's talk (a step fails) and the example talk (weather v1, v2, compare, locate, v3).
        for talk, status in ((self.talk, 1), (EXAMPLE, 0)):
            casts = []
            for run in range(2):
                cast = os.path.join(self.folder, "run%d.cast" % run)
                result = subprocess.run([BINARY, "present", talk, "--check", "--mock", "--record", cast],
                                        env=environment(self.state), capture_output=True, text=True, timeout=60,
                                        stdin=subprocess.DEVNULL)
                self.assertEqual(result.returncode, status, result.stderr)
                with open(cast) as file:
                    lines = file.read().splitlines()
                header = json.loads(lines[0])
                del header["timestamp"]
                casts.append((header, lines[1:]))
            self.maxDiff = None
            self.assertEqual(casts[0], casts[1])
            self.assertIn("127.0.0.1:PORT", "".join(casts[0][1]))

    def test_the_example_talk_runs_on_mocks_alone(self):
        # A fixture folder whose weather answers differ from the descriptions' examples: the talk's
        # expectations (63, "Sunny", humidity 48) hold only when every line reaches a mock.
        folder = os.path.join(self.folder, "demo")
        subprocess.run([BINARY, "serve", "--init", folder], env=environment(self.state), check=True,
                       capture_output=True, timeout=60)
        for major in (1, 2, 3):
            path = os.path.join(folder, "weather", "v%d.json" % major)
            with open(path) as file:
                records = json.load(file)
            records["richmond"]["currentTemperature"] = "99" if major == 1 else 99
            if major == 3:
                records["richmond"]["humidity"] = 12
            with open(path, "w") as file:
                json.dump(records, file)
        locator = os.path.join(folder, "services.json")

        def play(*options):
            return subprocess.run([BINARY, "--locator", locator, "--no-color", "present", EXAMPLE, "--check", *options],
                                  env=environment(self.state), capture_output=True, text=True, timeout=60,
                                  stdin=subprocess.DEVNULL)

        live = play()
        self.assertEqual(live.returncode, 1, live.stdout[-2000:] + live.stderr[-2000:])
        self.assertIn("Temperature  99°F", live.stdout)
        mocked = play("--mock")
        self.assertEqual(mocked.returncode, 0, mocked.stdout[-3000:] + mocked.stderr[-2000:])
        self.assertIn("present --check: every step ran", mocked.stderr)
        self.assertNotIn("99", mocked.stdout)
        self.assertIn("Humidity     48%", mocked.stdout)

    def test_a_mocked_talk_prints_the_same_bytes_every_time(self):
        with open(self.talk, "w") as file:
            file.write(TIMED_TALK)
        outputs = []
        for run in range(2):
            result = subprocess.run([BINARY, "--no-color", "present", self.talk, "--check", "--mock"],
                                    env=environment(self.state), capture_output=True, timeout=60, stdin=subprocess.DEVNULL)
            self.assertEqual(result.returncode, 0, result.stderr.decode(errors="replace"))
            outputs.append((result.stdout, result.stderr))
        self.maxDiff = None
        self.assertEqual(outputs[0], outputs[1])
        shown = outputs[0][0].decode()
        self.assertEqual(shown.count("timing ▕"), 3, shown)
        self.assertIn("> Host: 127.0.0.1:PORT", shown)
        self.assertIn("Current Price   $530.12", shown)  # the description's example, not the demo's moving price


if __name__ == "__main__":
    unittest.main()
