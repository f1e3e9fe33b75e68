#!/usr/bin/env python3
"""Independent cross-check of the exact contact-region reference (reference/exact_regions.hpp).

Reads the sample tests/regions/region_crosscheck_dump_test.cpp writes (each pair's local vertices, faces,
edges and poses as exact doubles, with exact_regions()'s answer) and recomputes, with Fractions
and brute force, from seed 000 §3's definitions rather than the C++ code:
  - 𝓘: every pair of open entities (vertex, open edge, open face) of A and B that meet, one
    component per connected piece of their intersection, with Π as a point, segment or polygon;
  - the relation: separated when no boundary points are shared and neither solid holds the other;
    otherwise penetrating iff at some shared boundary point the open tangent cones of A and B
    overlap (tested on directions that meet every cell of the arrangement of the local face
    planes);
  - for separated pairs, the squared distance over vertex–face and edge–edge pairs;
  - inside the band (the reference's `epsilon_closure`): B moved by the reference's exact t must
    touch A (relation recomputed), 𝓘 of that configuration must equal the closure's regions, and
    for a separated pair |t|² must be the squared distance (t joins a closest point pair).
𝓡 (the `sufficient` flags) is not recomputed.

Usage: regions_crosscheck.py SAMPLE.json [--self-test]
  --self-test perturbs the reference's answers (a region dropped, a point moved, an entity id
  changed, a relation flipped, a distance changed) and fails unless each is reported.
"""
import copy
import itertools
import json
import os
import sys
import time
from collections import Counter
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from regions_geometry import (Solid, add, cross, distance2, dot, is_zero,  # noqa: E402
                              point_face_dist2, scale, sub)
from regions_intersect import _diamond, intersection_set  # noqa: E402

RAYS = [(Fraction(1), Fraction(2, 7), Fraction(3, 11)), (Fraction(-2, 9), Fraction(1), Fraction(5, 13)),
        (Fraction(3, 17), Fraction(-7, 19), Fraction(1)), (Fraction(-1), Fraction(-11, 23), Fraction(4, 29)),
        (Fraction(13, 31), Fraction(1), Fraction(-17, 37)), (Fraction(5, 41), Fraction(-19, 43), Fraction(-1))]


# ---- local tangent cones ----

def _is_convex_edge(solid, e):
    """Face 1's direction into itself from the edge goes behind face 2's plane (flat edges, whose
    faces are coplanar, count as convex: both tests then agree)."""
    a, b = solid.edges[e]
    f1, f2 = solid.edge_faces[e]
    loop = solid.faces[f1]
    j = loop.index(a)
    tail, head = (a, b) if loop[(j + 1) % len(loop)] == b else (b, a)
    n1, n2 = solid.planes[f1][0], solid.planes[f2][0]
    inward = cross(n1, sub(solid.vertices[head], solid.vertices[tail]))
    return dot(n2, inward) <= 0


def local_cone(solid, kind, i):
    """(normals of the boundary planes through a point of entity (kind, i), membership of a
    direction d — on none of those planes — in the open tangent cone of the solid there).
    Face: the open halfspace behind it; edge: the intersection (convex) or union (reflex) of its
    faces' halfspaces; vertex: p + δ·d strictly inside the solid (ray parity), with δ so small
    that the ball of radius δ|d| about p meets no face but those around p."""
    if kind == "face":
        n = solid.planes[i][0]
        return [n], lambda d: dot(n, d) < 0
    if kind == "edge":
        n1, n2 = (solid.planes[k][0] for k in solid.edge_faces[i])
        if _is_convex_edge(solid, i):
            return [n1, n2], lambda d: dot(n1, d) < 0 and dot(n2, d) < 0
        return [n1, n2], lambda d: dot(n1, d) < 0 or dot(n2, d) < 0
    p = solid.vertices[i]
    around = [k for k, loop in enumerate(solid.faces) if i in loop]
    r2 = min(point_face_dist2(solid, k, p) for k in range(len(solid.faces)) if k not in around)

    memo = {}

    def member(d):
        if d not in memo:
            delta = Fraction(1)
            while delta * delta * dot(d, d) >= r2:
                delta /= 2
            memo[d] = solid.strictly_inside(add(p, scale(d, delta)), RAYS)
        return memo[d]

    return [solid.planes[k][0] for k in around], member


def _normalized(v, signed):
    """v up to positive scaling (signed) or up to any nonzero scaling."""
    k = max(abs(c) for c in v) if signed else next(c for c in v if c != 0)
    return tuple(Fraction(c) / k for c in v)


def _facet_directions(n, planes):
    """For plane n of the arrangement: a direction inside each 2D cell of n (the wedges between
    consecutive lines where the other planes cut it), pushed off n to either side by ε small enough
    to cross no other plane."""
    rays = set()
    for m in planes:
        c = cross(n, m)
        if not is_zero(c):
            rays.add(_normalized(c, True))
            rays.add(_normalized(scale(c, -1), True))
    u = next(iter(sorted(rays)))
    v = cross(n, u)
    rays = sorted(rays, key=lambda r: _diamond(dot(r, u), dot(r, v)))
    out = []
    for j, ra in enumerate(rays):
        rb = rays[(j + 1) % len(rays)]
        assert dot(cross(ra, rb), n) > 0, "a gap of 180° or more between lines in a plane"
        e = add(ra, rb)
        eps = Fraction(1)
        for m in planes:
            while m != n and eps * abs(dot(m, n)) >= abs(dot(m, e)):
                eps /= 2
        out += [add(e, scale(n, eps)), add(e, scale(n, -eps))]
    return out


def cell_directions(normals):
    """Directions meeting every open cell of the arrangement of planes through 0 with these
    normals. The coordinate planes are added (refining cells keeps each cell hit; every plane then
    meets at least two others in distinct lines). Every cell has a facet on some plane, a wedge
    between consecutive lines of that plane; a point inside the wedge pushed slightly off the
    plane, to the cell's side, lies in the cell."""
    planes = {_normalized(n, False) for n in normals}
    planes |= {(1, 0, 0), (0, 1, 0), (0, 0, 1)}
    planes = sorted(planes)
    out = set()
    for n in planes:
        for d in _facet_directions(n, planes):
            assert all(dot(m, d) != 0 for m in planes)
            out.add(_normalized(d, True))
    return sorted(out)


def cones_overlap(sa, x, sb, y):
    normals_a, in_a = local_cone(sa, *x)
    normals_b, in_b = local_cone(sb, *y)
    if x[0] == "vertex":  # test the cheap side (a face or an edge) first
        in_a, in_b = in_b, in_a
    return any(in_a(d) and in_b(d) for d in cell_directions(normals_a + normals_b))


def relation(sa, sb, components):
    if not components:
        nested = (sb.strictly_inside(sa.vertices[0], RAYS) or
                  sa.strictly_inside(sb.vertices[0], RAYS))
        return "penetrating" if nested else "separated"
    seen = set()
    for x, y, _ in components:
        if (x, y) not in seen:
            seen.add((x, y))
            if cones_overlap(sa, x, sb, y):
                return "penetrating"
    return "touching"


# ---- comparison with the reference ----

def _canonical_cycle(points):
    """A polygon as a point set: collinear corners dropped, then the least of its rotations in
    either direction."""
    pts = list(points)
    changed = True
    while changed and len(pts) > 3:
        changed = False
        for j in range(len(pts)):
            a, b, c = pts[j - 1], pts[j], pts[(j + 1) % len(pts)]
            if is_zero(cross(sub(b, a), sub(c, b))):
                del pts[j]
                changed = True
                break
    options = []
    for seq in (pts, pts[::-1]):
        options += [tuple(seq[j:] + seq[:j]) for j in range(len(seq))]
    return min(options)


def region_key(a, b, dimension, points):
    if dimension == 2:
        shape = _canonical_cycle(points)
    else:
        shape = tuple(sorted(points))
    return (a, b, dimension, shape)


def reference_keys(ref):
    keys = Counter()
    for g in ref["regions"]:
        points = [tuple(Fraction(c) for c in s.split()) for s in g["points_exact"]]
        expected_dim = min(len(points) - 1, 2)
        a = (g["a"]["kind"], g["a"]["id"])
        b = (g["b"]["kind"], g["b"]["id"])
        key = region_key(a, b, g["dimension"], points)
        if g["dimension"] != expected_dim:
            key = key + ("dimension does not match the number of points",)
        keys[key] += 1
    return keys


def _show(key):
    (ka, ia), (kb, ib), dim, shape = key[:4]
    pts = ["(" + ", ".join(str(c) for c in p) + ")" for p in shape]
    return f"{ka} {ia} of A / {kb} {ib} of B, {dim}D: " + " ".join(pts) + "".join(key[4:])


def check_pair(pair):
    """The disagreements between the route and the reference on one pair, as sentences; and the
    number of regions compared."""
    sa, sb = Solid(pair["a"], "A"), Solid(pair["b"], "B")
    ref = pair["reference"]
    comps = intersection_set(sa, sb)
    mine = Counter(region_key(x, y, dim, pts) for x, y, (dim, pts) in comps)
    theirs = reference_keys(ref)
    out = []
    for key, n in (theirs - mine).items():
        out.append(f"reference only ({n}x): {_show(key)}")
    for key, n in (mine - theirs).items():
        out.append(f"cross-check only ({n}x): {_show(key)}")
    rel = relation(sa, sb, comps)
    if rel != ref["relation"]:
        out.append(f"relation: reference {ref['relation']}, cross-check {rel}")
    if rel == "separated":
        d2 = distance2(sa, sb)
        got = ref.get("distance_sq_exact")
        if got is None or Fraction(got) != d2:
            out.append(f"squared distance: reference {got}, cross-check {d2}")
    elif "distance_sq_exact" in ref:
        out.append("squared distance given for a pair that is not separated")
    n = sum(theirs.values())
    if "epsilon_closure" in ref:
        lines, m = check_closure(pair, sa, ref)
        out += lines
        n += m
    return out, n


def check_closure(pair, sa, ref):
    """The ε-closure: A and B + t (t exact, from the reference) recomputed from scratch."""
    closure = ref["epsilon_closure"]
    t = tuple(Fraction(c) for c in closure["translation_exact"].split())
    moved = Solid(pair["b"], "B + t", t)
    comps = intersection_set(sa, moved)
    mine = Counter(region_key(x, y, dim, pts) for x, y, (dim, pts) in comps)
    theirs = reference_keys(closure)
    out = [f"ε-closure, reference only ({n}x): {_show(k)}" for k, n in (theirs - mine).items()]
    out += [f"ε-closure, cross-check only ({n}x): {_show(k)}" for k, n in (mine - theirs).items()]
    rel = relation(sa, moved, comps)
    if rel != "touching" or closure["relation"] != "touching":
        out.append(f"ε-closure: A and B + t {rel}, reference says {closure['relation']}")
    if ref["relation"] == "separated" and dot(t, t) != Fraction(ref.get("distance_sq_exact", -1)):
        out.append(f"ε-closure: |t|² = {dot(t, t)}, squared distance {ref.get('distance_sq_exact')}")
    return out, sum(theirs.values())


def perturbations(pairs):
    """(label, index, perturbed pair): one of each kind of wrong answer."""
    def first(pred):
        return next(i for i, p in enumerate(pairs) if pred(p["reference"]))

    out = []
    i = first(lambda r: len(r["regions"]) >= 2)
    p = copy.deepcopy(pairs[i])
    p["reference"]["regions"].pop()
    out.append(("a region dropped", i, p))
    i = first(lambda r: any(g["dimension"] == 2 for g in r["regions"]))
    p = copy.deepcopy(pairs[i])
    g = next(g for g in p["reference"]["regions"] if g["dimension"] == 2)
    x, y, z = g["points_exact"][0].split()
    g["points_exact"][0] = f"{Fraction(x) + Fraction(1, 64)} {y} {z}"
    out.append(("a polygon corner moved by 1/64", i, p))
    i = first(lambda r: any(g["dimension"] == 1 for g in r["regions"]))
    p = copy.deepcopy(pairs[i])
    g = next(g for g in p["reference"]["regions"] if g["dimension"] == 1)
    g["b"]["id"] += 1
    out.append(("an entity id changed", i, p))
    i = first(lambda r: r["relation"] == "touching")
    p = copy.deepcopy(pairs[i])
    p["reference"]["relation"] = "penetrating"
    out.append(("touching reported as penetrating", i, p))
    i = first(lambda r: r["relation"] == "penetrating" and r["regions"])
    p = copy.deepcopy(pairs[i])
    p["reference"]["relation"] = "touching"
    out.append(("penetrating reported as touching", i, p))
    i = first(lambda r: "epsilon_closure" in r and r["epsilon_closure"]["regions"])
    p = copy.deepcopy(pairs[i])
    p["reference"]["epsilon_closure"]["regions"].pop()
    out.append(("an ε-closure region dropped", i, p))
    i = first(lambda r: "epsilon_closure" in r and r["relation"] == "separated")
    p = copy.deepcopy(pairs[i])
    c = p["reference"]["epsilon_closure"]
    c["translation_exact"] = " ".join(str(2 * Fraction(x)) for x in c["translation_exact"].split())
    out.append(("an ε-closure translation doubled", i, p))
    i = first(lambda r: r["relation"] == "separated")
    p = copy.deepcopy(pairs[i])
    p["reference"]["distance_sq_exact"] = str(Fraction(p["reference"]["distance_sq_exact"]) +
                                              Fraction(1, 1024))
    out.append(("a distance changed by 1/1024", i, p))
    return out


def self_test(pairs):
    failures = 0
    for label, i, p in perturbations(pairs):
        before, _ = check_pair(pairs[i])
        after, _ = check_pair(p)
        ok = not before and after
        failures += not ok
        print(f"self-test {'ok' if ok else 'FAILED'}: {label} on {p['name']}: "
              f"{len(before)} disagreement(s) before, {len(after)} after")
        for line in after:
            print("    " + line)
    return 1 if failures else 0


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("--")]
    if len(args) != 1 or any(a not in ("--self-test",) for a in argv[1:] if a.startswith("--")):
        print(__doc__, file=sys.stderr)
        return 2
    with open(args[0]) as f:
        pairs = json.load(f)["pairs"]
    if "--self-test" in argv:
        return self_test(pairs)
    start = time.monotonic()
    disagreements = compared = 0
    tally = Counter()
    for pair in pairs:
        lines, n = check_pair(pair)
        compared += n
        tally[pair["reference"]["relation"]] += 1
        disagreements += len(lines)
        for line in lines:
            print(f"{pair['name']}: {line}")
    print(f"{len(pairs)} pairs ({dict(tally)}), {compared} reference regions compared, "
          f"{disagreements} disagreement(s), {time.monotonic() - start:.1f} s")
    return 1 if disagreements else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
