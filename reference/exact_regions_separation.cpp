// The separated distance of the contact-region reference: for two B-reps whose boundaries do not
// meet and neither inside the other, the distance is the minimum over boundary point pairs, which
// a vertex–face or an edge–edge pair of closed entities realizes. Point–face counts only when the
// point's projection lies strictly inside the (possibly non-convex) face; otherwise a boundary
// edge of the face is at least as close and the edge pairs cover it. Segment–segment distances
// are exact (interior critical point, else endpoint to segment).
//
// Pruning: candidate face pairs come from box_intersection_d with A's face boxes grown by a
// radius r; every pair at distance <= r is among them. They are examined nearest boxes first, and
// face or entity pairs whose boxes are farther apart than the best distance so far are skipped (a
// conservative double bound). If the best found is within r it is the minimum; otherwise r grows
// to that best (or doubles when nothing was found) and the new candidates are examined.
#include <algorithm>
#include <cmath>
#include <optional>
#include <stdexcept>
#include <unordered_set>

#include "reference/exact_regions_geometry.hpp"

namespace touchstone::exact_detail {

namespace {

struct Candidate {
  Q d2;
  Feature a, b;
  QPoint pa, pb;  // the closest points, on A's and on B's entity
};

// The closest point of the closed segment [p, q] (an edge running tail → head) to x, named as
// the open entity containing it (in `a`, the point in `pa`).
Candidate point_segment(const QPoint& x, const QPoint& p, const QPoint& q, const Edge& edge,
                        int edge_id) {
  const QPoint d = q - p;
  const Q u = dot(x - p, d) / dot(d, d);
  if (u <= 0) return {dot(x - p, x - p), {FeatureKind::vertex, edge.tail}, {}, p, x};
  if (u >= 1) return {dot(x - q, x - q), {FeatureKind::vertex, edge.head}, {}, q, x};
  const QPoint foot = p + u * d;
  const QPoint w = x - foot;
  return {dot(w, w), {FeatureKind::edge, edge_id}, {}, foot, x};
}

class Search {
 public:
  Search(const ExactSolid& a, const ExactSolid& b)
      : a_(make_q_solid(a)), b_(make_q_solid(b)), entities_b_(entities(*b.shape)) {}

  // Examines the entity pairs of the face pair not seen yet. False when the faces' boxes are
  // already farther apart than the best distance found.
  bool face_pair(int fa, int fb) {
    if (beyond_best(a_.faces[fa].box, b_.faces[fb].box)) return false;
    const Polytope& sa = *a_.solid->shape;
    const Polytope& sb = *b_.solid->shape;
    for (int v : sa.faces()[fa].vertices)
      consider({FeatureKind::vertex, v}, {FeatureKind::face, fb});
    for (int v : sb.faces()[fb].vertices)
      consider({FeatureKind::face, fa}, {FeatureKind::vertex, v});
    for (int ea : sa.faces()[fa].edges)
      for (int eb : sb.faces()[fb].edges)
        consider({FeatureKind::edge, ea}, {FeatureKind::edge, eb});
    return true;
  }

  // Squared distance between two boxes, in doubles, shrunk to stay a lower bound.
  static double box_gap_sq(const Box3& x, const Box3& y) {
    double sum = 0;
    for (int i = 0; i < 3; ++i) {
      const double gap = std::max({0.0, y.lo[i] - x.hi[i], x.lo[i] - y.hi[i]});
      sum += gap * gap;
    }
    return sum * (1 - 1e-9);
  }

  const std::optional<Candidate>& best() const { return best_; }
  const QSolid& a() const { return a_; }
  const QSolid& b() const { return b_; }

 private:
  void consider(Feature x, Feature y) {
    const std::uint64_t key =
        entity_code(*a_.solid->shape, x) * entities_b_ + entity_code(*b_.solid->shape, y);
    if (!seen_.insert(key).second) return;
    if (beyond_best(entity_box(a_, x), entity_box(b_, y))) return;
    std::optional<Candidate> c;
    if (x.kind == FeatureKind::vertex)
      c = point_face(a_.points[x.id], b_.faces[y.id], x, y, true);
    else if (y.kind == FeatureKind::vertex)
      c = point_face(b_.points[y.id], a_.faces[x.id], x, y, false);
    else
      c = edge_edge(x.id, y.id);
    if (c && (!best_ || c->d2 < best_->d2)) {
      best_ = c;
      best_upper_ = best_->d2.to_double() * (1 + 1e-9);
    }
  }

  bool beyond_best(const Box3& x, const Box3& y) const {
    return best_ && box_gap_sq(x, y) > best_upper_;
  }

  // p_on_a: p is A's vertex (the face is B's).
  static std::optional<Candidate> point_face(const QPoint& p, const QFace& face, Feature x,
                                             Feature y, bool p_on_a) {
    const QPoint& n = face.frame.normal;
    const Q s = dot(n, p) - face.frame.offset;
    const Q nn = dot(n, n);
    const QPoint foot = p - (s / nn) * n;
    if (locate(face.polygon, project(face.frame, foot)) != 1) return std::nullopt;
    return p_on_a ? Candidate{s * s / nn, x, y, p, foot} : Candidate{s * s / nn, x, y, foot, p};
  }

  Candidate edge_edge(int ea, int eb) const {
    const Edge& ga = a_.solid->shape->edges()[ea];
    const Edge& gb = b_.solid->shape->edges()[eb];
    const QPoint &p0 = a_.points[ga.tail], &p1 = a_.points[ga.head];
    const QPoint &q0 = b_.points[gb.tail], &q1 = b_.points[gb.head];
    const QPoint d1 = p1 - p0, d2 = q1 - q0, r = p0 - q0;
    const Q a = dot(d1, d1), b = dot(d1, d2), e = dot(d2, d2), c = dot(d1, r), f = dot(d2, r);
    const Q denom = a * e - b * b;
    if (denom != 0) {  // the unconstrained minimizer of |r + s d1 − t d2|², if inside both
      const Q s = (b * f - c * e) / denom, t = (a * f - b * c) / denom;
      if (s > 0 && s < 1 && t > 0 && t < 1) {
        const QPoint w = r + s * d1 - t * d2;
        return {
            dot(w, w), {FeatureKind::edge, ea}, {FeatureKind::edge, eb}, p0 + s * d1, q0 + t * d2};
      }
    }
    Candidate best{};
    bool have = false;
    auto keep = [&](const Candidate& cand) {
      if (!have || cand.d2 < best.d2) best = cand;
      have = true;
    };
    for (int v : {ga.tail, ga.head}) {
      const Candidate near = point_segment(a_.points[v], q0, q1, gb, eb);
      keep({near.d2, {FeatureKind::vertex, v}, near.a, near.pb, near.pa});
    }
    for (int v : {gb.tail, gb.head}) {
      const Candidate near = point_segment(b_.points[v], p0, p1, ga, ea);
      keep({near.d2, near.a, {FeatureKind::vertex, v}, near.pa, near.pb});
    }
    return best;
  }

  QSolid a_, b_;
  std::uint64_t entities_b_;
  std::unordered_set<std::uint64_t> seen_;
  std::optional<Candidate> best_;
  double best_upper_ = 0;
};

Box3 solid_box(const QSolid& s) {
  Box3 box = empty_box();
  for (const QFace& f : s.faces) grow(box, f.box);
  return box;
}

}  // namespace

Separation exact_separation(const ExactSolid& a, const ExactSolid& b) {
  Search search(a, b);
  const Box3 ba = solid_box(search.a()), bb = solid_box(search.b());
  double gap = 0, extent = 0;
  for (int i = 0; i < 3; ++i) {
    gap = std::max({gap, bb.lo[i] - ba.hi[i], ba.lo[i] - bb.hi[i]});
    extent = std::max({extent, ba.hi[i] - ba.lo[i], bb.hi[i] - bb.lo[i]});
  }
  const std::size_t all_pairs = search.a().faces.size() * search.b().faces.size();
  double radius = gap > 0 ? gap : std::ldexp(extent, -12);
  // Without a best the radius doubles (it covers every pair within ~2100 rounds); with one the
  // next round is the last (the best lies within the new radius).
  for (int round = 0; round < 2100; ++round) {
    std::vector<std::pair<int, int>> pairs = face_box_pairs(search.a(), search.b(), radius);
    // Nearest boxes first, so that the best distance prunes early; stop at the first pair whose
    // boxes are farther apart than the best.
    std::vector<std::pair<double, std::size_t>> order(pairs.size());
    for (std::size_t i = 0; i < pairs.size(); ++i)
      order[i] = {Search::box_gap_sq(search.a().faces[pairs[i].first].box,
                                     search.b().faces[pairs[i].second].box),
                  i};
    std::sort(order.begin(), order.end());
    for (const auto& [gap_sq, i] : order)
      if (!search.face_pair(pairs[i].first, pairs[i].second)) break;
    const std::optional<Candidate>& best = search.best();
    const bool within = best && best->d2 <= Q(radius) * Q(radius);
    if (within || pairs.size() == all_pairs) {
      if (!best) break;
      return {NT(best->d2.numerator()),
              NT(best->d2.denominator()),
              best->a,
              best->b,
              best->pa,
              best->pb};
    }
    // Every pair within the best distance found is a candidate at that radius.
    const double next = best ? std::sqrt(best->d2.to_double()) * (1 + 1e-6) : 0.0;
    radius = next > radius ? next : 2 * radius;
  }
  throw std::runtime_error(
      "exact regions: no closest entity pair found (empty or degenerate "
      "solids)");
}

}  // namespace touchstone::exact_detail
