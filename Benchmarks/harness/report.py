#!/usr/bin/env python3
"""Turns what scripts/bench measured into its table, the scale curves, their verdicts and plots.

    report.py DIR [--quick] [--runs N] [--seconds S] [--apish PATH] [--load "1.0 2.0 3.0"]

Reads DIR/samples.tsv (one line per timed run), DIR/notes.tsv (skipped and failed sides),
DIR/workloads.json (what was generated) and DIR/apish-bench.kv (the in-process numbers). Writes
DIR/bench.md (also printed), DIR/scale-body.dat and DIR/scale-script.dat, and, when gnuplot is installed,
DIR/scale-body.png and DIR/scale-script.png. Exits 1 when a side failed or a ratio could not be computed.
"""
import argparse
import csv
import datetime
import json
import math
import os
import shutil
import statistics
import subprocess
from dataclasses import dataclass
from typing import Callable, Optional

MIB = 1024 * 1024
NOT_SELECTED = "not selected by --only"  # as scripts/bench notes a workload --only leaves out


@dataclass
class Side:
    """The medians of one side of a workload."""
    wall: float  # seconds
    rss: float  # KiB
    cpu: float  # user + sys, seconds
    runs: int
    fastest: float  # wall, seconds
    slowest: float


@dataclass
class Row:
    workload: str
    work: str
    peer: str  # the side compared with apish
    goal: str
    meets: Callable[["Side", "Side", float], bool]  # (apish, peer, ratio) → goal met
    per_command: int = 0  # show CPU µs per command when > 0
    added: bool = False  # the peer is apish without the thing measured: show what it adds, in ms and %
    peer_label: str = ""  # how the peer's cell names it, when not by its side's name


def load_sides(path):
    runs = {}
    with open(path) as file:
        for line in csv.DictReader(file, delimiter="\t"):
            sample = (float(line["wall_s"]), float(line["rss_kib"]), float(line["user_s"]) + float(line["sys_s"]))
            runs.setdefault((line["workload"], line["side"]), []).append(sample)
    return {
        key: Side(wall=statistics.median(s[0] for s in samples), rss=statistics.median(s[1] for s in samples),
                  cpu=statistics.median(s[2] for s in samples), runs=len(samples),
                  fastest=min(s[0] for s in samples), slowest=max(s[0] for s in samples))
        for key, samples in runs.items()
    }


def load_notes(path):
    notes = []
    if os.path.exists(path):
        with open(path) as file:
            for line in file:
                kind, workload, side, message = line.rstrip("\n").split("\t", 3)
                notes.append((kind, workload, side, message))
    return notes


def load_key_values(path):
    values = {}
    if os.path.exists(path):
        with open(path) as file:
            for line in file:
                key, _, value = line.strip().partition("=")
                if key:
                    values[key] = float(value)
    return values


def ratio_text(ratio):
    """`0.83x`; a small ratio also as a fraction, which two decimals would blur (`0.027x (1/36)`)."""
    if 0 < ratio < 0.1:
        return f"{ratio:.3f}x (1/{1 / ratio:.0f})"
    return f"{ratio:.2f}x"


def duration(seconds):
    return f"{seconds:.2f} s" if seconds >= 1 else f"{seconds * 1000:.1f} ms"


def mebibytes(kib):
    return f"{kib / 1024:.1f} MiB"


def size(count):
    return f"{count / 1e6:.1f} MB" if count >= 1e6 else f"{count / 1e3:.0f} KB"


def short(reason):
    """A skip reason without its details (those are in the notes below the table)."""
    return reason.split(" (")[0]


def cell(side: Optional[Side], per_command=0):
    """`3.71 s (cpu 169 µs/command), 34.3 MiB`: wall time, CPU time when it is long enough to mean something
    (it comes in 10 ms steps; on a busy machine it moves less than wall time), peak RSS."""
    if side is None:
        return None
    text = duration(side.wall)
    if per_command:
        text += f" (cpu {side.cpu / per_command * 1e6:.0f} µs/command)"
    elif side.cpu >= 0.1:
        text += f" (cpu {side.cpu:.2f} s)" if side.cpu >= 1 else f" (cpu {side.cpu * 1000:.0f} ms)"
    return text + ", " + mebibytes(side.rss)


def rows(facts):
    groups, page = facts["groups"], facts["page_bytes"]
    commands = facts["replay_commands"]
    return [
        Row("version", "`apish --version` vs `curl --version`", "curl", "≤ 1.2x, ≤ 15 MiB",
            lambda a, p, r: r <= 1.2 and a.rss <= 15 * 1024),
        Row("oneshot", "one-shot `apish --locator URL -c 'refresh weather'` vs `curl -s URL`", "curl",
            "≤ 1.5x, ≤ 16 MiB", lambda a, p, r: r <= 1.5 and a.rss <= 16 * 1024),
        Row("oneshot", "same vs httpie `http GET URL`", "httpie", "≤ 1/30", lambda a, p, r: r <= 1 / 30),
        Row("version-packaged", "the packaged binary (stripped, as scripts/package ships it): `apish --version` vs "
            "`curl --version`", "curl", "≤ 1.0x, ≤ 16 MiB", lambda a, p, r: r <= 1.0 and a.rss <= 16 * 1024),
        Row("oneshot-packaged", "the packaged binary: one-shot `refresh weather` vs `curl -s URL`", "curl",
            "≤ 1.2x, ≤ 16 MiB", lambda a, p, r: r <= 1.2 and a.rss <= 16 * 1024),
        Row("replay", f"a script of {commands:,} `refresh weather` vs one `curl -K` with the same {commands:,} URLs",
            "curl", "≤ 1.0x", lambda a, p, r: r <= 1.0, per_command=commands),
        Row("groups", f"`groups near` on a {size(page)} page of {groups:,} groups: decode + table, "
            "vs `curl \\| python3` `json.load` + one line per group", "python", "≤ 0.5x, peak ≤ 2x body",
            lambda a, p, r: r <= 0.5 and a.rss * 1024 <= 2 * page),
        Row("get", f"generic `get --json` of the same {size(page)} body (parsed, written back compact) vs `curl … \\| jq -c .`", "jq", "≤ 0.5x",
            lambda a, p, r: r <= 0.5),
        Row("mock", f"a script of {facts.get('mock_calls', 0):,} `call showPetById 1` against `apish mock` of the pet store's "
            "v1 description vs the same script against the demo server's own v1 routes", "demo", "≤ 1.2x",
            lambda a, p, r: r <= 1.2, per_command=facts.get("mock_calls", 0), peer_label="demo routes"),
        Row("mockmem", "peak RSS of `apish mock` answering a ~20 MB generated answer for 50 distinct `Accept` values, then "
            "32 parallel `Prefer: dynamic=true` requests (Benchmarks/harness/mock_memory.py), vs the mock started and "
            "stopped idle", "idle", "≤ 256 MiB", lambda a, p, r: a.rss <= 256 * 1024, peer_label="idle mock"),
        Row("openapi", f"load a {size(facts['spec_bytes'])} OpenAPI spec of {facts['operations']:,} operations as the "
            "locator (`-c services`) vs `curl \\| python3` `json.load`", "python", "—", None),
        *twilio_rows(facts),
    ]


def twilio_rows(facts):
    """The rows of the Twilio-shaped documents, the request check and the profile (their facts are there
    only when --only selected them)."""
    operations = facts.get("twilio_operations", 0)
    diff = facts.get("diff_bytes", [0, 0])
    return [
        Row("yaml", f"load a {size(facts.get('yaml_bytes', 0))} YAML OpenAPI spec (Twilio api_v2010's shape, "
            f"{operations} operations) from a file as the locator (`-c services`) vs python3 "
            "`yaml.load(…, Loader=CSafeLoader)`", "python", "≤ 0.15x", lambda a, p, r: r <= 0.15),
        Row("jsonspec", f"load its {size(facts.get('json_twin_bytes', 0))} JSON twin the same way vs python3 `json.load`",
            "python", "≤ 0.25x", lambda a, p, r: r <= 0.25),
        *real_size_rows(facts),
        Row("diffspec", f"`diff twilio v1 v2 --spec` of two documents of {size(diff[0])} and {size(diff[1])} "
            "(paths moved, operations renamed, schemas changed), the whole one-shot, vs loading the same two "
            "(`-c services`)", "load", "≤ 150 ms", lambda a, p, r: a.wall <= 0.150, added=True, peer_label="load only"),
        Row("realdiff-stripe", "`diff stripe 2021-04-12 2022-04-12 --spec` of Stripe's published spec3.json (3.4 and 4.2 MB, "
            "Tests/Fixtures/github-stripe), the whole one-shot, vs python3 `json.load` of the two files",
            "python", "≤ 1.0x", lambda a, p, r: r <= 1.0),
        Row("realdiff-github", "`diff github 2020-11-27 2021-10-10 --spec` of GitHub's published description (3.3 and 3.7 MB), "
            "the whole one-shot, vs python3 `json.load` of the two files", "python", "≤ 1.0x", lambda a, p, r: r <= 1.0),
        Row("warmcall-github", "one-shot `apish --locator L -c 'call issues/list-for-repo …'` on GitHub's published "
            "description (3.7 MB), loaded before (its converted form cached), vs the same process making a raw `get` "
            "of the same URL (the service declared without its description)", "get", "≤ 1.3x", lambda a, p, r: r <= 1.3),
        Row("warmcall-stripe", "the same with `call GetCustomers limit=3` on Stripe's spec3.json (4.2 MB)",
            "get", "≤ 1.3x", lambda a, p, r: r <= 1.3),
        Row("firstops-github", "first `-c ops` of GitHub's published description (2021-10-10, 3.7 MB, 771 operations) with a "
            "locator of that entry alone, the whole process, vs python3 `json.load` of the file", "python", "≤ 0.4x",
            lambda a, p, r: r <= 0.4),
        Row("firstops-stripe", "first `-c ops` of Stripe's published spec3.json (2022-04-12, 4.2 MB, 417 operations) the same way, "
            "vs python3 `json.load` of the file", "python", "≤ 0.4x", lambda a, p, r: r <= 0.4),
        Row("check", f"a script of {facts.get('calls', 0):,} loopback `call CreateMessage …` (a form body of 9 "
            "fields), checked against the spec, vs the same with `--no-check`", "nocheck", "≤ 5% added",
            lambda a, p, r: r <= 1.05, added=True, peer_label="--no-check"),
        Row("profile", f"one-shot `apish --profile big -c vars` ({facts.get('profile_variables', 0)} variables, "
            f"{facts.get('profile_credentials', 0)} credentials, credentials.json 0600) vs `apish --locator FILE -c vars`",
            "noprofile", "≤ 1 ms added", lambda a, p, r: a.wall - p.wall <= 0.001, added=True, peer_label="no profile"),
        Row("profile-services", "the same with `-c services`, which prints the same on both sides: the profile alone",
            "noprofile", "≤ 1 ms added", lambda a, p, r: a.wall - p.wall <= 0.001, added=True, peer_label="no profile"),
    ]


def real_size_rows(facts):
    """Descriptions at the size real APIs publish (issue 32): OpenAI's 3.1 description as YAML, as JSON, and
    reloaded from the web with its copy cached; a description split over 2,000 files."""
    operations = facts.get("openai_operations", 0)
    return [
        Row("openai", f"load OpenAI's OpenAPI 3.1 description ({size(facts.get('openai_yaml_bytes', 0))} of YAML, "
            f"{operations} operations) from a file (`-c services`) vs python3 `yaml.load(…, Loader=CSafeLoader)`",
            "python", "≤ 0.15x", lambda a, p, r: r <= 0.15),
        Row("openaijson", f"load its {size(facts.get('openai_json_bytes', 0))} JSON twin from a file vs python3 `json.load`",
            "python", "≤ 0.25x", lambda a, p, r: r <= 0.25),
        Row("cached", "reload the JSON twin from the web, loaded before (the summary of these bytes kept; no document read), "
            "vs python3 `json.load` of the file", "python", "≤ 0.1x", lambda a, p, r: r <= 0.1),
        Row("split", f"load a description split over {facts.get('split_files', 0):,} files "
            f"({size(facts.get('split_bytes', 0))}, {facts.get('split_operations', 0):,} operations, relative `$ref`s "
            "down, sideways and back up to shared components) vs python3 loading each file with CSafeLoader and "
            "resolving every `$ref`", "python", "≤ 0.5x", lambda a, p, r: r <= 0.5),
    ]


def description_memory_rows(sides):
    """What a description costs in memory, from the first-ops rows' four sides: apish's peak above its own with a
    locator of one tiny description, against python's peak for `json.load` above `python3 -c pass`."""
    lines = []
    for workload, name in (("firstops-github", "GitHub's"), ("firstops-stripe", "Stripe's")):
        apish, own, python, bare = (sides.get((workload, side)) for side in ("apish", "own", "python", "pass"))
        if None in (apish, own, python, bare):
            continue
        ours, theirs = apish.rss - own.rss, python.rss - bare.rss
        if theirs <= 0:
            continue
        mark = " ✓" if ours <= theirs else " ✗"
        lines.append(f"| memory {name} description costs: peak RSS of the first `ops` above apish's own with a locator of one tiny "
                     f"description ({mebibytes(own.rss)}) | +{mebibytes(ours)} | python +{mebibytes(theirs)} above `-c pass` "
                     f"({mebibytes(bare.rss)}) | {ours / theirs:.2f}x | ≤ 1.0x{mark} |")
    return lines


def added_text(apish, peer):
    """What apish adds over its peer: `+0.4 ms, +3.1%`, and in CPU time when both sides used enough of it to
    tell (it comes in 10 ms steps), which a busy machine moves less than wall time."""
    difference = apish.wall - peer.wall
    text = f"{difference * 1000:+.1f} ms, {difference / peer.wall * 100:+.1f}%"
    if min(apish.cpu, peer.cpu) >= 0.2:
        text += f"; cpu {(apish.cpu - peer.cpu) / peer.cpu * 100:+.1f}%"
    return text


def table(sides, notes, facts, bench):
    """The markdown table and whether every ratio was computed."""
    skipped = {(w, s): m for kind, w, s, m in notes if kind == "skipped"}
    failed = {(w, s): m for kind, w, s, m in notes if kind == "failed"}
    lines = ["| work | apish | peer | ratio | goal |", "|---|---|---|---|---|"]
    complete = True
    for row in rows(facts):
        # `profile-services` is measured with `profile`, and left out with it.
        if skipped.get((row.workload.split("-")[0], "apish")) == NOT_SELECTED:
            continue
        peer_name = row.peer_label or row.peer
        apish, peer = sides.get((row.workload, "apish")), sides.get((row.workload, row.peer))
        reason = skipped.get((row.workload, row.peer)) or skipped.get((row.workload, "apish"))
        if reason and (apish is None or peer is None):
            apish_cell = cell(apish, row.per_command) or "skipped: " + short(reason)
            peer_cell = cell(peer, row.per_command) or "skipped: " + short(reason)
            lines.append(f"| {row.work} | {apish_cell} | {peer_name} {peer_cell} | — | {row.goal} |")
            continue
        apish_cell = cell(apish, row.per_command) or f"FAILED: {failed.get((row.workload, 'apish'), 'no samples')}"
        peer_cell = cell(peer, row.per_command) or f"FAILED: {failed.get((row.workload, row.peer), 'no samples')}"
        if apish is None or peer is None or peer.wall <= 0:
            complete = False
            lines.append(f"| {row.work} | {apish_cell} | {peer_name} {peer_cell} | — | {row.goal} |")
            continue
        ratio = apish.wall / peer.wall
        mark = "" if row.meets is None else (" ✓" if row.meets(apish, peer, ratio) else " ✗")
        shown = ratio_text(ratio) + (f" ({added_text(apish, peer)})" if row.added else "")
        lines.append(f"| {row.work} | {apish_cell} | {peer_name} {peer_cell} | {shown} | {row.goal}{mark} |")

    lines += description_memory_rows(sides)

    # The parser row comes from apish-bench (in-process, best of its rounds): ratio = time ratio, like the rest.
    ours, foundation = bench.get("json_ours_mbps"), bench.get("json_serialization_mbps")
    work = f"own JSON parser throughput ({size(bench.get('json_document_bytes', 0))} meetup document, in-process)"
    if ("parser", "apish") in skipped:
        pass
    elif ours and foundation and ours > 0:
        decoder = bench.get("json_decoder_mbps")
        peer_cell = f"JSONSerialization {foundation:.0f} MB/s" + (f" (JSONDecoder {decoder:.0f} MB/s)" if decoder else "")
        mark = " ✓" if ours >= 500 else " ✗"
        tree = bench.get("json_tree_mbps")
        ours_cell = f"{ours:.0f} MB/s" + (f" (to a JSONValue tree: {tree:.0f} MB/s)" if tree else "")
        lines.append(f"| {work} | {ours_cell} | {peer_cell} | {foundation / ours:.2f}x | ≥ 500 MB/s{mark} |")
    else:
        complete = False
        lines.append(f"| {work} | FAILED: {failed.get(('parser', 'apish'), 'no numbers')} | — | — | ≥ 500 MB/s |")

    # The schema check, also in-process: the groups page checked against its schema, beside reading it.
    check, parse = bench.get("schema_check_ms"), bench.get("schema_parse_ms")
    if ("parser", "apish") not in skipped:
        work = f"check a {size(bench.get('schema_page_bytes', 0))} groups page against its JSON Schema on its tape (in-process) vs parsing it"
        if check and parse and parse > 0:
            mark = " ✓" if check <= parse else " ✗"
            tree = bench.get("schema_tree_check_ms")
            ours = f"{check:.0f} ms" + (f" (on a value tree: {tree:.0f} ms)" if tree else "")
            lines.append(f"| {work} | {ours} | parse {parse:.0f} ms | {check / parse:.2f}x | ≤ 1.0x{mark} |")
        else:
            complete = False
            lines.append(f"| {work} | FAILED: no numbers | — | — | ≤ 1.0x |")
        growths = {key[len("schema_scale_"):-len("_growth")]: value for key, value in bench.items()
                   if key.startswith("schema_scale_") and key.endswith("_growth")}
        if growths:
            worst = max(growths.values())
            mark = " ✓" if worst <= 2 else " ✗"
            named = ", ".join(f"{name} {value:.2f}x" for name, value in sorted(growths.items()))
            lines.append(f"| check OpenAI 3.1's largest answer schemas on generated answers grown 64x: cost per byte, largest ÷ smallest | {named} | — | {worst:.2f}x | ≤ 2x (linear){mark} |")
    return lines, complete


@dataclass
class Point:
    x: float
    wall: float
    rss: float


def curve(sides, facts, key, unit, label_of):
    points, missing = [], []
    for entry in facts[key]:
        workload = label_of(entry)
        side = sides.get((workload, "apish"))
        x = entry["bytes"] if unit == "bytes" else entry["commands"]
        if side is None:
            missing.append(workload)
        else:
            points.append(Point(x, side.wall, side.rss))
    return points, missing


def verdict(points, unit):
    """Whether time grows linearly: the cost per unit of the last step against that of the first step that
    is long enough to measure (≥ 100 ms more than the point before), so start-up and noise do not count."""
    if len(points) < 3:
        return "too few points to tell"
    steps = list(zip(points, points[1:]))

    def per_unit(step):
        a, b = step
        return (b.wall - a.wall) / (b.x - a.x)

    last = steps[-1]
    reference = next((s for s in steps[:-1] if s[1].wall - s[0].wall >= 0.1), steps[-2])
    slope = math.log(last[1].wall / last[0].wall) / math.log(last[1].x / last[0].x)
    if per_unit(reference) <= 0:
        return f"cannot tell: the times do not grow between {label(reference[0], unit)} and {label(reference[1], unit)}"
    factor = per_unit(last) / per_unit(reference)
    word = "yes" if factor <= 2 else "NO, super-linear"
    return (f"{word}: {label(last[0], unit)} → {label(last[1], unit)} costs {factor:.2f}x per {unit[:-1]} what "
            f"{label(reference[0], unit)} → {label(reference[1], unit)} did "
            f"(log-log slope of the last step {slope:.2f}; 1 is linear, 2 quadratic)")


def label(point, unit):
    x = point.x
    if unit == "bytes":
        return f"{x / MIB:.0f} MiB" if x >= MIB else f"{x / 1024:.0f} KiB"
    return f"{x / 1000:.0f}K" if x >= 1000 else f"{x:.0f}"


def write_data(path, points, unit):
    with open(path, "w") as file:
        file.write(f"# {unit}\twall_s\tpeak_rss_mib\n")
        for p in points:
            file.write(f"{p.x:.0f}\t{p.wall:.6f}\t{p.rss / 1024:.2f}\n")


def plot(out, name, unit_label, x_format, title, points):
    if not shutil.which("gnuplot") or len(points) < 2:
        return None
    last = points[-1]
    walls, rss = [p.wall for p in points], [p.rss / 1024 for p in points]
    script = f"""
set terminal pngcairo size 900,540 font ",10"
set output '{os.path.join(out, name + '.png')}'
set title "{title}"
set logscale xy 10
set xlabel "{unit_label}"
set ylabel "wall time (s)"
set y2label "peak RSS (MiB, linear)"
set format x "{x_format}"
set format y "%g"
set format y2 "%g"
set yrange [{min(walls) / 2}:{max(walls) * 2}]
set y2range [0:{max(rss) * 1.25}]
set ytics nomirror
set y2tics
set grid
set key top left
linear(x) = {last.wall} * x / {last.x}
plot '{os.path.join(out, name + '.dat')}' using 1:2 with linespoints lw 2 pt 7 title "apish wall time", \\
     linear(x) with lines dt 2 lc rgb "gray" title "linear through the last point", \\
     '' using 1:3 axes x1y2 with linespoints lw 2 pt 5 title "apish peak RSS (right axis)"
"""
    result = subprocess.run(["gnuplot"], input=script, text=True, capture_output=True)
    return None if result.returncode == 0 else result.stderr.strip()


def curves(sides, facts, out, skipped):
    """The two scale curves as text, plus which points are missing."""
    lines, missing = [], []
    body, body_missing = curve(sides, facts, "body_curve", "bytes", lambda e: f"body-{e['target'] // 1024}K")
    script, script_missing = curve(sides, facts, "script_curve", "commands", lambda e: f"script-{e['commands']}")
    missing += [] if "body" in skipped else body_missing
    missing += [] if "script" in skipped else script_missing
    for name, points, unit, heading, axis, x_format in [
        ("scale-body", body, "bytes", "body size: `get` of a generated groups page", "body", "%.0s %cB"),
        ("scale-script", script, "commands", "script length: `set`/`refresh weather` lines", "script length (commands)", "%.0s%c"),
    ]:
        if name.removeprefix("scale-") in skipped:
            continue
        write_data(os.path.join(out, name + ".dat"), points, unit)
        lines.append(f"**{heading}** (`{name}.dat`)")
        lines.append("")
        lines.append(f"| {unit} | wall | peak RSS |")
        lines.append("|---|---|---|")
        for p in points:
            lines.append(f"| {label(p, unit)} | {duration(p.wall)} | {mebibytes(p.rss)} |")
        lines.append("")
        lines.append(f"linear? {verdict(points, unit)}")
        if points and unit == "bytes":
            top = points[-1]
            lines.append(f"memory: peak RSS {mebibytes(top.rss)} for a {size(top.x)} body "
                         f"({top.rss * 1024 / top.x:.1f}x the body)")
        elif len(points) >= 2:
            a, b = points[-2], points[-1]
            growth = (b.rss - a.rss) / a.rss * 100
            word = "flat" if abs(growth) <= 5 else "GROWS"
            lines.append(f"memory: {mebibytes(a.rss)} after {label(a, unit)} commands, {mebibytes(b.rss)} after "
                         f"{label(b, unit)} ({growth:+.1f}%: {word}; goal within 5%)")
        problem = plot(out, name, axis, x_format, heading.replace("`", ""), points)
        if problem:
            lines.append(f"(no plot: gnuplot said {problem.splitlines()[0]})")
        elif shutil.which("gnuplot") and len(points) >= 2:
            lines.append(f"plot: `{name}.png`")
        lines.append("")
    return lines, missing


def against_baseline(sides, baseline):
    """apish ÷ baseline for every workload both ran: a before/after comparison from the same run."""
    workloads = [w for (w, side) in sides if side == "baseline" and (w, "apish") in sides]
    lines = [f"## Against the baseline (`{baseline}`)", "",
             "| workload | apish | baseline | time ratio | CPU ratio | RSS ratio |", "|---|---|---|---|---|---|"]
    for workload in workloads:
        a, b = sides[(workload, "apish")], sides[(workload, "baseline")]
        # CPU time comes in 10 ms steps: a ratio of less than 100 ms says nothing.
        cpu = f"{a.cpu / b.cpu:.2f}x" if min(a.cpu, b.cpu) >= 0.1 else "—"
        lines.append(f"| {workload} | {cell(a)} | {cell(b)} | {a.wall / b.wall:.2f}x | {cpu} | {a.rss / b.rss:.2f}x |")
    return lines + ["", "ratio under 1: the apish under test is faster (smaller) than the baseline.", ""]


def spread(sides):
    """Every side's runs, so a reader sees how much the machine drifted."""
    lines = ["## All sides", "",
             "| workload | side | runs | wall fastest / median / slowest | peak RSS | CPU (user+sys) |",
             "|---|---|---|---|---|---|"]
    for (workload, side), s in sides.items():
        lines.append(f"| {workload} | {side} | {s.runs} | {duration(s.fastest)} / {duration(s.wall)} / "
                     f"{duration(s.slowest)} | {mebibytes(s.rss)} | {duration(s.cpu)} |")
    return lines + [""]


def git_revision(apish):
    try:
        here = os.path.dirname(os.path.abspath(__file__))
        revision = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", here, "status", "--porcelain", "--", "Sources"], capture_output=True, text=True).stdout.strip()
        version = subprocess.run([apish, "--version"], capture_output=True, text=True).stdout.strip() if apish else ""
        return f"{version} at {revision}{' + uncommitted Sources changes' if dirty else ''}"
    except OSError:
        return "unknown revision"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dir")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--runs", type=int, default=0)
    parser.add_argument("--seconds", type=float, default=0)
    parser.add_argument("--apish", default="")
    parser.add_argument("--load", default="", help="the load average when the run started")
    parser.add_argument("--busy", type=int, default=0, help="how many busy loops ran beside the workloads")
    parser.add_argument("--baseline", default="", help="the baseline apish binary, when one was run")
    options = parser.parse_args()
    out = options.dir

    sides = load_sides(os.path.join(out, "samples.tsv"))
    notes = load_notes(os.path.join(out, "notes.tsv"))
    with open(os.path.join(out, "workloads.json")) as file:
        facts = json.load(file)
    bench = load_key_values(os.path.join(out, "apish-bench.kv"))

    table_lines, complete = table(sides, notes, facts, bench)
    curve_lines, missing_points = curves(sides, facts, out, {w for kind, w, _, _ in notes if kind == "skipped"})
    with open("/proc/loadavg") as file:
        load_now = " ".join(file.read().split()[:3])
    floor = sides.get(("floor", "true"))

    mode = "quick (1 run, small page; a check that everything runs, not numbers to compare)" if options.quick \
        else f"medians of {options.runs} runs, interleaved"
    lines = [
        f"# scripts/bench — {datetime.datetime.now().strftime('%Y-%m-%d %H:%M')}",
        "",
        f"{git_revision(options.apish)}; {mode}; {os.cpu_count()} cores, load average {options.load or '?'} at the "
        f"start, {load_now} at the end; {options.seconds:.0f} s in all"
        + (f"; {options.busy} busy loop{'s' if options.busy != 1 else ''} ran beside every workload (`--busy`)."
           if options.busy else "."),
        "",
        *table_lines,
        "",
        "ratio = apish wall time ÷ peer wall time (under 1: apish is faster); ✓/✗ = its goal met or not. "
        "Wall time from bash's clock around `/usr/bin/time -v`, which gives peak RSS (for a pipeline: its largest process) "
        "and CPU time." + (f" Harness floor (`/usr/bin/time -v true`): {duration(floor.wall)}, in every wall time." if floor else ""),
        "",
    ]
    if curve_lines:
        lines += ["## Scale curves", "", *curve_lines]
    if options.baseline:
        lines += against_baseline(sides, options.baseline)
    lines += spread(sides)
    problems = [f"{kind}: {workload} {side}: {message}" for kind, workload, side, message in notes]
    if problems:
        lines += ["## Notes", ""] + [f"- {p}" for p in problems] + [""]
    failed = [p for p in problems if p.startswith("failed")]
    ok = complete and not failed and not missing_points
    lines.append("check: every ratio and curve point computed" if ok else
                 "check: FAILED: " + "; ".join(failed + [f"missing curve point {m}" for m in missing_points]
                                               + ([] if complete else ["a ratio is missing"])))
    text = "\n".join(lines) + "\n"
    with open(os.path.join(out, "bench.md"), "w") as file:
        file.write(text)
    print(text, end="")
    raise SystemExit(0 if ok else 1)


if __name__ == "__main__":
    main()
