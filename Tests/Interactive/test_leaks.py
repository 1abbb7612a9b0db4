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

from pty_support import BINARY, PROMPT, TIMEOUT, PtyTestCase, environment, send_json, serve_in_background


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


class RecordingProxy:
    """A tiny HTTP proxy on loopback that answers every request itself: 200 and a JSON body naming the
    request line and the headers it was sent (Proxy-Authorization included, so the answer holds the proxy's
    credentials as data)."""

    def __init__(self):
        import http.server
        import threading

        seen = self.seen = []

        class Handler(http.server.BaseHTTPRequestHandler):
            def log_message(self, *args):
                pass

            def do_GET(self):
                seen.append(self.requestline + "\n" + str(self.headers))
                send_json(self, {"line": self.requestline, "headers": dict(self.headers)})

        self.server = serve_in_background(Handler)
        self.port = self.server.server_address[1]

    def stop(self):
        self.server.shutdown()
        self.server.server_close()


BEARER = "BearLeak7Q2x"
BASIC = ("ada", "BasicLeak9Wx")
KEY = "KeyLeak4R8x"
QUERY_KEY = "QryLeak2Mx"
URL_PASSWORD = "UrlLeak3Px"
OAUTH_SECRET = "demo-secret"
PROXY_ENV = ("pe", "PxEnvLeak5Tx")
PROXY_ARG = ("pa", "PxArgLeak6Yx")
SECRETS = [BEARER, BASIC[1], ":".join(BASIC), KEY, QUERY_KEY, URL_PASSWORD, "ada:" + URL_PASSWORD, OAUTH_SECRET, PROXY_ENV[1], ":".join(PROXY_ENV),
           PROXY_ARG[1], ":".join(PROXY_ARG)]


class ChannelLeaks(PtyTestCase):
    """Every request-making command with every kind of secret set, under a terminal, on a pipe and with
    `--json`, with the proxy from the environment and from `--proxy`: no channel holds any secret in any form."""

    def setUp(self):
        super().setUp()
        self.proxy = RecordingProxy()
        self.work = os.path.join(self.state, "work")
        os.makedirs(self.work)

    def tearDown(self):
        self.proxy.stop()
        super().tearDown()

    def env(self, proxy_from_environment):
        env = environment(self.state)
        for name in ("http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "all_proxy", "ALL_PROXY", "no_proxy", "NO_PROXY"):
            env.pop(name, None)
        env["XDG_CONFIG_HOME"] = os.path.join(self.state, "config")
        env["XDG_CACHE_HOME"] = os.path.join(self.state, "cache")
        env["HOME"] = self.state
        env.pop("APISH_PROFILE", None)
        if proxy_from_environment:
            env["http_proxy"] = "http://%s:%s@127.0.0.1:%d" % (PROXY_ENV + (self.proxy.port,))
        return env

    def options(self, proxy_from_environment):
        return [] if proxy_from_environment else ["--proxy", "http://%s:%s@127.0.0.1:%d" % (PROXY_ARG + (self.proxy.port,))]

    def lines(self, base, tag):
        """The session: every kind of credential set, then every command that sends a request."""
        port = base.rsplit(":", 1)[1]
        return [
            "record start",
            "auth bearer %s %s/echo/b" % (BEARER, base),
            "get %s/echo/b" % base,
            "auth basic %s:%s %s/basic-auth" % (BASIC + (base,)),
            "get %s/basic-auth/%s/%s" % ((base,) + BASIC),
            "auth key api_key=%s %s/echo/k" % (KEY, base),
            "get %s/echo/k" % base,
            "auth oauth2 %s/oauth/token client_id=demo-client client_secret=%s %s/echo/o" % (base, OAUTH_SECRET, base),
            "get %s/echo/o" % base,
            "get %s/echo/q?api_key=%s" % (base, QUERY_KEY),
            "get http://ada:%s@127.0.0.1:%s/echo/u" % (URL_PASSWORD, port),
            "verbose on",
            "get %s/echo/b" % base,
            "get %s/echo/k" % base,
            "get http://api.example.test/through-proxy",
            "curl",
            "refresh weather",
            "auth show",
            "vars",
            "record save %s/take-%s.apish" % (self.work, tag),
            "profile save leaky-%s" % tag,
        ]

    def assert_no_leak(self, what, text):
        self.assertEqual(leaks(text, SECRETS), [], "%s holds a secret:\n%s" % (what, text[-3000:]))

    def assert_files_hold_no_secret(self):
        """History, recordings, reports, profiles and the cache: every file apish wrote, but the two whose
        job is to hold secrets (credentials.json and the OAuth tokens.json, 0600)."""
        scanned = 0
        for folder, _, files in os.walk(self.state):
            for name in files:
                if name in ("credentials.json", "tokens.json"):
                    continue
                path = os.path.join(folder, name)
                with open(path, "rb") as file:
                    text = file.read().decode("utf-8", "replace")
                self.assert_no_leak(path, text)
                scanned += 1
        return scanned

    def check_proxy_carried_credentials(self, user_password):
        basic = base64.b64encode(("%s:%s" % user_password).encode()).decode()
        self.assertTrue(any("GET http://api.example.test/through-proxy" in seen and basic in seen for seen in self.proxy.seen),
                        "the proxy got the request with its credentials: %s" % self.proxy.seen)

    def test_no_channel_holds_a_secret_on_a_terminal(self):
        for from_environment in (True, False):
            with self.subTest(proxy_from_environment=from_environment):
                env = self.env(from_environment)
                child = self.spawn_shell(*self.options(from_environment), env=env)
                tag = "pty-env" if from_environment else "pty-arg"
                shown = ""
                for line in self.lines(self.base_url, tag) + ["history"]:
                    shown += after_echo(self.run_line(child, line))
                child.sendline("quit")
                child.expect(pexpect.EOF)
                shown += child.before or ""
                self.assertIn("Proxy-Authorization", shown, "verbose showed the proxy's header")
                self.assertIn("curl ", shown)
                self.assert_no_leak("the terminal", shown)
                self.check_proxy_carried_credentials(PROXY_ENV if from_environment else PROXY_ARG)
                self.assertGreater(self.assert_files_hold_no_secret(), 2)

    def test_no_channel_holds_a_secret_on_a_pipe_or_in_json(self):
        import subprocess
        for from_environment in (True, False):
            for json_lines in (False, True):
                with self.subTest(proxy_from_environment=from_environment, json=json_lines):
                    env = self.env(from_environment)
                    options = self.options(from_environment)
                    tag = "%s-%s" % ("env" if from_environment else "arg", "json" if json_lines else "pipe")
                    # The demo, served apart, so the script knows its address beforehand.
                    server = subprocess.Popen([BINARY, "serve", "--port", "0"], env=env, stdout=subprocess.PIPE,
                                              stderr=subprocess.PIPE, text=True)
                    try:
                        first = server.stdout.readline()
                        base = re.search(r"(http://127\.0\.0\.1:\d+)", first).group(1)
                        script = "\n".join(self.lines(base, tag)) + "\n"
                        args = [BINARY, *options, "--locator", base + "/services.json",
                                "--report", "junit", os.path.join(self.work, "report-%s.xml" % tag)]
                        if json_lines:
                            args.insert(1, "--json")
                        result = subprocess.run(args, env=env, input=script, capture_output=True, text=True, timeout=TIMEOUT * 3)
                    finally:
                        server.terminate()
                        server.wait()
                    self.assertIn("Proxy-Authorization", result.stdout + result.stderr, "verbose showed the proxy's header")
                    self.assertIn("curl ", result.stdout)
                    self.assert_no_leak("stdout", result.stdout)
                    self.assert_no_leak("stderr", result.stderr)
                    self.check_proxy_carried_credentials(PROXY_ENV if from_environment else PROXY_ARG)
                    self.assertGreater(self.assert_files_hold_no_secret(), 2)


class KeyPassphrasePrompt(PtyTestCase):
    """An encrypted client key's passphrase is asked for by apish, unechoed, on the terminal (not by OpenSSL),
    and used: the server that requires the certificate answers."""

    def openssl(self, *arguments):
        import subprocess
        subprocess.run(["openssl", *arguments], check=True, capture_output=True, timeout=60)

    def test_an_encrypted_keys_passphrase_is_asked_for_unechoed_and_used(self):
        import subprocess
        folder = os.path.join(self.state, "tls")
        os.makedirs(folder)
        path = lambda name: os.path.join(folder, name)
        with open(path("san.cnf"), "w") as san:
            san.write("subjectAltName=IP:127.0.0.1\n")
        self.openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2",
                     "-subj", "/CN=apish test CA")
        for name, extra in (("server", ["-extfile", path("san.cnf")]), ("client", [])):
            subject = "/CN=127.0.0.1" if name == "server" else "/CN=apish-client"
            self.openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", path(name + ".key"), "-out", path(name + ".csr"),
                         "-subj", subject)
            self.openssl("x509", "-req", "-in", path(name + ".csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                         "-CAcreateserial", "-out", path(name + ".pem"), "-days", "2", *extra)
        self.openssl("pkey", "-in", path("client.key"), "-aes256", "-passout", "pass:Pty-KeyPass-71", "-out", path("client-enc.key"))
        os.chmod(path("client-enc.key"), 0o600)
        server = subprocess.Popen(["python3", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Servers", "loopback_servers.py"),
                                   "https", path("server.pem"), path("server.key"), path("ca.pem")],
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        try:
            port = int(server.stdout.readline())
            child = pexpect.spawn(BINARY, ["--no-color", "--cacert", path("ca.pem"), "--cert", path("client.pem"),
                                           "--key", path("client-enc.key")],
                                  env=environment(self.state), encoding="utf-8", timeout=TIMEOUT, dimensions=(40, 160))
            self.children.append(child)
            child.expect("passphrase for .*client-enc.key: ")
            child.sendline("Pty-KeyPass-71")
            child.expect(PROMPT)
            shown = child.before
            output = after_echo(self.run_line(child, "get https://127.0.0.1:%d/mtls" % port))
            self.assertIn('"client": "apish-client"', output)
            self.assertNotIn("Pty-KeyPass-71", shown + output, "the passphrase was not echoed")
        finally:
            server.stdin.close()
            server.wait()


if __name__ == "__main__":
    unittest.main()
