// The contact-set frame verifier (harness/regions/contact_sets.hpp) on answers made by hand, one
// damage per check, with the verdicts reasoned from the checks' rules (no tracker runs here; the
// trackers and scenes are contact_sets_test's). A = [0, 1]³, B = [¼, ¾]² × [0, ½] lifted onto A's
// top face: 𝓘 is B's bottom face on A's top (in 𝓡), its four edges and four corners on it.
#include <gtest/gtest.h>

#include <algorithm>

#include "harness/regions/contact_sets.hpp"
#include "reference/exact_regions.hpp"
#include "tests/support/shapes.hpp"

namespace touchstone {
namespace {

using test_support::at;
using test_support::box;

const Polytope kA = box(Vec3(0, 0, 0), Vec3(1, 1, 1));
const Polytope kB = box(Vec3(0.25, 0.25, 0), Vec3(0.75, 0.75, 0.5));

// τ = 1e-9 (points), ε = 1e-3 (a separated frame's contacts are spurious beyond it).
Verdict judge(const ContactSetResult& out, const ExactRegions& ref,
              const ContactSetResult* previous = nullptr) {
  const ContactFrameInput in{&ref, 1e-9, 1e-3, 1e-9, previous ? &ref : nullptr, previous, nullptr};
  ContactFrameCounts n;
  return verify_contact_frame(out, in, n).verdict;
}

TEST(ContactSetVerifier, EachDamageToAHandMadeAnswerFailsItsCheck) {
  const ExactRegions touch = exact_regions(kA, Pose::identity(), kB, at(0, 0, 1));
  ASSERT_EQ(touch.relation, Relation::touching);
  ASSERT_EQ(touch.regions.size(), 9u);
  const auto face = std::find_if(touch.regions.begin(), touch.regions.end(),
                                 [](const ExactRegion& r) { return r.dimension == 2; });
  ASSERT_NE(face, touch.regions.end());
  ASSERT_TRUE(face->sufficient);
  // One contact in the middle of the face region, naming its pair, normal from B into A.
  ContactSetResult right;
  right.relation = Relation::touching;
  right.contacts.push_back({7, {}, 0.0});
  ContactRegion& c = right.contacts[0].region;
  c.a = face->a;
  c.b = face->b;
  c.points = {Vec3(0.5, 0.5, 1)};
  c.normals = {Vec3(0, 0, -1)};
  ASSERT_EQ(judge(right, touch), Verdict::pass);
  auto damaged = [&](auto change) {
    ContactSetResult r = right;
    change(r);
    return r;
  };
  // 1e-7 off the face: beyond τ = 1e-9 (within 1000 τ); a second, right contact keeps the face
  // region covered, so only the points check can fail.
  EXPECT_EQ(judge(damaged([](auto& r) {
                    r.contacts.push_back(r.contacts[0]);
                    r.contacts[1].id = 8;
                    r.contacts[0].region.points[0].z() += 1e-7;
                  }),
                  touch),
            Verdict::fail);
  // No contact at all: the face region of 𝓡 is not covered.
  const ContactSetResult none = damaged([](auto& r) { r.contacts.clear(); });
  EXPECT_EQ(judge(none, touch), Verdict::fail);
  // The normal reversed: outside the face region's cone, named or point-only.
  EXPECT_EQ(judge(damaged([](auto& r) { r.contacts[0].region.normals[0].z() = 1; }), touch),
            Verdict::fail);
  const ContactSetResult bare = damaged([](auto& r) {
    r.contacts[0].region.a.reset();
    r.contacts[0].region.b.reset();
  });
  EXPECT_EQ(judge(bare, touch), Verdict::pass);
  EXPECT_EQ(judge(damaged([&](auto& r) {
                    r = bare;
                    r.contacts[0].region.normals[0].z() = 1;
                  }),
                  touch),
            Verdict::fail);
  // The next frame keeps id 7 but names another feature of B: it no longer stands for the face
  // region, whose contact is gone (an identity break).
  const ContactSetResult renamed = damaged([](auto& r) {
    r.contacts[0].region.b = Feature{FeatureKind::vertex, 0};
  });
  EXPECT_EQ(judge(right, touch, &right), Verdict::pass);
  EXPECT_EQ(judge(renamed, touch, &right), Verdict::fail);
  // B 0.5 above A (≫ ε): any contact is spurious, none is right.
  const ExactRegions apart = exact_regions(kA, Pose::identity(), kB, at(0, 0, 1.5));
  EXPECT_EQ(judge(right, apart), Verdict::fail);
  EXPECT_EQ(judge(damaged([](auto& r) {
                    r.contacts.clear();
                    r.relation = Relation::separated;
                  }),
                  apart),
            Verdict::pass);
  // B 0.25 deep in A: an answer that does not say penetrating fails.
  const ExactRegions deep = exact_regions(kA, Pose::identity(), kB, at(0, 0, 0.75));
  EXPECT_EQ(judge(right, deep), Verdict::fail);
  EXPECT_EQ(judge(damaged([](auto& r) { r.relation = Relation::penetrating; }), deep),
            Verdict::pass);
}

// The verdict of the named check of a frame (fails the test when absent); its counts in `counts`.
Verdict frame_check(const ContactSetResult& out, const ExactRegions& ref, const std::string& name,
                    ContactFrameCounts* counts = nullptr) {
  const ContactFrameInput in{&ref, 1e-9, 1e-3, 1e-9, nullptr, nullptr, nullptr};
  ContactFrameCounts n;
  const Verification v = verify_contact_frame(out, in, n);
  if (counts) *counts = n;
  for (const CheckResult& c : v.checks)
    if (c.name == name) return c.verdict;
  ADD_FAILURE() << "no " << name << " check";
  return Verdict::error;
}

// Second tests of the checks (docs/mutation.md), on B against A's side face x = 1 instead of its
// top: B = [0, ½] × [¼, ¾]² moved by (1 + s, 0, 0). Each check is read by its name. Point-only
// contacts (no features), normal (−1, 0, 0) from B into A.
TEST(ContactSetVerifier, EachCheckByNameOnASideContact) {
  const Polytope b = box(Vec3(0, 0.25, 0.25), Vec3(0.5, 0.75, 0.75));
  auto contacts = [](std::vector<Vec3> points) {
    ContactSetResult r;
    r.relation = Relation::touching;
    for (std::size_t i = 0; i < points.size(); ++i) {
      r.contacts.push_back({i + 1, {}, 0.0});
      r.contacts.back().region.points = {points[i]};
      r.contacts.back().region.normals = {Vec3(-1, 0, 0)};
    }
    return r;
  };
  const ExactRegions touch = exact_regions(kA, Pose::identity(), b, at(1, 0, 0));
  ASSERT_EQ(touch.relation, Relation::touching);
  const ContactSetResult right = contacts({Vec3(1, 0.5, 0.5)});
  EXPECT_EQ(frame_check(right, touch, "points"), Verdict::pass);
  // A second contact 1e-7 outside A's face (beyond τ = 1e-9): the points check fails, the right
  // contact keeps the face covered.
  const ContactSetResult off = contacts({Vec3(1, 0.5, 0.5), Vec3(1 + 1e-7, 0.6, 0.4)});
  EXPECT_EQ(frame_check(off, touch, "points"), Verdict::fail);
  EXPECT_EQ(frame_check(off, touch, "coverage"), Verdict::pass);
  // The off contact alone: the face region of 𝓡 has no contact.
  ContactFrameCounts alone;
  EXPECT_EQ(frame_check(contacts({Vec3(1 + 1e-7, 0.6, 0.4)}), touch, "coverage", &alone),
            Verdict::fail);
  EXPECT_EQ(alone.missed, 1);
  // Separated by 2ε: the contact is spurious; by ε / 2 it is not judged spurious.
  for (const double s : {2e-3, 5e-4}) {
    const ExactRegions apart = exact_regions(kA, Pose::identity(), b, at(1 + s, 0, 0));
    ASSERT_EQ(apart.relation, Relation::separated);
    EXPECT_EQ(frame_check(right, apart, "points"), s > 1e-3 ? Verdict::fail : Verdict::pass) << s;
  }
  // B 0.1 into A's side: "separated" with no contacts is wrong (the frame overshoots).
  const ExactRegions deep = exact_regions(kA, Pose::identity(), b, at(0.9, 0, 0));
  ContactSetResult none;
  none.relation = Relation::separated;
  EXPECT_EQ(frame_check(none, deep, "penetration"), Verdict::fail);
  none.relation = Relation::penetrating;
  EXPECT_EQ(frame_check(none, deep, "penetration"), Verdict::pass);
}

}  // namespace
}  // namespace touchstone
