#!/usr/bin/env python3
"""Independent cross-check of the exact whole-solid swept reference (reference/exact_swept.hpp).

Reads a `touchstone swept --out` report of whole-solid cases (each body's exact vertices,
triangles, translations and rotation vector, and the reference's answer) and recomputes the
answer with Fractions only. The motion is derived here from quaternions rather than from the
C++'s rotation matrix: a body's vertex x is at (q x q̄) / |q|² + S + t (E − S) with
q(t) = (1, t a), as polynomials in t; the pair's four points are written over the common
denominator |q_a|² |q_b|² (> 0) and decided by swept_crosscheck.py's 3D tests and Descartes root
isolation (not the C++'s projections and Sturm sequences). Every vertex of either body against
every triangle of the other and every edge against every edge, no culling; the earliest contact
must lie in the reference's [toi_lo, toi_hi], and the yes/no answers must agree.

Usage: swept_solids_crosscheck.py REPORT.json [--every N] [--self-test]
  --every N  checks every N-th solid case of the report (default 1: all);
  --self-test flips answers and moves times of impact in a copy and fails unless each is reported.
"""
import copy
import json
import os
import sys
from fractions import Fraction as Q

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from swept_crosscheck import (Test, add, cross, disagreement, dot, mul, perturb,  # noqa: E402
                              refine, roots01, self_test_verdict, sub, trim, verdict, vsub)


def qmul(p, q):
    """Product of quaternions (w, x, y, z) whose components are polynomials in t."""
    pw, px, py, pz = p
    qw, qx, qy, qz = q
    return (sub(sub(sub(mul(pw, qw), mul(px, qx)), mul(py, qy)), mul(pz, qz)),
            add(add(mul(pw, qx), mul(px, qw)), sub(mul(py, qz), mul(pz, qy))),
            add(add(mul(pw, qy), mul(py, qw)), sub(mul(pz, qx), mul(px, qz))),
            add(add(mul(pw, qz), mul(pz, qw)), sub(mul(px, qy), mul(py, qx))))


def body_motion(body):
    """(numerators of every vertex, denominator): vertex i at num[i] / den for t in [0, 1]."""
    a = [Q(c) for c in body.get("rotation", [0, 0, 0])]
    s = [Q(c) for c in body["start"]]
    d = [Q(e) - Q(c) for c, e in zip(s, body["end"])]
    q = ([Q(1)], trim([0, a[0]]), trim([0, a[1]]), trim([0, a[2]]))
    qc = (q[0], [-c for c in q[1]], [-c for c in q[2]], [-c for c in q[3]])
    den = add(add(mul(q[0], q[0]), mul(q[1], q[1])), add(mul(q[2], q[2]), mul(q[3], q[3])))
    out = []
    for v in body["vertices"]:
        x = ([], [Q(v[0])], [Q(v[1])], [Q(v[2])])
        turned = qmul(qmul(q, tuple(trim(c) for c in x)), qc)[1:]
        out.append([add(turned[k], mul(den, trim([s[k], d[k]]))) for k in range(3)])
    return out, den


def edges(triangles):
    return sorted({tuple(sorted((t[k], t[(k + 1) % 3]))) for t in triangles for k in range(3)})


def pair_answer(kind, pts):
    """Earliest contact of four moving points (numerators over a common positive denominator)."""
    e = [vsub(pts[i], pts[0]) for i in (1, 2, 3)]
    f = dot(e[0], cross(e[1], e[2]))
    if f:
        cands = roots01(f)
        if not cands:
            return None
    test = Test(kind, pts)
    if not f:
        cands = [[Q(0), Q(0), [Q(1)]]]
        for g in test.polys:
            cands += roots01(g)
    hits = [r for r in cands if test.holds(r)]
    if not hits:
        return None
    for r in hits:
        while r[0] != r[1] and r[1] - r[0] > Q(1, 10**12) * r[0]:
            refine(r)
    return min(r[0] for r in hits), min(r[1] for r in hits)


def solids_answer(a, b):
    pa, wa = body_motion(a)
    pb, wb = body_motion(b)
    pa = [[mul(c, wb) for c in p] for p in pa]  # common denominator wa · wb
    pb = [[mul(c, wa) for c in p] for p in pb]
    best = None

    def keep(r):
        nonlocal best
        if r is not None:
            best = r if best is None else (min(best[0], r[0]), min(best[1], r[1]))

    for pv, tri, pf in ((pa, b["triangles"], pb), (pb, a["triangles"], pa)):
        for v in pv:
            for t in tri:
                keep(pair_answer("vertex-face", [v, pf[t[0]], pf[t[1]], pf[t[2]]]))
    for ea in edges(a["triangles"]):
        for eb in edges(b["triangles"]):
            keep(pair_answer("edge-edge", [pa[ea[0]], pa[ea[1]], pb[eb[0]], pb[eb[1]]]))
    return best


def check(report, every):
    problems, n = [], 0
    solids = [c for c in report["cases"] if "a" in c and "b" in c]
    for c in solids[::every]:
        n += 1

        def answer():
            got = solids_answer(c["a"], c["b"])
            return (False, None, None) if got is None else (True, *got)

        problem = disagreement(c, answer)
        if problem:
            problems.append(problem)
    return problems, n


def main():
    report = json.load(open(sys.argv[1]))
    every = 1
    if "--every" in sys.argv:
        every = int(sys.argv[sys.argv.index("--every") + 1])
    if "--self-test" in sys.argv[2:]:
        solids = [c for c in copy.deepcopy(report)["cases"] if "a" in c and "b" in c]
        perturbed = perturb(solids, 2, flip_hits=False)  # only these: a case takes seconds
        found, _ = check({"cases": perturbed}, 1)
        return self_test_verdict(found, len(perturbed))
    problems, n = check(report, every)
    return verdict(problems, n, f"swept solids cross-check: {n} cases")


if __name__ == "__main__":
    sys.exit(main())
