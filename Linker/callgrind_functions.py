#!/usr/bin/env python3
"""Prints, one per line as a gold section name (.text.SYMBOL), the functions of one binary that callgrind saw
run, in the order they were first seen across the given callgrind output files. scripts/startup-order uses it
to write Linker/startup-order.txt."""
import re
import sys


def functions(paths, binary_suffix):
    seen, order = set(), []
    for path in paths:
        objects, names = {}, {}
        current_object = called_object = None
        with open(path, errors="replace") as lines:
            for line in lines:
                line = line.rstrip("\n")
                match = re.match(r"^(c?ob)=\((\d+)\)(?: (.*))?$", line)
                if match:
                    kind, key, name = match.groups()
                    if name:
                        objects[key] = name
                    if kind == "ob":
                        current_object = objects.get(key)
                    else:
                        called_object = objects.get(key)
                    continue
                match = re.match(r"^(c?fn)=\((\d+)\)(?: (.*))?$", line)
                if not match:
                    continue
                kind, key, name = match.groups()
                if name:
                    names[key] = name
                owner = current_object if kind == "fn" else called_object
                name = names.get(key)
                if owner and owner.endswith(binary_suffix) and name and name not in seen:
                    seen.add(name)
                    order.append(name)
    return order


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: callgrind_functions.py BINARY_NAME CALLGRIND_OUT...")
    for name in functions(sys.argv[2:], "/" + sys.argv[1]):
        print(".text." + name)
