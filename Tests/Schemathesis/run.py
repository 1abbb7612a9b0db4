#!/usr/bin/env python3
"""schemathesis against `apish mock` (issue 44): the demo's pet store and vault descriptions, and GitHub's and
Stripe's published ones (Tests/Fixtures/github-stripe, decompressed into a temporary folder). Each description
gets its own mock on a free port (`apish mock DOC --port 0`, the URL read back from its output), then two runs:
valid requests with every conformance check, and invalid requests with the checks that hold for any request.
Any failure fails the stage.

What is left out, and why, is in EXCLUSIONS below and nowhere else.

usage: APISH_BIN=.build/debug/apish python3 Tests/Schemathesis/run.py
"""
import gzip
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FIXTURES = os.path.join(ROOT, "Tests", "Fixtures", "github-stripe")

CHECKS = ["not_a_server_error", "status_code_conformance", "content_type_conformance",
          "response_schema_conformance", "response_headers_conformance"]

# Everything this stage does not ask of the mock, with the reason. Nothing else is skipped.
EXCLUSIONS = {
    "phases": {
        "stateful": "the mock is stateless by design: a resource created by one request is not found by the next, "
                    "so the links schemathesis follows would test state the mock does not keep",
    },
    "phases_by_target": {
        "Stripe 2022-04-12": {
            "coverage": "schemathesis 4.32.5 itself fails in it on Stripe's deep form schemas (hypothesis: "
                        "SystemError: AST constructor recursion depth mismatch), and it takes over a minute there",
        },
    },
    "negative_checks": {
        "status_code_conformance": "an invalid request is refused with the declared answer when the operation "
                                   "declares that status, 4XX or default; when it declares none, the mock's own "
                                   "400/422 problem is the only honest answer, and it is undeclared by definition",
        "content_type_conformance": "the same undeclared refusal is application/problem+json",
        "response_schema_conformance": "the same undeclared refusal has no declared schema; and a request whose path "
                                       "alone runs past the 64 KiB head limit names no operation, so its 431 is the "
                                       "HTTP core's own (found on Stripe: 64 KiB path parameters)",
        "response_headers_conformance": "the same undeclared refusal has no declared headers",
    },
    "operations_by_target": {
        "GitHub 2021-10-10": {
            # GitHub's own examples for these answers lack the required `exclude_metadata`: the mock serves a
            # declared example as written (the publisher said so) with an X-Mock-Warning, so it fails the schema.
            "migrations/list-for-org": "GitHub's example fails its own schema; served as written with X-Mock-Warning",
            "migrations/start-for-org": "GitHub's example fails its own schema; served as written with X-Mock-Warning",
            "migrations/get-status-for-org": "GitHub's example fails its own schema; served as written with X-Mock-Warning",
            "migrations/list-for-authenticated-user": "GitHub's example fails its own schema; served as written with X-Mock-Warning",
            "migrations/start-for-authenticated-user": "GitHub's example fails its own schema; served as written with X-Mock-Warning",
            "migrations/get-status-for-authenticated-user": "GitHub's example fails its own schema; served as written with X-Mock-Warning",
        },
    },
    "credentials": "a mock cannot know a real credential: it checks that one is sent where the operation's security "
                   "asks for it, so every request carries a made-up bearer token (MADE_UP_CREDENTIAL)",
}
MADE_UP_CREDENTIAL = "Authorization: Bearer mock-token"

# (name, description file, operations by path regex or None for all, examples per operation, negative run's paths)
# The real descriptions are sampled, not run whole, to keep the stage within about two minutes on two busy cores.
TARGETS = [
    ("petstore v1", "demo/specs/petstore-v1.json", None, 20, None),
    ("petstore v2", "demo/specs/petstore-v2.json", None, 20, None),
    ("petstore v3", "demo/specs/petstore-v3.json", None, 20, None),
    ("vault", "demo/specs/vault.json", None, 20, None),
    ("GitHub 2021-10-10", "github-2021-10-10.json",
     r"^/(repos/\{owner\}/\{repo\}/(issues|pulls|git|contents|releases)|orgs|user|markdown|gists)", 2,
     r"^/repos/\{owner\}/\{repo\}/issues$"),
    ("Stripe 2022-04-12", "stripe-2022-04-12.json", r"^/v1/(customers|charges)", 2, None),
]
DEADLINE = 30


class Mock:
    """`apish mock DOC --port 0`, its URL read from its output; stopped with SIGINT (Ctrl-C)."""

    def __init__(self, apish, document, log):
        self.process = subprocess.Popen([apish, "mock", document, "--port", "0"], stdout=subprocess.PIPE,
                                        stderr=log, stdin=subprocess.DEVNULL, text=True)
        lines = queue.Queue()
        threading.Thread(target=lambda: [lines.put(line) for line in self.process.stdout], daemon=True).start()
        self.url = None
        deadline = time.monotonic() + DEADLINE
        while self.url is None:
            try:
                line = lines.get(timeout=max(0.1, deadline - time.monotonic()))
            except queue.Empty:
                break
            # First line: "apish mock of DOC at http://127.0.0.1:PORT ..."; then one line per version with its URL.
            match = re.search(r"(http://127\.0\.0\.1:\d+/\S+)", line)
            if match:
                self.url = match.group(1)
        if self.url is None:
            self.stop()
            raise RuntimeError(f"apish mock {document} said no version URL within {DEADLINE} s")

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=DEADLINE)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def schemathesis(name, document, url, mode, checks, paths, examples):
    left_out = {**EXCLUSIONS["phases"], **EXCLUSIONS["phases_by_target"].get(name, {})}
    command = [sys.executable, "-m", "schemathesis.cli", "run", document, "--url", url, "--mode", mode,
               "--checks", ",".join(checks), "--max-examples", str(examples), "--workers", "2", "--no-color",
               "--phases", ",".join(p for p in ["examples", "coverage", "fuzzing", "stateful"] if p not in left_out),
               "--header", MADE_UP_CREDENTIAL, "--seed", "44", "--generation-database", "none",
               "--request-timeout", "30", "--output-truncate", "true", "--suppress-health-check", "all"]
    if paths:
        command += ["--include-path-regex", paths]
    for operation in EXCLUSIONS["operations_by_target"].get(name, {}):
        command += ["--exclude-operation-id", operation]
    # Run in the scratch folder, so whatever schemathesis writes of its own (.hypothesis) goes with it.
    return subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=600,
                          cwd=os.path.dirname(document))


def main():
    apish = os.path.abspath(os.environ.get("APISH_BIN", os.path.join(ROOT, ".build", "debug", "apish")))
    failed = []
    with tempfile.TemporaryDirectory() as scratch:
        subprocess.run([apish, "serve", "--init", os.path.join(scratch, "demo")], check=True,
                       stdout=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
        for name in os.listdir(FIXTURES):
            if name.endswith(".json.gz"):
                with gzip.open(os.path.join(FIXTURES, name)) as source, open(os.path.join(scratch, name[:-3]), "wb") as target:
                    shutil.copyfileobj(source, target)
        negative_checks = [check for check in CHECKS if check not in EXCLUSIONS["negative_checks"]]
        for name, document, paths, examples, negative_paths in TARGETS:
            document = os.path.join(scratch, document)
            with open(os.path.join(scratch, "mock.log"), "w") as log:
                mock = Mock(apish, document, log)
                try:
                    runs = [("positive", CHECKS, paths), ("negative", negative_checks, negative_paths or paths)]
                    for mode, checks, selected in runs:
                        started = time.monotonic()
                        result = schemathesis(name, document, mock.url, mode, checks, selected, examples)
                        summary = [line for line in result.stdout.splitlines() if "generated" in line]
                        print(f"-- {name} ({mode}): {summary[-1].strip() if summary else 'no summary'}"
                              f" in {time.monotonic() - started:.0f} s", flush=True)
                        if result.returncode != 0:
                            print(result.stdout, flush=True)
                            failed.append(f"{name} ({mode})")
                    if mock.process.poll() is not None:
                        failed.append(f"{name}: the mock exited with {mock.process.returncode}")
                finally:
                    mock.stop()
    if failed:
        print("schemathesis found failures: " + "; ".join(failed), flush=True)
        return 1
    print("schemathesis: no failures", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
