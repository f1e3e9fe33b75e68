#include "algorithms/regions/common/overlap2d.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace touchstone::region_common {
namespace {

// Overlay nodes: a point closer than ε to an existing node is that node.
class Nodes {
 public:
  explicit Nodes(double eps) : eps_(eps) {}
  int add(const Vec2& p) {
    for (std::size_t i = 0; i < points_.size(); ++i)
      if ((points_[i] - p).norm() <= eps_) return static_cast<int>(i);
    points_.push_back(p);
    return static_cast<int>(points_.size()) - 1;
  }
  const Vec2& operator[](int i) const { return points_[i]; }
  int size() const { return static_cast<int>(points_.size()); }

 private:
  double eps_;
  std::vector<Vec2> points_;
};

struct Piece {
  int from = -1, to = -1;
};

// The crossing of segments (a, b) and (c, d), each parameter allowed ε beyond its ends; none for
// parallel segments (their overlaps are split at the end nodes instead).
std::optional<Vec2> crossing(const Vec2& a, const Vec2& b, const Vec2& c, const Vec2& d,
                             double eps) {
  const Vec2 r = b - a, s = d - c;
  const double lr = r.norm(), ls = s.norm();
  const double den = cross2(r, s);
  if (lr == 0 || ls == 0 || std::abs(den) <= 1e-12 * lr * ls) return std::nullopt;
  const double t = cross2(c - a, s) / den, u = cross2(c - a, r) / den;
  if (t < -eps / lr || t > 1 + eps / lr || u < -eps / ls || u > 1 + eps / ls) return std::nullopt;
  return a + t * r;
}

// The pieces of the segment from node i to node j, split at every node within ε of it.
void split(const Nodes& nodes, int i, int j, double eps, std::vector<Piece>& out) {
  const Vec2 a = nodes[i], d = nodes[j] - nodes[i];
  const double len2 = d.squaredNorm();
  if (i == j || len2 == 0) return;
  std::vector<std::pair<double, int>> at;
  for (int k = 0; k < nodes.size(); ++k) {
    if (k == i || k == j) continue;
    const double t = (nodes[k] - a).dot(d) / len2;
    if (t > 0 && t < 1 && segment_distance(nodes[k], a, nodes[j]) <= eps) at.emplace_back(t, k);
  }
  std::sort(at.begin(), at.end());
  int from = i;
  for (const auto& [t, k] : at) {
    if (k != from) out.push_back({from, k});
    from = k;
  }
  if (from != j) out.push_back({from, j});
}

std::vector<Piece> pieces_of(const Nodes& nodes, std::span<const int> loop, double eps) {
  std::vector<Piece> out;
  for (std::size_t i = 0; i < loop.size(); ++i)
    split(nodes, loop[i], loop[(i + 1) % loop.size()], eps, out);
  return out;
}

// Whether the piece (direction `dir`, midpoint `mid`) runs along an edge of q in q's direction.
bool along_boundary_same_way(const Vec2& mid, const Vec2& dir, std::span<const Vec2> q,
                             double eps) {
  for (std::size_t k = 0; k < q.size(); ++k) {
    const Vec2& a = q[k];
    const Vec2& b = q[(k + 1) % q.size()];
    if (segment_distance(mid, a, b) <= eps && dir.dot(b - a) > 0) return true;
  }
  return false;
}

double area(const std::vector<Vec2>& poly) {
  double twice = 0;
  for (std::size_t i = 0; i < poly.size(); ++i)
    twice += cross2(poly[i], poly[(i + 1) % poly.size()]);
  return twice / 2;
}

double perimeter(const std::vector<Vec2>& poly) {
  double sum = 0;
  for (std::size_t i = 0; i < poly.size(); ++i)
    sum += (poly[(i + 1) % poly.size()] - poly[i]).norm();
  return sum;
}

// Drops vertices within ε of the segment joining their neighbours (no three adjacent collinear).
std::vector<Vec2> simplify(std::vector<Vec2> poly, double eps) {
  for (bool changed = true; changed && poly.size() >= 3;) {
    changed = false;
    for (std::size_t i = 0; i < poly.size() && poly.size() >= 3; ++i) {
      const Vec2& prev = poly[(i + poly.size() - 1) % poly.size()];
      const Vec2& next = poly[(i + 1) % poly.size()];
      if (segment_distance(poly[i], prev, next) <= eps) {
        poly.erase(poly.begin() + static_cast<std::ptrdiff_t>(i));
        changed = true;
        break;
      }
    }
  }
  return poly;
}

// Among the unused pieces leaving node v, the first one clockwise from the way back to `from`:
// it keeps the component on the left and separates components that meet at a node.
int next_piece(const Nodes& nodes, const std::vector<Piece>& pieces,
               const std::vector<int>& leaving, const std::vector<bool>& used, int from, int v) {
  const Vec2 back = nodes[from] - nodes[v];
  int best = -1;
  double best_angle = INFINITY;
  for (int idx : leaving) {
    if (used[idx]) continue;
    const Vec2 out = nodes[pieces[idx].to] - nodes[v];
    double angle = std::atan2(cross2(out, back), out.dot(back));
    if (angle <= 0) angle += 2 * std::numbers::pi;
    if (angle < best_angle) best_angle = angle, best = idx;
  }
  return best;
}

// Closes the kept pieces into loops (counter-clockwise outer boundaries).
Overlap close_loops(const Nodes& nodes, const std::vector<Piece>& kept, double eps) {
  Overlap out;
  std::vector<std::vector<int>> leaving(nodes.size());
  for (std::size_t i = 0; i < kept.size(); ++i)
    leaving[kept[i].from].push_back(static_cast<int>(i));
  std::vector<bool> used(kept.size(), false);
  for (std::size_t s = 0; s < kept.size(); ++s) {
    if (used[s]) continue;
    std::vector<Vec2> loop;
    int cur = static_cast<int>(s);
    bool closed = false;
    for (std::size_t step = 0; step <= kept.size() && cur >= 0; ++step) {
      used[cur] = true;
      loop.push_back(nodes[kept[cur].from]);
      if (kept[cur].to == kept[s].from) {
        closed = true;
        break;
      }
      cur = next_piece(nodes, kept, leaving[kept[cur].to], used, kept[cur].from, kept[cur].to);
    }
    if (!closed) {
      out.failure = "the overlap boundary did not close (ε = " + std::to_string(eps) + ")";
      continue;
    }
    loop = simplify(std::move(loop), eps);
    if (loop.size() >= 3 && area(loop) > eps * perimeter(loop)) out.polygons.push_back(loop);
  }
  return out;
}

}  // namespace

Overlap polygon_overlap(std::span<const Vec2> p, std::span<const Vec2> q, double eps) {
  Nodes nodes(eps);
  std::vector<int> pn, qn;
  for (const Vec2& x : p) pn.push_back(nodes.add(x));
  for (const Vec2& x : q) qn.push_back(nodes.add(x));
  for (std::size_t i = 0; i < p.size(); ++i)
    for (std::size_t k = 0; k < q.size(); ++k)
      if (auto x = crossing(p[i], p[(i + 1) % p.size()], q[k], q[(k + 1) % q.size()], eps))
        nodes.add(*x);
  std::vector<Piece> kept;
  for (const Piece& piece : pieces_of(nodes, pn, eps)) {
    const Vec2 mid = (nodes[piece.from] + nodes[piece.to]) / 2;
    const Vec2 dir = nodes[piece.to] - nodes[piece.from];
    // On q's boundary the piece bounds the overlap only when both interiors lie on its left;
    // p's copy is the one kept.
    if (boundary_distance(mid, q) <= eps) {
      if (along_boundary_same_way(mid, dir, q, eps)) kept.push_back(piece);
    } else if (inside_polygon(mid, q)) {
      kept.push_back(piece);
    }
  }
  for (const Piece& piece : pieces_of(nodes, qn, eps)) {
    const Vec2 mid = (nodes[piece.from] + nodes[piece.to]) / 2;
    if (boundary_distance(mid, p) > eps && inside_polygon(mid, p)) kept.push_back(piece);
  }
  return close_loops(nodes, kept, eps);
}

std::vector<std::pair<Vec2, Vec2>> segment_in_polygon(const Vec2& a, const Vec2& b,
                                                      std::span<const Vec2> q, double eps) {
  Nodes nodes(eps);
  const int ia = nodes.add(a), ib = nodes.add(b);
  if (ia == ib) return {};
  for (const Vec2& x : q) nodes.add(x);
  for (std::size_t k = 0; k < q.size(); ++k)
    if (auto x = crossing(a, b, q[k], q[(k + 1) % q.size()], eps)) nodes.add(*x);
  std::vector<Piece> pieces;
  split(nodes, ia, ib, eps, pieces);
  std::vector<std::pair<Vec2, Vec2>> out;
  for (const Piece& piece : pieces) {
    const Vec2 s = nodes[piece.from], e = nodes[piece.to];
    if ((e - s).norm() > eps && deep_inside((s + e) / 2, q, eps)) out.emplace_back(s, e);
  }
  return out;
}

}  // namespace touchstone::region_common
