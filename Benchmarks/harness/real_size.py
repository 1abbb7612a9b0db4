#!/usr/bin/env python3
"""Descriptions at the size and shape real APIs publish, for scripts/bench (issue 32's rows).

- OpenAI's OpenAPI 3.1 description (Tests/Fixtures/real-pair, 2.8 MB of YAML) and its JSON twin.
- A description split over 2,000 files, as DigitalOcean splits its own: a root file whose paths each live in
  a file of their own, schemas in files beside each other that reach sideways to other schemas and back up
  to a file of shared components, with relative `$ref`s in both directions.

Run as a script, it is the python side of the split row: `real_size.py resolve ROOT` loads the root with
pyyaml's libyaml loader and resolves every `$ref` it reaches (each file read once, each target followed
once), then prints how many operations the description holds.
"""
import json
import os
import sys

import yaml

SPLIT_PATHS = 1_000  # path files; with the schemas, the shared file and the root: 2,000 files
SPLIT_SCHEMAS = 998
METHODS = ("get", "put", "post", "delete", "options", "head", "patch", "trace")


def openai(root):
    """The 3.1 description as published (YAML) and its JSON twin, with its number of operations."""
    path = os.path.join(root, "Tests/Fixtures/real-pair/openai-2026-05-13.yaml")
    with open(path, encoding="utf-8") as file:
        text = file.read()
    document = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    # A date the YAML spells as a timestamp is a string in the JSON twin, as apish reads it.
    twin = json.dumps(document, indent=1, ensure_ascii=False, default=str) + "\n"
    return text, twin, count_operations(document)


def count_operations(document):
    return sum(1 for item in document.get("paths", {}).values() if isinstance(item, dict)
               for method in item if method in METHODS)


def split_description():
    """Relative path → YAML text of every file of the split description, and its number of operations."""
    files = {}
    paths = {}
    for index in range(SPLIT_PATHS):
        paths[f"/items/{index}"] = {"$ref": f"paths/item-{index}.yaml"}
        schema = index % SPLIT_SCHEMAS
        files[f"paths/item-{index}.yaml"] = yaml.safe_dump({
            "get": {
                "operationId": f"getItem{index}",
                "summary": f"Item {index}, in the shape its schema gives",
                "parameters": [{"$ref": "../shared.yaml#/components/parameters/PerPage"}],
                "responses": {
                    "200": {"description": "the item", "content": {"application/json": {
                        "schema": {"$ref": f"../components/schemas/schema-{schema}.yaml"}}}},
                    "default": {"$ref": "../shared.yaml#/components/responses/Error"},
                },
            },
        }, sort_keys=False)
    for index in range(SPLIT_SCHEMAS):
        files[f"components/schemas/schema-{index}.yaml"] = yaml.safe_dump({
            "type": "object",
            "required": ["id", "name"],
            "properties": {
                "id": {"type": "integer", "minimum": 0},
                "name": {"type": "string", "maxLength": 120},
                "status": {"type": "string", "enum": ["active", "paused", "deleted"]},
                "created_at": {"type": "string", "format": "date-time"},
                # Sideways to the next schema, and back up to the shared file.
                "related": {"$ref": f"schema-{(index + 1) % SPLIT_SCHEMAS}.yaml"},
                "links": {"$ref": "../../shared.yaml#/components/schemas/Links"},
            },
        }, sort_keys=False)
    files["shared.yaml"] = yaml.safe_dump({"components": {
        "parameters": {"PerPage": {"name": "per_page", "in": "query", "schema": {"type": "integer", "maximum": 200}}},
        "responses": {"Error": {"description": "an error", "content": {"application/json": {
            "schema": {"$ref": "#/components/schemas/Error"}}}}},
        "schemas": {
            "Error": {"type": "object", "required": ["id", "message"], "properties": {
                "id": {"type": "string"}, "message": {"type": "string"}}},
            "Links": {"type": "object", "properties": {"self": {"type": "string", "format": "uri"}}},
        },
    }}, sort_keys=False)
    files["openapi.yaml"] = yaml.safe_dump({
        "openapi": "3.1.0",
        "info": {"title": "Split API", "version": "2.0"},
        "servers": [{"url": "https://api.example.com/v2"}],
        "paths": paths,
    }, sort_keys=False)
    return files, SPLIT_PATHS


def resolve(root):
    """Loads the description at `root` and every file its `$ref`s reach, following each target once."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    documents = {}

    def load(path):
        if path not in documents:
            with open(path, encoding="utf-8") as file:
                documents[path] = yaml.load(file, Loader=loader)
        return documents[path]

    def place(reference, holder):
        """The file and the pointer a reference names, from the file that holds it."""
        location, _, fragment = reference.partition("#")
        path = os.path.normpath(os.path.join(os.path.dirname(holder), location)) if location else holder
        return path, fragment

    def target(reference, holder):
        path, fragment = place(reference, holder)
        node = load(path)
        for token in filter(None, fragment.split("/")):
            node = node[token.replace("~1", "/").replace("~0", "~")]
        return node, path

    seen = set()
    pending = [(load(root), root)]
    while pending:
        node, holder = pending.pop()
        if isinstance(node, dict):
            reference = node.get("$ref")
            if isinstance(reference, str):
                key = place(reference, holder)
                if key not in seen:
                    seen.add(key)
                    pending.append(target(reference, holder))
            pending.extend((value, holder) for value in node.values())
        elif isinstance(node, list):
            pending.extend((value, holder) for value in node)
    document = documents[root]
    operations = 0
    for item in document.get("paths", {}).values():
        if isinstance(item, dict) and isinstance(item.get("$ref"), str):
            item, _ = target(item["$ref"], root)
        operations += sum(1 for method in item if method in METHODS)
    return operations, len(documents)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "resolve":
        operations, files = resolve(sys.argv[2])
        print(operations, "operations")
    else:
        sys.exit("usage: real_size.py resolve ROOT")
