#!/usr/bin/env python3
"""Checks the layering of every `#include "..."` in algorithms/, reference/, cases/, harness/ and
tests/, and fails (exit 1, one line per problem: file:line and the rule broken) on

  1. an include that goes up a layer. The layers, lowest first:
       algorithms < reference < cases < harness/common < harness/<kind> < harness/main.cpp
     where <kind> is proximity, forces, motion (any other folder of harness/ but common, bench
     and scripts counts as a kind). A file may include its own layer and any lower one, with one
     more rule among kinds: a kind includes no other kind, except that harness/motion may include
     harness/proximity (a motion frame is a proximity query), harness/html may include
     harness/compare (the HTML report shows a comparison) and harness/sweep may include
     proximity and motion (a sweep trial is a proximity case or a motion case). harness/bench
     and tests may include anything;
  2. a cycle of includes: two files including each other, or a longer loop.

An include is looked up next to the including file first, then from the root (the project's
include directory); one found in neither place (a system or third-party header) is not checked.

    python3 harness/scripts/check-includes.py [--root DIR]
    python3 harness/scripts/check-includes.py --self-test   # proves each rule can fail
"""
import os
import re
import sys
import tempfile

from tree_check import root_option, self_test_verdict

SCANNED = ("algorithms", "reference", "cases", "harness", "tests")
EXTENSIONS = (".hpp", ".cpp", ".h", ".cc", ".hh", ".ipp")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
# Kind-to-kind includes allowed: (includer kind, included kind).
KIND_EXCEPTIONS = {("motion", "proximity"), ("html", "compare"), ("sweep", "proximity"),
                   ("sweep", "motion")}
LAYER_NAMES = ["algorithms", "reference", "cases", "harness/common", "harness/<kind>",
               "harness/main.cpp"]
UNRESTRICTED = None


def layer_of(path):
    """(layer index, kind) of a root-relative path; (UNRESTRICTED, None) for bench and tests."""
    parts = path.split("/")
    top = parts[0]
    if top == "tests":
        return UNRESTRICTED, None
    if top in ("algorithms", "reference", "cases"):
        return ("algorithms", "reference", "cases").index(top), None
    if top == "harness":
        if len(parts) == 2:  # harness/main.cpp and any other file at the top of harness/
            return 5, None
        sub = parts[1]
        if sub in ("bench", "scripts"):
            return UNRESTRICTED, None
        if sub == "common":
            return 3, None
        return 4, sub
    return UNRESTRICTED, None


def describe(layer, kind):
    return f"harness/{kind}" if layer == 4 else LAYER_NAMES[layer]


def source_files(root):
    for top in SCANNED:
        base = os.path.join(root, top)
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if name.endswith(EXTENSIONS):
                    yield os.path.relpath(os.path.join(dirpath, name), root).replace(os.sep, "/")


def resolve(root, includer, target):
    """Root-relative path of an included file, or None when it is not in the tree."""
    for candidate in (os.path.join(os.path.dirname(includer), target), target):
        normal = os.path.normpath(candidate).replace(os.sep, "/")
        if not normal.startswith("../") and os.path.isfile(os.path.join(root, normal)):
            return normal
    return None


def read_includes(root, files):
    """{file: [(line number, included file)]} for the includes found in the tree."""
    graph = {}
    for f in files:
        edges = []
        with open(os.path.join(root, f), encoding="utf-8", errors="replace") as text:
            for number, line in enumerate(text, 1):
                m = INCLUDE.match(line)
                if m:
                    target = resolve(root, f, m.group(1))
                    if target is not None:
                        edges.append((number, target))
        graph[f] = edges
    return graph


def layering_problems(graph):
    problems = []
    for f, edges in graph.items():
        layer, kind = layer_of(f)
        if layer is UNRESTRICTED:
            continue
        for number, target in edges:
            t_layer, t_kind = layer_of(target)
            if t_layer is UNRESTRICTED:
                problems.append(f"{f}:{number}: includes {target}, which is not a library layer "
                                f"(harness/bench, harness/scripts and tests sit above everything)")
            elif t_layer > layer:
                problems.append(f"{f}:{number}: includes {target}: up a layer "
                                f"({describe(layer, kind)} may not include "
                                f"{describe(t_layer, t_kind)})")
            elif layer == 4 and t_layer == 4 and kind != t_kind and \
                    (kind, t_kind) not in KIND_EXCEPTIONS:
                problems.append(f"{f}:{number}: includes {target}: a sibling kind "
                                f"(harness/{kind} may not include harness/{t_kind})")
    return problems


def cycles(graph):
    """Strongly connected components with more than one file, or a file including itself."""
    index, low, on_stack, stack, found = {}, {}, set(), [], []
    counter = [0]

    def visit(v):  # Tarjan, iterative so deep include chains cannot overflow the stack
        work = [(v, iter(graph.get(v, [])))]
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        while work:
            node, edges = work[-1]
            advanced = False
            for _, w in edges:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on_stack.add(w)
                    work.append((w, iter(graph.get(w, []))))
                    advanced = True
                    break
                if w in on_stack:
                    low[node] = min(low[node], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    component.append(w)
                    if w == node:
                        break
                self_loop = any(t == node for _, t in graph.get(node, []))
                if len(component) > 1 or self_loop:
                    found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def cycle_path(graph, component):
    """One loop through the component, as 'a:3 -> b:7 -> a'."""
    members = set(component)
    start = component[0]
    path, seen, node = [], {start}, start
    while True:
        number, nxt = next((n, t) for n, t in graph[node] if t in members and
                           (t == start or t not in seen))
        path.append(f"{node}:{number}")
        if nxt == start:
            return " -> ".join(path + [start])
        seen.add(nxt)
        node = nxt


def cycle_problems(graph):
    problems = []
    for component in cycles(graph):
        try:
            loop = cycle_path(graph, component)
        except StopIteration:  # a longer component: name its files
            loop = ", ".join(component)
        problems.append(f"{component[0]}: include cycle: {loop}")
    return problems


def check(root):
    graph = read_includes(root, list(source_files(root)))
    return layering_problems(graph) + cycle_problems(graph), len(graph)


def self_test():
    """Builds small trees in a temporary folder: a clean one must pass, each broken one fail."""
    clean = {
        "algorithms/geometry/pose.hpp": [],
        "algorithms/proximity/gjk.hpp": ["algorithms/geometry/pose.hpp"],
        "algorithms/proximity/gjk.cpp": ["gjk.hpp"],  # next to the including file
        "reference/exact.hpp": ["algorithms/geometry/pose.hpp"],
        "cases/format/case.hpp": ["reference/exact.hpp", "<system>"],
        "harness/common/verdict.hpp": ["cases/format/case.hpp"],
        "harness/proximity/runner.hpp": ["harness/common/verdict.hpp"],
        "harness/proximity/report.hpp": ["cases/format/case.hpp"],
        "harness/motion/runner.hpp": ["harness/proximity/runner.hpp"],
        "harness/forces/runner.hpp": ["harness/common/verdict.hpp"],
        "harness/main.cpp": ["harness/motion/runner.hpp", "harness/forces/runner.hpp"],
        "harness/bench/bench.cpp": ["harness/main.cpp"],
        "tests/support/shapes.hpp": ["algorithms/geometry/pose.hpp"],
        "tests/t_test.cpp": ["harness/forces/runner.hpp", "harness/bench/bench.cpp",
                             "support/shapes.hpp"],
    }
    broken = {
        "upward include": ("algorithms/proximity/gjk.hpp", "reference/exact.hpp", "up a layer"),
        "common above a kind": ("harness/common/verdict.hpp", "harness/proximity/report.hpp",
                                "up a layer"),
        "kind above main": ("harness/proximity/report.hpp", "harness/main.cpp", "up a layer"),
        "sibling kinds": ("harness/forces/runner.hpp", "harness/proximity/report.hpp",
                          "sibling kind"),
        "proximity over motion": ("harness/proximity/report.hpp", "harness/motion/runner.hpp",
                                  "sibling kind"),
        "library on a test": ("reference/exact.hpp", "tests/support/shapes.hpp",
                              "not a library layer"),
        "mutual include": ("algorithms/geometry/pose.hpp", "algorithms/proximity/gjk.hpp",
                           "include cycle"),
        "longer cycle": ("algorithms/geometry/pose.hpp", "algorithms/proximity/gjk.cpp",
                         "include cycle"),
        "self include": ("reference/exact.hpp", "reference/exact.hpp", "include cycle"),
    }

    def build(root, tree):
        for path, includes in tree.items():
            full = os.path.join(root, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                for inc in includes:
                    f.write(f"#include {inc}\n" if inc.startswith("<") else f'#include "{inc}"\n')

    failures = []
    with tempfile.TemporaryDirectory() as tmp:
        root = os.path.join(tmp, "clean")
        build(root, clean)
        problems, _ = check(root)
        if problems:
            failures.append("clean tree reported: " + "; ".join(problems))
        for name, (includer, included, rule) in broken.items():
            tree = {path: list(incs) for path, incs in clean.items()}
            tree[includer].append(included)
            root = os.path.join(tmp, name.replace(" ", "-"))
            build(root, tree)
            problems, _ = check(root)
            if not any(rule in p for p in problems):
                failures.append(f"{name}: expected '{rule}', got {problems or 'nothing'}")
            elif any(rule not in p for p in problems):
                failures.append(f"{name}: unexpected extra problems {problems}")
    return self_test_verdict("check-includes", failures, len(broken) + 1)


def main(argv):
    if "--self-test" in argv:
        return self_test()
    if "--root" not in argv and len(argv) > 1:
        sys.exit(__doc__)
    problems, count = check(root_option(argv))
    for p in problems:
        print(p)
    print(f"check-includes: {len(problems)} problem(s) in {count} files")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
