#!/usr/bin/env python3
"""The mock's memory under load (issue 44): starts `apish mock` on a description whose answer is large
(about 20 MB generated), asks for it with 50 distinct Accept values, then sends 32 parallel
`Prefer: dynamic=true` requests, and stops the mock. Run under GNU time, its peak RSS is the largest of this
driver and the mock it waited for. `idle` starts and stops the mock with no request: the baseline.

usage: mock_memory.py APISH load|idle
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import urllib.request
from concurrent.futures import ThreadPoolExecutor

FIELDS = 20
DESCRIPTION = {
    "openapi": "3.0.3", "info": {"title": "Large", "version": "1"},
    "paths": {"/large": {"get": {"responses": {"200": {"description": "a large answer", "content": {
        "application/json": {"schema": {"type": "array", "minItems": 1000, "items": {
            "type": "object", "required": [f"field{i}" for i in range(FIELDS)],
            "properties": {f"field{i}": {"type": "string", "minLength": 1000} for i in range(FIELDS)}}}}}}}}}},
}


def fetch(url, headers):
    """The status and the body's length, the body read in pieces: 32 bodies of 20 MB held at once would make
    this driver, not the mock, the peak GNU time reports."""
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            return response.status, length(response)
    except urllib.error.HTTPError as error:
        return error.code, length(error)


def length(body):
    total = 0
    while piece := body.read(1 << 16):
        total += len(piece)
    return total


def main():
    apish, mode = sys.argv[1], sys.argv[2]
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "large.json")
        with open(path, "w") as file:
            json.dump(DESCRIPTION, file)
        mock = subprocess.Popen([apish, "mock", path, "--port", "0"], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        try:
            line = mock.stdout.readline()
            origin = re.search(r"at (http://[0-9.:]+)", line).group(1)
            with urllib.request.urlopen(origin + "/", timeout=60) as index:
                url = json.load(index)["versions"][0]["url"] + "/large"
            if mode == "load":
                for i in range(50):
                    status, size = fetch(url, {"Accept": f"application/json, text/x-variant-{i};q=0.{i % 9 + 1}"})
                    print(f"served {status} {size}")
                with ThreadPoolExecutor(max_workers=32) as pool:
                    for status, size in pool.map(lambda _: fetch(url, {"Prefer": "dynamic=true"}), range(32)):
                        print(f"served {status} {size}")
            else:
                print("served idle")
        finally:
            mock.send_signal(signal.SIGTERM)
            mock.wait(timeout=60)


if __name__ == "__main__":
    main()
