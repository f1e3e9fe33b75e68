#!/usr/bin/env python3
"""Checks that every citation in the code and the docs resolves inside the repository, and fails
(exit 1, one line per problem: file:line and what does not resolve) on

  1. a source paper key `seed 00N` that docs/references.md does not define (a `### seed 00N`
     heading), or a section `seed 00N §x` (also the end of a range, `§2.1-2.2`, `§3-§4`) that is
     not in that paper's section table there (rows `| §x | title |`);
  2. a design section `DESIGN §x` that is not a numbered heading of docs/design.md
     (`## 5. Verdicts`, `### 3.2b Hierarchies ...`);
  3. a bracketed key such as `[GJK88]` (capital letter, letters, two-digit year, optional letter)
     that is not a `### [KEY]` heading of docs/references.md.

Scanned: README.md, docs/, algorithms/, reference/, cases/, harness/, tests/, examples/ and the
CMake files (text files only; meshes, test data and build folders are skipped).

    python3 harness/scripts/check-citations.py [--root DIR]
    python3 harness/scripts/check-citations.py --self-test   # proves each rule can fail
"""
import os
import re
import sys
import tempfile

from tree_check import root_option, self_test_verdict

SCANNED_DIRS = ("docs", "algorithms", "reference", "cases", "harness", "tests", "examples")
SCANNED_TOP = ("README.md", "CMakeLists.txt")
EXTENSIONS = (".hpp", ".cpp", ".h", ".cc", ".md", ".txt", ".py", ".sh", ".cmake", ".in")
SKIPPED_DIRS = {"meshes", "data", ".cache", "__pycache__"}

SEED = re.compile(r"\bseed (\d{3})\b(?: §(\d+(?:\.\d+)*)(?:\s?[-–]\s?§?(\d+(?:\.\d+)*))?)?")
DESIGN = re.compile(r"\bDESIGN §(\d+(?:\.\d+)*[a-z]?)(?:\s?[-–]\s?§?(\d+(?:\.\d+)*[a-z]?))?")
KEY = re.compile(r"\[([A-Z][A-Za-z]*\d{2}[a-z]?)\]")

SEED_HEADING = re.compile(r"^#{2,4}\s+seed (\d{3})\s*$")
KEY_HEADING = re.compile(r"^#{2,4}\s+\[([A-Z][A-Za-z]*\d{2}[a-z]?)\]\s*$")
SECTION_ROW = re.compile(r"^\|\s*§(\d+(?:\.\d+)*)\s*\|")
DESIGN_HEADING = re.compile(r"^#{2,4}\s+(\d+(?:\.\d+)*[a-z]?)\.?\s")


def read_references(path):
    """({seed: set of sections}, set of keys) defined by docs/references.md."""
    seeds, keys = {}, set()
    current = None
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = SEED_HEADING.match(line)
            if m:
                current = m.group(1)
                seeds[current] = set()
                continue
            m = KEY_HEADING.match(line)
            if m:
                keys.add(m.group(1))
                current = None
                continue
            if line.startswith("#"):
                current = None
                continue
            m = SECTION_ROW.match(line)
            if m and current is not None:
                seeds[current].add(m.group(1))
    return seeds, keys


def read_design(path):
    sections = set()
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = DESIGN_HEADING.match(line)
            if m:
                sections.add(m.group(1))
    return sections


def scanned_files(root):
    for name in SCANNED_TOP:
        if os.path.isfile(os.path.join(root, name)):
            yield name
    for top in SCANNED_DIRS:
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, top)):
            dirnames[:] = sorted(d for d in dirnames if d not in SKIPPED_DIRS)
            for name in sorted(filenames):
                if name.endswith(EXTENSIONS) or name == "CMakeLists.txt":
                    yield os.path.relpath(os.path.join(dirpath, name), root)


def check(root):
    problems = []
    refs = os.path.join(root, "docs", "references.md")
    design = os.path.join(root, "docs", "design.md")
    for needed in (refs, design):
        if not os.path.isfile(needed):
            problems.append(f"{os.path.relpath(needed, root)}: missing")
    if problems:
        return problems
    seeds, keys = read_references(refs)
    design_sections = read_design(design)
    for rel in scanned_files(root):
        try:
            with open(os.path.join(root, rel), encoding="utf-8") as f:
                lines = f.readlines()
        except (UnicodeDecodeError, OSError):
            continue
        for number, line in enumerate(lines, 1):
            where = f"{rel}:{number}"
            for m in SEED.finditer(line):
                seed = m.group(1)
                if seed not in seeds:
                    problems.append(f"{where}: 'seed {seed}' is not defined in docs/references.md")
                    continue
                for section in (m.group(2), m.group(3)):
                    if section and section not in seeds[seed]:
                        problems.append(f"{where}: 'seed {seed} §{section}': seed {seed} has no "
                                        f"section {section} in docs/references.md")
            for m in DESIGN.finditer(line):
                for section in (m.group(1), m.group(2)):
                    if section and section not in design_sections:
                        problems.append(f"{where}: 'DESIGN §{section}' is not a section of "
                                        "docs/design.md")
            for m in KEY.finditer(line):
                if m.group(1) not in keys:
                    problems.append(f"{where}: '[{m.group(1)}]' is not a key of "
                                    "docs/references.md")
    return problems


def self_test():
    """Fixture trees: a clean one passes; each kind of unresolved citation is reported."""
    seed, abc, xyz = "seed", "[" + "Abc99]", "[" + "Xyz01]"  # split: this file cites nothing
    references = (f"# References\n\n### {seed} 000\n\n| section | title |\n| --- | --- |\n"
                  f"| §1 | Introduction |\n| §4.2 | Index |\n\n### {abc}\n\nAn entry.\n")
    design = "# Design\n\n## 1. Users\n\n### 3.2b Swept\n\n## 5. Verdicts\n"

    def build(root, source):
        os.makedirs(os.path.join(root, "docs"))
        os.makedirs(os.path.join(root, "algorithms", "x"))
        with open(os.path.join(root, "docs", "references.md"), "w", encoding="utf-8") as f:
            f.write(references)
        with open(os.path.join(root, "docs", "design.md"), "w", encoding="utf-8") as f:
            f.write(design)
        with open(os.path.join(root, "algorithms", "x", "x.cpp"), "w", encoding="utf-8") as f:
            f.write(source)

    clean = (f"// {seed} 000 §4.2; {seed} 000 §1-§4.2; {seed} 000, ch. 2; {abc}\n"
             "// DESIGN §5. DESIGN §3.2b; v[i] = w[N];\n")
    cases = [
        (clean, []),
        (f"// ok\n// {seed} 007 §1\n", [f"algorithms/x/x.cpp:2: '{seed} 007' is not defined"]),
        (f"// {seed} 000 §4.3\n", [f"'{seed} 000 §4.3': {seed} 000 has no section 4.3"]),
        (f"// {seed} 000 §1–§2\n", [f"'{seed} 000 §2': {seed} 000 has no section 2"]),
        ("// DESIGN §6.2\n", ["x.cpp:1: 'DESIGN §6.2' is not a section"]),
        (f"// see {xyz}\n", [f"x.cpp:1: '{xyz}' is not a key"]),
    ]
    failures = []
    for source, expected in cases:
        with tempfile.TemporaryDirectory() as root:
            build(root, source)
            got = check(root)
        ok = len(got) == len(expected) and all(
            any(e in g for g in got) for e in expected)
        if not ok:
            failures.append(f"on {source!r}: expected {expected}, got {got}")
    with tempfile.TemporaryDirectory() as root:
        got = check(root)
        if not any("docs/references.md: missing" in g for g in got):
            failures.append(f"a tree without docs/ passed ({got})")
    return self_test_verdict("check-citations", failures, len(cases) + 1)


def main(argv):
    if "--self-test" in argv:
        return self_test()
    problems = check(root_option(argv))
    for p in problems:
        print(p)
    if problems:
        print(f"check-citations: {len(problems)} unresolved citation(s); define them in "
              "docs/references.md or docs/design.md", file=sys.stderr)
        return 1
    print("check-citations: every citation resolves")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
