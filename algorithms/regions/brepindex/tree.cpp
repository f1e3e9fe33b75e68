// regions-brepindex: building the MSP tree (seed 000 §4.2) and walking it (§4.3, eq. (14)).
#include "algorithms/regions/brepindex/tree.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <span>
#include <string>

namespace touchstone::brepindex {

std::size_t clip_append(std::span<const Vec3> points, const Vec3& normal, double offset,
                        double slack, std::vector<Vec3>& out) {
  const auto g = [&](const Vec3& p) { return normal.dot(p) - offset + slack; };
  const std::size_t start = out.size();
  if (points.size() <= 1) {
    if (!points.empty() && g(points[0]) >= 0) out.push_back(points[0]);
    return out.size() - start;
  }
  const auto cross = [&](const Vec3& p, const Vec3& q, double gp, double gq) -> Vec3 {
    return p + gp / (gp - gq) * (q - p);
  };
  if (points.size() == 2) {
    const double g0 = g(points[0]), g1 = g(points[1]);
    if (g0 >= 0 && g1 >= 0) {
      out.push_back(points[0]), out.push_back(points[1]);
    } else if (g0 >= 0 || g1 >= 0) {
      const Vec3 x = cross(points[0], points[1], g0, g1);
      out.push_back(g0 >= 0 ? points[0] : x), out.push_back(g0 >= 0 ? x : points[1]);
    }
    return out.size() - start;
  }
  for (std::size_t i = 0; i < points.size(); ++i) {  // Sutherland–Hodgman
    const Vec3& p = points[i];
    const Vec3& q = points[(i + 1) % points.size()];
    const double gp = g(p), gq = g(q);
    if (gp >= 0) out.push_back(p);
    if ((gp >= 0) != (gq >= 0)) out.push_back(cross(p, q, gp, gq));
  }
  if (out.size() - start < 3) out.resize(start);
  return out.size() - start;
}

std::vector<Vec3> clip_above(const std::vector<Vec3>& points, const Vec3& normal, double offset,
                             double slack) {
  std::vector<Vec3> out;
  clip_append(points, normal, offset, slack, out);
  return out;
}

namespace {

using Kind = Node::Kind;

// Drops repeated points (closer than eps) and polygons without area (the zero-width bridges
// Sutherland–Hodgman leaves along a cut when it clips a non-convex face).
bool cleaned(std::vector<Vec3>& points, double eps) {
  std::vector<Vec3> out;
  for (const Vec3& p : points)
    if (out.empty() || (p - out.back()).norm() > eps) out.push_back(p);
  while (out.size() > 1 && (out.front() - out.back()).norm() <= eps) out.pop_back();
  if (points.size() >= 3) {
    if (out.size() < 3) return false;
    Vec3 area = Vec3::Zero();
    double perimeter = 0;
    for (std::size_t i = 0; i < out.size(); ++i) {
      area += out[i].cross(out[(i + 1) % out.size()]);
      perimeter += (out[(i + 1) % out.size()] - out[i]).norm();
    }
    if (area.norm() / 2 <= 0.1 * eps * perimeter) return false;
  }
  if (points.size() == 2 && out.size() < 2) return false;
  points = std::move(out);
  return !points.empty();
}

// Where the boundary of a straddling fragment meets the plane: the crossing point of a segment,
// the chord of a polygon (for a non-convex polygon, the hull of its crossings: a superset, which
// only adds candidates).
std::vector<Vec3> slice(const std::vector<Vec3>& pts, const std::vector<double>& h, double eps) {
  std::vector<Vec3> hits;
  const std::size_t n = pts.size();
  const std::size_t edges = n == 2 ? 1 : n;
  for (std::size_t i = 0; i < n; ++i)
    if (std::abs(h[i]) <= eps) hits.push_back(pts[i]);
  for (std::size_t i = 0; i < edges; ++i) {
    const std::size_t j = (i + 1) % n;
    if ((h[i] > eps && h[j] < -eps) || (h[i] < -eps && h[j] > eps))
      hits.push_back(pts[i] + h[i] / (h[i] - h[j]) * (pts[j] - pts[i]));
  }
  if (hits.size() <= 1) return hits;
  Vec3 far_a = hits[0], far_b = hits[0];
  double best = -1;
  for (const Vec3& p : hits)  // the two extreme crossings (collinear up to rounding)
    for (const Vec3& q : hits)
      if ((p - q).squaredNorm() > best) best = (p - q).squaredNorm(), far_a = p, far_b = q;
  if (std::sqrt(best) <= eps) return {far_a};
  return {far_a, far_b};
}

struct Parts {
  std::vector<Fragment> above, on, below;
};

void split(const Fragment& f, const Vec3& n, double d, double eps, Parts& out) {
  std::vector<double> h;
  double lo = INFINITY, hi = -INFINITY;
  for (const Vec3& p : f.points) {
    h.push_back(n.dot(p) - d);
    lo = std::min(lo, h.back()), hi = std::max(hi, h.back());
  }
  if (lo >= -eps && hi <= eps) return out.on.push_back(f);
  if (lo >= -eps) return out.above.push_back(f);
  if (hi <= eps) return out.below.push_back(f);
  // Straddles: points within eps of the plane count as on it, in both halves.
  std::vector<Vec3> snapped = f.points;
  for (std::size_t i = 0; i < snapped.size(); ++i)
    if (std::abs(h[i]) <= eps) snapped[i] -= h[i] * n;
  Fragment up{f.entity, clip_above(snapped, n, d, 0.0)};
  Fragment down{f.entity, clip_above(snapped, -n, -d, 0.0)};
  Fragment mid{f.entity, slice(f.points, h, eps)};
  if (cleaned(up.points, eps)) out.above.push_back(std::move(up));
  if (cleaned(down.points, eps)) out.below.push_back(std::move(down));
  if (!mid.points.empty()) out.on.push_back(std::move(mid));
}

struct Cut {
  Vec3 normal = Vec3::Zero();
  double offset = 0;
  bool support = false;  // the support plane of a face, outward normal: below is inside
};

struct Task {
  int node = 0;
  int dimension = 3;
  Vec3 frame = Vec3::Zero();  // 2D: the region's plane normal; 1D: the line's direction
  std::vector<Fragment> fragments;
  int depth = 0, depth_3d = 0;
  Kind empty_label = Kind::empty;  // 3D: what an empty cell here is
};

// Fragments a cut would split, over a sample.
int splits(const std::vector<Fragment>& fragments, const Cut& c, double eps) {
  const std::size_t step = std::max<std::size_t>(1, fragments.size() / 64);
  int count = 0;
  for (std::size_t i = 0; i < fragments.size(); i += step) {
    bool up = false, down = false;
    for (const Vec3& p : fragments[i].points) {
      const double h = c.normal.dot(p) - c.offset;
      up = up || h > eps, down = down || h < -eps;
    }
    count += up && down;
  }
  return count;
}

// The candidate of least splits among up to 8 spread over the list.
Cut least_splitting(const std::vector<Cut>& candidates, const std::vector<Fragment>& fragments,
                    double eps) {
  Cut best = candidates.front();
  int fewest = -1;
  const std::size_t step = std::max<std::size_t>(1, candidates.size() / 8);
  for (std::size_t i = 0; i < candidates.size(); i += step) {
    const int s = splits(fragments, candidates[i], eps);
    if (fewest < 0 || s < fewest) fewest = s, best = candidates[i];
    if (s == 0) break;
  }
  return best;
}

// Balanced initial cut (CutPolicy::balanced): the axis of largest extent, halfway between the
// two middle distinct vertex coordinates (so no vertex lies on it); kept only when fragments lie
// strictly on both sides.
std::optional<Cut> balanced_cut(const std::vector<Fragment>& fragments, double eps) {
  Vec3 lo = Vec3::Constant(INFINITY), hi = Vec3::Constant(-INFINITY);
  for (const Fragment& f : fragments)
    for (const Vec3& p : f.points) lo = lo.cwiseMin(p), hi = hi.cwiseMax(p);
  int axes[3] = {0, 1, 2};
  const Vec3 extent = hi - lo;
  std::sort(axes, axes + 3, [&](int a, int b) { return extent[a] > extent[b]; });
  for (int axis : axes) {
    std::vector<double> xs;
    for (const Fragment& f : fragments)
      for (const Vec3& p : f.points) xs.push_back(p[axis]);
    std::sort(xs.begin(), xs.end());
    std::vector<double> distinct;
    for (double x : xs)
      if (distinct.empty() || x - distinct.back() > 4 * eps) distinct.push_back(x);
    if (distinct.size() < 2) continue;
    const std::size_t k = distinct.size() / 2;
    Cut c;
    c.normal = Vec3::Unit(axis);
    c.offset = (distinct[k - 1] + distinct[k]) / 2;
    bool up = false, down = false;
    for (const Fragment& f : fragments)
      for (const Vec3& p : f.points) {
        const double h = p[axis] - c.offset;
        up = up || h > eps, down = down || h < -eps;
      }
    if (up && down) return c;
  }
  return std::nullopt;
}

std::optional<Cut> cut_3d(const Polytope& shape, const Task& t, CutPolicy policy, double eps) {
  int polygons = 0;
  for (const Fragment& f : t.fragments) polygons += f.dimension() == 2;
  if (policy == CutPolicy::balanced && polygons > 8 && t.depth_3d < 32)
    if (auto c = balanced_cut(t.fragments, eps)) return c;
  std::vector<Cut> candidates;
  for (const Fragment& f : t.fragments)
    if (f.dimension() == 2 && f.entity.kind == FeatureKind::face) {
      const Plane& p = shape.faces()[f.entity.id].plane;
      candidates.push_back({p.normal, p.offset, true});
    }
  if (!candidates.empty()) return least_splitting(candidates, t.fragments, eps);
  // Only slivers' boundaries left (no face piece): a plane through one of them.
  for (const Fragment& f : t.fragments) {
    const Vec3 d = f.points.size() > 1 ? Vec3(f.points[1] - f.points[0]) : Vec3::UnitX();
    Vec3 n = d.cross(Vec3::UnitZ());
    if (n.norm() < 1e-6 * d.norm()) n = d.cross(Vec3::UnitX());
    n.normalize();
    return Cut{n, n.dot(f.points[0]), false};
  }
  return std::nullopt;
}

// Inside a plane (normal N): a line through a segment piece (as the plane holding it and N), else
// through a point piece. Inside a line (direction D): the plane through a point piece, normal D.
std::optional<Cut> cut_lower(const Task& t, double eps) {
  std::vector<Cut> candidates;
  const Vec3& frame = t.frame;
  if (t.dimension == 2) {
    for (const Fragment& f : t.fragments) {
      if (f.dimension() != 1) continue;
      const Vec3 n = (f.points[1] - f.points[0]).cross(frame);
      if (n.norm() <= 0) continue;
      candidates.push_back({n.normalized(), n.normalized().dot(f.points[0]), false});
    }
    if (!candidates.empty()) return least_splitting(candidates, t.fragments, eps);
    for (const Fragment& f : t.fragments) {
      if (f.dimension() != 0) continue;
      int axis = 0;
      frame.cwiseAbs().minCoeff(&axis);
      const Vec3 n = frame.cross(Vec3::Unit(axis)).normalized();
      return Cut{n, n.dot(f.points[0]), false};
    }
    return std::nullopt;
  }
  for (const Fragment& f : t.fragments)
    if (f.dimension() == 0) return Cut{frame, frame.dot(f.points[0]), false};
  return std::nullopt;
}

void make_leaf(Tree& tree, const Task& t) {
  Node& n = tree.nodes[t.node];
  n.dimension = t.dimension;
  if (t.fragments.empty()) {
    n.kind = t.dimension == 3 ? t.empty_label : Kind::empty;
  } else {
    n.kind = Kind::entity;
    for (const Fragment& f : t.fragments) {
      if (std::find(n.entities.begin(), n.entities.end(), f.entity) == n.entities.end())
        n.entities.push_back(f.entity);
      for (const Vec3& p : f.points) n.lo = n.lo.cwiseMin(p), n.hi = n.hi.cwiseMax(p);
    }
  }
  TreeStats& s = tree.stats;
  ++s.leaves;
  s.max_depth = std::max(s.max_depth, t.depth);
  s.max_depth_3d = std::max(s.max_depth_3d, t.depth_3d);
  if (n.kind == Kind::entity) s.average_depth += t.depth, s.average_depth_3d += t.depth_3d;
}

std::vector<Fragment> entity_fragments(const Polytope& shape) {
  std::vector<Fragment> out;
  for (std::size_t f = 0; f < shape.faces().size(); ++f) {
    Fragment fr{{FeatureKind::face, static_cast<int>(f)}, {}};
    for (int v : shape.faces()[f].vertices) fr.points.push_back(shape.vertices()[v]);
    out.push_back(std::move(fr));
  }
  for (std::size_t e = 0; e < shape.edges().size(); ++e)
    out.push_back(
        {{FeatureKind::edge, static_cast<int>(e)},
         {shape.vertices()[shape.edges()[e].tail], shape.vertices()[shape.edges()[e].head]}});
  for (std::size_t v = 0; v < shape.vertices().size(); ++v)
    out.push_back({{FeatureKind::vertex, static_cast<int>(v)}, {shape.vertices()[v]}});
  return out;
}

}  // namespace

Tree build_tree(const Polytope& shape, CutPolicy policy) {
  Tree tree;
  const double eps = kBuildTolerance * std::max(shape.diameter(), 1e-300);
  const double entities =
      static_cast<double>(shape.vertices().size() + shape.edges().size() + shape.faces().size());
  const double cap = 200 * entities + 10000;
  tree.nodes.emplace_back();
  std::vector<Task> stack;
  stack.push_back({0, 3, Vec3::Zero(), entity_fragments(shape), 0, 0, Kind::outside});
  long entity_leaves = 0;
  while (!stack.empty()) {
    Task t = std::move(stack.back());
    stack.pop_back();
    bool lower = false;
    for (const Fragment& f : t.fragments) lower = lower || f.dimension() < t.dimension;
    std::optional<Cut> cut;
    if (lower) cut = t.dimension == 3 ? cut_3d(shape, t, policy, eps) : cut_lower(t, eps);
    if (!cut) {
      make_leaf(tree, t);
      entity_leaves += tree.nodes[t.node].kind == Kind::entity;
      continue;
    }
    if (static_cast<double>(tree.nodes.size()) + 3 > cap) {
      tree.failure = "MSP tree exceeds " + std::to_string(static_cast<long long>(cap)) + " nodes";
      return tree;
    }
    Parts parts;
    for (const Fragment& f : t.fragments) split(f, cut->normal, cut->offset, eps, parts);
    const int base = static_cast<int>(tree.nodes.size());
    tree.nodes.resize(tree.nodes.size() + 3);
    Node& n = tree.nodes[t.node];
    n.kind = Kind::cut;
    n.dimension = t.dimension;
    n.normal = cut->normal, n.offset = cut->offset;
    n.above = base, n.on = base + 1, n.below = base + 2;
    ++tree.stats.internal_nodes;
    const int d3 = t.depth_3d + (t.dimension == 3);
    const Kind up = cut->support ? Kind::outside : Kind::empty;
    const Kind down = cut->support ? Kind::inside : Kind::empty;
    const Vec3 on_frame = t.dimension == 3 ? cut->normal : t.frame.cross(cut->normal).normalized();
    stack.push_back({base, t.dimension, t.frame, std::move(parts.above), t.depth + 1, d3, up});
    stack.push_back(
        {base + 2, t.dimension, t.frame, std::move(parts.below), t.depth + 1, d3, down});
    stack.push_back(
        {base + 1, t.dimension - 1, on_frame, std::move(parts.on), t.depth + 1, d3, Kind::empty});
  }
  for (std::size_t i = tree.nodes.size(); i-- > 0;) {  // children come after their parent
    Node& n = tree.nodes[i];
    if (n.kind != Kind::cut) continue;
    for (int c : {n.above, n.on, n.below})
      n.lo = n.lo.cwiseMin(tree.nodes[c].lo), n.hi = n.hi.cwiseMax(tree.nodes[c].hi);
  }
  if (entity_leaves > 0) {
    tree.stats.average_depth /= static_cast<double>(entity_leaves);
    tree.stats.average_depth_3d /= static_cast<double>(entity_leaves);
  }
  return tree;
}

void intersect(const Tree& tree, const Fragment& fragment, double eps, Budget& budget,
               std::vector<Feature>& reached, WalkScratch& w) {
  // Fragments live in one arena (begin, count), so the walk allocates nothing once warm.
  w.arena.assign(fragment.points.begin(), fragment.points.end());
  w.stack.assign(1, {0, 0, fragment.points.size()});
  while (!w.stack.empty() && !budget.exhausted()) {
    const WalkScratch::Item item = w.stack.back();
    w.stack.pop_back();
    ++budget.visited;
    const Node& n = tree.nodes[item.node];
    if (n.kind != Kind::cut && n.kind != Kind::entity) continue;  // empty space: MergeRegions (a)
    // Read in place: nothing is appended to the arena before the fragment is copied below.
    const std::span<const Vec3> in_arena(w.arena.data() + item.begin, item.count);
    Vec3 box_lo = in_arena[0], box_hi = in_arena[0];
    for (const Vec3& p : in_arena) box_lo = box_lo.cwiseMin(p), box_hi = box_hi.cwiseMax(p);
    if ((box_lo.array() > n.hi.array() + eps).any() || (box_hi.array() < n.lo.array() - eps).any())
      continue;  // no entity piece below comes within eps
    if (n.kind == Kind::entity) {
      reached.insert(reached.end(), n.entities.begin(), n.entities.end());
      continue;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (const Vec3& p : in_arena) {
      const double h = n.normal.dot(p) - n.offset;
      lo = std::min(lo, h), hi = std::max(hi, h);
    }
    // Wholly on one side (the common case deep in the tree): the fragment goes on unclipped,
    // exactly as the clipping below would leave it.
    if (lo > eps || hi < -eps) {
      w.stack.push_back({lo > eps ? n.above : n.below, item.begin, item.count});
      continue;
    }
    // Near or across the plane. A clip that keeps every point (all within the half-space it
    // keeps) returns the points unchanged, so that piece reuses the fragment's range; only a real
    // clip appends to the arena (which may move), and it works on a copy.
    const bool keeps_above = lo >= -eps, keeps_below = hi <= eps;
    const auto copied = [&]() -> const std::vector<Vec3>& {
      if (w.input_of != item.begin) {  // before any append of this node: in_arena is valid
        w.input.assign(in_arena.begin(), in_arena.end());
        w.input_of = item.begin;
      }
      return w.input;
    };
    const auto push = [&](int child, const Vec3& normal, double offset, bool whole) {
      if (whole) return w.stack.push_back({child, item.begin, item.count});
      const std::vector<Vec3>& points = copied();
      const std::size_t begin = w.arena.size();
      const std::size_t count = clip_append(points, normal, offset, eps, w.arena);
      if (count > 0) w.stack.push_back({child, begin, count});
    };
    w.input_of = SIZE_MAX;
    if (hi > eps) push(n.above, n.normal, n.offset, keeps_above);
    if (lo < -eps) push(n.below, -n.normal, -n.offset, keeps_below);
    if (lo <= eps && hi >= -eps) {  // the part within eps of the plane
      if (keeps_above) {            // only the upper bound of the slab can cut
        push(n.on, -n.normal, -n.offset, keeps_below);
      } else if (keeps_below) {
        push(n.on, n.normal, n.offset, false);
      } else {
        w.slab.clear();
        clip_append(copied(), n.normal, n.offset, eps, w.slab);
        const std::size_t begin = w.arena.size();
        const std::size_t count = clip_append(w.slab, -n.normal, -n.offset, eps, w.arena);
        if (count > 0) w.stack.push_back({n.on, begin, count});
      }
    }
  }
}

void intersect(const Tree& tree, const Fragment& fragment, double eps, Budget& budget,
               std::vector<Feature>& reached) {
  WalkScratch scratch;
  intersect(tree, fragment, eps, budget, reached, scratch);
}

bool deep_inside(const Tree& tree, const Vec3& p, double eps, Budget& budget) {
  thread_local std::vector<int> stack;  // kept between calls: one query locates many vertices
  stack.assign(1, 0);
  while (!stack.empty()) {
    const Node& n = tree.nodes[stack.back()];
    stack.pop_back();
    if (++budget.visited > budget.cap) return false;
    if (n.kind != Kind::cut) {
      if (n.kind != Kind::inside) return false;
      continue;
    }
    // Above is taken first: a point on the surface meets an outside cell there soonest.
    const double h = n.normal.dot(p) - n.offset;
    if (h <= eps) stack.push_back(n.below);
    if (h >= -eps) stack.push_back(n.above);
  }
  return true;
}

}  // namespace touchstone::brepindex
