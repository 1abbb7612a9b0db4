#!/usr/bin/env python3
"""Prints, one per line as a gold section name (.text.SYMBOL), the functions of one binary that callgrind saw
run, in the order they were first seen across the given callgrind output files. scripts/startup-order uses it
to write Linker/startup-order.txt.

A function's code can carry several names (the compiler merges identical functions and aliases them); the
linker orders sections, named after just one of them, so every name at the same address is printed."""
import re
import subprocess
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


def aliases(binary):
    """name -> every function name at the same address, from nm."""
    by_address, address_of = {}, {}
    listing = subprocess.run(["nm", binary], capture_output=True, text=True, check=True).stdout
    for line in listing.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            by_address.setdefault(parts[0], []).append(parts[2])
            address_of[parts[2]] = parts[0]
    return lambda name: by_address.get(address_of.get(name), [name])


if __name__ == "__main__":
    if len(sys.argv) < 3:
        sys.exit("usage: callgrind_functions.py BINARY CALLGRIND_OUT...")
    binary = sys.argv[1]
    names_at = aliases(binary)
    # The compiler's small helpers (value witnesses left unnamed, closure-context destructors, existential and
    # metadata helpers: ~30 KB in all) have section names per object that callgrind's names do not match; they
    # run everywhere, so all of them go first.
    for pattern in [".text..L__unnamed_*", ".text..Lobjectdestroy*", ".text.objectdestroy*", ".text.__swift_*"]:
        print(pattern)
    printed = set()
    for name in functions(sys.argv[2:], "/" + binary.rsplit("/", 1)[-1]):
        for alias in [name] + names_at(name):
            if alias not in printed:
                printed.add(alias)
                print(".text." + alias)
