"""Exact rational geometry for the contact-region cross-check (standard library only).

Written from the definitions of seed 000 §3, independently of the C++ reference: solids are
closed B-reps whose entities (vertices, edges, faces) are open point sets; every coordinate is a
Fraction, so every predicate and construction here is exact.
"""
from fractions import Fraction


def sub(p, q):
    return (p[0] - q[0], p[1] - q[1], p[2] - q[2])


def add(p, q):
    return (p[0] + q[0], p[1] + q[1], p[2] + q[2])


def scale(p, s):
    return (p[0] * s, p[1] * s, p[2] * s)


def dot(p, q):
    return p[0] * q[0] + p[1] * q[1] + p[2] * q[2]


def cross(p, q):
    return (p[1] * q[2] - p[2] * q[1], p[2] * q[0] - p[0] * q[2], p[0] * q[1] - p[1] * q[0])


def is_zero(p):
    return p[0] == 0 and p[1] == 0 and p[2] == 0


def cross2(o, a, b):
    """Twice the signed area of the 2D triangle (o, a, b)."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def on_closed_segment2(p, a, b):
    if cross2(a, b, p) != 0:
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def strictly_inside2(p, poly):
    """p in the open simple polygon `poly` (2D, either orientation): off its boundary, odd parity."""
    n = len(poly)
    inside = False
    for i in range(n):
        a, b = poly[i], poly[(i + 1) % n]
        if on_closed_segment2(p, a, b):
            return False
        if (a[1] > p[1]) != (b[1] > p[1]):
            # x of the crossing with the horizontal line through p, compared with p's x.
            x = a[0] + (p[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            if x > p[0]:
                inside = not inside
    return inside


def signed_area2(poly):
    return sum(cross2((0, 0), poly[i], poly[(i + 1) % len(poly)]) for i in range(len(poly)))


class Solid:
    """World vertices R·v + t in Fractions, edges as given (their ids are the reference's), faces
    as vertex loops counter-clockwise seen from outside, each with its exact plane."""

    def __init__(self, j, name, shift=(0, 0, 0)):
        rot = [Fraction(float.fromhex(x)) for x in j["rotation"]]
        t = [Fraction(float.fromhex(x)) + shift[r] for r, x in enumerate(j["translation"])]
        self.name = name
        self.vertices = []
        for v in j["vertices"]:
            p = [Fraction(float.fromhex(c)) for c in v]
            self.vertices.append(tuple(sum(rot[3 * r + c] * p[c] for c in range(3)) + t[r]
                                       for r in range(3)))
        self.edges = [tuple(e) for e in j["edges"]]
        self.faces = [list(f) for f in j["faces"]]
        self.planes = [self._plane(k) for k in range(len(self.faces))]
        self.edge_faces = self._edge_faces()
        self._polygons = [[self.project(k, self.vertices[i]) for i in self.faces[k]]
                          for k in range(len(self.faces))]
        self._boxes = [(min(q[0] for q in poly), max(q[0] for q in poly),
                        min(q[1] for q in poly), max(q[1] for q in poly))
                       for poly in self._polygons]

    def _plane(self, k):
        loop = [self.vertices[i] for i in self.faces[k]]
        n = (0, 0, 0)
        for i in range(len(loop)):  # Newell: the exact area vector of a planar loop
            n = add(n, cross(loop[i], loop[(i + 1) % len(loop)]))
        if is_zero(n):
            raise ValueError(f"{self.name}: face {k} has zero area")
        d = dot(n, loop[0])
        for p in loop:
            if dot(n, p) != d:
                raise ValueError(f"{self.name}: face {k} is not planar")
        axis = max(range(3), key=lambda i: abs(n[i]))
        return n, d, axis

    def _edge_faces(self):
        where = {}
        for k, loop in enumerate(self.faces):
            for i in range(len(loop)):
                where.setdefault(frozenset((loop[i], loop[(i + 1) % len(loop)])), []).append(k)
        out = []
        for e, (a, b) in enumerate(self.edges):
            faces = where.get(frozenset((a, b)), [])
            if len(faces) != 2:
                raise ValueError(f"{self.name}: edge {e} borders {len(faces)} faces")
            out.append(faces)
        if len(where) != len(self.edges):
            raise ValueError(f"{self.name}: the edge list does not match the face loops")
        return out

    def project(self, k, p):
        axis = self.planes[k][2]
        return tuple(p[i] for i in range(3) if i != axis)

    def lift(self, k, q):
        n, d, axis = self.planes[k]
        others = [i for i in range(3) if i != axis]
        p = [None, None, None]
        p[others[0]], p[others[1]] = q
        p[axis] = (d - n[others[0]] * q[0] - n[others[1]] * q[1]) / n[axis]
        return tuple(p)

    def polygon2(self, k):
        return self._polygons[k]

    def outside_box2(self, k, q):
        """q (projected to face k's plane) lies outside the face polygon's closed bounding box."""
        x0, x1, y0, y1 = self._boxes[k]
        return not (x0 <= q[0] <= x1 and y0 <= q[1] <= y1)

    def in_open_face(self, k, p):
        n, d, _ = self.planes[k]
        return dot(n, p) == d and strictly_inside2(self.project(k, p), self.polygon2(k))

    def in_open_edge(self, e, p):
        a, b = (self.vertices[i] for i in self.edges[e])
        u, w = sub(b, a), sub(p, a)
        if not is_zero(cross(u, w)):
            return False
        return 0 < dot(w, u) < dot(u, u)

    def strictly_inside(self, p, rays):
        """p strictly inside the solid, p off its boundary: parity of a ray that meets no edge,
        vertex or face plane degenerately (the first such ray of `rays`)."""
        for w in rays:
            count, clean = 0, True
            for k in range(len(self.faces)):
                n, d, _ = self.planes[k]
                nw = dot(n, w)
                if nw == 0:
                    if dot(n, p) == d:
                        clean = False
                        break
                    continue
                s = (d - dot(n, p)) / nw
                if s <= 0:  # p itself is off the boundary (the caller's promise)
                    continue
                q = self.project(k, add(p, scale(w, s)))
                if self.outside_box2(k, q):
                    continue
                poly = self.polygon2(k)
                if any(on_closed_segment2(q, poly[i], poly[(i + 1) % len(poly)])
                       for i in range(len(poly))):
                    clean = False
                    break
                count += strictly_inside2(q, poly)
            if clean:
                return count % 2 == 1
        raise ValueError("no clean ray")


def point_segment_dist2(p, a, b):
    u, w = sub(b, a), sub(p, a)
    uu = dot(u, u)
    t = min(max(dot(w, u) / uu, Fraction(0)), Fraction(1))
    r = sub(w, scale(u, t))
    return dot(r, r)


def segment_segment_dist2(a, b, c, d):
    """Squared distance of closed segments: the interior critical point if it lies in [0,1]², else
    the best endpoint-to-segment distance (the quadratic is convex)."""
    u, v, w = sub(b, a), sub(d, c), sub(a, c)
    uu, uv, vv, uw, vw = dot(u, u), dot(u, v), dot(v, v), dot(u, w), dot(v, w)
    den = uu * vv - uv * uv
    best = min(point_segment_dist2(a, c, d), point_segment_dist2(b, c, d),
               point_segment_dist2(c, a, b), point_segment_dist2(d, a, b))
    if den != 0:
        s = (uv * vw - vv * uw) / den
        t = (uu * vw - uv * uw) / den
        if 0 <= s <= 1 and 0 <= t <= 1:
            r = sub(add(a, scale(u, s)), add(c, scale(v, t)))
            best = min(best, dot(r, r))
    return best


def point_face_dist2(solid, k, p):
    """Squared distance from p to the closed face k: to the plane when the foot lies in the closed
    polygon, else to its nearest edge."""
    n, d, _ = solid.planes[k]
    h = dot(n, p) - d
    foot = sub(p, scale(n, h / dot(n, n)))
    poly = solid.polygon2(k)
    q = solid.project(k, foot)
    on_edge = any(on_closed_segment2(q, poly[i], poly[(i + 1) % len(poly)])
                  for i in range(len(poly)))
    if on_edge or strictly_inside2(q, poly):
        return h * h / dot(n, n)
    loop = solid.faces[k]
    return min(point_segment_dist2(p, solid.vertices[loop[i]],
                                   solid.vertices[loop[(i + 1) % len(loop)]])
               for i in range(len(loop)))


def _box(points):
    return ([min(p[i] for p in points) for i in range(3)],
            [max(p[i] for p in points) for i in range(3)])


def _box_dist2(b1, b2):
    """Squared distance between two closed boxes: a lower bound for anything inside them."""
    total = 0
    for i in range(3):
        gap = max(b2[0][i] - b1[1][i], b1[0][i] - b2[1][i], 0)
        total += gap * gap
    return total


def distance2(a, b):
    """Squared distance of two disjoint solids: the least over vertex–face pairs (both ways) and
    edge–edge pairs (a pair whose bounding boxes are already farther apart is skipped)."""
    best = None

    def consider(box1, box2, exact):
        nonlocal best
        if best is None or _box_dist2(box1, box2) < best:
            dd = exact()
            best = dd if best is None else min(best, dd)

    for s, t in ((a, b), (b, a)):
        face_boxes = [_box([t.vertices[i] for i in loop]) for loop in t.faces]
        for p in s.vertices:
            for k in range(len(t.faces)):
                consider(([*p], [*p]), face_boxes[k], lambda: point_face_dist2(t, k, p))
    boxes_b = [_box([b.vertices[i] for i in e]) for e in b.edges]
    for ea in a.edges:
        pa, qa = a.vertices[ea[0]], a.vertices[ea[1]]
        box_a = _box([pa, qa])
        for eb, box_b in zip(b.edges, boxes_b):
            consider(box_a, box_b, lambda: segment_segment_dist2(pa, qa, b.vertices[eb[0]],
                                                                 b.vertices[eb[1]]))
    return best
