// Geometry of the ε band (band.hpp).
#include "harness/regions/band.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "harness/regions/declared_limits.hpp"
#include "harness/regions/point_sets.hpp"

namespace touchstone {
namespace {

// The faces whose closures hold x: a face itself, an edge's two faces, a vertex's fan.
std::vector<int> faces_at(const Polytope& shape, const Feature& x) {
  if (x.id < 0) return {};
  const auto id = static_cast<std::size_t>(x.id);
  if (x.kind == FeatureKind::face) return {x.id};
  std::vector<int> edges;
  if (x.kind == FeatureKind::edge && id < shape.edges().size()) edges = {x.id};
  if (x.kind == FeatureKind::vertex && id < shape.vertex_edges().size())
    edges = shape.vertex_edges()[id];
  std::vector<int> out;
  for (int e : edges)
    for (int f : {shape.edges()[static_cast<std::size_t>(e)].left_face,
                  shape.edges()[static_cast<std::size_t>(e)].right_face})
      if (f >= 0 && std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
  return out;
}

struct WorldFace {
  std::vector<Vec3> points;
  Vec3 lo, hi;
};

std::vector<WorldFace> world_faces(const Polytope& shape, const Pose& pose) {
  std::vector<WorldFace> out;
  for (std::size_t f = 0; f < shape.faces().size(); ++f) {
    WorldFace w;
    w.points = entity_points(shape, pose, {FeatureKind::face, static_cast<int>(f)});
    w.lo = w.hi = w.points.front();
    for (const Vec3& p : w.points) w.lo = w.lo.cwiseMin(p), w.hi = w.hi.cwiseMax(p);
    out.push_back(std::move(w));
  }
  return out;
}

double box_gap(const WorldFace& x, const WorldFace& y) {
  const Vec3 gap = (y.lo - x.hi).cwiseMax(x.lo - y.hi).cwiseMax(Vec3::Zero());
  return gap.norm();
}

}  // namespace

double band_margin(double tau, double largest) {
  return std::max(1e-6 * tau, 64 * std::numeric_limits<double>::epsilon() * largest);
}

double largest_coordinate(const BandShapes& s) {
  double out = 0.0;
  for (const auto& [shape, pose] : {std::pair{&s.a, s.pose_a}, std::pair{&s.b, s.pose_b}})
    for (const Vec3& v : shape->vertices())
      out = std::max(out, pose.apply(v).cwiseAbs().maxCoeff());
  return out;
}

UntouchedPairs untouched_pairs(const BandShapes& s, std::span<const ExactRegion> touching,
                               double within) {
  const std::vector<WorldFace> fa = world_faces(s.a, s.pose_a), fb = world_faces(s.b, s.pose_b);
  std::vector<bool> touched(fa.size() * fb.size(), false);
  for (const ExactRegion& r : touching)
    for (int x : faces_at(s.a, r.a))
      for (int y : faces_at(s.b, r.b))
        if (static_cast<std::size_t>(x) < fa.size() && static_cast<std::size_t>(y) < fb.size())
          touched[static_cast<std::size_t>(x) * fb.size() + static_cast<std::size_t>(y)] = true;
  UntouchedPairs out;
  for (std::size_t i = 0; i < fa.size(); ++i)
    for (std::size_t j = 0; j < fb.size(); ++j) {
      if (touched[i * fb.size() + j] || box_gap(fa[i], fb[j]) > within) continue;
      const double d = point_set_distance(fa[i].points, fb[j].points);
      if (d > within) continue;
      if (out.count == 0 || d < out.distance)
        out.face_a = static_cast<int>(i), out.face_b = static_cast<int>(j), out.distance = d;
      ++out.count;
    }
  return out;
}

double region_reach(const BandShapes& s, const Feature& x, const Feature& y,
                    std::span<const Vec3> pi) {
  const std::vector<Vec3> pa = entity_points(s.a, s.pose_a, x);
  const std::vector<Vec3> pb = entity_points(s.b, s.pose_b, y);
  if (pa.empty() || pb.empty()) return -1.0;
  double far = 0.0;
  for (const Vec3& p : pi)
    far = std::max({far, distance_to_point_set(p, pa), distance_to_point_set(p, pb)});
  return far;
}

double distance_to_boundary(const Polytope& shape, const Pose& pose, const Vec3& p) {
  double best = std::numeric_limits<double>::infinity();
  for (std::size_t f = 0; f < shape.faces().size(); ++f)
    best = std::min(best,
                    distance_to_point_set(
                        p, entity_points(shape, pose, {FeatureKind::face, static_cast<int>(f)})));
  return best;
}

}  // namespace touchstone
