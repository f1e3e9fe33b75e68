// Declared limits: see declared_limits.hpp.
#include "harness/regions/declared_limits.hpp"

#include <algorithm>

#include "harness/regions/point_sets.hpp"

namespace touchstone {

bool missed_by_declared_limit(const RegionCapabilities& caps, const ExactRegion& region, bool named,
                              RegionCounts& counts) {
  if (named || caps.can_name(region.a.kind, region.b.kind)) return false;
  ++counts.declared_limit;
  return true;
}

std::vector<Vec3> entity_points(const Polytope& shape, const Pose& pose, const Feature& x) {
  std::vector<int> ids;
  if (x.id < 0) return {};
  const auto id = static_cast<std::size_t>(x.id);
  if (x.kind == FeatureKind::vertex && id < shape.vertices().size()) ids = {x.id};
  if (x.kind == FeatureKind::edge && id < shape.edges().size())
    ids = {shape.edges()[id].tail, shape.edges()[id].head};
  if (x.kind == FeatureKind::face && id < shape.faces().size()) ids = shape.faces()[id].vertices;
  std::vector<Vec3> out;
  for (int v : ids) out.push_back(pose.apply(shape.vertices()[v]));
  return out;
}

namespace {

// x and the entities on its boundary (an edge's ends; a face's edges and corners).
std::vector<Feature> closed_entities(const Polytope& shape, const Feature& x) {
  std::vector<Feature> out{x};
  const auto id = static_cast<std::size_t>(x.id);
  if (x.id < 0) return out;
  if (x.kind == FeatureKind::edge && id < shape.edges().size()) {
    out.push_back({FeatureKind::vertex, shape.edges()[id].tail});
    out.push_back({FeatureKind::vertex, shape.edges()[id].head});
  }
  if (x.kind == FeatureKind::face && id < shape.faces().size()) {
    for (int e : shape.faces()[id].edges) out.push_back({FeatureKind::edge, e});
    for (int v : shape.faces()[id].vertices) out.push_back({FeatureKind::vertex, v});
  }
  return out;
}

// Every vertex of Π within ε of the closed entity (the distance to a convex set is convex, so
// the vertices of Π decide for all of it).
bool within(std::span<const Vec3> pi, const std::vector<Vec3>& entity, double epsilon) {
  return !entity.empty() && std::all_of(pi.begin(), pi.end(), [&](const Vec3& p) {
    return distance_to_point_set(p, entity) <= epsilon;
  });
}

}  // namespace

std::optional<std::string> missed_by_declared_epsilon(const RegionCapabilities& caps,
                                                      const ExactRegion& region,
                                                      const EpsilonLimit& limit) {
  if (!(limit.epsilon > 0.0) || region.points.empty()) return std::nullopt;
  for (const Feature& x : closed_entities(limit.a, region.a)) {
    if (!within(region.points, entity_points(limit.a, limit.pose_a, x), limit.epsilon)) continue;
    for (const Feature& y : closed_entities(limit.b, region.b)) {
      if (x == region.a && y == region.b) continue;
      if (!within(region.points, entity_points(limit.b, limit.pose_b, y), limit.epsilon)) continue;
      const bool returned =
          std::any_of(limit.returned.begin(), limit.returned.end(),
                      [&](const ContactRegion& c) { return c.a && c.b && *c.a == x && *c.b == y; });
      if (!returned && caps.can_name(x.kind, y.kind)) continue;
      return "within ε = " + short_number(limit.epsilon) + " of " +
             describe_pair(x, y, region.dimension) + (returned ? " (returned)" : " (not nameable)");
    }
  }
  return std::nullopt;
}

}  // namespace touchstone
