#!/usr/bin/env python3
"""Independent cross-check of the exact contact-patch reference (reference/exact_patch.hpp).

Reads the sample tests/regions/region_crosscheck_dump_test.cpp writes (each pair's local vertices,
faces and poses as exact doubles, with exact_patch()'s answer) and recomputes A ∩ B with Fractions
by a different construction than the C++ (which enumerates plane triples): A's faces are clipped by
every half-space of B in turn (Sutherland–Hodgman on each face, the cut closed by a cap face on the
cutting plane). From the clipped polytope:
  - the volume by the divergence theorem, exactly; empty when it is zero;
  - each face's side (on ∂A, ∂B, or both: a face of A and a cap of B with the same points and the
    same outward side), its squared area and its centroid exactly (2D centroid formula in a
    coordinate projection, lifted back to the plane);
  - half the surface area and the area-weighted surface centroid in floating point (square roots),
    compared within 1e-12 of the pair's size.

Usage: patch_crosscheck.py SAMPLE.json [--self-test]
  --self-test perturbs the reference's answers (volume, a face's squared area, a centroid, a face
  dropped, the point moved, the emptiness flipped) and fails unless each is reported.
"""
import copy
import functools
import json
import math
import sys
from fractions import Fraction


def fx(h):
    return Fraction(float.fromhex(h))


def sub(p, q):
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2])


def dot(p, q):
    return p[0] * q[0] + p[1] * q[1] + p[2] * q[2]


def cross(p, q):
    return (p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0])


def world_points(shape):
    r = [fx(x) for x in shape["rotation"]]
    t = [fx(x) for x in shape["translation"]]
    out = []
    for v in shape["vertices"]:
        v = [fx(c) for c in v]
        out.append(tuple(sum(r[3 * i + k] * v[k] for k in range(3)) + t[i] for i in range(3)))
    return out


def area_vector(points):
    """Twice the area vector of a planar polygon (Newell)."""
    s = (Fraction(0),) * 3
    for i in range(len(points)):
        c = cross(points[i], points[(i + 1) % len(points)])
        s = (s[0] + c[0], s[1] + c[1], s[2] + c[2])
    return s


def solid_faces(shape, body):
    pts = world_points(shape)
    faces, planes = [], []
    for k, loop in enumerate(shape["faces"]):
        poly = [pts[i] for i in loop]
        n = area_vector(poly)
        faces.append(((body, k), poly))
        planes.append(((body, k), n, dot(n, poly[0])))
    return faces, planes


def order_ccw(points, normal):
    """Points of a convex polygon in the plane with this normal, counter-clockwise about it."""
    axis = max(range(3), key=lambda i: abs(normal[i]))
    u, v = [i for i in range(3) if i != axis]
    pts2 = [(p[u], p[v]) for p in points]
    cu = sum(p[0] for p in pts2) / len(pts2)
    cv = sum(p[1] for p in pts2) / len(pts2)

    def half(p):
        return 0 if (p[1] > cv or (p[1] == cv and p[0] > cu)) else 1

    def cmp(i, j):
        a, b = pts2[i], pts2[j]
        if half(a) != half(b):
            return half(a) - half(b)
        o = (a[0] - cu) * (b[1] - cv) - (a[1] - cv) * (b[0] - cu)
        return -1 if o > 0 else (1 if o < 0 else 0)

    idx = sorted(range(len(points)), key=functools.cmp_to_key(cmp))
    out = [points[i] for i in idx]
    if dot(area_vector(out), normal) < 0:
        out.reverse()
    return out


def clip(faces, label, n, d):
    kept, cut = [], []
    for lab, poly in faces:
        out = []
        for i in range(len(poly)):
            p, q = poly[i], poly[(i + 1) % len(poly)]
            sp, sq = dot(n, p) - d, dot(n, q) - d
            if sp <= 0:
                out.append(p)
            if sp == 0:
                cut.append(p)
            if (sp < 0 < sq) or (sq < 0 < sp):
                t = sp / (sp - sq)
                x = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]), p[2] + t * (q[2] - p[2]))
                out.append(x)
                cut.append(x)
        dedup = []
        for x in out:
            if not dedup or dedup[-1] != x:
                dedup.append(x)
        while len(dedup) > 1 and dedup[0] == dedup[-1]:
            dedup.pop()
        if len(dedup) >= 3 and any(c != 0 for c in area_vector(dedup)):
            kept.append((lab, dedup))
    cap = list(dict.fromkeys(cut))
    if len(cap) >= 3:
        cap = order_ccw(cap, n)
        if any(c != 0 for c in area_vector(cap)):
            kept.append((label, cap))
    return kept


def polygon_centroid(poly, normal):
    """2D centroid formula in the projection dropping the normal's largest axis, lifted back."""
    axis = max(range(3), key=lambda i: abs(normal[i]))
    u, v = [i for i in range(3) if i != axis]
    a2 = cu = cv = Fraction(0)
    for i in range(len(poly)):
        p, q = poly[i], poly[(i + 1) % len(poly)]
        w = p[u] * q[v] - q[u] * p[v]
        a2 += w
        cu += (p[u] + q[u]) * w
        cv += (p[v] + q[v]) * w
    cu /= 3 * a2
    cv /= 3 * a2
    c = [Fraction(0)] * 3
    c[u], c[v] = cu, cv
    d = dot(normal, poly[0])
    c[axis] = (d - normal[u] * cu - normal[v] * cv) / normal[axis]
    return tuple(c)


def intersection(pair):
    faces, _ = solid_faces(pair["a"], "a")
    _, planes_b = solid_faces(pair["b"], "b")
    for label, n, d in planes_b:
        faces = clip(faces, label, n, d)
    # Merge a face of A and a cap of B holding the same points with the same outward side.
    merged = []
    for lab, poly in faces:
        key = frozenset(poly)
        n = area_vector(poly)
        for m in merged:
            if m["key"] == key and dot(m["normal"], n) > 0:
                m["labels"].append(lab)
                break
        else:
            merged.append({"key": key, "poly": poly, "normal": n, "labels": [lab]})
    volume = Fraction(0)
    out = {}
    for m in merged:
        n2 = m["normal"]  # twice the area vector
        volume += dot(m["poly"][0], n2) / 6
        fa = [k for b, k in m["labels"] if b == "a"]
        fb = [k for b, k in m["labels"] if b == "b"]
        side = "both" if fa and fb else ("a" if fa else "b")
        key = (side, fa[0] if fa else -1, fb[0] if fb else -1)
        out[key] = {"area_sq": dot(n2, n2) / 4, "centroid": polygon_centroid(m["poly"], n2)}
    return volume, out


def parse_point(s):
    return tuple(Fraction(x) for x in s.split())


def compare(pair, computed):
    """Disagreements between the C++ answer and the recomputation, as strings."""
    volume, faces = computed
    ref = pair["patch"]
    bad = []
    empty = volume == 0
    if ref["empty"] != empty:
        bad.append("empty: C++ %s, Python %s" % (ref["empty"], empty))
    if Fraction(ref["volume_exact"]) != (0 if empty else volume):
        bad.append("volume: C++ %s, Python %s" % (ref["volume_exact"], volume))
    if empty:
        return bad
    theirs = {(f["side"], f["face_a"], f["face_b"]): f for f in ref["faces"]}
    if set(theirs) != set(faces):
        bad.append("faces: C++ %s, Python %s" % (sorted(theirs), sorted(faces)))
        return bad
    for key, f in faces.items():
        t = theirs[key]
        if Fraction(t["area_sq_exact"]) != f["area_sq"]:
            bad.append("face %s area²: C++ %s, Python %s" % (key, t["area_sq_exact"], f["area_sq"]))
        if parse_point(t["centroid_exact"]) != f["centroid"]:
            bad.append("face %s centroid differs" % (key,))
    areas = {k: math.sqrt(float(f["area_sq"])) for k, f in faces.items()}
    total = sum(areas.values())
    point = [sum(areas[k] * float(f["centroid"][i]) for k, f in faces.items()) / total for i in range(3)]
    size = max(max(abs(float(c)) for c in f["centroid"]) for f in faces.values()) + math.sqrt(total)
    theirs_point = [float.fromhex(x) for x in ref["point"]]
    err = max(abs(a - b) for a, b in zip(point, theirs_point))
    if err > 1e-12 * size:
        bad.append("point off by %g" % err)
    if abs(float.fromhex(ref["area"]) - 0.5 * total) > 1e-12 * total:
        bad.append("area: C++ %r, Python %r" % (float.fromhex(ref["area"]), 0.5 * total))
    return bad


def check(sample, computed):
    failures = 0
    for pair, c in zip(sample["pairs"], computed):
        for b in compare(pair, c):
            failures += 1
            print("DISAGREE %s: %s" % (pair["name"], b))
    return failures


def perturbations(pair):
    """Copies of one pair with a wrong answer each (the pair must have volume and faces)."""
    out = []
    p = copy.deepcopy(pair)
    p["patch"]["volume_exact"] = str(Fraction(p["patch"]["volume_exact"]) * (1 + Fraction(1, 10**30)))
    out.append(("volume", p))
    p = copy.deepcopy(pair)
    f = p["patch"]["faces"][0]
    f["area_sq_exact"] = str(Fraction(f["area_sq_exact"]) + Fraction(1, 10**40))
    out.append(("area²", p))
    p = copy.deepcopy(pair)
    f = p["patch"]["faces"][-1]
    c = list(parse_point(f["centroid_exact"]))
    c[1] += Fraction(1, 10**40)
    f["centroid_exact"] = " ".join(str(x) for x in c)
    out.append(("centroid", p))
    p = copy.deepcopy(pair)
    p["patch"]["faces"].pop()
    out.append(("face dropped", p))
    p = copy.deepcopy(pair)
    p["patch"]["point"][0] = float.hex(float.fromhex(p["patch"]["point"][0]) + 1e-9)
    out.append(("point moved", p))
    p = copy.deepcopy(pair)
    p["patch"]["empty"] = True
    out.append(("emptiness", p))
    return out


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    with open(sys.argv[1]) as f:
        sample = json.load(f)
    if "--self-test" in sys.argv[2:]:
        missed = 0
        tried = 0
        for pair in sample["pairs"]:
            if tried >= 20:
                break
            c = intersection(pair)
            if c[0] == 0:
                continue
            tried += 1
            for what, p in perturbations(pair):
                if not compare(p, c):
                    missed += 1
                    print("MISSED %s: %s" % (pair["name"], what))
        print("self-test: %d pairs perturbed 6 ways, %d perturbations missed" % (tried, missed))
        return 0 if missed == 0 and tried >= 10 else 1
    computed = [intersection(p) for p in sample["pairs"]]
    with_volume = sum(1 for v, _ in computed if v != 0)
    failures = check(sample, computed)
    print("patch cross-check: %d pairs (%d with volume), %d disagreements"
          % (len(sample["pairs"]), with_volume, failures))
    return 0 if failures == 0 and len(sample["pairs"]) >= 300 else 1


if __name__ == "__main__":
    sys.exit(main())
