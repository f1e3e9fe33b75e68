// Contact-set trackers (issue 34): seed 003 §3.2's tracking cases, Figure 5's growing set against
// the exact regions, persistence through a spin, the frame verifier's checks failing on tampered
// answers, bad motions, and the report against the schema; the Brep-index as a tracker and the
// tetrahedron and stack scenes against the exact regions of their frames.
#include "harness/regions/contact_sets.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>
#include <set>

#include "algorithms/contact_sets/brepindex/brepindex_contacts.hpp"
#include "algorithms/contact_sets/clipping/clipping.hpp"
#include "algorithms/contact_sets/mirtich/mirtich.hpp"
#include "algorithms/contact_sets/world_features.hpp"
#include "cases/contact_scenes.hpp"
#include "cases/format/fields.hpp"
#include "harness/common/case_shapes.hpp"
#include "harness/regions/contact_sets_report.hpp"
#include "harness/regions/normals.hpp"
#include "harness/regions/point_sets.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/schema_check.hpp"

namespace touchstone {
namespace {

using contact_sets::track_pair;
using contact_sets::WorldSolid;

MotionCase scene(const std::string& name) { return match_contact_scenes(name).at(0)->generate(); }

// The feature of `s` (a box under its pose) of this kind nearest `p`.
Feature nearest(const WorldSolid& s, FeatureKind kind, const Vec3& p) {
  Feature best{kind, -1};
  double d = 1e300;
  const auto consider = [&](int id, const Vec3& q) {
    if ((q - p).norm() < d) {
      d = (q - p).norm();
      best.id = id;
    }
  };
  const Polytope& shape = *s.shape;
  if (kind == FeatureKind::vertex)
    for (std::size_t v = 0; v < s.vertices.size(); ++v) consider(int(v), s.vertices[v]);
  if (kind == FeatureKind::edge)
    for (std::size_t e = 0; e < shape.edges().size(); ++e)
      consider(int(e), 0.5 * (s.edge_tail(int(e)) + s.edge_head(int(e))));
  if (kind == FeatureKind::face)
    for (std::size_t f = 0; f < shape.faces().size(); ++f) {
      Vec3 c = Vec3::Zero();
      for (int v : shape.faces()[f].vertices) c += s.vertices[v];
      consider(int(f), c / double(shape.faces()[f].vertices.size()));
    }
  return best;
}

TEST(ContactSetTracking, VertexFaceFollowsAndLeavesTheFace) {
  const MotionCase m = scene("slide-off-edge");
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  // Frame 0: A's corner (0.65, 0.25, gap) above B's top face (z = 0, up to x = 1).
  const WorldSolid wa0(a, m.frames[0].pose_a), wb(b, m.frames[0].pose_b);
  const Feature v = nearest(wa0, FeatureKind::vertex, {0.65, 0.25, 0});
  const Feature top = nearest(wb, FeatureKind::face, {-0.5, 0, 0});
  const auto g = track_pair(wa0, v, wb, top);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->point_b, Vec3(0.65, 0.25, 0));
  EXPECT_EQ(g->distance, kContactSceneGap);
  EXPECT_EQ(g->normal, Vec3(0, 0, 1));
  // Frame 4 (x = 0.8): that corner is at x = 1.05, past the face's edge Voronoi plane.
  const WorldSolid wa4(a, m.frames[4].pose_a);
  EXPECT_FALSE(track_pair(wa4, v, wb, top));
}

TEST(ContactSetTracking, EdgeEdgeClosestPointsOfCase3) {
  const MotionCase m = scene("slide-off-edge");
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  const WorldSolid wa(a, m.frames[6].pose_a), wb(b, m.frames[6].pose_b);  // A over x ∈ [0.75, 1.25]
  const Feature ea = nearest(wa, FeatureKind::edge, {1.0, 0.25, kContactSceneGap});
  const Feature eb = nearest(wb, FeatureKind::edge, {1.0, 0, 0});
  const auto g = track_pair(wa, ea, wb, eb);
  ASSERT_TRUE(g);
  EXPECT_NEAR((g->point_b - Vec3(1, 0.25, 0)).norm(), 0, 1e-15);
  EXPECT_NEAR((g->point_a - Vec3(1, 0.25, kContactSceneGap)).norm(), 0, 1e-15);
  EXPECT_NEAR(g->distance, kContactSceneGap, 1e-15);
  EXPECT_NEAR(g->normal.z(), 1, 1e-15);  // from B into A
}

std::vector<ContactSetResult> play(const ContactSetTracker& t, const MotionCase& m,
                                   const Polytope& a, const Polytope& b);

// seed 003 §3.2: a contact whose distance exceeds ε is inactivated; it joins again when V-Clip's
// closest pair comes back within ε.
TEST(ContactSetTracking, ContactBeyondEpsilonIsDropped) {
  MotionCase m = scene("spin-on-face");
  m.frames[3].pose_a.translation.z() += 2e-3;  // lifted 2ε + gap above the table
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  const auto frames = play(*mirtich_contacts::make({}), m, a, b);
  ASSERT_EQ(frames[2].contacts.size(), 1u);
  EXPECT_TRUE(frames[3].contacts.empty());
  EXPECT_EQ(frames[3].dropped, 1);
  ASSERT_EQ(frames[4].contacts.size(), 1u);
  EXPECT_NE(frames[4].contacts[0].id, frames[2].contacts[0].id);  // a new contact
}

// Plays a tracker over a scene, returning each frame's answer.
std::vector<ContactSetResult> play(const ContactSetTracker& t, const MotionCase& m,
                                   const Polytope& a, const Polytope& b) {
  std::unique_ptr<ContactSetState> state;
  std::vector<ContactSetResult> out;
  for (std::size_t k = 0; k < m.frames.size(); ++k) {
    const MotionFrame& p = m.frames[k ? k - 1 : 0];
    out.push_back(
        t.step({&a, &b, p.pose_a, p.pose_b, m.frames[k].pose_a, m.frames[k].pose_b, &state}));
  }
  return out;
}

std::multiset<std::pair<FeatureKind, FeatureKind>> kinds(const ContactSetResult& r) {
  std::multiset<std::pair<FeatureKind, FeatureKind>> k;
  for (const auto& c : r.contacts) k.insert({c.region.a->kind, c.region.b->kind});
  return k;
}

void figure5(const MotionCase& m);

// seed 003 §3.1 Figure 5: one V-F contact; penetration found by bisection adds the others; at
// rest two V-F and two E-E, the corners of the exact face-face region.
// Under each of the 12 exact rotations.
TEST(ContactSets, Figure5SetGrowsToTwoVertexFaceAndTwoEdgeEdge) {
  for (int rotation = 0; rotation < 12; ++rotation) {
    SCOPED_TRACE("rotation " + std::to_string(rotation));
    figure5(rotate_scene(scene("fig5-settle"), rotation));
  }
}

void figure5(const MotionCase& m) {
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  const auto tracker = mirtich_contacts::make({});
  const auto frames = play(*tracker, m, a, b);
  using K = FeatureKind;
  const std::multiset<std::pair<K, K>> vf = {{K::vertex, K::face}};
  for (int k = 0; k < 5; ++k) EXPECT_EQ(kinds(frames[k]), vf) << "frame " << k;
  EXPECT_EQ(frames[5].bisections, 1);
  const std::multiset<std::pair<K, K>> rest = {
      {K::vertex, K::face}, {K::vertex, K::face}, {K::edge, K::edge}, {K::edge, K::edge}};
  EXPECT_EQ(kinds(frames.back()), rest);
  // One contact while A tips on V; each overshoot (frames 5, 7, 9) adds one pair.
  const std::vector<std::size_t> sizes = {1, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 4};
  ASSERT_EQ(frames.size(), sizes.size());
  for (std::size_t k = 0; k < frames.size(); ++k)
    EXPECT_EQ(frames[k].contacts.size(), sizes[k]) << "frame " << k;

  // The exact regions at rest: one 2D face-face region in 𝓡, and its 0D corners are exactly the
  // tracked feature pairs.
  Pose closed = m.frames.back().pose_a;
  closed.translation += *m.contact_offset;
  const ExactRegions exact = exact_regions(a, closed, b, m.frames.back().pose_b);
  ASSERT_EQ(exact.relation, Relation::touching);
  std::set<std::uint64_t> corners, tracked;
  int faces = 0;
  for (const ExactRegion& r : exact.regions) {
    if (r.dimension == 0) corners.insert(contact_sets::pair_key(r.a, r.b));
    faces += r.dimension == 2 && r.sufficient;
  }
  for (const auto& c : frames.back().contacts)
    tracked.insert(contact_sets::pair_key(*c.region.a, *c.region.b));
  EXPECT_EQ(faces, 1);
  EXPECT_EQ(tracked, corners);
}

ContactSetRunResults run_scenes(const std::vector<std::string>& names) {
  std::vector<MotionCase> cases;
  for (const auto& n : names) cases.push_back(scene(n));
  const auto& reg = ContactSetRegistry::builtin();
  ReferenceCache cache;
  ContactSetRunOptions options;
  options.repetitions = 1;
  options.reference_timeout_seconds = 0;
  return run_contact_sets(cases, {reg.find("mirtich-contact-set"), reg.find("clipping-manifold")},
                          options, cache);
}

TEST(ContactSets, SpinKeepsEveryIdentity) {
  const auto run = run_scenes({"spin-on-face"});
  ASSERT_EQ(run.results.size(), 2u);
  for (const auto& r : run.results) {
    EXPECT_EQ(r.verification.verdict, Verdict::pass)
        << r.algorithm << ": " << r.verification.reason;
    EXPECT_EQ(r.totals.identity_breaks, 0) << r.algorithm;
    EXPECT_EQ(r.totals.judged, 13);
    EXPECT_EQ(r.totals.covered, r.totals.sufficient);
    EXPECT_GT(r.totals.persisted, 0);
  }
  // The clipping manifold keeps a point at each of the four corners; Mirtich's set, never pushed
  // into penetration, keeps V-Clip's one pair (seed 003 §3.1: pairs join on penetration).
  EXPECT_EQ(run.results[1].totals.corners_covered, 4 * 13);
  EXPECT_EQ(run.results[0].totals.corners_covered, 13);
}

// On a face whose normal is off the axes, every tracker's points and normals hold exactly.
TEST(ContactSets, SlopeKeepsPointsAndNormalsInTheirCones) {
  const auto run = run_scenes({"slide-down-slope"});
  for (const auto& r : run.results) {
    EXPECT_EQ(r.verification.verdict, Verdict::pass)
        << r.algorithm << ": " << r.verification.reason;
    EXPECT_EQ(r.totals.judged, 9) << r.algorithm;
  }
  EXPECT_EQ(run.results[1].totals.corners_covered, 4 * 9);
}

// Sliding off the edge, the clipping manifold's points keyed by features keep their ids while the
// corners they stand for persist, though points are clipped away and new ones appear.
TEST(ContactSets, ClippingKeysSurviveCornersChanging) {
  const auto run = run_scenes({"slide-off-edge"});
  const auto& clipping = run.results[1];
  EXPECT_EQ(clipping.verification.verdict, Verdict::pass) << clipping.verification.reason;
  EXPECT_EQ(clipping.totals.identity_breaks, 0);
  EXPECT_EQ(clipping.totals.corners_covered, clipping.totals.corners);
  EXPECT_GT(clipping.totals.persisted, 20);
}

// The exact regions of frame k of a scene (its touching configuration: A moved by the offset).
ExactRegions exact_frame(const MotionCase& m, const Polytope& a, const Polytope& b, std::size_t k) {
  Pose closed = m.frames[k].pose_a;
  closed.translation += m.contact_offset.value_or(Vec3::Zero());
  return exact_regions(a, closed, b, m.frames[k].pose_b);
}

// The frame verifier's input for frame 1 of `frames` (played on `m`) after its frame 0, against
// the exact regions of both frames.
struct SecondFrame {
  const std::vector<ExactRegions> refs;
  const std::vector<std::uint64_t> stood;
  const ContactFrameInput in;
  SecondFrame(const MotionCase& m, const Polytope& a, const Polytope& b,
              const std::vector<ContactSetResult>& frames)
      : refs{exact_frame(m, a, b, 0), exact_frame(m, a, b, 1)}, in{&refs[1], 1e-9,     1e-3,
                                                                   1e-9,     &refs[0], &frames[0],
                                                                   &stood} {}
  SecondFrame(const SecondFrame&) = delete;  // `in` points into this object
};

// `frame` with point k of its first contact raised 0.01 off the region fails, that contact
// spurious; the counts of the verifier.
ContactFrameCounts counts_with_point_raised(ContactSetResult frame, std::size_t k,
                                            const ContactFrameInput& in) {
  frame.contacts.at(0).region.points.at(k) += Vec3(0, 0, 0.01);
  ContactFrameCounts counts;
  EXPECT_EQ(verify_contact_frame(frame, in, counts).verdict, Verdict::fail);
  EXPECT_EQ(counts.spurious, 1);
  return counts;
}

// The verifier itself: a contact moved off its region is spurious, a changed id breaks identity.
TEST(ContactSets, VerifierFailsOnMovedPointAndChangedId) {
  const MotionCase m = scene("spin-on-face");
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  const auto frames = play(*clipping_manifold::make({}), m, a, b);
  const SecondFrame second(m, a, b, frames);
  const ContactFrameInput& in = second.in;
  ContactFrameCounts ok;
  EXPECT_EQ(verify_contact_frame(frames[1], in, ok).verdict, Verdict::pass);
  EXPECT_EQ(ok.persisted, 4);

  ContactSetResult renamed = frames[1];
  renamed.contacts[0].id += 1000;
  ContactFrameCounts broken;
  const Verification v = verify_contact_frame(renamed, in, broken);
  EXPECT_EQ(v.verdict, Verdict::fail);
  EXPECT_EQ(broken.identity_breaks, 1);

  EXPECT_GT(counts_with_point_raised(frames[1], 0, in).max_point_error, 0.009);
}

TEST(ContactSets, BadMotionsAreProblemsAndTheRunGoesOn) {
  MotionCase start = scene("spin-on-face");
  start.id = "starts-penetrating";
  for (auto& f : start.frames) f.pose_a.translation.z() -= 0.1;
  MotionCase jump = scene("spin-on-face");
  jump.id = "jumps-through";
  jump.frames.resize(2);
  jump.frames[1].pose_a.translation.z() = -3;  // wholly below B: the motion passes through it
  std::vector<MotionCase> cases = {start, jump, scene("spin-on-face")};
  const auto& reg = ContactSetRegistry::builtin();
  ReferenceCache cache;
  ContactSetRunOptions options;
  options.repetitions = 1;
  const auto run = run_contact_sets(cases, {reg.find("mirtich-contact-set")}, options, cache);
  ASSERT_EQ(run.results.size(), 3u);
  ASSERT_FALSE(run.cases[0].problems.empty());
  EXPECT_NE(run.cases[0].problems[0].find("start penetrating"), std::string::npos);
  EXPECT_EQ(run.results[0].verification.verdict, Verdict::error);
  ASSERT_FALSE(run.cases[1].problems.empty());
  EXPECT_NE(run.cases[1].problems[0].find("passes through penetration"), std::string::npos);
  EXPECT_EQ(run.results[2].verification.verdict, Verdict::pass);

  // A contact offset that is not three finite numbers names its field.
  nlohmann::json doc = write_motion_case_document({&cases[2]})["cases"][0];
  doc["contact_offset"] = {0, 0, "x"};
  try {
    parse_motion_case(doc, "bad.json", 0);
    FAIL() << "accepted a bad contact_offset";
  } catch (const FieldError& e) {
    EXPECT_NE(e.field.find("contact_offset"), std::string::npos) << e.field << ": " << e.message;
  }
}

#ifdef TOUCHSTONE_HAVE_BULLET_REGIONS
// Bullet's manifold as shipped: a refreshed point keeps the normal of the frame that created it
// (Figure 5's first E-E point, made while A was tilted by 0.02, still tilts at rest), and points
// matched by position lose their identity when A slides farther than the breaking threshold.
TEST(ContactSets, BulletManifoldKeepsCreationNormalsAndLosesSlidingPoints) {
  std::vector<MotionCase> cases = {scene("fig5-settle"), scene("slide-off-edge")};
  ReferenceCache cache;
  ContactSetRunOptions options;
  options.repetitions = 1;
  const auto run = run_contact_sets(cases, {ContactSetRegistry::builtin().find("bullet-manifold")},
                                    options, cache);
  ASSERT_EQ(run.results.size(), 2u);
  EXPECT_EQ(run.results[0].verification.verdict, Verdict::fail);
  EXPECT_NE(run.results[0].verification.reason.find("normals: frame 6"), std::string::npos)
      << run.results[0].verification.reason;
  EXPECT_EQ(run.results[0].totals.spurious + run.results[0].totals.stale, 0);
  EXPECT_GT(run.results[1].totals.identity_breaks, 0);
}
#endif

// (kind of A's entity, kind of B's entity) of the 0D regions of 𝓘: the corners of the contact.
std::multiset<std::pair<FeatureKind, FeatureKind>> corner_kinds(const ExactRegions& e) {
  std::multiset<std::pair<FeatureKind, FeatureKind>> k;
  for (const ExactRegion& r : e.regions)
    if (r.dimension == 0) k.insert({r.a.kind, r.b.kind});
  return k;
}

// tetra-into-corner, by hand (body triangle (0,0), (1/2,1/8), (1/8,1/2) moved by the frame's
// dyadic translation over B's top face x ≤ 1, y ≤ 1): frames 0–3 the triangle lies inside the face
// (three V-F corners); 4–8 two vertices are past B's edges and B's corner (1, 1) is outside the
// triangle (one V-F, four E-E); from 9 on B's corner lies inside A's face (one V-F, two E-E, one
// F-V). Every frame touches exactly, under each of the 12 rotations.
TEST(ContactScenes, TetrahedronCornersChangeAsItSlidesIntoTheCorner) {
  using K = FeatureKind;
  const std::multiset<std::pair<K, K>> inside = {
      {K::vertex, K::face}, {K::vertex, K::face}, {K::vertex, K::face}};
  const std::multiset<std::pair<K, K>> clipped = {{K::vertex, K::face},
                                                  {K::edge, K::edge},
                                                  {K::edge, K::edge},
                                                  {K::edge, K::edge},
                                                  {K::edge, K::edge}};
  const std::multiset<std::pair<K, K>> corner = {
      {K::vertex, K::face}, {K::edge, K::edge}, {K::edge, K::edge}, {K::face, K::vertex}};
  for (int rotation = 0; rotation < 12; rotation += 5) {
    SCOPED_TRACE("rotation " + std::to_string(rotation));
    const MotionCase m = rotate_scene(scene("tetra-into-corner"), rotation);
    const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
    ASSERT_EQ(m.frames.size(), 13u);
    for (std::size_t k = 0; k < m.frames.size(); ++k) {
      const ExactRegions e = exact_frame(m, a, b, k);
      ASSERT_EQ(e.relation, Relation::touching) << "frame " << k;
      EXPECT_EQ(corner_kinds(e), k < 4 ? inside : k < 9 ? clipped : corner) << "frame " << k;
    }
  }
}

// The stack: at rest a 2D face–face region; tipped, the lower box stands on its edge (1D, A's edge
// on B's face) and the upper box lies on the middle box's edge (1D, A's face on B's edge); the
// negative angles penetrate (landing overshoots). Exactly so under the rotations (a third of them
// here; the contact-sets table plays all 12).
TEST(ContactScenes, StackRocksBetweenFaceAndEdgeContacts) {
  using K = FeatureKind;
  for (const char* name : {"stack-rock-lower", "stack-rock-upper"})
    for (int rotation = 0; rotation < 12; rotation += 3) {
      SCOPED_TRACE(std::string(name) + " rotation " + std::to_string(rotation));
      const MotionCase base = scene(name);
      const MotionCase m = rotate_scene(base, rotation);
      const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
      const bool lower = std::string(name) == "stack-rock-lower";
      for (std::size_t k = 0; k < m.frames.size(); ++k) {
        const std::array<double, 4> q = *base.frames[k].pose_a.source_quaternion;
        const double angle = 2 * std::atan2(q[2], q[0]);  // about +y
        const ExactRegions e = exact_frame(m, a, b, k);
        if (angle < 0) {
          EXPECT_EQ(e.relation, Relation::penetrating) << "frame " << k;
          continue;
        }
        ASSERT_EQ(e.relation, Relation::touching) << "frame " << k;
        std::vector<std::pair<K, K>> top;  // the regions of highest dimension
        int dimension = -1;
        for (const ExactRegion& r : e.regions) {
          if (r.dimension > dimension) top.clear(), dimension = r.dimension;
          if (r.dimension == dimension) top.push_back({r.a.kind, r.b.kind});
        }
        const std::pair<K, K> edge =
            lower ? std::pair{K::edge, K::face} : std::pair{K::face, K::edge};
        EXPECT_EQ(dimension, angle == 0 ? 2 : 1) << "frame " << k;
        EXPECT_EQ(top, (std::vector{angle == 0 ? std::pair{K::face, K::face} : edge}))
            << "frame " << k;
      }
    }
}

// The Brep-index tracker's contacts are the exact sufficient regions: on the spin every frame has
// one contact, the face–face pair of 𝓡 with its polygon Π, and it keeps its identity.
TEST(ContactSets, BrepIndexContactIsTheExactFaceRegionAndPersists) {
  for (int rotation : {0, 7}) {
    SCOPED_TRACE("rotation " + std::to_string(rotation));
    const MotionCase m = rotate_scene(scene("spin-on-face"), rotation);
    const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
    const auto frames = play(*brepindex_contacts::make({}), m, a, b);
    for (std::size_t k = 0; k < frames.size(); ++k) {
      ASSERT_EQ(frames[k].status, QueryStatus::ok) << frames[k].reason;
      ASSERT_EQ(frames[k].contacts.size(), 1u) << "frame " << k;
      const TrackedContact& c = frames[k].contacts[0];
      const ExactRegions e = exact_frame(m, a, b, k);
      const auto r = std::find_if(e.regions.begin(), e.regions.end(),
                                  [](const ExactRegion& x) { return x.sufficient; });
      ASSERT_NE(r, e.regions.end());
      EXPECT_EQ(r->dimension, 2);
      EXPECT_EQ(*c.region.a, r->a);
      EXPECT_EQ(*c.region.b, r->b);
      ASSERT_EQ(c.region.points.size(), r->points.size()) << "frame " << k;
      for (const Vec3& p : c.region.points)
        EXPECT_LT(distance_to_point_set(p, r->points), 1e-12) << "frame " << k;
      EXPECT_EQ(c.id, frames[0].contacts[0].id);
    }
  }
}

// Its vertex–face points are the midpoints of the vertex and its foot (the ε rule of the region
// algorithms), half the hover gap off the exact region: inside the band τ + |offset|, so Figure 5's
// tipping frames pass with point error 2^-13; 𝓡 then absorbs the V-F region into the face–face one
// at rest (eq. (3)–(4)), and that region of 𝓘 persisting with no contact of its id is a break.
TEST(ContactSets, BrepIndexPointsInTheBandAndTheSufficientSetBreaksIdentity) {
  std::vector<MotionCase> cases = {scene("fig5-settle")};
  ReferenceCache cache;
  ContactSetRunOptions options;
  options.repetitions = 1;
  const auto run = run_contact_sets(
      cases, {ContactSetRegistry::builtin().find("brepindex-contact-set")}, options, cache);
  ASSERT_EQ(run.results.size(), 1u);
  const auto& r = run.results[0];
  for (int k = 0; k < 5; ++k) {
    EXPECT_EQ(r.frame_verdicts[k], Verdict::pass) << "frame " << k;
    EXPECT_EQ(r.frame_counts[k].max_point_error, kContactSceneGap / 2) << "frame " << k;
  }
  EXPECT_EQ(r.totals.spurious + r.totals.stale, 0);
  EXPECT_EQ(r.totals.identity_breaks, 1);
  EXPECT_NE(r.verification.reason.find("frame 6: the region vertex"), std::string::npos)
      << r.verification.reason;
  // The exact rest configuration: V-F is still a 0D region of 𝓘, 𝓡 is the one 2D region, which is
  // the tracker's only contact.
  const Polytope a = build_case_shape(cases[0].a), b = build_case_shape(cases[0].b);
  const ExactRegions e = exact_frame(cases[0], a, b, 6);
  const TrackedContact& c = r.frames[6].contacts.at(0);
  EXPECT_EQ(r.frames[6].contacts.size(), 1u);
  bool vf = false;
  for (const ExactRegion& x : e.regions) {
    vf = vf || (x.a == *r.frames[4].contacts.at(0).region.a &&
                x.b == *r.frames[4].contacts.at(0).region.b);
    if (x.sufficient) {
      EXPECT_TRUE(x.a == *c.region.a && x.b == *c.region.b && x.dimension == 2);
    }
  }
  EXPECT_TRUE(vf);
  // The report carries the whole Π of a region-sized contact.
  const ContactSetReport report(run, options);
  const nlohmann::json doc = report.document({"touchstone contact-sets --test", 0});
  const auto& contact = doc["contact_set_results"][0]["output"]["frames"][6]["contacts"][0];
  ASSERT_TRUE(contact.contains("points"));
  EXPECT_EQ(contact["points"].size(), c.region.points.size());
  EXPECT_TRUE(test_support::matches_report_schema(doc, "contact-sets-brepindex"));
}

// Every point of a region-sized contact is judged, not only the first: one corner of the
// face–face polygon moved off the table makes the contact spurious.
TEST(ContactSets, VerifierJudgesEveryPointOfARegionContact) {
  const MotionCase m = scene("spin-on-face");
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  const auto frames = play(*brepindex_contacts::make({}), m, a, b);
  const SecondFrame second(m, a, b, frames);
  ContactFrameCounts ok;
  EXPECT_EQ(verify_contact_frame(frames[1], second.in, ok).verdict, Verdict::pass);
  ASSERT_GE(frames[1].contacts.at(0).region.points.size(), 3u);
  EXPECT_EQ(counts_with_point_raised(frames[1], 2, second.in).covered, 0);
}

// Seed 000 condition (7): tipped onto the middle box's edge, the top box's face–edge region is
// adjacent to the face–face region before it and keeps its normal (B's face normal), which is not
// the exact normal of the tilted face; without the previous regions the normals hold.
TEST(ContactSets, BrepIndexCoherentNormalsStickAfterATilt) {
  const MotionCase m = scene("stack-rock-upper");
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  for (bool coherent : {true, false}) {
    SCOPED_TRACE(coherent ? "coherent" : "not coherent");
    const auto frames = play(*brepindex_contacts::make({.coherent = coherent}), m, a, b);
    const ExactRegions e = exact_frame(m, a, b, 1);
    ASSERT_EQ(frames[1].contacts.size(), 1u);
    const TrackedContact& c = frames[1].contacts[0];
    EXPECT_EQ(c.region.a->kind, FeatureKind::face);
    EXPECT_EQ(c.region.b->kind, FeatureKind::edge);
    bool found = false;
    for (const ExactRegion& r : e.regions)
      if (r.a == *c.region.a && r.b == *c.region.b) {
        found = true;
        EXPECT_EQ(normal_in_cone(c.region.normals.at(0), r.cone, 1e-9), !coherent);
      }
    EXPECT_TRUE(found);
  }
}

// The new scenes as docs/contact-sets.md reports them (its table plays all 12 rotations): Mirtich's
// set and the clipping manifold pass every frame; the Brep-index passes the tetrahedron and fails
// the stack where its 𝓡 drops the edge regions on landing (persistence) and, on the upper box,
// where condition (7) keeps the face normal (normals).
TEST(ContactSets, NewScenesVerdictsAsDocumented) {
  std::vector<MotionCase> cases = {rotate_scene(scene("tetra-into-corner"), 4),
                                   rotate_scene(scene("stack-rock-lower"), 9),
                                   rotate_scene(scene("stack-rock-upper"), 2)};
  const auto& reg = ContactSetRegistry::builtin();
  ReferenceCache cache;
  ContactSetRunOptions options;
  options.repetitions = 1;
  options.reference_timeout_seconds = 0;
  const auto run = run_contact_sets(cases,
                                    {reg.find("mirtich-contact-set"), reg.find("clipping-manifold"),
                                     reg.find("brepindex-contact-set")},
                                    options, cache);
  ASSERT_EQ(run.results.size(), 9u);
  for (const auto& r : run.results) {
    SCOPED_TRACE(r.algorithm + " " + run.cases[r.case_index].spec.id);
    EXPECT_EQ(r.totals.covered, r.totals.sufficient);
    EXPECT_EQ(r.totals.spurious + r.totals.stale, 0);
    const bool brepindex = r.algorithm == "brepindex-contact-set";
    if (!brepindex || r.case_index == 0) {
      EXPECT_EQ(r.verification.verdict, Verdict::pass) << r.verification.reason;
      continue;
    }
    EXPECT_EQ(r.verification.verdict, Verdict::fail);
    EXPECT_EQ(r.totals.identity_breaks, 2);
    EXPECT_EQ(r.totals.normals_out, r.case_index == 2 ? 4 : 0);
  }
}

TEST(ContactSets, BrepIndexFailsOnNonFinitePoses) {
  MotionCase m = scene("spin-on-face");
  m.frames[1].pose_a.translation.x() = std::numeric_limits<double>::quiet_NaN();
  const Polytope a = build_case_shape(m.a), b = build_case_shape(m.b);
  const auto frames = play(*brepindex_contacts::make({}), m, a, b);
  EXPECT_EQ(frames[0].status, QueryStatus::ok);
  EXPECT_EQ(frames[1].status, QueryStatus::failed);
  EXPECT_NE(frames[1].reason.find("not finite"), std::string::npos) << frames[1].reason;
  EXPECT_EQ(frames[2].status, QueryStatus::ok);  // the next frame goes on
}

TEST(ContactSets, ReportMatchesTheSchema) {
  const auto run = run_scenes({"fig5-settle", "slide-off-edge"});
  const ContactSetRunOptions options;
  const ContactSetReport report(run, options);
  const nlohmann::json doc = report.document({"touchstone contact-sets --test", 0});
  EXPECT_TRUE(test_support::matches_report_schema(doc, "contact-sets"));
  nlohmann::json broken = doc;
  broken["contact_set_results"][0]["totals"]["identity_breaks"] = "none";
  EXPECT_TRUE(test_support::rejected_by_report_schema(broken, "contact-sets-broken"));
  EXPECT_NE(report.table().find("mirtich-contact-set"), std::string::npos);
}

}  // namespace
}  // namespace touchstone
