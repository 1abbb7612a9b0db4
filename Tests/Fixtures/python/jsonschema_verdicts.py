"""The reference of apish's schema differential test: python-jsonschema's verdict on generated pairs.

Reads a JSON file of cases, [{"draft": "4" | "2020-12", "schema": ..., "instances": [...]}, ...], and
writes one JSON line: a list per case of true (valid) / false (invalid) per instance. `format` is not
asserted, as 2020-12 says and as apish does.
"""
import json
import sys

from jsonschema.validators import Draft4Validator, Draft202012Validator


def main(path):
    with open(path, encoding="utf-8") as handle:
        cases = json.load(handle)
    verdicts = []
    for case in cases:
        validator_class = Draft4Validator if case["draft"] == "4" else Draft202012Validator
        validator = validator_class(case["schema"])
        verdicts.append([validator.is_valid(instance) for instance in case["instances"]])
    json.dump(verdicts, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
