// The table of seed 004 §2.4 on our scenes: volume type × scene → nodes visited, volume tests,
// leaf tests and time, for collision (simultaneous descent, every meeting face pair) and for
// distance (branch and bound, best-first and greedy), with FCL's BVHModel on the same triangles
// in the same run:
//  hierarchy/collide/<volume>/<scene>            ours, CollideStop::all on the touching pose
//  hierarchy/relation/<volume>/<scene>           ours, the registered bvh-<volume>'s whole query
//                                                there (relation: touching)
//  hierarchy/distance/<volume>/<strategy>/<scene> ours, A moved off B by 5 % of B's least extent
//  hierarchy/fcl-collide/<bv>/<scene>            fcl::collide, all contacts (exhaustive)
//  hierarchy/fcl-distance/<bv>/<scene>           fcl::distance (RSS, OBBRSS, kIOS: FCL's
//                                                distance needs one of those)
//  hierarchy/gimpact-collide/<scene>             Bullet's GImpact through the bullet-gimpact
//                                                region peer (both meshes as btGImpactMeshShape,
//                                                one discrete collision detection on a fresh
//                                                collision world): its manifold points, at most
//                                                4 a manifold; skipped when Bullet is not built
// Scenes (cases/scalable_shapes.hpp): spheres/fN two UV spheres face on face (convex),
// racks/fN two racks tooth tip on tooth tip (non-convex). Each timed query puts both hierarchies
// under the poses (moved or refitted) as a real query must; the build is timed apart
// (`prepare_ms`).
#include <benchmark/benchmark.h>

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>

#include "algorithms/hierarchy/hierarchy.hpp"
#include "algorithms/regions/registry.hpp"
#include "cases/scalable_shapes.hpp"
#include "harness/common/case_shapes.hpp"

#ifdef TOUCHSTONE_HAVE_FCL
#include <fcl/geometry/bvh/BVH_model.h>
#include <fcl/narrowphase/collision.h>
#include <fcl/narrowphase/collision_object.h>
#include <fcl/narrowphase/distance.h>

#include "algorithms/hierarchy/faces.hpp"
#endif

namespace touchstone::bench {
namespace {

using hierarchy::Strategy;
using hierarchy::VolumeType;

struct Scene {
  Polytope a, b;
  Pose touching_a, apart_a, pose_b;
};

const Scene& scene(cases::PairKind kind, int faces) {
  static std::map<std::pair<cases::PairKind, int>, std::unique_ptr<Scene>> cache;
  auto& slot = cache[{kind, faces}];
  if (!slot) {
    const RegionCase c = cases::scaling_case(kind, faces);
    Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
    const RegionStep& s = c.steps.at(0);
    // Off along the line of the centres' boxes, by 5 % of B's smallest box extent (a tooth's
    // scale for the racks, not their length).
    const Vec3 ca = s.pose_a.apply(0.5 * (a.bbox_min() + a.bbox_max()));
    const Vec3 cb = s.pose_b.apply(0.5 * (b.bbox_min() + b.bbox_max()));
    Pose apart = s.pose_a;
    apart.translation += 0.05 * (b.bbox_max() - b.bbox_min()).minCoeff() * (ca - cb).normalized();
    slot = std::make_unique<Scene>(Scene{std::move(a), std::move(b), s.pose_a, apart, s.pose_b});
  }
  return *slot;
}

std::string scene_name(cases::PairKind kind, int faces) {
  return (kind == cases::PairKind::convex ? "spheres/f" : "racks/f") + std::to_string(faces);
}

void counters(benchmark::State& state, const hierarchy::Counters& c) {
  state.counters["nodes_visited"] = static_cast<double>(c.nodes_visited);
  state.counters["volume_tests"] = static_cast<double>(c.volume_tests);
  state.counters["leaf_tests"] = static_cast<double>(c.leaf_tests);
}

template <class F>
double time_ms(F&& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
      .count();
}

// Both hierarchies of a scene, built once per benchmark (the build timed as `prepare_ms`).
struct OursPair {
  OursPair(benchmark::State& state, const Scene& s, VolumeType v) {
    state.counters["prepare_ms"] = time_ms([&] {
      a = hierarchy::prepare(s.a, v);
      b = hierarchy::prepare(s.b, v);
    });
  }
  std::unique_ptr<PreparedShape> a, b;
};

void ours_collide(benchmark::State& state, VolumeType v, cases::PairKind kind, int faces) {
  const Scene& s = scene(kind, faces);
  const OursPair pair(state, s, v);
  hierarchy::CollideResult r;
  for (auto _ : state) {
    r = hierarchy::collide_shapes(*pair.a, s.touching_a, *pair.b, s.pose_b,
                                  hierarchy::CollideStop::all, {});
    benchmark::DoNotOptimize(r);
  }
  counters(state, r.counters);
  state.counters["pairs"] = static_cast<double>(r.pairs.size());
}

void ours_distance(benchmark::State& state, VolumeType v, Strategy st, cases::PairKind kind,
                   int faces) {
  const Scene& s = scene(kind, faces);
  const OursPair pair(state, s, v);
  hierarchy::DistanceResult r;
  for (auto _ : state) {
    r = hierarchy::distance_shapes(*pair.a, s.apart_a, *pair.b, s.pose_b, st, {});
    benchmark::DoNotOptimize(r);
  }
  counters(state, r.counters);
  state.counters["distance"] = r.upper;
}

// The registered algorithm's whole query on the touching pose: the relation (descent to the
// first crossing, then the inside tests of the meeting faces' points).
void ours_relation(benchmark::State& state, VolumeType v, cases::PairKind kind, int faces) {
  const Scene& s = scene(kind, faces);
  const OursPair pair(state, s, v);
  const auto algorithm = hierarchy::make({v, Strategy::best_first});
  ProximityResult r;
  for (auto _ : state) {
    r = algorithm->query(*pair.a, s.touching_a, *pair.b, s.pose_b, nullptr);
    benchmark::DoNotOptimize(r);
  }
  if (r.status != QueryStatus::ok) state.SkipWithError(r.reason.c_str());
  state.counters["touching"] = r.relation == Relation::touching;
}

#ifdef TOUCHSTONE_HAVE_FCL
fcl::Transform3d to_fcl(const Pose& p) {
  fcl::Transform3d t = fcl::Transform3d::Identity();
  t.linear() = p.rotation;
  t.translation() = p.translation;
  return t;
}

// FCL's model of the very triangles our leaves test.
template <class BV>
std::shared_ptr<fcl::BVHModel<BV>> fcl_model(const Polytope& shape) {
  std::vector<fcl::Vector3d> points(shape.vertices().begin(), shape.vertices().end());
  std::vector<fcl::Triangle> triangles;
  for (const auto& face : hierarchy::triangulate_faces(shape))
    for (const auto& t : face) triangles.emplace_back(t[0], t[1], t[2]);
  auto m = std::make_shared<fcl::BVHModel<BV>>();
  m->beginModel();
  m->addSubModel(points, triangles);
  m->endModel();
  return m;
}

// Both FCL models of a scene, built once per benchmark (the build timed as `prepare_ms`), with A
// at `pose_a`.
template <class BV>
struct FclPair {
  FclPair(benchmark::State& state, const Scene& s, const Pose& pose_a) {
    std::shared_ptr<fcl::BVHModel<BV>> ma, mb;
    state.counters["prepare_ms"] = time_ms([&] {
      ma = fcl_model<BV>(s.a);
      mb = fcl_model<BV>(s.b);
    });
    a = std::make_unique<fcl::CollisionObjectd>(ma, to_fcl(pose_a));
    b = std::make_unique<fcl::CollisionObjectd>(mb, to_fcl(s.pose_b));
  }
  std::unique_ptr<fcl::CollisionObjectd> a, b;
};

template <class BV>
void fcl_collide(benchmark::State& state, cases::PairKind kind, int faces) {
  const Scene& s = scene(kind, faces);
  const FclPair<BV> pair(state, s, s.touching_a);
  fcl::CollisionRequestd request(1000000, false);
  std::size_t contacts = 0;
  for (auto _ : state) {
    fcl::CollisionResultd result;
    fcl::collide(pair.a.get(), pair.b.get(), request, result);
    contacts = result.numContacts();
  }
  state.counters["pairs"] = static_cast<double>(contacts);
}

template <class BV>
void fcl_distance(benchmark::State& state, cases::PairKind kind, int faces) {
  const Scene& s = scene(kind, faces);
  const FclPair<BV> pair(state, s, s.apart_a);
  fcl::DistanceRequestd request(true);
  double d = 0;
  for (auto _ : state) {
    fcl::DistanceResultd result;
    fcl::distance(pair.a.get(), pair.b.get(), request, result);
    d = result.min_distance;
  }
  state.counters["distance"] = d;
}
#endif

void gimpact_collide(benchmark::State& state, cases::PairKind kind, int faces) {
  const RegionAlgorithmInfo* info = RegionRegistry::builtin().find("bullet-gimpact");
  if (!info) {
    state.SkipWithError("bullet-gimpact is not built");
    return;
  }
  const Scene& s = scene(kind, faces);
  const auto algorithm = info->make();
  std::unique_ptr<PreparedShape> pa, pb;
  state.counters["prepare_ms"] = time_ms([&] {
    pa = algorithm->prepare(s.a);
    pb = algorithm->prepare(s.b);
  });
  RegionQuery q;
  q.a = pa.get();
  q.b = pb.get();
  q.pose_a = s.touching_a;
  q.pose_b = s.pose_b;
  std::size_t points = 0;
  for (auto _ : state) {
    const RegionResult r = algorithm->query(q);
    points = r.regions.size();
    benchmark::DoNotOptimize(points);
  }
  state.counters["pairs"] = static_cast<double>(points);
}

void add(const std::string& name, std::function<void(benchmark::State&)> run) {
  benchmark::RegisterBenchmark(name.c_str(), std::move(run))->Unit(benchmark::kMicrosecond);
}

[[maybe_unused]] const bool registered = [] {
  for (auto kind : {cases::PairKind::convex, cases::PairKind::nonconvex})
    for (int faces : {1000, 10000}) {
      const std::string sc = scene_name(kind, faces);
      for (VolumeType v : hierarchy::all_volume_types()) {
        const std::string vn(hierarchy::to_string(v));
        add("hierarchy/collide/" + vn + "/" + sc,
            [=](benchmark::State& st) { ours_collide(st, v, kind, faces); });
        add("hierarchy/relation/" + vn + "/" + sc,
            [=](benchmark::State& st) { ours_relation(st, v, kind, faces); });
        for (Strategy s : {Strategy::best_first, Strategy::greedy})
          add("hierarchy/distance/" + vn + (s == Strategy::greedy ? "/greedy/" : "/best-first/") +
                  sc,
              [=](benchmark::State& st) { ours_distance(st, v, s, kind, faces); });
      }
      add("hierarchy/gimpact-collide/" + sc,
          [=](benchmark::State& st) { gimpact_collide(st, kind, faces); });
#ifdef TOUCHSTONE_HAVE_FCL
      const auto fcl_both = [&]<class BV>(const char* name, bool distance, BV) {
        add("hierarchy/fcl-collide/" + std::string(name) + "/" + sc,
            [=](benchmark::State& st) { fcl_collide<BV>(st, kind, faces); });
        if (distance)  // FCL's mesh distance needs RSS, OBBRSS or kIOS
          add("hierarchy/fcl-distance/" + std::string(name) + "/" + sc,
              [=](benchmark::State& st) { fcl_distance<BV>(st, kind, faces); });
      };
      fcl_both("aabb", false, fcl::AABBd{});
      fcl_both("obb", false, fcl::OBBd{});
      fcl_both("rss", true, fcl::RSSd{});
      fcl_both("obbrss", true, fcl::OBBRSSd{});
      fcl_both("kios", true, fcl::kIOSd{});
      fcl_both("kdop18", false, fcl::KDOPd<18>{});
      fcl_both("kdop24", false, fcl::KDOPd<24>{});
#endif
    }
  return true;
}();

}  // namespace
}  // namespace touchstone::bench
