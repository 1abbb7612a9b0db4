#!/usr/bin/env python3
"""Writes the workloads of scripts/bench into a directory, byte for byte the same on every run.

    workloads.py DIR --port PORT [--groups N] [--quick]

DIR/www/ is what nginx serves (the locator, the weather answer, the big Meetup page at meetup/2/groups,
the scale-curve bodies, the OpenAPI spec); DIR/ also gets the apish scripts and the curl config of the
replay, DIR/specs/ the Twilio-shaped documents read from files (twilio_shape.py), and workloads.json, the facts the report needs (sizes, counts, SHA-256 of every file, so two
runs can be checked to have measured the same bytes).
"""
import argparse
import hashlib
import json
import os
import random

import real_size
import twilio_shape

SEED = 0x6D656574  # "meet": every file comes from this one seed
BODY_SIZES = [1 << 10, 16 << 10, 256 << 10, 4 << 20, 64 << 20]  # the body-size scale curve, bytes
SCRIPT_LENGTHS = [10, 100, 1_000, 10_000, 100_000]  # the script-length scale curve, commands
REPLAY_COMMANDS = 10_000
CALLS = 5_000  # `call CreateMessage` lines in each of the two request-check scripts (--quick: 200)
PROFILE_VARIABLES, PROFILE_CREDENTIALS = 100, 20
# The call of the request-check workload: a path argument and nine body fields of every kind the check reads
# (required, phone-number strings, integers, a boolean, an enum behind a $ref, an array of URIs).
CREATE_MESSAGE = ("call CreateMessage AC00000000000000000000000000000000 To=+15551234567 From=+15557654321 "
                  "Body=hello Attempt=3 ValidityPeriod=600 ForceDelivery=true ContentRetention=retain "
                  "ScheduleType=fixed MediaUrl=https://example.com/a.png")

CITIES = [  # city, country, latitude, longitude
    ("London", "GB", 51.52, -0.10), ("Zürich", "CH", 47.37, 8.54), ("São Paulo", "BR", -23.55, -46.63),
    ("Boston", "US", 42.36, -71.06), ("東京", "JP", 35.68, 139.69), ("Seoul", "KR", 37.57, 126.98),
    ("Tehran", "IR", 35.69, 51.39),
]
THEMES = ["French Language", "Swift Developers", "Trail Running", "Board Games", "Café Philosophy", "Jazz"]
WHO = ["Members", "Runners", "Swifters", "Players", "Thinkers"]
WORDS = [
    "friendly", "weekly", "newcomers", "practice", "talks", "évening", "coffee", "hands-on", "community",
    "beginners", "experts", "outdoors", "projects", "meet", "share", "learn", "welcome", "\u201cquoted\u201d",
    "\"real\"", "a/b", "tab\tseparated", "line\nbreak",
]


def text(rng, words):
    return " ".join(rng.choice(WORDS) for _ in range(words))


class Texts:
    """Draws texts of a given length from a pool of 997 made once: as varied as needed, ten times faster."""

    def __init__(self, rng, words):
        self.rng = rng
        self.pool = [text(rng, words) for _ in range(997)]

    def next(self):
        return self.rng.choice(self.pool)


def group(rng, index, descriptions):
    """One group in the shape of the demo's Meetup answer (the API's fields plus the ones the model shows)."""
    city, country, lat, lon = rng.choice(CITIES)
    theme = rng.choice(THEMES)
    urlname = f"{theme.split()[0].lower()}-{index}"
    fields = [
        ("id", str(100_000 + index)),
        ("name", json.dumps(f"{city} {theme} #{index}", ensure_ascii=False)),
        ("who", json.dumps(rng.choice(WHO))),
        ("city", json.dumps(city, ensure_ascii=False)),
        ("country", json.dumps(country)),
        ("description", json.dumps(f"<p>{descriptions.next()}</p>", ensure_ascii=False)),
        ("lat", f"{lat + rng.uniform(-0.2, 0.2):.6f}"),
        ("lon", f"{lon + rng.uniform(-0.2, 0.2):.6f}"),
        ("members", str(rng.randrange(20_000))),
        ("rating", f"{rng.uniform(3, 5):.2f}"),
        ("link", json.dumps(f"http://www.meetup.com/{urlname}/")),
        ("urlname", json.dumps(urlname)),
    ]
    return "{" + ",".join(f'"{name}":{value}' for name, value in fields) + "}"


def groups_page(count, seed):
    """`{"results":[…],"meta":{count,total_count,next:""}}`, ~1.4 KB a group: 71 MB for 50,000."""
    rng = random.Random(seed)
    descriptions = Texts(rng, 135)
    results = ",".join(group(rng, index, descriptions) for index in range(count))
    return f'{{"results":[{results}],"meta":{{"count":{count},"total_count":{count},"next":""}}}}\n'


def body_of_size(target, seed):
    """A groups page of about `target` bytes (at least one group), for the body-size curve."""
    per_group = len(groups_page(20, seed)) / 20
    return groups_page(max(1, round(target / per_group)), seed)


def openapi_spec(operations, seed):
    """An OpenAPI 3.0 document with `operations` operations (~4 KB each: ~20 MB for 5,000)."""
    rng = random.Random(seed)
    descriptions = Texts(rng, 380)
    schemas = {}
    for index in range(100):
        schemas[f"Resource{index}"] = {
            "type": "object", "title": f"Resource {index}", "required": ["id", "name"],
            "properties": {
                "id": {"type": "integer", "format": "int64"}, "name": {"type": "string"},
                "tags": {"type": "array", "items": {"type": "string"}},
                "owner": {"type": "object", "properties": {"id": {"type": "integer"}, "email": {"type": "string", "format": "email"}}},
                "status": {"type": "string", "enum": ["active", "archived", "pending"]},
                "score": {"type": "number"}, "created": {"type": "string", "format": "date-time"},
            },
        }
    paths = {}
    for index in range(operations):
        schema = {"$ref": f"#/components/schemas/Resource{index % 100}"}
        resource = f"/area{index // 50}/resource{index}"
        method = ["get", "post", "put", "delete"][index % 4]
        operation = {
            "operationId": f"{method}Resource{index}",
            "summary": f"{method.upper()} resource {index}",
            "description": descriptions.next(),
            "tags": [f"area{index // 50}"],
            "parameters": [
                {"name": "id", "in": "query", "required": index % 2 == 0, "description": text(rng, 8), "schema": {"type": "integer"}},
                {"name": "X-Request-Id", "in": "header", "required": False, "schema": {"type": "string", "format": "uuid"}},
            ],
            "responses": {
                "200": {"description": "OK", "content": {"application/json": {"schema": schema}}},
                "404": {"description": "Not found", "content": {"application/json": {"schema": {
                    "type": "object", "properties": {"message": {"type": "string"}, "code": {"type": "integer"}}}}}},
            },
        }
        if method in ("post", "put"):
            operation["requestBody"] = {"required": True, "content": {"application/json": {"schema": schema}}}
        paths[resource] = {method: operation}
    document = {
        "openapi": "3.0.3",
        "info": {"title": "Bench API", "version": "2.0.0", "description": "Generated by scripts/bench"},
        "servers": [{"url": "/bench/v2"}],
        "paths": paths,
        "components": {"schemas": schemas},
    }
    return json.dumps(document, ensure_ascii=False, separators=(",", ":")) + "\n"


def yaml_text(document):
    """Block-style YAML, as Twilio publishes it: no anchors or aliases, one line per scalar."""
    import yaml  # pyyaml, with libyaml's emitter (scripts/setup installs it)

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
        def ignore_aliases(self, data):
            return True

    return yaml.dump(document, Dumper=Dumper, sort_keys=False, allow_unicode=True, width=1000)


def profile_script():
    """The session `profile save big` stores: 100 variables and 20 credentials of three kinds, each for its
    own origin, whose secrets go to credentials.json. A tenth of the variables are named `api_token_N`,
    which apish does not take for credentials (the trailing number), so they stay in the profile."""
    lines = []
    for index in range(PROFILE_VARIABLES):
        name = f"api_token_{index}" if index % 10 == 0 else f"var_{index}"
        lines.append(f"set {name} value-{index:03d}-{'x' * (index % 17)}")
    for index in range(PROFILE_CREDENTIALS):
        kind = index % 3
        if kind == 0:
            lines.append(f"auth bearer tok-{index:02d}-abcdefghijklmnopqrstuvwxyz https://api{index}.example.com")
        elif kind == 1:
            lines.append(f"auth key key=k-{index:02d}-0123456789 https://keys{index}.example.com")
        else:
            lines.append(f"auth oauth2 https://auth{index}.example.com/token client_id=app{index} "
                         f"client_secret=s-{index:02d}-secret scope=read https://oauth{index}.example.com")
    lines.append("profile save big")
    return "\n".join(lines) + "\n"


def script_lines(commands):
    """`set`/`refresh weather` alternating: half the commands are requests, none of them grows any state."""
    return "".join("refresh weather\n" if index % 2 else f"set n {index}\n" for index in range(commands))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--groups", type=int, default=50_000)
    parser.add_argument("--operations", type=int, default=5_000)
    parser.add_argument("--quick", action="store_true", help="skip the 100,000-command point of the script curve, "
                        "and write shorter request-check scripts")
    parser.add_argument("--only", default="", help="the workloads scripts/bench runs (comma-separated): "
                        "the big files of the others are not written")
    options = parser.parse_args()

    origin = f"http://127.0.0.1:{options.port}"
    only = set(filter(None, options.only.split(",")))

    def needed(*workloads):
        return not only or bool(only.intersection(workloads))

    facts = {"origin": origin, "files": {}}

    def write(relative, content):
        path = os.path.join(options.dir, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        data = content.encode()
        with open(path, "wb") as file:
            file.write(data)
        facts["files"][relative] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
        return len(data)

    write("www/services.json", json.dumps({"services": [
        {"name": "weather", "version": 2, "url": f"{origin}/weather.json"},
        {"name": "stockQuote", "version": 2, "url": f"{origin}/stock.json"},
        {"name": "meetup", "version": 2, "url": f"{origin}/meetup"},
    ]}, indent=1) + "\n")
    write("www/weather.json", '{"city":"Richmond","state":"VA","currentTemperature":63,"currentConditions":"Sunny"}\n')
    write("www/stock.json", '{"symbol":"AAPL","name":"Apple Inc.","openingPrice":528.1,"currentPrice":530.12,"percentageChange":0.38}\n')
    facts["groups"] = options.groups
    facts["page_bytes"] = write("www/meetup/2/groups", groups_page(options.groups, SEED) if needed("groups", "get") else "")
    facts["operations"] = options.operations
    facts["spec_bytes"] = write("www/openapi.json", openapi_spec(options.operations, SEED) if needed("openapi") else "")

    # Documents in the shape of Twilio's api_v2010, read from files: the YAML and its JSON twin as locators,
    # and two ~2 MB versions (longer descriptions) for diff --spec, with a locator naming both.
    if needed("yaml", "jsonspec", "check"):
        twin = twilio_shape.document(origin)
        facts["twilio_operations"] = sum(1 for item in twin["paths"].values() for method in item if method in ("get", "post", "delete"))
        facts["yaml_bytes"] = write("specs/api_v2010.yaml", yaml_text(twin) if needed("yaml") else "")
        facts["json_twin_bytes"] = write("specs/api_v2010.json", json.dumps(twin, indent=2, ensure_ascii=False) + "\n")
    if needed("diffspec"):
        before = twilio_shape.document(origin, verbosity=1.45)
        facts["diff_bytes"] = [write("specs/diff-v1.json", json.dumps(before, indent=2, ensure_ascii=False) + "\n"),
                               write("specs/diff-v2.json", json.dumps(twilio_shape.changed(before), indent=2, ensure_ascii=False) + "\n")]
        write("specs/diff-services.json", json.dumps({"services": [
            {"name": "twilio", "version": 1, "openapi": "diff-v1.json"},
            {"name": "twilio", "version": 2, "openapi": "diff-v2.json"},
        ]}, indent=1) + "\n")
    # Descriptions at their real size (issue 32): OpenAI's 3.1 description read from a file as YAML and as its
    # JSON twin, the twin also from the web (the cached reload), and a description split over 2,000 files.
    if needed("openai", "openaijson", "cached"):
        root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
        text, twin, facts["openai_operations"] = real_size.openai(root)
        facts["openai_yaml_bytes"] = write("specs/openai-3.1.yaml", text)
        facts["openai_json_bytes"] = write("www/openai-3.1.json", twin)
    if needed("split"):
        files, facts["split_operations"] = real_size.split_description()
        facts["split_files"] = len(files)
        facts["split_bytes"] = sum(write(f"specs/split/{name}", content) for name, content in files.items())
    facts["calls"] = 200 if options.quick else CALLS
    write("call-checked.apish", (CREATE_MESSAGE + "\n") * facts["calls"])
    write("call-unchecked.apish", (CREATE_MESSAGE + " --no-check\n") * facts["calls"])
    facts["profile_variables"], facts["profile_credentials"] = PROFILE_VARIABLES, PROFILE_CREDENTIALS
    write("profile-setup.apish", profile_script())

    facts["body_curve"] = []
    for target in BODY_SIZES:
        name = f"body/{target >> 10}K.json"
        body = body_of_size(target, SEED) if needed("body") else ""
        facts["body_curve"].append({"target": target, "bytes": write(f"www/{name}", body), "url": f"{origin}/{name}"})

    facts["replay_commands"] = REPLAY_COMMANDS
    write("replay.apish", "refresh weather\n" * REPLAY_COMMANDS)
    write("replay.curl", f'url = "{origin}/weather.json"\n' * REPLAY_COMMANDS)

    facts["script_curve"] = []
    for commands in SCRIPT_LENGTHS:
        if options.quick and commands > REPLAY_COMMANDS:
            continue
        name = f"script-{commands}.apish"
        write(name, script_lines(commands))
        facts["script_curve"].append({"commands": commands, "file": name})

    with open(os.path.join(options.dir, "workloads.json"), "w") as file:
        json.dump(facts, file, indent=1)


if __name__ == "__main__":
    main()
