"""A long `diff --spec` on a terminal (issue 47, item 6): a progress line on stderr once it has run half a
second, and Ctrl-C stops it, its result said to be partial (or, before the comparison began, nothing
compared), never an unlabelled diff; on a pipe there is no progress line. Stripe's published pair
(Tests/Fixtures/github-stripe) is decompressed into a scratch folder; for Ctrl-C, each of the two is also
written with its paths repeated under four prefixes, so that the diff surely still runs when Ctrl-C comes
(the published pair's takes under a second, even in a debug build).

Run: APISH_BIN=.build/debug/apish python3 -m unittest Tests/Interactive/test_spec_diff_live.py
"""
import gzip
import json
import os
import shutil
import subprocess
import tempfile
import unittest

import pexpect

from pty_support import BINARY, ROOT, TIMEOUT, environment

FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "github-stripe")
DIFF = "diff stripe 2021-04-12 2022-04-12 --spec"


class SpecDiffLive(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="apish-spec-diff-")
        for name in ("stripe-2021-04-12.json", "stripe-2022-04-12.json"):
            with gzip.open(os.path.join(FIXTURES, name + ".gz"), "rb") as source, open(os.path.join(self.folder, name), "wb") as target:
                shutil.copyfileobj(source, target)
        shutil.copy(os.path.join(FIXTURES, "locator.json"), self.folder)
        self.locator = os.path.join(self.folder, "locator.json")
        # The same pair with every path four times (the copies under /copy1…/copy3, their operationIds
        # suffixed to stay unique), behind a locator of its own.
        for name in ("stripe-2021-04-12.json", "stripe-2022-04-12.json"):
            with open(os.path.join(self.folder, name)) as source:
                document = json.load(source)
            paths = dict(document["paths"])
            for copy in range(1, 4):
                for path, item in document["paths"].items():
                    item = json.loads(json.dumps(item))
                    for operation in item.values():
                        if isinstance(operation, dict) and "operationId" in operation:
                            operation["operationId"] += "_copy%d" % copy
                    paths["/copy%d%s" % (copy, path)] = item
            document["paths"] = paths
            with open(os.path.join(self.folder, "big-" + name), "w") as target:
                json.dump(document, target)
        with open(self.locator) as source:
            locator = source.read()
        self.big_locator = os.path.join(self.folder, "big-locator.json")
        with open(self.big_locator, "w") as target:
            target.write(locator.replace('"openapi": "stripe-', '"openapi": "big-stripe-'))
        self.env = environment(os.path.join(self.folder, "state"))

    def tearDown(self):
        shutil.rmtree(self.folder, ignore_errors=True)

    def spawn(self):
        return pexpect.spawn(BINARY, ["--no-color", "--locator", self.big_locator, "-c", DIFF], env=self.env,
                             encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 200))

    def test_progress_is_shown_and_ctrl_c_labels_what_it_stopped(self):
        # GIVEN the locator loaded once before, so that this start reads the summaries it kept and the diff
        # itself reads the descriptions (a first start reads them while locating, with its own progress line)
        subprocess.run([BINARY, "--no-color", "--locator", self.big_locator, "-c", "services"], env=self.env,
                       capture_output=True, timeout=TIMEOUT * 4, check=True)
        child = self.spawn()
        # THEN a progress line names the diff once it has run half a second
        child.expect(r"diff stripe 2021-04-12 2022-04-12 --spec: (loading the descriptions|\d+ of \d+ operations)")
        # WHEN Ctrl-C comes / THEN it stops, saying the result is partial or that nothing was compared
        child.sendintr()
        child.expect(pexpect.EOF)
        child.close()
        output = child.before
        self.assertTrue("partial: stopped by Ctrl-C" in output or "stopped by Ctrl-C while loading the descriptions" in output,
                        output[-2000:])
        self.assertNotEqual(child.exitstatus, 0)
        # and never a diff that looks whole
        self.assertNotRegex(output, r"changes between stripe 2021-04-12 and 2022-04-12: \d+ breaking, \d+ warnings, \d+ info\s*$")

    def test_no_progress_line_on_a_pipe(self):
        run = subprocess.run([BINARY, "--no-color", "--locator", self.locator, "-c", DIFF], env=self.env,
                             capture_output=True, text=True, timeout=TIMEOUT * 4)
        self.assertEqual(run.returncode, 0, run.stderr)
        self.assertNotIn("--spec: ", run.stderr)
        self.assertIn("changes between stripe 2021-04-12 and 2022-04-12: 13 breaking", run.stdout)


if __name__ == "__main__":
    unittest.main()
