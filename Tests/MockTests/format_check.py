"""Checks the mock's generated values for each `format` (MockFormatTests) with the format checks of
jsonschema_rs (schemathesis's validator) and python-jsonschema.

Reads [{"format", "type", "value"}] and prints a JSON list of "format: value: why" for the values either refuses.
"""
import json
import sys

import jsonschema
import jsonschema_rs

with open(sys.argv[1], encoding="utf-8") as handle:
    cases = json.load(handle)
failures = []
for case in cases:
    schema = {"type": case["type"], "format": case["format"]}
    if not jsonschema_rs.validator_for(schema, validate_formats=True).is_valid(case["value"]):
        failures.append(f'{case["format"]}: {case["value"]!r}: jsonschema_rs refuses it')
    checker = jsonschema.Draft202012Validator.FORMAT_CHECKER
    if not jsonschema.Draft202012Validator(schema, format_checker=checker).is_valid(case["value"]):
        failures.append(f'{case["format"]}: {case["value"]!r}: python-jsonschema refuses it')
print(json.dumps(failures))
