// The bounding-volume hierarchies (algorithms/hierarchy/, seed 004 §2.2–2.4) against the exact
// contact-region reference (reference/exact_regions.hpp: exact relation and exact squared distance
// of two non-convex B-reps from the very doubles): on every case of the region families and the
// mesh examples, for every volume type and both strategies,
//  - the relation agrees with the exact one, and collision (some face pair meets) holds exactly
//    when the exact relation is not separated;
//  - the branch-and-bound distance of separated pairs is within 1e-9 of the scale of the exact one;
//  - a lower bound returned under a tight node budget never exceeds the exact distance, compared
//    exactly (the double's square as a GMP rational against the reference's rational).
// Expected values come from the reference, never from the code under test. Label `long`: the
// sanitizer stage of CI skips these sweeps (hierarchy_test.cpp runs there).
#include <gmp.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include "algorithms/hierarchy/hierarchy.hpp"
#include "cases/format/case_loader.hpp"
#include "cases/region_families.hpp"
#include "cases/scalable_shapes.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/proximity/runner.hpp"
#include "reference/exact_features.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/region_shapes.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using namespace hierarchy;  // Budget, CollideStop, Strategy, VolumeType

// x² as an exact rational string ("p/q"), by GMP from the double.
std::string exact_square(double x) {
  mpq_t q;
  mpq_init(q);
  mpq_set_d(q, x);
  mpq_mul(q, q, q);
  char* s = mpq_get_str(nullptr, 10, q);
  std::string out(s);
  void (*release)(void*, size_t);
  mp_get_memory_functions(nullptr, nullptr, &release);
  release(s, std::strlen(s) + 1);
  mpq_clear(q);
  return out;
}

struct Step {
  std::string id;
  Polytope a, b;
  Pose pose_a, pose_b;
  ExactRegions exact;
  double scale = 0;
};

// Every step of every default region-family case and of the mesh examples, with its reference.
const std::vector<Step>& steps() {
  static const std::vector<Step> all = [] {
    std::vector<RegionCase> cases = default_region_suite(1);
    // The shipped region examples (hand-written meshes among them) and the CGAL meshes (fetched by
    // harness/scripts/fetch-meshes.sh, run by install-deps.sh; missing, the suite test fails).
    for (const char* file : {"regions.json", "regions-meshes.json"}) {
      const LoadedCases loaded =
          load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/" + file);
      cases.insert(cases.end(), loaded.regions.begin(), loaded.regions.end());
    }
    std::vector<Step> out;
    for (const RegionCase& c : cases)
      for (std::size_t k = 0; k < c.steps.size(); ++k) {
        Step s{c.id + "#" + std::to_string(k),
               build_case_shape(c.a),
               build_case_shape(c.b),
               c.steps[k].pose_a,
               c.steps[k].pose_b,
               {},
               0.0};
        if (!s.a.is_solid() || !s.b.is_solid()) continue;  // hierarchies take solids only
        s.exact = exact_regions(s.a, s.pose_a, s.b, s.pose_b, {});
        s.scale = case_pair_extent(s.a, s.pose_a, s.b, s.pose_b).first;
        out.push_back(std::move(s));
      }
    return out;
  }();
  return all;
}

// FCL's test approach: random transforms of two meshes (the mesh examples' shapes), poses with
// general rotations, so the world doubles are rounded and the volumes really turn.
const std::vector<Step>& random_transform_steps() {
  static const std::vector<Step> all = [] {
    const LoadedCases meshes =
        load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/regions-meshes.json");
    std::mt19937 rng(2929);
    std::normal_distribution<double> q(0, 1);
    std::uniform_real_distribution<double> t(-1.5, 1.5);
    std::vector<Step> out;
    for (const RegionCase& c : meshes.regions)
      for (int k = 0; k < 12; ++k) {
        const Polytope a = build_case_shape(c.a), b = build_case_shape(c.b);
        const double size = std::max(a.diameter(), b.diameter());
        Step s{c.id + "/random" + std::to_string(k),
               a,
               b,
               Pose::from_quaternion({q(rng), q(rng), q(rng), q(rng)}, Vec3::Zero()),
               Pose::from_quaternion({q(rng), q(rng), q(rng), q(rng)},
                                     0.5 * size * Vec3(t(rng), t(rng), t(rng))),
               {},
               0.0};
        s.exact = exact_regions(s.a, s.pose_a, s.b, s.pose_b, {});
        s.scale = case_pair_extent(s.a, s.pose_a, s.b, s.pose_b).first;
        out.push_back(std::move(s));
      }
    return out;
  }();
  return all;
}

TEST(HierarchyCases, RandomTransformsOfMeshesAgreeWithTheExactReference) {
  int separated = 0, meeting = 0;
  for (VolumeType v : hierarchy::all_volume_types())
    for (const Step& s : random_transform_steps()) {
      const std::string where = s.id + " " + std::string(hierarchy::to_string(v));
      const auto pa = hierarchy::prepare(s.a, v);
      const auto pb = hierarchy::prepare(s.b, v);
      const ProximityResult r =
          hierarchy::make({v, Strategy::best_first})->query(*pa, s.pose_a, *pb, s.pose_b, nullptr);
      ASSERT_EQ(r.status, QueryStatus::ok) << where << ": " << r.reason;
      EXPECT_EQ(r.relation, s.exact.relation) << where;
      const bool apart = s.exact.relation == Relation::separated;
      separated += apart;
      meeting += !apart;
      if (apart && r.distance) {
        EXPECT_NEAR(*r.distance, *s.exact.distance, 1e-9 * s.scale) << where;
      }
      const auto d =
          hierarchy::distance_shapes(*pa, s.pose_a, *pb, s.pose_b, Strategy::greedy, Budget{5});
      EXPECT_LE(compare_exact_squared(exact_square(d.lower),
                                      apart ? *s.exact.distance_sq_exact : std::string("0")),
                0)
          << where;
    }
  EXPECT_GT(separated, 7 * 10);
  EXPECT_GT(meeting, 7 * 5);
}

TEST(HierarchyCases, SuiteHoldsNonConvexPairsInEveryRelation) {
  int nonconvex = 0, separated = 0, touching = 0, penetrating = 0;
  for (const Step& s : steps()) {
    nonconvex += !s.a.is_convex() || !s.b.is_convex();
    separated += s.exact.relation == Relation::separated;
    touching += s.exact.relation == Relation::touching;
    penetrating += s.exact.relation == Relation::penetrating;
  }
  const auto mesh_steps = std::count_if(steps().begin(), steps().end(),
                                        [](const Step& s) { return s.id.starts_with("cgal-"); });
  EXPECT_GE(mesh_steps, 4);
  EXPECT_GE(random_transform_steps().size(), 48u);
  RecordProperty("steps", static_cast<int>(steps().size()));
  RecordProperty("nonconvex", nonconvex);
  RecordProperty("separated", separated);
  RecordProperty("touching", touching);
  RecordProperty("penetrating", penetrating);
  EXPECT_GT(nonconvex, 100);
  EXPECT_GT(separated, 50);
  EXPECT_GT(touching, 50);
  EXPECT_GT(penetrating, 20);
}

TEST(HierarchyCases, RelationAndDistanceMatchTheExactReference) {
  for (VolumeType v : hierarchy::all_volume_types())
    for (Strategy st : {Strategy::best_first, Strategy::greedy}) {
      const auto algorithm = hierarchy::make({v, st});
      int wrong = 0;
      for (const Step& s : steps()) {
        const auto pa = algorithm->prepare(s.a);
        const auto pb = algorithm->prepare(s.b);
        const ProximityResult r = algorithm->query(*pa, s.pose_a, *pb, s.pose_b, nullptr);
        const std::string where = s.id + " " + std::string(hierarchy::to_string(v)) +
                                  (st == Strategy::greedy ? " greedy" : " best-first");
        ASSERT_EQ(r.status, QueryStatus::ok) << where << ": " << r.reason;
        if (r.relation != s.exact.relation) {
          if (++wrong <= 5)
            ADD_FAILURE() << where << ": said " << to_string(r.relation) << ", exact is "
                          << to_string(s.exact.relation);
          continue;
        }
        ASSERT_TRUE(r.distance.has_value()) << where;
        const double expected = s.exact.relation == Relation::separated ? *s.exact.distance : 0.0;
        EXPECT_NEAR(*r.distance, expected, 1e-9 * s.scale) << where;
        if (s.exact.relation == Relation::separated) {
          ASSERT_TRUE(r.witness_a && r.witness_b) << where;
          EXPECT_NEAR((*r.witness_a - *r.witness_b).norm(), *r.distance, 1e-9 * s.scale) << where;
        }
      }
      EXPECT_EQ(wrong, 0) << hierarchy::to_string(v);
    }
}

TEST(HierarchyCases, CollisionMeetsExactlyWhenTheExactRelationIsNotSeparated) {
  for (VolumeType v : hierarchy::all_volume_types()) {
    for (const Step& s : steps()) {
      const auto pa = hierarchy::prepare(s.a, v);
      const auto pb = hierarchy::prepare(s.b, v);
      const hierarchy::CollideResult c =
          hierarchy::collide_shapes(*pa, s.pose_a, *pb, s.pose_b, CollideStop::all, {});
      ASSERT_TRUE(c.complete);
      // A nested pair meets in no face pair; the families hold none (checked by the relation
      // test above, which finds nesting by a winding number).
      EXPECT_EQ(!c.pairs.empty(), s.exact.relation != Relation::separated)
          << s.id << " " << hierarchy::to_string(v) << " exact " << to_string(s.exact.relation);
      EXPECT_GT(c.counters.volume_tests, 0);
    }
  }
}

TEST(HierarchyCases, LowerBoundsUnderTightBudgetsNeverExceedTheExactDistance) {
  int checked = 0, positive = 0;
  for (VolumeType v : hierarchy::all_volume_types())
    for (Strategy st : {Strategy::best_first, Strategy::greedy})
      for (const Step& s : steps()) {
        const auto pa = hierarchy::prepare(s.a, v);
        const auto pb = hierarchy::prepare(s.b, v);
        const std::string exact_sq =
            s.exact.relation == Relation::separated ? *s.exact.distance_sq_exact : "0";
        for (std::int64_t nodes : {1, 3, 10, 30, 100}) {
          const hierarchy::DistanceResult d =
              hierarchy::distance_shapes(*pa, s.pose_a, *pb, s.pose_b, st, Budget{nodes});
          ASSERT_LE(d.counters.nodes_visited, nodes);
          ASSERT_TRUE(std::isfinite(d.lower) && d.lower >= 0);
          EXPECT_LE(compare_exact_squared(exact_square(d.lower), exact_sq), 0)
              << s.id << " " << hierarchy::to_string(v) << " nodes " << nodes << " lower "
              << d.lower << " exact " << s.exact.distance.value_or(0.0);
          ++checked;
          positive += d.lower > 0;
        }
      }
  EXPECT_GT(positive, checked / 10);  // the bounds say something, not only 0
}

TEST(HierarchyVolumes, KdopSixAndAxisBoxesGiveTheSameSearch) {
  // The 6-DOP's slabs are the box's faces and its bound the box distance, so both traversals must
  // make the very same decisions.
  for (const Step& s : steps()) {
    const auto a6 = hierarchy::prepare(s.a, VolumeType::kdop6);
    const auto b6 = hierarchy::prepare(s.b, VolumeType::kdop6);
    const auto ab = hierarchy::prepare(s.a, VolumeType::aabb);
    const auto bb = hierarchy::prepare(s.b, VolumeType::aabb);
    const auto d6 =
        hierarchy::distance_shapes(*a6, s.pose_a, *b6, s.pose_b, Strategy::best_first, {});
    const auto db =
        hierarchy::distance_shapes(*ab, s.pose_a, *bb, s.pose_b, Strategy::best_first, {});
    EXPECT_EQ(d6.counters.nodes_visited, db.counters.nodes_visited) << s.id;
    EXPECT_EQ(d6.upper, db.upper) << s.id;
  }
}

}  // namespace
}  // namespace touchstone
