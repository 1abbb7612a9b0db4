#!/usr/bin/env python3
"""Writes breaking.md from breaking.json (the one source of truth; RealPairTests reads the JSON and checks
that the Markdown lists every entry). Run from this directory: python3 render-breaking.py"""
import json
from collections import OrderedDict

data = json.load(open('breaking.json'))
counts = data['counts']
lines = [
    '# Breaking changes between the two OpenAI revisions',
    '',
    f"`diff openai v1 v2 --spec` from `{data['pair']['a']}` (OpenAPI 3.0.0) to `{data['pair']['b']}` (OpenAPI 3.1.0),",
    'as apish reports it at the commit that added this file. Generated from `breaking.json` by `render-breaking.py`;',
    '`RealPairTests` checks that the engine\'s breaking changes are exactly the entries of `breaking.json`.',
    '',
    f"- Changes in all: {counts['changes']} ({counts['breaking']} breaking, {counts['warnings']} warnings, {counts['info']} info).",
    f"- Breaking: {counts['breaking']}: {len(data['explained'])} explained below, {len(data['falsePositives'])} false positives (last section).",
    f"- Breaking changes that are \"or null\" respellings: {counts['orNullRespellings']}.",
    '',
    counts['before'],
    '',
    'A change inside a component both revisions declare is listed once, at the component (`components.schemas.X`),',
    'with the operations that reach it. A is the older revision, B the newer.',
    '',
    '## Explained',
    '',
]
groups = OrderedDict()
for entry in data['explained']:
    groups.setdefault(entry['id'], []).append(entry)
for change_id, entries in groups.items():
    lines.append(f'### {change_id} ({len(entries)})')
    lines.append('')
    for entry in entries:
        used = f" (used by {len(entry['usedBy'])}: {', '.join(entry['usedBy'])})" if entry.get('usedBy') else ''
        lines.append(f"- `{entry['operation']}` · `{entry['location']}`{used}: {entry['why']}")
    lines.append('')
lines += ['## False positives', '',
          'Reported as breaking, but no client written against A breaks, each with its cause; the test lists them',
          'apart, so fixing one makes it fail until the entry moves out of `falsePositives`.', '']
if not data['falsePositives']:
    lines.append('None.')
for entry in data['falsePositives']:
    values = f" ({entry.get('a', '')} → {entry.get('b', '')})" if entry.get('a') or entry.get('b') else ''
    lines.append(f"- `{entry['id']}` · `{entry['operation']}` · `{entry['location']}`{values}: {entry['why']} Cause: {entry['cause']}")
lines.append('')
open('breaking.md', 'w').write('\n'.join(lines))
