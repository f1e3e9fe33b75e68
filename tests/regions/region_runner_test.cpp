// The region runner end to end with a test registry of deliberately wrong algorithms: each wraps
// the correct answer, built in the test from the exact reference of the very shapes and poses it
// is asked about (normals by hand: every region here lies on A's top face, so its only normal is
// (0, 0, −1)), and damages it. Each damage is caught by its named check, the correct algorithm
// passes, a crashing peer is an error of its case, references come from the cache the second
// time, and the report validates against the schema. Inside the ε band (B 2^-40 above or below
// A's top face) the algorithms answer like an ε-contact algorithm: the exact answer of B snapped
// onto the face (gap 0); each damage there is caught by the band's checks (verifier.hpp).
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <tuple>

#include "cases/format/case_loader.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/common/cli.hpp"
#include "harness/regions/normals.hpp"
#include "harness/regions/report.hpp"
#include "harness/regions/runner.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/prepared.hpp"
#include "tests/support/schema_check.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

// A box [lo, hi] as an explicit B-rep (faces: bottom, top, front, back, left, right).
ShapeSpec box(const std::string& name, const Vec3& lo, const Vec3& hi) {
  ShapeSpec s{
      name,
      {},
      std::vector<std::vector<int>>{
          {0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}}};
  for (int i = 0; i < 8; ++i)
    s.vertices.emplace_back(i & 1 ? hi.x() : lo.x(), i & 2 ? hi.y() : lo.y(),
                            i & 4 ? hi.z() : lo.z());
  return s;
}

// A = [0, 1]³; B = [¼, ¾]² × [0, ½] translated by (dx, 0, 1 + gap): on A's top face at gap 0.
RegionStep step(double dx, double gap) {
  return {Pose::identity(), Pose::from_translation(Vec3(dx, 0, 1 + gap)), {}, {}};
}

RegionCase block_case(const std::string& id, std::vector<RegionStep> steps) {
  RegionCase c;
  c.id = id;
  c.family = "test-block";
  c.a = box("A", Vec3(0, 0, 0), Vec3(1, 1, 1));
  c.b = box("B", Vec3(0.25, 0.25, 0), Vec3(0.75, 0.75, 0.5));
  c.steps = std::move(steps);
  return c;
}

const Vec3 kDown(0, 0, -1);
const double kBandGap = std::ldexp(1.0, -40);  // ≈ 9.1e-13, inside τ ≈ 2.06e-9

// B's pose with a gap within 1e-9 of A's top face snapped onto it (what an ε-contact algorithm
// sees), otherwise unchanged.
Pose snapped(Pose pose) {
  if (std::abs(pose.translation.z() - 1.0) < 1e-9) pose.translation.z() = 1.0;
  return pose;
}

enum class Damage { none, missing, extra, dimension, flipped, not_persisted, shrunk, crash };

class WrappedExact final : public RegionAlgorithm {
 public:
  explicit WrappedExact(Damage damage) : damage_(damage) {}
  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    return test_support::bare_prepared(shape);
  }
  RegionResult query(const RegionQuery& q) const override {
    if (damage_ == Damage::crash) std::abort();
    const ExactRegions exact =
        exact_regions(*q.a->polytope, q.pose_a, *q.b->polytope, snapped(q.pose_b));
    RegionResult r;
    r.relation = exact.relation;
    r.subset = RegionSubset::intersection;
    for (const ExactRegion& e : exact.regions)
      r.regions.push_back({e.a, e.b, e.points, {kDown}, std::nullopt});
    if (r.regions.empty()) return r;
    ContactRegion& first = r.regions.front();
    switch (damage_) {
      case Damage::missing:
        r.regions.pop_back();
        break;
      case Damage::extra:  // A's bottom face meets nothing of B
        r.regions.push_back({Feature{FeatureKind::face, 0}, first.b, first.points, {kDown}, {}});
        break;
      case Damage::dimension:
        for (ContactRegion& c : r.regions)
          if (c.points.size() == 2) c.points.pop_back();
        break;
      case Damage::flipped:
        first.normals = {-kDown};
        break;
      case Damage::not_persisted:  // new normals when there is a previous set
        if (!q.previous.empty())
          for (ContactRegion& c : r.regions) c.normals = {Vec3(0, 0.6, -0.8)};
        break;
      case Damage::shrunk:  // the square shrunk by 10% about its centre, inside both faces
        for (ContactRegion& c : r.regions)
          if (c.points.size() > 2) {
            Vec3 centre = Vec3::Zero();
            for (const Vec3& p : c.points) centre += p / static_cast<double>(c.points.size());
            for (Vec3& p : c.points) p = centre + 0.9 * (p - centre);
          }
        break;
      default:
        break;
    }
    return r;
  }

 private:
  Damage damage_;
};

RegionRegistry test_registry() {
  RegionCapabilities caps;
  caps.intersection_set = caps.normals = caps.relation = caps.nonconvex = true;
  caps.temporal_coherence = true;
  RegionRegistry registry;
  const auto add = [&](const std::string& name, Damage d, const std::string& family = "test") {
    // A declared ε of 1e-12 × size ≈ 2.06e-12: the band gap 2^-40 lies within half of it.
    registry.add(
        {name, family, "test", "the exact answer, damaged", caps, {{"epsilon", 1e-12}}, [d] {
           return std::make_unique<WrappedExact>(d);
         }});
  };
  add("correct", Damage::none);
  add("missing", Damage::missing);
  add("extra", Damage::extra);
  add("dimension", Damage::dimension);
  add("flipped", Damage::flipped);
  add("not-persisted", Damage::not_persisted);
  add("shrunk", Damage::shrunk);
  add("crashing-peer", Damage::crash, "peer");
  add("correct-peer", Damage::none, "peer");  // isolated, answers like `correct`
  return registry;
}

std::vector<const RegionAlgorithmInfo*> all_of(const RegionRegistry& registry) {
  std::vector<const RegionAlgorithmInfo*> out;
  for (const auto& a : registry.all()) out.push_back(&a);
  return out;
}

const RegionResultRecord& result(const RegionRunResults& run, const std::string& algorithm,
                                 std::size_t case_index) {
  for (const auto& r : run.results)
    if (r.algorithm == algorithm && r.case_index == case_index) return r;
  throw std::runtime_error("no result for " + algorithm);
}

class RegionRunner : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    registry_ = new RegionRegistry(test_registry());
    cache_ = new ReferenceCache();
    // 0: B resting on A's top face. 1: the same, then slid by ⅛ along x (two steps: the normals
    // of the persisting pairs must persist). 2: separated by ½. 3, 4: inside the band, 2^-40
    // above and below.
    cases_ = new std::vector<RegionCase>{
        block_case("resting", {step(0, 0)}), block_case("sliding", {step(0, 0), step(0.125, 0)}),
        block_case("apart", {step(0, 0.5)}), block_case("near", {step(0, kBandGap)}),
        block_case("shallow", {step(0, -kBandGap)})};
    RegionRunOptions options;
    options.repetitions = 1;
    run_ = new RegionRunResults(run_regions(*cases_, all_of(*registry_), options, *cache_));
  }
  static void TearDownTestSuite() {
    delete run_;
    delete cases_;
    delete cache_;
    delete registry_;
  }
  static RegionRegistry* registry_;
  static ReferenceCache* cache_;
  static std::vector<RegionCase>* cases_;
  static RegionRunResults* run_;
};
RegionRegistry* RegionRunner::registry_ = nullptr;
ReferenceCache* RegionRunner::cache_ = nullptr;
std::vector<RegionCase>* RegionRunner::cases_ = nullptr;
RegionRunResults* RegionRunner::run_ = nullptr;

TEST_F(RegionRunner, ReferenceMatchesTheHandCount) {
  // B's bottom face on A's top face: the square (face / face, 2D), B's four bottom edges and four
  // bottom vertices in A's open top face; only the square is in 𝓡.
  const RegionCaseRecord& rec = run_->cases[0];
  ASSERT_TRUE(rec.problems.empty()) << rec.problems.front();
  ASSERT_TRUE(rec.steps[0].reference);
  const ExactRegions& e = *rec.steps[0].reference;
  EXPECT_EQ(e.relation, Relation::touching);
  EXPECT_EQ(e.regions.size(), 9u);
  int sufficient = 0;
  for (const ExactRegion& r : e.regions) sufficient += r.sufficient;
  EXPECT_EQ(sufficient, 1);
  EXPECT_DOUBLE_EQ(rec.steps[0].tau, 1e-9 * std::sqrt(1 + 1 + 1.5 * 1.5));
  EXPECT_EQ(run_->cases[2].steps[0].reference->relation, Relation::separated);
  // Inside the band: B moved back by exactly the gap touches as in case 0 (the same 9 regions,
  // the square alone in 𝓡, every cone the single direction (0, 0, −1)).
  for (const std::size_t ci : {3u, 4u}) {
    const ExactRegions& band = *run_->cases[ci].steps[0].reference;
    EXPECT_EQ(band.relation, ci == 3 ? Relation::separated : Relation::penetrating);
    ASSERT_TRUE(band.closure) << ci;
    const EpsilonClosure& c = *band.closure;
    EXPECT_EQ(c.relation, Relation::touching);
    EXPECT_EQ(c.translation, Vec3(0, 0, ci == 3 ? -kBandGap : kBandGap));
    EXPECT_EQ(c.length, kBandGap);
    EXPECT_EQ(c.regions.size(), 9u);
    int band_sufficient = 0;
    for (const ExactRegion& r : c.regions) {
      band_sufficient += r.sufficient;
      for (const Vec3& p : r.points) EXPECT_EQ(p.z(), 1.0);
      ASSERT_EQ(r.cone.pieces.size(), 1u);
      EXPECT_TRUE(normal_in_cone(kDown, r.cone, 0.0));
      EXPECT_FALSE(normal_in_cone(Vec3(0, 0.6, -0.8), r.cone, 1e-9));
    }
    EXPECT_EQ(band_sufficient, 1);
  }
}

TEST_F(RegionRunner, CorrectAlgorithmPasses) {
  // The run names every algorithm it ran, in the order given, and one result per pair.
  const auto infos = all_of(*registry_);
  ASSERT_EQ(run_->algorithms.size(), infos.size());
  for (std::size_t i = 0; i < infos.size(); ++i) EXPECT_EQ(run_->algorithms[i], infos[i]);
  EXPECT_EQ(run_->results.size(), infos.size() * cases_->size());
  for (const std::string name : {"correct", "correct-peer"})
    for (std::size_t ci = 0; ci < cases_->size(); ++ci) {
      const RegionResultRecord& r = result(*run_, name, ci);
      EXPECT_EQ(r.verification.verdict, Verdict::pass)
          << name << " " << ci << ": " << r.verification.reason;
    }
  const RegionResultRecord& r = result(*run_, "correct", 0);
  EXPECT_EQ(r.counts.returned, 9);
  EXPECT_EQ(r.counts.claimed, 9);
  EXPECT_EQ(r.counts.matched, 9);
  EXPECT_EQ(result(*run_, "correct", 1).step_verdicts.size(), 2u);
  EXPECT_EQ(r.timing.repetitions, 1);
}

void expect_caught(const RegionResultRecord& r, const std::string& check) {
  EXPECT_EQ(r.verification.verdict, Verdict::fail) << r.algorithm << ": " << r.verification.reason;
  EXPECT_EQ(r.verification.reason.rfind(check + ": ", 0), 0u)
      << r.algorithm << ": " << r.verification.reason;
}

TEST_F(RegionRunner, EachWrongAlgorithmIsCaughtByItsCheck) {
  expect_caught(result(*run_, "missing", 0), "missing region");
  expect_caught(result(*run_, "extra", 0), "extra region");
  expect_caught(result(*run_, "dimension", 0), "dimension");
  expect_caught(result(*run_, "flipped", 0), "normal outside cone");
  // Right at the first step, wrong at the second: the verdict names the step.
  EXPECT_EQ(result(*run_, "not-persisted", 0).verification.verdict, Verdict::pass);
  const RegionResultRecord& moved = result(*run_, "not-persisted", 1);
  expect_caught(moved, "normal not persisted");
  EXPECT_NE(moved.verification.reason.find("step 2: "), std::string::npos);
  EXPECT_EQ(moved.step_verdicts, (std::vector<Verdict>{Verdict::pass, Verdict::fail}));
  expect_caught(result(*run_, "shrunk", 0), "points");
  // On the separated pair, every damage has nothing to damage.
  for (const char* name : {"missing", "extra", "dimension", "flipped", "shrunk"})
    EXPECT_EQ(result(*run_, name, 2).verification.verdict, Verdict::pass) << name;
}

// Inside the band, both sides: the correct ε answer passes (`touching` decided right, every region
// judged against the touching configuration), and each damage is caught: a missing ε-pair (the
// gap 2^-40 is within half the declared ε), a region 1 away from A's bottom face it names (ε
// distance; as an ε-pair outside the touching configuration it would otherwise pass), a wrong
// dimension, a normal outside the touching cone, a wrong Π.
TEST_F(RegionRunner, InsideTheBandEachWrongAnswerIsCaught) {
  for (const std::size_t ci : {3u, 4u}) {
    const RegionResultRecord& right = result(*run_, "correct", ci);
    EXPECT_EQ(right.verification.verdict, Verdict::pass) << ci << ": " << right.verification.reason;
    bool closure_named = false;
    for (const CheckResult& c : right.verification.checks)
      closure_named = closure_named || (c.name == "ε-closure" && c.verdict == Verdict::pass);
    EXPECT_TRUE(closure_named) << ci;
    EXPECT_EQ(right.counts.matched, 9) << ci;
    expect_caught(result(*run_, "missing", ci), "missing region");
    expect_caught(result(*run_, "extra", ci), "ε distance");
    expect_caught(result(*run_, "dimension", ci), "dimension");
    expect_caught(result(*run_, "flipped", ci), "normal outside cone");
    expect_caught(result(*run_, "shrunk", ci), "points");
    EXPECT_EQ(result(*run_, "not-persisted", ci).verification.verdict, Verdict::pass);
  }
}

// Inside the band a missing region fails only when B lies within half the algorithm's declared ε
// of touching (then the algorithm cannot have put the pair beyond its ε). Declared ε = 1e-13 ×
// size ≈ 2.06e-13 here, so the band gap 2^-40 ≈ 9.1e-13 is beyond half of it: not decided.
TEST_F(RegionRunner, InsideTheBandAMissingRegionBeyondHalfTheEpsilonIsNotDecided) {
  RegionCapabilities caps;
  caps.intersection_set = caps.normals = caps.relation = caps.nonconvex = true;
  RegionRegistry registry;
  registry.add({"missing-narrow-epsilon",
                "test",
                "test",
                "the exact answer less one region",
                caps,
                {{"epsilon", 1e-13}},
                [] { return std::make_unique<WrappedExact>(Damage::missing); }});
  RegionRunOptions options;
  options.repetitions = 1;
  const RegionRunResults run = run_regions(
      {(*cases_)[3], (*cases_)[4]}, {registry.find("missing-narrow-epsilon")}, options, *cache_);
  ASSERT_EQ(run.results.size(), 2u);
  for (const RegionResultRecord& r : run.results) {
    EXPECT_EQ(r.verification.verdict, Verdict::ambiguous) << r.verification.reason;
    bool named = false;
    for (const CheckResult& c : r.verification.checks)
      named = named || (c.name == "missing region" && c.verdict == Verdict::ambiguous &&
                        c.detail.find("beyond half the declared ε") != std::string::npos);
    EXPECT_TRUE(named) << r.verification.reason;
  }
}

TEST_F(RegionRunner, CrashingPeerIsAnErrorOfItsCase) {
  const RegionResultRecord& r = result(*run_, "crashing-peer", 0);
  EXPECT_EQ(r.verification.verdict, Verdict::error);
  EXPECT_NE(r.verification.reason.find("SIGABRT"), std::string::npos) << r.verification.reason;
}

TEST_F(RegionRunner, ReferencesComeFromTheCacheTheSecondTime) {
  const RegionRegistry registry = test_registry();
  RegionRunOptions options;
  options.repetitions = 1;
  const RegionRunResults again =
      run_regions({cases_->front()}, {registry.find("correct")}, options, *cache_);
  EXPECT_TRUE(again.cases[0].steps[0].reference_from_cache);
  EXPECT_EQ(again.cases[0].steps[0].key, run_->cases[0].steps[0].key);
  // τ is an input of the reference (its shallow limit): another tolerance, another key.
  options.tolerances.region_relative = 1e-6;
  const RegionRunResults other =
      run_regions({cases_->front()}, {registry.find("correct")}, options, *cache_);
  EXPECT_FALSE(other.cases[0].steps[0].reference_from_cache);
  EXPECT_NE(other.cases[0].steps[0].key, run_->cases[0].steps[0].key);
}

TEST_F(RegionRunner, ReportValidatesAndTableCounts) {
  const RegionRunOptions options;
  const RegionReport report(*run_, options);
  const nlohmann::json doc = report.document({"touchstone regions --test", 1});
  EXPECT_EQ(doc["region_results"].size(), cases_->size() * registry_->all().size());
  EXPECT_TRUE(test_support::matches_report_schema(doc, "regions-report"));
  auto broken = doc;
  broken["region_results"][0]["regions"].erase("missed");
  EXPECT_TRUE(test_support::rejected_by_report_schema(broken, "regions-broken"));
  auto mixed = doc;
  mixed["cases"] = nlohmann::json::array();
  EXPECT_TRUE(test_support::rejected_by_report_schema(mixed, "regions-mixed"));
  // correct on test-block: 9 + 9 + 9 (both steps of `sliding`) + 9 + 9 (the band) returned,
  // claimed and matched.
  const std::string table = report.table();
  EXPECT_NE(table.find("45 / 45 / 45"), std::string::npos) << table;
  EXPECT_NE(table.find("not-persisted"), std::string::npos);
}

TEST_F(RegionRunner, ExportedFailuresReplayWithTheSameReferences) {
  // The crashing peer makes every case worth replaying; the document loads back to the very same
  // doubles, so the replay finds each step's reference in the cache under the same key.
  const auto kept = cases_to_replay(*run_);
  ASSERT_EQ(kept.size(), cases_->size());
  const LoadedCases loaded =
      parse_case_document(write_region_case_document(kept).dump(), "exported.json");
  ASSERT_TRUE(loaded.errors.empty()) << loaded.errors.front().to_string();
  ASSERT_EQ(loaded.regions.size(), cases_->size());
  const RegionRegistry registry = test_registry();
  RegionRunOptions options;
  options.repetitions = 1;
  const RegionRunResults replay =
      run_regions(loaded.regions, {registry.find("missing")}, options, *cache_);
  for (std::size_t ci = 0; ci < replay.cases.size(); ++ci) {
    EXPECT_EQ(replay.cases[ci].spec.id, (*cases_)[ci].id);
    for (std::size_t k = 0; k < replay.cases[ci].steps.size(); ++k) {
      EXPECT_TRUE(replay.cases[ci].steps[k].reference_from_cache);
      EXPECT_EQ(replay.cases[ci].steps[k].key, run_->cases[ci].steps[k].key);
    }
    EXPECT_EQ(replay.results[ci].verification.reason,
              result(*run_, "missing", ci).verification.reason);
  }
}

// A cone piece binds on both sides: n·g >= −tol for g into A, n·g <= tol for g into B. The piece
// of (0, 0, −1) with x pinned from A's side and y from B's: a normal leaning along ±x or ±y by
// 0.1 leaves it, one leaning by 1e-10 (within tol_normal 1e-9) stays.
// Mirtich's contact-set tracker under `touchstone regions` (issue 34): the shipped sliding scenes
// (a cube resting exactly on a table slides, spins, slides across the table's edge) pass the
// covering claim at every step, and a contact whose entity pair is still a region of the exact 𝓘
// at the next step keeps it (sliding and spinning, the cube's bottom vertices stay on the table's
// open top face; across the edge, the corner leaves it once).
class MirtichRegions : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    const LoadedCases loaded =
        load_cases(std::string(TOUCHSTONE_SOURCE_DIR) + "/cases/examples/sliding-contacts.json");
    for (const auto& e : loaded.errors) ADD_FAILURE() << e.to_string();
    cases_ = new std::vector<RegionCase>(loaded.regions);
    cache_ = new ReferenceCache();
    RegionRunOptions options;
    options.repetitions = 2;  // the timing loop repeats each step: the replay must not drift
    run_ = new RegionRunResults(run_regions(
        *cases_, {RegionRegistry::builtin().find("mirtich-contact-set")}, options, *cache_));
  }
  static void TearDownTestSuite() {
    delete run_;
    delete cache_;
    delete cases_;
  }
  static std::vector<RegionCase>* cases_;
  static ReferenceCache* cache_;
  static RegionRunResults* run_;
};
std::vector<RegionCase>* MirtichRegions::cases_ = nullptr;
ReferenceCache* MirtichRegions::cache_ = nullptr;
RegionRunResults* MirtichRegions::run_ = nullptr;

using PairSet = std::vector<std::pair<Feature, Feature>>;
PairSet pairs_of(const RegionResult& r) {
  PairSet out;
  for (const ContactRegion& c : r.regions)
    if (c.a && c.b) out.emplace_back(*c.a, *c.b);
  std::sort(out.begin(), out.end(), [](const auto& x, const auto& y) {
    return std::tie(x.first.kind, x.first.id, x.second.kind, x.second.id) <
           std::tie(y.first.kind, y.first.id, y.second.kind, y.second.id);
  });
  return out;
}

TEST_F(MirtichRegions, SlidingScenesPassAndIdentitiesPersist) {
  ASSERT_EQ(cases_->size(), 3u);
  ASSERT_EQ(run_->results.size(), 3u);
  for (const RegionResultRecord& r : run_->results) {
    const RegionCaseRecord& rec = run_->cases[r.case_index];
    SCOPED_TRACE(rec.spec.id);
    EXPECT_TRUE(rec.problems.empty()) << rec.problems.front();
    EXPECT_EQ(r.verification.verdict, Verdict::pass) << r.verification.reason;
    ASSERT_EQ(r.output.steps.size(), rec.spec.steps.size());
    for (std::size_t k = 0; k < r.output.steps.size(); ++k) {
      EXPECT_EQ(r.output.steps[k].subset, RegionSubset::covering);
      EXPECT_FALSE(r.output.steps[k].regions.empty());
      // The runner passed the earlier steps: the replay calls V-Clip at least once a step.
      EXPECT_GE(r.output.steps[k].iterations, static_cast<int>(k) + 1) << "step " << k + 1;
    }
    // Persistence: a contact whose pair is still a region of 𝓘 at the next step keeps that pair.
    int changed = 0;
    for (std::size_t k = 0; k + 1 < rec.steps.size(); ++k) {
      const PairSet next = pairs_of(r.output.steps[k + 1]);
      changed += next != pairs_of(r.output.steps[k]);
      for (const auto& [fa, fb] : pairs_of(r.output.steps[k])) {
        bool persists = false;
        for (const ExactRegion& e : rec.steps[k + 1].reference->regions)
          persists = persists || (e.a == fa && e.b == fb);
        if (persists) {
          EXPECT_NE(std::find(next.begin(), next.end(), std::pair{fa, fb}), next.end())
              << "step " << k + 2 << " drops " << describe_pair(fa, fb, 0);
        }
      }
    }
    // Sliding across the edge, the tracked corner leaves the table: the contact migrates (to the
    // crossing of the cube's bottom edge with the table's edge); elsewhere it never changes.
    EXPECT_EQ(changed, rec.spec.id == "slide-off-edge" ? 1 : 0);
  }
}

// The covering claim's checks (covering.hpp) on the first step of slide-on-table, each damage
// reasoned by hand: no contact leaves the face-face region uncovered; a pair naming a vertex of
// the cube's top (1 above the table) is not a pair of 𝓘; a flipped normal leaves the cone; an
// algorithm that does not declare the claim fails `subset`.
TEST_F(MirtichRegions, CoveringClaimCatchesEachDamage) {
  const RegionCaseRecord& rec = run_->cases.at(0);
  ASSERT_EQ(rec.spec.id, "slide-on-table");
  const Polytope a = build_case_shape(rec.spec.a), b = build_case_shape(rec.spec.b);
  const RegionResult& answer = run_->results.at(0).output.steps.at(0);
  ASSERT_FALSE(answer.regions.empty());
  const RegionCapabilities caps =
      RegionRegistry::builtin().find("mirtich-contact-set")->capabilities;
  const auto verdict_of = [&](const RegionResult& r, const RegionCapabilities& c,
                              const std::string& check) {
    const RegionVerificationInput in{&*rec.steps[0].reference, rec.steps[0].size, &a, &b, {},
                                     &rec.spec.steps[0]};
    const Verification v = verify_regions(r, c, in, RegionTolerances{}).verification;
    for (const CheckResult& x : v.checks)
      if (x.name == check) return std::pair{v.verdict, x.verdict};
    return std::pair{v.verdict, Verdict::error};
  };
  EXPECT_EQ(verdict_of(answer, caps, "coverage"), std::pair(Verdict::pass, Verdict::pass));
  RegionResult none = answer;
  none.regions.clear();
  EXPECT_EQ(verdict_of(none, caps, "coverage"), std::pair(Verdict::fail, Verdict::fail));
  RegionResult top = answer;
  int up = -1;
  for (std::size_t v = 0; v < a.vertices().size(); ++v)
    if (a.vertices()[v].z() == 1.0) up = static_cast<int>(v);
  ASSERT_GE(up, 0);
  top.regions.front().a = Feature{FeatureKind::vertex, up};
  top.regions.front().points = {rec.spec.steps[0].pose_a.apply(a.vertices()[up])};
  EXPECT_EQ(verdict_of(top, caps, "extra region"), std::pair(Verdict::fail, Verdict::fail));
  RegionResult flipped = answer;
  flipped.regions.front().normals = {-flipped.regions.front().normals.at(0)};
  EXPECT_EQ(verdict_of(flipped, caps, "normal outside cone"),
            std::pair(Verdict::fail, Verdict::fail));
  RegionCapabilities undeclared = caps;
  undeclared.covering_set = false;
  EXPECT_EQ(verdict_of(answer, undeclared, "subset"), std::pair(Verdict::fail, Verdict::fail));
}

}  // namespace
}  // namespace touchstone
