"""scripts/apish starts at once after the first build, from a terminal and from a pipe alike.

The first start may build the release binary (about a minute and a half, longer on a busy machine);
every later start must not rebuild — not even when the launcher does run `swift build`, which must then
find nothing to do whether it was started under a terminal or a pipe. A rebuild would relink the binary,
so its modification time is the witness; the duration of a start is checked too, with a wide margin
(a rebuild takes a minute or more, a start well under ten seconds).

Run: python3 -m unittest discover -s Tests/Interactive -p test_launcher.py
"""
import os
import subprocess
import time
import unittest

import pexpect

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
LAUNCHER = os.path.join(ROOT, "scripts", "apish")
BINARY = os.path.join(ROOT, ".build", "release", "apish")
STAMP = os.path.join(ROOT, ".build", ".apish-release-built")
FIRST_BUILD_TIMEOUT = 1800
QUICK = 10.0
# `swift build` with nothing to do plans the whole package first: a few seconds, far from a rebuild.
NO_OP_BUILD = 40.0
BUILD_WORDS = ("Compiling", "Linking", "Building for", "Build complete", "Write sources")


def environment():
    env = dict(os.environ)
    env.pop("APISH_LOCATOR", None)
    env["TERM"] = "xterm"
    return env


def through_a_pipe(*arguments):
    started = time.monotonic()
    result = subprocess.run([LAUNCHER, *arguments], env=environment(), stdin=subprocess.DEVNULL,
                            capture_output=True, text=True, timeout=FIRST_BUILD_TIMEOUT)
    return result.returncode, result.stdout + result.stderr, time.monotonic() - started


def under_a_terminal(*arguments):
    started = time.monotonic()
    child = pexpect.spawn(LAUNCHER, list(arguments), env=environment(), encoding="utf-8",
                          timeout=FIRST_BUILD_TIMEOUT, dimensions=(40, 120))
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, child.before, time.monotonic() - started


class Launcher(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        status, output, _ = through_a_pipe("--version")
        assert status == 0, output

    def modified(self):
        return os.stat(BINARY).st_mtime_ns

    def assert_quiet(self, output):
        for word in BUILD_WORDS:
            self.assertNotIn(word, output)

    def test_switching_between_a_terminal_and_a_pipe_does_not_rebuild(self):
        before = self.modified()
        for run in (under_a_terminal, through_a_pipe, under_a_terminal, through_a_pipe):
            status, output, seconds = run("-c", "services")
            self.assertEqual(status, 0, output)
            self.assertIn("weather", output)
            self.assert_quiet(output)
            self.assertNotIn("rebuilding", output)
            self.assertLess(seconds, QUICK, "%s took %.1f s" % (run.__name__, seconds))
            self.assertEqual(self.modified(), before, "%s rebuilt the binary" % run.__name__)

    def test_when_the_launcher_does_build_the_flags_are_the_same_in_every_mode(self):
        before = self.modified()
        for run in (under_a_terminal, through_a_pipe):
            # Without its stamp the launcher cannot know nothing changed, so it runs swift build, which
            # must find the release build up to date however it was started.
            os.remove(STAMP)
            status, output, seconds = run("--version")
            self.assertEqual(status, 0, output)
            self.assertIn("apish 0.1.0", output)
            self.assert_quiet(output)
            self.assertLess(seconds, NO_OP_BUILD, "%s took %.1f s" % (run.__name__, seconds))
            self.assertEqual(self.modified(), before, "%s rebuilt the binary" % run.__name__)
            self.assertTrue(os.path.exists(STAMP))

    def test_the_release_binary_reads_its_command_line_as_given(self):
        # The release binary (statically linked runtime, position-independent) reads its command line as
        # given: every argument, in order, quoting and UTF-8 intact.
        status, output, _ = through_a_pipe("--no-color", "-c", 'set word "hello wörld"', "-c", "set n 2", "-c", "vars")
        self.assertEqual(status, 0, output)
        self.assertRegex(output, r"word\s+hello wörld")
        self.assertRegex(output, r"n\s+2")


if __name__ == "__main__":
    unittest.main()
