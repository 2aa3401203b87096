#!/usr/bin/env python3
"""The include graph of src/engine, folder by folder: no cycle between
folders, and the model (what everything else speaks) includes nothing from
another engine folder. Usage: check-include-graph.py SOURCE_ROOT"""
import os
import re
import sys

root = os.path.join(sys.argv[1] if len(sys.argv) > 1 else '.', 'src', 'engine')
include = re.compile(r'\s*#\s*include\s+"([^"]+)"')

# Which folder each header lives in ("." for the engine's front door);
# a generated header (NAME.h.in) counts where its template is.
home = {}
for folder, _, files in os.walk(root):
    for name in files:
        if name.endswith('.h') or name.endswith('.h.in'):
            header = name[:-3] if name.endswith('.h.in') else name
            home[header] = os.path.relpath(folder, root)

# folder -> {folder it includes from: an example "file -> header"}
edges = {}
for folder, _, files in os.walk(root):
    here = os.path.relpath(folder, root)
    for name in sorted(files):
        if not name.endswith(('.c', '.h', '.h.in')):
            continue
        with open(os.path.join(folder, name), encoding='utf-8', errors='replace') as f:
            for line in f:
                m = include.match(line)
                if m is None or m.group(1) not in home:
                    continue
                there = home[m.group(1)]
                if there != here:
                    edges.setdefault(here, {}).setdefault(
                        there, '%s/%s includes %s' % (here, name, m.group(1)))

failures = []
for there, why in sorted(edges.get('model', {}).items()):
    failures.append('model includes from %s: %s' % (there, why))

# A cycle between folders: a folder reachable from itself.
def reach(start):
    seen, todo, path = set(), [(start, [])], {}
    while todo:
        node, trail = todo.pop()
        for nxt, why in sorted(edges.get(node, {}).items()):
            if nxt == start:
                return trail + [why]
            if nxt not in seen:
                seen.add(nxt)
                todo.append((nxt, trail + [why]))
    return None

reported = set()
for folder in sorted(edges):
    cycle = reach(folder)
    if cycle is not None:
        key = frozenset(c.split('/')[0] for c in cycle)
        if key not in reported:
            reported.add(key)
            failures.append('folder cycle through %s: %s' % (folder, '; '.join(cycle)))

for line in failures:
    print(line)
if failures:
    sys.exit(1)
print('%d folders, %d edges between them, no cycle' %
      (len({f for f in edges} | {t for d in edges.values() for t in d}),
       sum(len(d) for d in edges.values())))
