"""What the tree checks in harness/scripts/ (check-includes.py, check-citations.py, docs-tables.py)
share: the tree they read by default and how their --self-test reports its verdict."""
import os
import sys

# The repository this script is in (harness/scripts/ -> the root).
REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))


def root_option(argv):
    """The tree to check: the directory after --root in argv, else the repository."""
    if "--root" in argv:
        return os.path.abspath(argv[argv.index("--root") + 1])
    return REPOSITORY


def self_test_verdict(name, failures, fixtures):
    """Prints each failure (stderr) and NAME's one-line verdict on its FIXTURES fixture trees;
    returns the exit code: 1 when any fixture was misjudged."""
    for f in failures:
        print(f"{name} self-test FAILED: {f}", file=sys.stderr)
    if failures:
        return 1
    print(f"{name} self-test: {fixtures} fixtures, each judged as expected")
    return 0
