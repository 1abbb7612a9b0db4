"""Validates generated instances with python-jsonschema, the reference of MockDifferentialTests.

Reads {"documents": {ID: document}, "cases": [{"label", "document", "pointer", "draft", "instance"}]}
and prints a JSON list of the cases that fail, each with its first error. A case's schema is its whole
document with a root "$ref" to the pointer, so every "$ref" inside resolves as in the document.
"""
import json
import sys

from jsonschema import Draft4Validator, Draft202012Validator

with open(sys.argv[1], encoding="utf-8") as handle:
    data = json.load(handle)
failures = []
for case in data["cases"]:
    schema = dict(data["documents"][case["document"]])
    schema["$ref"] = case["pointer"]
    validator_class = Draft202012Validator if case["draft"] == "2020-12" else Draft4Validator
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    error = next(iter(validator.iter_errors(case["instance"])), None)
    if error is not None:
        failures.append({"label": case["label"], "error": error.message[:300]})
print(json.dumps({"checked": len(data["cases"]), "failures": failures}))
