"""The intersection set 𝓘 by brute force over every pair of open entities (seed 000 §3, Lemma 1):
one component per connected piece of x ∩ y, as a point, a segment or a polygon, in Fractions.

A component is (dimension, points): (0, [p]), (1, [p, q]) or (2, [p1, ..., pn]) (a boundary cycle;
the intersection of two open simple polygons is open and each of its components is simply
connected, so one cycle describes it).
"""
from collections import defaultdict
from fractions import Fraction

from regions_geometry import (add, cross, cross2, dot, is_zero, on_closed_segment2, scale,
                              signed_area2, strictly_inside2, sub)


def line_in_face(solid, k, p0, d, bounded):
    """The open intervals of t where p0 + t·d (a line in face k's plane) lies in the open face;
    within (0, 1) when `bounded`. Points on the polygon's boundary split the line, so every
    interval is its own component."""
    poly = solid.polygon2(k)
    a0 = solid.project(k, p0)
    a1 = solid.project(k, add(p0, d))
    dd = (a1[0] - a0[0], a1[1] - a0[1])
    i = 0 if dd[0] != 0 else 1

    def param(q):
        return (q[i] - a0[i]) / dd[i]

    ts = set()
    n = len(poly)
    for j in range(n):
        a, b = poly[j], poly[(j + 1) % n]
        e = (b[0] - a[0], b[1] - a[1])
        den = dd[0] * e[1] - dd[1] * e[0]
        if den == 0:
            if cross2(a0, a1, a) == 0:  # the edge lies on the line
                ts.update((param(a), param(b)))
            continue
        w = (a[0] - a0[0], a[1] - a0[1])
        u = (w[0] * dd[1] - w[1] * dd[0]) / den
        if 0 <= u <= 1:
            ts.add((w[0] * e[1] - w[1] * e[0]) / den)
    if bounded:
        ts = {t for t in ts if 0 < t < 1} | {Fraction(0), Fraction(1)}  # exact midpoints
    ts = sorted(ts)
    out = []
    for t1, t2 in zip(ts, ts[1:]):
        m = (t1 + t2) / 2
        if strictly_inside2((a0[0] + m * dd[0], a0[1] + m * dd[1]), poly):
            out.append((t1, t2))
    return out


def edge_edge(a, b, c, d):
    u, v, w = sub(b, a), sub(d, c), sub(c, a)
    n = cross(u, v)
    if not is_zero(n):
        if dot(w, n) != 0:
            return []
        nn = dot(n, n)
        s = dot(cross(w, v), n) / nn
        t = dot(cross(w, u), n) / nn
        return [(0, [add(a, scale(u, s))])] if 0 < s < 1 and 0 < t < 1 else []
    if not is_zero(cross(u, w)):
        return []  # parallel, not collinear
    uu = dot(u, u)
    tc, td = dot(w, u) / uu, dot(sub(d, a), u) / uu
    lo, hi = max(0, min(tc, td)), min(1, max(tc, td))
    return [(1, [add(a, scale(u, lo)), add(a, scale(u, hi))])] if lo < hi else []


def edge_face(a, b, solid, k):
    n, d, _ = solid.planes[k]
    u = sub(b, a)
    den = dot(n, u)
    if den != 0:
        s = (d - dot(n, a)) / den
        if 0 < s < 1:
            p = add(a, scale(u, s))
            if solid.in_open_face(k, p):
                return [(0, [p])]
        return []
    if dot(n, a) != d:
        return []
    return [(1, [add(a, scale(u, t1)), add(a, scale(u, t2))])
            for t1, t2 in line_in_face(solid, k, a, u, True)]


def face_face(sa, ka, sb, kb):
    na, da, _ = sa.planes[ka]
    nb, db, _ = sb.planes[kb]
    line = cross(na, nb)
    if not is_zero(line):
        ll = dot(line, line)
        p0 = scale(add(scale(cross(nb, line), da), scale(cross(line, na), db)), 1 / ll)
        assert dot(na, p0) == da and dot(nb, p0) == db
        out = []
        for a1, a2 in line_in_face(sa, ka, p0, line, False):
            for b1, b2 in line_in_face(sb, kb, p0, line, False):
                lo, hi = max(a1, b1), min(a2, b2)
                if lo < hi:
                    out.append((1, [add(p0, scale(line, lo)), add(p0, scale(line, hi))]))
        return out
    if dot(nb, sa.vertices[sa.faces[ka][0]]) != db:
        return []
    p = sa.polygon2(ka)
    q = [sa.project(ka, sb.vertices[i]) for i in sb.faces[kb]]
    return [(2, [sa.lift(ka, x) for x in cycle]) for cycle in overlap2(p, q)]


# ---- the overlap of two open simple polygons in a plane, by the arrangement of their edges ----

def _edges(poly):
    return [(poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly))]


def _crossing(a, b, c, d):
    e, f = (b[0] - a[0], b[1] - a[1]), (d[0] - c[0], d[1] - c[1])
    den = e[0] * f[1] - e[1] * f[0]
    if den == 0:
        return None
    w = (c[0] - a[0], c[1] - a[1])
    s = (w[0] * f[1] - w[1] * f[0]) / den
    t = (w[0] * e[1] - w[1] * e[0]) / den
    if 0 <= s <= 1 and 0 <= t <= 1:
        return (a[0] + s * e[0], a[1] + s * e[1])
    return None


def _sides(p1, p2, poly, ccw):
    """Whether the points just left and just right of the elementary piece p1→p2 are in the open
    polygon."""
    m = ((p1[0] + p2[0]) / 2, (p1[1] + p2[1]) / 2)
    for a, b in _edges(poly):
        if on_closed_segment2(m, a, b):
            same = (b[0] - a[0]) * (p2[0] - p1[0]) + (b[1] - a[1]) * (p2[1] - p1[1]) > 0
            left = ccw == same
            return left, not left
    inside = strictly_inside2(m, poly)
    return inside, inside


def _diamond(x, y):
    """A pseudo-angle in [0, 4), increasing with the angle of (x, y), exact."""
    if y >= 0:
        return y / (x + y) if x >= 0 else 1 - x / (-x + y)
    return 2 - y / (-x - y) if x < 0 else 3 + x / (x - y)


def _clockwise_from(back, v):
    """The clockwise angle (pseudo) from `back` to v, in (0, 4]."""
    ccw = _diamond(back[0] * v[0] + back[1] * v[1], back[0] * v[1] - back[1] * v[0])
    return 4 if ccw == 0 else 4 - ccw


def _trace(directed):
    """Boundary cycles of a region lying left of its directed boundary pieces: at each vertex
    leave by the first piece met turning clockwise from the way back (stays in one component)."""
    out = defaultdict(list)
    for s, e in directed:
        out[s].append(e)
    used, cycles = set(), []
    for start in sorted(directed):
        if start in used:
            continue
        cycle, (s, e) = [], start
        for _ in range(len(directed) + 1):
            used.add((s, e))
            cycle.append(s)
            back = (s[0] - e[0], s[1] - e[1])
            nxt = min(out[e], key=lambda x: _clockwise_from(back, (x[0] - e[0], x[1] - e[1])))
            s, e = e, nxt
            if (s, e) == start:
                break
        else:
            raise RuntimeError("boundary trace did not close")
        cycles.append(cycle)
    return cycles


def overlap2(p, q):
    points = set(p) | set(q)
    for a, b in _edges(p):
        for c, d in _edges(q):
            x = _crossing(a, b, c, d)
            if x is not None:
                points.add(x)
    pieces = set()
    for a, b in _edges(p) + _edges(q):
        on = [x for x in points if on_closed_segment2(x, a, b)]
        on.sort(key=lambda x: (x[0] - a[0]) * (b[0] - a[0]) + (x[1] - a[1]) * (b[1] - a[1]))
        for x, y in zip(on, on[1:]):
            pieces.add((x, y) if x < y else (y, x))
    ccw_p, ccw_q = signed_area2(p) > 0, signed_area2(q) > 0
    directed = []
    for x, y in pieces:
        lp, rp = _sides(x, y, p, ccw_p)
        lq, rq = _sides(x, y, q, ccw_q)
        left, right = lp and lq, rp and rq
        if left != right:
            directed.append((x, y) if left else (y, x))
    return _trace(directed)


# ---- all entity pairs ----

def _entities(solid):
    return ([("vertex", i) for i in range(len(solid.vertices))] +
            [("edge", i) for i in range(len(solid.edges))] +
            [("face", i) for i in range(len(solid.faces))])


def _segment(solid, e):
    a, b = solid.edges[e]
    return solid.vertices[a], solid.vertices[b]


def pair_components(sa, x, sb, y):
    """x ∩ y for an open entity x of A and y of B."""
    (kx, ix), (ky, iy) = x, y
    if kx == "vertex":
        p = sa.vertices[ix]
        hit = {"vertex": lambda: p == sb.vertices[iy],
               "edge": lambda: sb.in_open_edge(iy, p),
               "face": lambda: sb.in_open_face(iy, p)}[ky]()
        return [(0, [p])] if hit else []
    if ky == "vertex":
        return pair_components(sb, y, sa, x)
    if kx == "edge" and ky == "edge":
        return edge_edge(*_segment(sa, ix), *_segment(sb, iy))
    if kx == "edge":
        return edge_face(*_segment(sa, ix), sb, iy)
    if ky == "edge":
        return edge_face(*_segment(sb, iy), sa, ix)
    return face_face(sa, ix, sb, iy)


def _box(points):
    return (tuple(min(p[i] for p in points) for i in range(3)),
            tuple(max(p[i] for p in points) for i in range(3)))


def _entity_box(solid, ent):
    kind, i = ent
    if kind == "vertex":
        return _box([solid.vertices[i]])
    if kind == "edge":
        return _box(list(_segment(solid, i)))
    return _box([solid.vertices[v] for v in solid.faces[i]])


def intersection_set(sa, sb):
    """Every (x, y, component): an exact closed-box overlap test first (a necessary condition),
    then the brute-force intersection."""
    ea, eb = _entities(sa), _entities(sb)
    boxes_b = [_entity_box(sb, y) for y in eb]
    out = []
    for x in ea:
        lo, hi = _entity_box(sa, x)
        for y, (lo2, hi2) in zip(eb, boxes_b):
            if all(lo[i] <= hi2[i] and lo2[i] <= hi[i] for i in range(3)):
                for comp in pair_components(sa, x, sb, y):
                    out.append((x, y, comp))
    return out
