// The intersection set 𝓘 of the contact-region reference (seed 000 §3, Lemma 1): every pair of
// open entities (vertex, open edge, open face) of A × B that intersect, one RawRegion per
// connected component, with Π in exact rationals.
//
// Candidates: CGAL::box_intersection_d over per-face boxes rounded outward from the exact
// coordinates (closed boxes, so culling can only keep extra pairs), then the sub-entities of each
// candidate face pair, deduplicated and filtered by their own outward boxes; pairs_tested counts
// the entity pairs that get an exact test.
//
// Conventions of Π: a 1D region runs along A's edge for edge pairs, along the segment of the edge
// for edge–face pairs and along nA × nB for crossing faces; a 2D region (coplanar faces only) is
// counter-clockwise about B's face's outward normal, with no repeated point and no three
// consecutive collinear points. Regions are sorted by (A's entity, B's entity), components of one
// pair in the order found.
#include <CGAL/box_intersection_d.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <unordered_set>
#include <utility>

#include "reference/exact_regions_geometry.hpp"

namespace touchstone::exact_detail {

std::vector<std::pair<int, int>> face_box_pairs(const QSolid& a, const QSolid& b, double grow_a) {
  using Box = CGAL::Box_intersection_d::Box_with_info_d<double, 3, int,
                                                        CGAL::Box_intersection_d::ID_EXPLICIT>;
  const double inf = std::numeric_limits<double>::infinity();
  auto boxes = [&](const QSolid& s, double by, int side) {
    std::vector<Box> out;
    out.reserve(s.faces.size());
    for (std::size_t k = 0; k < s.faces.size(); ++k) {
      Box3 f = s.faces[k].box;
      if (by > 0)
        for (int i = 0; i < 3; ++i) {
          f.lo[i] = std::nextafter(f.lo[i] - by, -inf);
          f.hi[i] = std::nextafter(f.hi[i] + by, inf);
        }
      const int info = side == 0 ? static_cast<int>(k) : -1 - static_cast<int>(k);
      out.emplace_back(CGAL::Bbox_3(f.lo[0], f.lo[1], f.lo[2], f.hi[0], f.hi[1], f.hi[2]), info);
    }
    return out;
  };
  std::vector<Box> boxes_a = boxes(a, grow_a, 0), boxes_b = boxes(b, 0.0, 1);
  std::vector<std::pair<int, int>> pairs;
  CGAL::box_intersection_d(
      boxes_a.begin(), boxes_a.end(), boxes_b.begin(), boxes_b.end(),
      [&](const Box& x, const Box& y) {
        const int fa = x.info() >= 0 ? x.info() : y.info();
        const int fb = x.info() >= 0 ? y.info() : x.info();
        pairs.emplace_back(fa, -1 - fb);
      },
      std::ptrdiff_t(10), CGAL::Box_intersection_d::CLOSED, CGAL::Box_intersection_d::BIPARTITE);
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

namespace {

using Components = std::vector<std::vector<QPoint>>;

struct Segment {
  QPoint p, q;
};

bool in_open_segment(const QPoint& x, const Segment& s) {
  const QPoint d = s.q - s.p, w = x - s.p;
  if (!is_zero(cross(d, w))) return false;
  const Q t = dot(w, d);
  return t > 0 && t < dot(d, d);
}

bool in_open_face(const QPoint& x, const QFace& face) {
  return dot(face.frame.normal, x) == face.frame.offset &&
         locate(face.polygon, project(face.frame, x)) == 1;
}

Components segment_segment(const Segment& s, const Segment& t) {
  const QPoint d1 = s.q - s.p, d2 = t.q - t.p, w = t.p - s.p;
  const QPoint n = cross(d1, d2);
  if (!is_zero(n)) {
    if (dot(w, n) != 0) return {};  // skew
    const Q nn = dot(n, n);
    const Q a = dot(cross(w, d2), n) / nn, b = dot(cross(w, d1), n) / nn;
    if (a > 0 && a < 1 && b > 0 && b < 1) return {{s.p + a * d1}};
    return {};
  }
  if (!is_zero(cross(w, d1))) return {};  // parallel, not collinear
  const Q dd = dot(d1, d1);
  Q t0 = dot(w, d1) / dd, t1 = dot(t.q - s.p, d1) / dd;
  if (t1 < t0) std::swap(t0, t1);
  const Q lo = std::max(t0, Q(0)), hi = std::min(t1, Q(1));
  if (!(lo < hi)) return {};
  return {{s.p + lo * d1, s.p + hi * d1}};
}

// The open segment s lying in the plane of `face`: the parameters where it meets the polygon's
// boundary cut it into pieces, each either inside the open polygon or not; every cut point lies on
// the boundary, so each inside piece is one component.
Components coplanar_segment_face(const Segment& s, const QFace& face) {
  const P2 p = project(face.frame, s.p), q = project(face.frame, s.q);
  const P2 d{q.u - p.u, q.v - p.v};
  const Q dd = d.u * d.u + d.v * d.v;
  std::vector<Q> cuts{Q(0), Q(1)};
  const std::vector<P2>& poly = face.polygon;
  for (std::size_t i = 0; i < poly.size(); ++i) {
    const P2& a = poly[i];
    const P2& b = poly[(i + 1) % poly.size()];
    const P2 e{b.u - a.u, b.v - a.v}, w{a.u - p.u, a.v - p.v};
    const Q denom = d.u * e.v - d.v * e.u;
    const Q w_cross_d = w.u * d.v - w.v * d.u;
    if (denom != 0) {
      const Q t = (w.u * e.v - w.v * e.u) / denom, u = w_cross_d / denom;
      if (u >= 0 && u <= 1 && t > 0 && t < 1) cuts.push_back(t);
    } else if (w_cross_d == 0) {
      for (const P2& c : {a, b}) {
        const Q t = ((c.u - p.u) * d.u + (c.v - p.v) * d.v) / dd;
        if (t > 0 && t < 1) cuts.push_back(t);
      }
    }
  }
  std::sort(cuts.begin(), cuts.end());
  cuts.erase(std::unique(cuts.begin(), cuts.end()), cuts.end());
  Components out;
  const QPoint d3 = s.q - s.p;
  for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
    const Q mid = (cuts[i] + cuts[i + 1]) / 2;
    if (locate(poly, P2{p.u + mid * d.u, p.v + mid * d.v}) == 1)
      out.push_back({s.p + cuts[i] * d3, s.p + cuts[i + 1] * d3});
  }
  return out;
}

Components segment_face(const Segment& s, const QFace& face) {
  const Q d0 = dot(face.frame.normal, s.p) - face.frame.offset;
  const Q d1 = dot(face.frame.normal, s.q) - face.frame.offset;
  if (d0 == 0 && d1 == 0) return coplanar_segment_face(s, face);
  if (!((d0 < 0 && d1 > 0) || (d0 > 0 && d1 < 0))) return {};
  const QPoint x = s.p + (d0 / (d0 - d1)) * (s.q - s.p);
  if (locate(face.polygon, project(face.frame, x)) == 1) return {{x}};
  return {};
}

// Sutherland–Hodgman: the closed convex polygon p clipped by the closed convex polygon q (both
// counter-clockwise).
std::vector<P2> clip_convex(std::vector<P2> p, const std::vector<P2>& q) {
  for (std::size_t j = 0; j < q.size() && !p.empty(); ++j) {
    const P2& a = q[j];
    const P2& b = q[(j + 1) % q.size()];
    std::vector<P2> in;
    in.swap(p);
    for (std::size_t i = 0; i < in.size(); ++i) {
      const P2& prev = in[(i + in.size() - 1) % in.size()];
      const P2& cur = in[i];
      const Q op = orient(a, b, prev), oc = orient(a, b, cur);
      const bool crosses = (oc >= 0) ? op < 0 : op > 0;
      if (crosses) {
        const Q t = op / (op - oc);
        p.push_back({prev.u + t * (cur.u - prev.u), prev.v + t * (cur.v - prev.v)});
      }
      if (oc >= 0) p.push_back(cur);
    }
  }
  return p;
}

class Finder {
 public:
  Finder(const QSolid& a, const QSolid& b) : a_(a), b_(b) {}

  void test(Feature x, Feature y, std::vector<RawRegion>& out) const {
    Components found;
    using K = FeatureKind;
    const QPoint* pa = x.kind == K::vertex ? &a_.points[x.id] : nullptr;
    const QPoint* pb = y.kind == K::vertex ? &b_.points[y.id] : nullptr;
    if (x.kind == K::vertex && y.kind == K::vertex) {
      if (same_point(*pa, *pb)) found.push_back({*pa});
    } else if (x.kind == K::vertex) {
      if (y.kind == K::edge ? in_open_segment(*pa, segment(b_, y.id))
                            : in_open_face(*pa, b_.faces[y.id]))
        found.push_back({*pa});
    } else if (y.kind == K::vertex) {
      if (x.kind == K::edge ? in_open_segment(*pb, segment(a_, x.id))
                            : in_open_face(*pb, a_.faces[x.id]))
        found.push_back({*pb});
    } else if (x.kind == K::edge && y.kind == K::edge) {
      found = segment_segment(segment(a_, x.id), segment(b_, y.id));
    } else if (x.kind == K::edge) {
      found = segment_face(segment(a_, x.id), b_.faces[y.id]);
    } else if (y.kind == K::edge) {
      found = segment_face(segment(b_, y.id), a_.faces[x.id]);
    } else {
      found = face_face(x.id, y.id);
    }
    for (std::vector<QPoint>& points : found) out.push_back({x, y, std::move(points)});
  }

 private:
  static Segment segment(const QSolid& s, int e) {
    const Edge& edge = s.solid->shape->edges()[e];
    return {s.points[edge.tail], s.points[edge.head]};
  }

  Components face_face(int fa, int fb) const {
    const QFace& a = a_.faces[fa];
    const QFace& b = b_.faces[fb];
    if (is_zero(cross(a.frame.normal, b.frame.normal))) return coplanar_faces(fa, fb);
    return crossing_faces(fa, fb);
  }

  // Both faces in B's frame; A's polygon reversed when the normals are opposed (touching).
  Components coplanar_faces(int fa, int fb) const {
    const QFace& b = b_.faces[fb];
    const std::vector<int>& ids = a_.solid->shape->faces()[fa].vertices;
    if (dot(b.frame.normal, a_.points[ids[0]]) != b.frame.offset) return {};
    std::vector<P2> pa;
    for (int v : ids) pa.push_back(project(b.frame, a_.points[v]));
    if (dot(a_.faces[fa].frame.normal, b.frame.normal) < 0) std::reverse(pa.begin(), pa.end());
    std::vector<std::vector<P2>> pieces;
    if (a_.faces[fa].convex && b.convex)
      pieces.push_back(clip_convex(pa, b.polygon));
    else
      pieces = open_polygon_overlap(pa, b.polygon);
    Components out;
    for (std::vector<P2>& piece : pieces) {
      drop_collinear(piece);
      if (piece.size() < 3) continue;  // no interior (only the convex clip yields these)
      std::vector<QPoint>& ring = out.emplace_back();
      for (const P2& p : piece) ring.push_back(lift(b.frame, p));
    }
    return out;
  }

  // Non-parallel planes meet in a line L; each face's boundary meets L in cut points (ordered by
  // the coordinate t = x·(nA × nB)); between consecutive cuts L is inside or outside each open
  // polygon, and every cut lies on a boundary, so each piece inside both is one component.
  Components crossing_faces(int fa, int fb) const {
    const QPoint dir = cross(a_.faces[fa].frame.normal, b_.faces[fb].frame.normal);
    std::vector<std::pair<Q, QPoint>> cuts;
    auto cut = [&](const QSolid& s, int f, const PlaneFrame& other) {
      const std::vector<int>& ids = s.solid->shape->faces()[f].vertices;
      for (std::size_t i = 0; i < ids.size(); ++i) {
        const QPoint& p = s.points[ids[i]];
        const QPoint& q = s.points[ids[(i + 1) % ids.size()]];
        const Q dp = dot(other.normal, p) - other.offset;
        const Q dq = dot(other.normal, q) - other.offset;
        if (dp == 0) cuts.emplace_back(dot(p, dir), p);
        if ((dp < 0 && dq > 0) || (dp > 0 && dq < 0)) {
          const QPoint x = p + (dp / (dp - dq)) * (q - p);
          cuts.emplace_back(dot(x, dir), x);
        }
      }
    };
    cut(a_, fa, b_.faces[fb].frame);
    cut(b_, fb, a_.faces[fa].frame);
    std::sort(cuts.begin(), cuts.end(),
              [](const auto& l, const auto& r) { return l.first < r.first; });
    cuts.erase(std::unique(cuts.begin(), cuts.end(),
                           [](const auto& l, const auto& r) { return l.first == r.first; }),
               cuts.end());
    Components out;
    for (std::size_t i = 0; i + 1 < cuts.size(); ++i) {
      const QPoint mid = Q(1, 2) * (cuts[i].second + cuts[i + 1].second);
      if (in_open_face(mid, a_.faces[fa]) && in_open_face(mid, b_.faces[fb]))
        out.push_back({cuts[i].second, cuts[i + 1].second});
    }
    return out;
  }

  const QSolid& a_;
  const QSolid& b_;
};

// The entities of a face: the face, its edges, its vertices.
std::vector<Feature> face_entities(const Polytope& shape, int f) {
  const Face& face = shape.faces()[f];
  std::vector<Feature> out{{FeatureKind::face, f}};
  for (int e : face.edges) out.push_back({FeatureKind::edge, e});
  for (int v : face.vertices) out.push_back({FeatureKind::vertex, v});
  return out;
}

bool feature_less(const Feature& l, const Feature& r) {
  return l.kind != r.kind ? l.kind < r.kind : l.id < r.id;
}

}  // namespace

IntersectionSet intersecting_entities(const ExactSolid& a, const ExactSolid& b) {
  const QSolid qa = make_q_solid(a), qb = make_q_solid(b);
  const Polytope& sa = *a.shape;
  const Polytope& sb = *b.shape;
  const std::uint64_t entities_b = entities(sb);
  const Finder finder(qa, qb);
  IntersectionSet out;
  std::unordered_set<std::uint64_t> seen;
  for (const auto& [fa, fb] : face_box_pairs(qa, qb, 0.0)) {
    const std::vector<Feature> xs = face_entities(sa, fa), ys = face_entities(sb, fb);
    for (const Feature& x : xs) {
      const Box3& bx = entity_box(qa, x);
      for (const Feature& y : ys) {
        if (!overlap(bx, entity_box(qb, y))) continue;
        if (!seen.insert(entity_code(sa, x) * entities_b + entity_code(sb, y)).second) continue;
        ++out.pairs_tested;
        finder.test(x, y, out.regions);
      }
    }
  }
  std::stable_sort(out.regions.begin(), out.regions.end(),
                   [](const RawRegion& l, const RawRegion& r) {
                     if (!(l.a == r.a)) return feature_less(l.a, r.a);
                     return feature_less(l.b, r.b);
                   });
  return out;
}

}  // namespace touchstone::exact_detail
