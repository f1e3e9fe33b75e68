#!/usr/bin/env python3
"""Independent cross-check of the exact swept reference (reference/exact_swept.hpp).

Reads a `touchstone swept --out` report (every case's exact coordinates and the reference's
answer) and recomputes each answer with Fractions only, from the definition rather than the C++
code: the primitives meet at t in [0, 1] iff the four points are coplanar at t and, in 3D,
  - vertex-face: the vertex lies in the closed triangle: with n = (b−a)×(c−a) ≠ 0, the three
    edge tests ((y−x)×(p−x))·n ≥ 0; with n = 0, the vertex on one of the three closed sides;
  - edge-edge: with m = (a1−a0)×(b1−b0) ≠ 0, the line parameters of the crossing point
    (((b0−a0)×(b1−b0))·m and ((b0−a0)×(a1−a0))·m against |m|²) both in [0, 1]; with m = 0,
    an endpoint of one segment on the other (closed segments: cross product 0, dot ≤ 0).
Roots are isolated by Descartes' rule of signs on bisected intervals (not Sturm sequences, as in
the C++), zeros at a root are found by gcds, signs by refining until Descartes' count is 0. When
the coplanarity cubic is identically 0, the candidates are 0 and the roots of every polynomial
the test reads (the contact set is closed). The earliest contact must lie in the reference's
[toi_lo, toi_hi], and the yes/no answers must agree.

Usage: swept_crosscheck.py REPORT.json [--self-test]
  --self-test flips answers and moves times of impact in a copy and fails unless each is reported.
"""
import copy
import json
import sys
from fractions import Fraction as Q


def trim(p):
    p = list(p)
    while p and p[-1] == 0:
        p.pop()
    return p


def add(a, b):
    n = max(len(a), len(b))
    return trim([(a[i] if i < len(a) else 0) + (b[i] if i < len(b) else 0) for i in range(n)])


def neg(a):
    return [-x for x in a]


def sub(a, b):
    return add(a, neg(b))


def mul(a, b):
    if not a or not b:
        return []
    r = [Q(0)] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            r[i + j] += x * y
    return trim(r)


def ev(p, x):
    r = Q(0)
    for c in reversed(p):
        r = r * x + c
    return r


def sgn(x):
    return (x > 0) - (x < 0)


def divmod_poly(a, b):
    a = trim(a)
    q = [Q(0)] * max(len(a) - len(b) + 1, 0)
    while a and len(a) >= len(b):
        k = len(a) - len(b)
        c = a[-1] / b[-1]
        q[k] = c
        a = trim([a[i] - (c * b[i - k] if i >= k else 0) for i in range(len(a))])
    return trim(q), a


def gcd(a, b):
    a, b = trim(a), trim(b)
    while b:
        a, b = b, divmod_poly(a, b)[1]
    return [c / a[-1] for c in a] if a else a


def deriv(p):
    return trim([p[i] * i for i in range(1, len(p))])


def square_free(p):
    g = gcd(p, deriv(p))
    return p if len(g) <= 1 else divmod_poly(p, g)[0]


def taylor_shift(p, a):  # p(x + a)
    r = []
    for c in reversed(p):
        r = add(mul(r, [a, Q(1)]), [c])
    return r


def descartes(p, a, b):
    """Sign variations bounding the roots of p in the open interval (a, b)."""
    n = len(p) - 1
    pab = [c * (b - a) ** i for i, c in enumerate(taylor_shift(p, a))]  # p(a + (b − a) x)
    pab = pab + [Q(0)] * (n + 1 - len(pab))
    q = taylor_shift(list(reversed(pab)), Q(1))
    signs = [sgn(c) for c in q if c != 0]
    return sum(1 for i in range(1, len(signs)) if signs[i] != signs[i - 1])


def roots01(p):
    """Distinct roots of p in [0, 1]: (lo, hi, s) with lo == hi exact, else the one root in (lo, hi)."""
    s = square_free(trim(p))
    if len(s) <= 1:
        return []
    out = []
    if ev(s, Q(0)) == 0:
        out.append([Q(0), Q(0), s])
    stack = [(Q(0), Q(1))]
    found = []
    while stack:
        a, b = stack.pop()
        v = descartes(s, a, b)
        if v == 0:
            continue
        if v == 1:
            found.append([a, b, s])
            continue
        m = (a + b) / 2
        if ev(s, m) == 0:
            found.append([m, m, s])
        stack += [(a, m), (m, b)]
    if ev(s, Q(1)) == 0:
        found.append([Q(1), Q(1), s])
    return out + sorted(found, key=lambda r: r[0])


def refine(r):
    a, b, s = r
    if a == b:
        return
    m = (a + b) / 2
    if ev(s, m) == 0:
        r[0] = r[1] = m
    elif sgn(ev(s, a)) * sgn(ev(s, m)) < 0:
        r[1] = m
    else:
        r[0] = m


def sign_at(g, r):
    g = trim(g)
    if not g:
        return 0
    if r[0] == r[1] or len(g) == 1:
        return sgn(ev(g, r[0]))
    h = gcd(r[2], g)
    if len(h) > 1 and sgn(ev(h, r[0])) * sgn(ev(h, r[1])) < 0:
        return 0
    gs = square_free(g)
    while r[0] != r[1] and descartes(gs, r[0], r[1]) != 0:
        refine(r)
    return sgn(ev(g, (r[0] + r[1]) / 2))


def cross(a, b):
    return [sub(mul(a[1], b[2]), mul(a[2], b[1])), sub(mul(a[2], b[0]), mul(a[0], b[2])),
            sub(mul(a[0], b[1]), mul(a[1], b[0]))]


def vsub(a, b):
    return [sub(a[k], b[k]) for k in range(3)]


def dot(a, b):
    return add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]))


def on_segment_polys(p, x, y):
    """(cross components, dot): p on the closed segment xy iff all cross are 0 and dot ≤ 0."""
    return cross(vsub(y, x), vsub(p, x)), dot(vsub(p, x), vsub(p, y))


class Test:
    def __init__(self, kind, pts):
        self.kind = kind
        self.polys = []
        if kind == "vertex-face":
            p, a, b, c = pts
            n = cross(vsub(b, a), vsub(c, a))
            self.n = n
            self.inside = [dot(cross(vsub(y, x), vsub(p, x)), n) for x, y in ((a, b), (b, c), (c, a))]
            self.segs = [on_segment_polys(p, x, y) for x, y in ((a, b), (b, c), (c, a))]
            self.polys = n + self.inside
        else:
            a0, a1, b0, b1 = pts
            m = cross(vsub(a1, a0), vsub(b1, b0))
            mm = dot(m, m)
            self.n = m
            w = vsub(b0, a0)
            nu = dot(cross(w, vsub(b1, b0)), m)
            nv = dot(cross(w, vsub(a1, a0)), m)
            self.inside = [nu, sub(mm, nu), nv, sub(mm, nv)]
            self.segs = [on_segment_polys(a0, b0, b1), on_segment_polys(a1, b0, b1),
                         on_segment_polys(b0, a0, a1), on_segment_polys(b1, a0, a1)]
            self.polys = m + self.inside
        for cr, d in self.segs:
            self.polys += cr + [d]

    def holds(self, r):
        if any(sign_at(c, r) != 0 for c in self.n):
            return all(sign_at(g, r) >= 0 for g in self.inside)
        return any(all(sign_at(c, r) == 0 for c in cr) and sign_at(d, r) <= 0 for cr, d in self.segs)


def exact_answer(kind, coords):
    pts = []
    for v in range(4):
        x0 = [Q(c) for c in coords[v]]
        x1 = [Q(c) for c in coords[v + 4]]
        pts.append([trim([x0[k], x1[k] - x0[k]]) for k in range(3)])
    e = [vsub(pts[i], pts[0]) for i in (1, 2, 3)]
    f = dot(e[0], cross(e[1], e[2]))
    test = Test(kind, pts)
    if f:
        cands = roots01(f)
    else:
        cands = [[Q(0), Q(0), [Q(1)]]]
        for g in test.polys:
            cands += roots01(g)
    hits = [r for r in cands if test.holds(r)]
    if not hits:
        return False, None, None
    for r in hits:  # as narrow as the reference's: relative width 1e-12
        while r[0] != r[1] and r[1] - r[0] > Q(1, 10**12) * r[0]:
            refine(r)
    return True, min(r[0] for r in hits), min(r[1] for r in hits)


def disagreement(c, answer):
    """What is wrong with case c's reference against answer() = (collides, toi_lo, toi_hi), the
    independent route (called only when there is a reference), or None when they agree."""
    ref = c.get("reference")
    if ref is None:
        return f"{c['id']}: no exact reference ({c.get('problem', 'no reason given')})"
    hit, lo, hi = answer()
    if hit != ref["collides"]:
        return f"{c['id']}: reference says collides={ref['collides']}, Fractions {hit}"
    if hit:
        rlo, rhi = Q(ref["toi_lo"]), Q(ref["toi_hi"])
        if not (lo <= rhi and rlo <= hi):
            return f"{c['id']}: reference toi [{rlo}, {rhi}], Fractions [{lo}, {hi}]"
    return None


def perturb(cases, most, flip_hits=True):
    """Self-test: makes up to MOST references wrong each way, in place: a hit's time of impact
    moved 1/1000 past the true one, another case's yes/no answer flipped (a new hit at t = 0; only
    misses are flipped unless flip_hits). Returns the cases perturbed."""
    perturbed, moved, flipped = [], 0, 0
    for c in cases:
        ref = c.get("reference")
        if ref is None:
            continue
        if ref["collides"] and moved < most:
            ref["toi_lo"] = ref["toi_hi"] = str(Q(ref["toi_hi"]) + Q(1, 1000))
            moved += 1
        elif flipped < most and (flip_hits or not ref["collides"]):
            ref["collides"] = not ref["collides"]
            if ref["collides"]:
                ref["toi_lo"] = ref["toi_hi"] = "0"
            flipped += 1
        else:
            continue
        perturbed.append(c)
    return perturbed


def self_test_verdict(found, perturbed):
    """Exit code of a self-test: each of the perturbed answers (at least one) must be reported."""
    if len(found) < perturbed or perturbed == 0:
        print(f"self-test: {len(found)} of {perturbed} perturbations reported")
        return 1
    print(f"self-test: all {perturbed} perturbations reported")
    return 0


def verdict(problems, n, what):
    """Prints the disagreements and the count line; exit code 1 on any, or when nothing was checked
    (n == 0)."""
    for p in problems:
        print(p)
    print(f"{what}, {len(problems)} disagreements")
    return 1 if problems or n == 0 else 0


def check(report):
    problems = []
    for c in report["cases"]:
        if "points" not in c:
            continue
        problem = disagreement(c, lambda: exact_answer(c["type"], c["points"]))
        if problem:
            problems.append(problem)
    return problems


def main():
    report = json.load(open(sys.argv[1]))
    n = sum(1 for c in report["cases"] if "points" in c)
    if "--self-test" in sys.argv[2:]:
        bad = copy.deepcopy(report)
        perturbed = perturb(bad["cases"], 3)
        return self_test_verdict(check(bad), len(perturbed))
    return verdict(check(report), n, f"swept cross-check: {n} queries")


if __name__ == "__main__":
    sys.exit(main())
