// The hierarchies as proximity algorithms (hierarchy.hpp; seed 004 §2.2–2.4).
#include "algorithms/hierarchy/hierarchy.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "algorithms/proximity/result_support.hpp"

namespace touchstone::hierarchy {

namespace {

constexpr std::array kVolumes{VolumeType::sphere, VolumeType::aabb,   VolumeType::obb,
                              VolumeType::kdop6,  VolumeType::kdop14, VolumeType::kdop18,
                              VolumeType::kdop26};

template <BoundingVolume V>
struct Prepared : PreparedShape {
  Tree<V> tree;
  std::vector<std::vector<Triangle>> triangles;
};

std::vector<Vec3> to_world(const Polytope& shape, const Pose& pose) {
  if (!pose.rotation.allFinite() || !pose.translation.allFinite())
    throw GeometryError("hierarchy: the pose is not finite");
  std::vector<Vec3> out;
  out.reserve(shape.vertices().size());
  for (const Vec3& v : shape.vertices()) {
    out.push_back(pose.apply(v));
    if (!out.back().allFinite()) throw GeometryError("hierarchy: a world vertex is not finite");
  }
  return out;
}

double max_abs(std::span<const Vec3> points) {
  double m = 0.0;
  for (const Vec3& p : points) m = std::max(m, p.cwiseAbs().maxCoeff());
  return m;
}

// Both shapes under their poses with their world volumes; `pad` grows every volume (and is the
// margin taken off lower bounds) by far more than the rounding of world coordinates and volume
// arithmetic: 1e-12 of the largest world coordinate.
template <BoundingVolume V>
struct Scene {
  std::vector<Vec3> world_a, world_b;
  WorldTree<V> a, b;
  double pad = 0.0;
};

template <BoundingVolume V>
const Prepared<V>& as(const PreparedShape& p) {
  const auto* x = dynamic_cast<const Prepared<V>*>(&p);
  if (!x) throw std::invalid_argument("hierarchy: shape prepared for another volume type");
  return *x;
}

template <BoundingVolume V>
Scene<V> scene(const PreparedShape& pa, const Pose& pose_a, const PreparedShape& pb,
               const Pose& pose_b) {
  const Prepared<V>& a = as<V>(pa);
  const Prepared<V>& b = as<V>(pb);
  Scene<V> s;
  s.world_a = to_world(*a.polytope, pose_a);
  s.world_b = to_world(*b.polytope, pose_b);
  s.pad = 1e-12 * std::max({max_abs(s.world_a), max_abs(s.world_b), 1e-300});
  const auto refitted = [&](const Prepared<V>& p, const std::vector<Vec3>& world) {
    if constexpr (V::kRigid)
      return std::vector<V>();
    else
      return world_volumes(p.tree, *p.polytope, world, s.pad);
  };
  s.a = {&a.tree, pose_a, s.pad, refitted(a, s.world_a), {a.polytope, s.world_a, &a.triangles}};
  s.b = {&b.tree, pose_b, s.pad, refitted(b, s.world_b), {b.polytope, s.world_b, &b.triangles}};
  return s;
}

VolumeType volume_of(const PreparedShape& p) {
  for (VolumeType v : kVolumes)
    if (with_volume(v, [&]<class V>(V) { return dynamic_cast<const Prepared<V>*>(&p) != nullptr; }))
      return v;
  throw std::invalid_argument("hierarchy: shape not prepared by a hierarchy");
}

// Meeting faces without a crossing edge: penetration shows as a vertex or an edge midpoint of a
// meeting face of `x` strictly inside `y` (not on any face of `y` it meets, exactly; winding number
// about 1). Midpoints catch the edge that runs through `y` between two points of its surface (two
// prisms whose caps share a plane). The candidates are capped (kMaxInsideCandidates per side) to
// bound the cost on large contacts.
constexpr std::size_t kMaxInsideCandidates = 256;
bool vertex_inside(const WorldFaces& x, const WorldFaces& y, std::span<const FacePair> pairs,
                   bool x_is_b) {
  // (face of x, face of y) for every meeting pair, sorted: a point of x's face f lies on y's
  // surface only on a face of y that f meets, so only f's partners need the exact test.
  std::vector<std::pair<int, int>> partners;
  for (const FacePair& p : pairs) partners.emplace_back(x_is_b ? p.b : p.a, x_is_b ? p.a : p.b);
  std::sort(partners.begin(), partners.end());
  partners.erase(std::unique(partners.begin(), partners.end()), partners.end());
  const auto on_surface = [&](const Vec3& p, std::span<const int> faces_of_x) {
    for (int f : faces_of_x) {
      auto it = std::lower_bound(partners.begin(), partners.end(), std::pair<int, int>(f, -1));
      for (; it != partners.end() && it->first == f; ++it)
        if (exact_on_face(y, it->second, p)) return true;
    }
    return false;
  };
  const auto inside = [&](const Vec3& p, std::span<const int> faces_of_x) {
    return !on_surface(p, faces_of_x) && std::abs(winding_number(y, p)) > 0.5;
  };
  std::vector<int> vertices, edges;
  for (std::size_t i = 0; i < partners.size(); ++i) {
    if (i > 0 && partners[i].first == partners[i - 1].first) continue;
    const Face& face = x.shape->faces()[static_cast<std::size_t>(partners[i].first)];
    vertices.insert(vertices.end(), face.vertices.begin(), face.vertices.end());
    edges.insert(edges.end(), face.edges.begin(), face.edges.end());
  }
  for (auto* list : {&vertices, &edges}) {
    std::sort(list->begin(), list->end());
    list->erase(std::unique(list->begin(), list->end()), list->end());
  }
  std::size_t tested = 0;
  std::vector<int> around;
  for (int v : vertices) {
    if (++tested > kMaxInsideCandidates) return false;
    around.clear();
    for (int e : x.shape->vertex_edges()[static_cast<std::size_t>(v)]) {
      around.push_back(x.shape->edges()[static_cast<std::size_t>(e)].left_face);
      around.push_back(x.shape->edges()[static_cast<std::size_t>(e)].right_face);
    }
    if (inside(x.world[static_cast<std::size_t>(v)], around)) return true;
  }
  for (int e : edges) {
    if (++tested > kMaxInsideCandidates) return false;
    const Edge& edge = x.shape->edges()[static_cast<std::size_t>(e)];
    const int faces_of_edge[2] = {edge.left_face, edge.right_face};
    if (inside(0.5 * (x.world[static_cast<std::size_t>(edge.tail)] +
                      x.world[static_cast<std::size_t>(edge.head)]),
               faces_of_edge))
      return true;
  }
  return false;
}

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.17g", x);
  return buf;
}

class HierarchyAlgorithm final : public ProximityAlgorithm {
 public:
  explicit HierarchyAlgorithm(const Options& o) : options_(o) {}
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return hierarchy::prepare(shape, options_.volume);
  }
  ProximityResult query(const ProximityQuery& q) const override {
    try {
      return with_volume(options_.volume, [&]<class V>(V) { return run<V>(q); });
    } catch (const std::exception& e) {
      return failed_result(e.what());
    }
  }

 private:
  template <BoundingVolume V>
  ProximityResult run(const ProximityQuery& q) const {
    const Scene<V> s = scene<V>(*q.a, q.pose_a, *q.b, q.pose_b);
    ProximityResult r;
    const CollideResult c = collide(s.a, s.b, CollideStop::first_crossing, options_.budget);
    r.iterations = static_cast<int>(std::min<std::int64_t>(c.counters.nodes_visited, 1 << 30));
    if (!c.complete)
      return failed_result("node budget spent in the collision descent", r.iterations);
    if (!c.pairs.empty()) {
      // Stopped at the first crossing, or else every meeting pair is in the list.
      const bool crossing = c.pairs.back().contact == FaceContact::crossing;
      r.relation = crossing || vertex_inside(s.a.faces, s.b.faces, c.pairs, false) ||
                           vertex_inside(s.b.faces, s.a.faces, c.pairs, true)
                       ? Relation::penetrating
                       : Relation::touching;
      r.distance = 0.0;
      // A closest pair of the first meeting faces (0 apart up to rounding): the contact's place,
      // and what a verifier measures when the exact pair is separated by less than rounding.
      const FaceDistance w =
          face_distance(s.a.faces, c.pairs.front().a, s.b.faces, c.pairs.front().b);
      r.witness_a = w.on_a;
      r.witness_b = w.on_b;
      return r;
    }
    // No face meets: separated, or one solid inside the other.
    if (std::abs(winding_number(s.b.faces, s.world_a.front())) > 0.5 ||
        std::abs(winding_number(s.a.faces, s.world_b.front())) > 0.5) {
      r.relation = Relation::penetrating;
      r.distance = 0.0;
      return r;
    }
    const DistanceResult d = distance(s.a, s.b, options_.strategy, options_.budget, s.pad);
    r.iterations = static_cast<int>(
        std::min<std::int64_t>(c.counters.nodes_visited + d.counters.nodes_visited, 1 << 30));
    if (!d.complete)
      return failed_result(
          "node budget spent: distance in [" + number(d.lower) + ", " + number(d.upper) + "]",
          r.iterations);
    r.relation = Relation::separated;
    r.distance = d.upper;
    r.witness_a = d.witness_a;
    r.witness_b = d.witness_b;
    return r;
  }

  Options options_;
};

}  // namespace

std::string_view to_string(VolumeType v) {
  return with_volume(v, []<class V>(V) { return V::kName; });
}

std::span<const VolumeType> all_volume_types() { return kVolumes; }

std::unique_ptr<PreparedShape> prepare(const Polytope& shape, VolumeType volume) {
  if (!shape.is_solid())
    throw GeometryError("hierarchy: the shape is a " +
                        std::string(dimension_name(shape.dimension())) + ", not a solid");
  return with_volume(volume, [&]<class V>(V) -> std::unique_ptr<PreparedShape> {
    auto p = std::make_unique<Prepared<V>>();
    p->polytope = &shape;
    p->tree = build<V>(shape);
    p->triangles = triangulate_faces(shape);
    return p;
  });
}

CollideResult collide_shapes(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                             const Pose& pose_b, CollideStop stop, const Budget& budget) {
  return with_volume(volume_of(a), [&]<class V>(V) {
    const Scene<V> s = scene<V>(a, pose_a, b, pose_b);
    return collide(s.a, s.b, stop, budget);
  });
}

DistanceResult distance_shapes(const PreparedShape& a, const Pose& pose_a, const PreparedShape& b,
                               const Pose& pose_b, Strategy strategy, const Budget& budget) {
  return with_volume(volume_of(a), [&]<class V>(V) {
    const Scene<V> s = scene<V>(a, pose_a, b, pose_b);
    return distance(s.a, s.b, strategy, budget, s.pad);
  });
}

std::unique_ptr<ProximityAlgorithm> make(const Options& options) {
  return std::make_unique<HierarchyAlgorithm>(options);
}

ProximityAlgorithmInfo info(VolumeType volume, Strategy strategy) {
  const bool greedy = strategy == Strategy::greedy;
  return {
      .name = "bvh-" + std::string(to_string(volume)) + (greedy ? "-greedy" : ""),
      .family = "bounding-volume hierarchy",
      .paper = "seed 004 §2.2–2.4 (SiLVIA)",
      .description = std::string(to_string(volume)) +
                     " hierarchy over the faces; exact face–face collision by simultaneous "
                     "descent, distance by branch and bound (" +
                     (greedy ? "greedy depth-first" : "best-first") + ")",
      .capabilities = {.distance = true, .witness_points = true, .nonconvex = true},
      .parameters = {{"max_nodes", static_cast<double>(kDefaultMaxNodes)},
                     {"volume_pad_relative", 1e-12}},
      .make =
          [volume, strategy] {
            return make({volume, strategy});
          },
  };
}

}  // namespace touchstone::hierarchy
