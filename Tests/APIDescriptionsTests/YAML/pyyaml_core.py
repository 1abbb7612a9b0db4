"""Reads YAML files with pyyaml (its libyaml-backed loader) under the YAML 1.2 core schema and prints
each as one line of JSON, for the differential test of apish's YAML reader.

pyyaml resolves plain scalars by YAML 1.1 (yes/no/on/off booleans, 017 octal, timestamps); here its
resolvers are replaced by the core schema's, and ints are constructed by the core schema's rules.
Floats that JSON cannot hold are written as apish writes them: infinities as 1e999, NaN as null.
"""
import json
import math
import re
import sys

import yaml


class CoreLoader(yaml.CSafeLoader):
    pass


CoreLoader.yaml_implicit_resolvers = {}
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""])
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF"))
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:int", re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"), list("-+0123456789"))
CoreLoader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+.0123456789"))
CoreLoader.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^(?:<<)$"), ["<"])


def construct_int(loader, node):
    text = loader.construct_scalar(node)
    if text.startswith("0o"):
        return int(text[2:], 8)
    if text.startswith("0x"):
        return int(text[2:], 16)
    return int(text, 10)


CoreLoader.add_constructor("tag:yaml.org,2002:int", construct_int)

INF = "__apish_inf__"


def fix(value):
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if math.isinf(value):
            return INF if value > 0 else "-" + INF
        return value
    if isinstance(value, list):
        return [fix(element) for element in value]
    if isinstance(value, dict):
        return {key_text(key): fix(member) for key, member in value.items()}
    return value


def key_text(key):
    if key is None:
        return "null"
    if key is True:
        return "true"
    if key is False:
        return "false"
    return str(key)


for path in sys.argv[1:]:
    with open(path, "rb") as handle:
        document = yaml.load(handle, Loader=CoreLoader)
    text = json.dumps(fix(document), ensure_ascii=False)
    print(text.replace('"-' + INF + '"', "-1e999").replace('"' + INF + '"', "1e999"))
