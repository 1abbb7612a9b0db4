"""The secrets apish holds reach no channel it writes: not the spinner, not verbose, not the curl export, not
`--json`, reports, recordings, profiles, history or the cache.

Run: APISH_BIN=.build/debug/apish python3 -m unittest Tests/Interactive/test_leaks.py
"""
import base64
import json
import os
import re
import unittest
import urllib.parse

import pexpect

from pty_support import BINARY, PROMPT, TIMEOUT, PtyTestCase, environment


def forms(secret):
    """The ways a secret can be written: raw, percent-encoded, JSON-escaped and (for `user:password`) base64."""
    shown = {secret, urllib.parse.quote(secret, safe=""), urllib.parse.quote_plus(secret), json.dumps(secret)[1:-1]}
    if ":" in secret:
        shown.add(base64.b64encode(secret.encode()).decode())
    return shown


def leaks(text, secrets):
    """Each form of each secret found in `text`."""
    return sorted({form for secret in secrets for form in forms(secret) if form in text})


def after_echo(output):
    """What a line printed at the prompt, without the echo of the line typed (which the person typed)."""
    return output.split("\n", 1)[1] if "\n" in output else ""


class SpinnerLeaks(PtyTestCase):
    def test_the_spinner_masks_the_password_and_key_of_the_url_it_shows(self):
        # GIVEN a shell on a terminal, and a slow answer, so the spinner draws frame after frame
        child = self.spawn_shell(faults=True)
        port = self.base_url.rsplit(":", 1)[1]
        url = "http://ada:Hunter2SecretPw@127.0.0.1:%s/faults/delay/1200?api_key=Zk9qSecretKey77" % port
        # WHEN a URL with a password and a key is asked for
        output = after_echo(self.run_line(child, "get " + url))
        # THEN the spinner was drawn, and neither secret shows in any frame
        self.assertIn("(Ctrl-C cancels)", output)
        self.assertIn('"delayed": 1200', output)
        self.assertEqual(leaks(output, ["Hunter2SecretPw", "Zk9qSecretKey77"]), [])
