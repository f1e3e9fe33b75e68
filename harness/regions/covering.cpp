// The covering claim: the contract is at the top of covering.hpp.
#include "harness/regions/covering.hpp"

#include <cmath>
#include <limits>
#include <string>

#include "harness/regions/normals.hpp"
#include "harness/regions/point_sets.hpp"

namespace touchstone {

namespace {

std::string point_text(const Vec3& p) {
  return "(" + short_number(p.x()) + ", " + short_number(p.y()) + ", " + short_number(p.z()) + ")";
}

// The returned pair's points against its exact regions (several components: the nearest), its
// normals against that region's cone.
void pair_checks(const ContactRegion& c, const std::vector<const ExactRegion*>& same,
                 const CoveringInput& in, const std::string& who, Findings& f) {
  const ExactRegion* nearest = same.front();
  double worst_of_nearest = std::numeric_limits<double>::infinity();
  for (const ExactRegion* e : same) {
    double worst = 0.0;
    for (const Vec3& p : c.points) worst = std::max(worst, distance_to_point_set(p, e->points));
    if (worst < worst_of_nearest) worst_of_nearest = worst, nearest = e;
  }
  if (!(worst_of_nearest <= in.points_tolerance))
    f.add("points", Verdict::fail, who + ": a point " + short_number(worst_of_nearest) + " off",
          worst_of_nearest, in.points_tolerance);
  for (const Vec3& n : c.normals) {
    if (!(std::abs(n.norm() - 1.0) <= std::max(in.normal_tolerance, 1e-15))) {
      f.add("normal length", Verdict::fail, who + ": |n| = " + short_number(n.norm()));
      continue;
    }
    if (nearest->cone.pieces.empty())
      f.add("normal outside cone", Verdict::unsupported, "the exact cone of " + who + " is empty");
    else if (!normal_in_cone(n.normalized(), nearest->cone, in.normal_tolerance))
      f.add("normal outside cone", Verdict::fail, who + ": " + point_text(n));
  }
}

}  // namespace

void covering_checks(const RegionResult& result, const RegionCapabilities& caps,
                     const CoveringInput& in, Findings& f, RegionCounts& counts) {
  const std::vector<ExactRegion>& exact = *in.regions;
  for (const char* name : {"subset", "extra region", "points", "normal outside cone", "coverage"})
    f.check(name);
  if (!caps.covering_set)
    f.add("subset", Verdict::fail, "claims the covering subset, not declared");
  std::vector<bool> covered(exact.size(), false);
  for (std::size_t i = 0; i < result.regions.size(); ++i) {
    const ContactRegion& c = result.regions[i];
    if (reject_unplaceable(c, i, f, counts.extra)) continue;
    const std::string who = describe_pair(*c.a, *c.b, c.dimension());
    for (const Vec3& p : c.points)
      for (std::size_t k = 0; k < exact.size(); ++k)
        if (distance_to_point_set(p, exact[k].points) <= in.points_tolerance) covered[k] = true;
    std::vector<const ExactRegion*> same;
    for (const ExactRegion& e : exact)
      if (e.a == *c.a && e.b == *c.b) same.push_back(&e);
    if (same.empty()) {
      ++counts.extra;
      const std::optional<double> gap = in.band || !in.gap ? std::nullopt : in.gap(*c.a, *c.b);
      if (in.band || (gap && *gap <= in.tau))
        f.add("extra region", Verdict::ambiguous,
              who + ": an ε-pair outside " +
                  (in.band ? std::string("the touching configuration")
                           : "𝓘, its closed entities " + short_number(*gap) + " apart"));
      else
        f.add("extra region", Verdict::fail, who + ": not a pair of 𝓘");
      continue;
    }
    pair_checks(c, same, in, who, f);
  }
  int in_r = 0, missed = 0;
  for (std::size_t k = 0; k < exact.size(); ++k) {
    if (!exact[k].sufficient) continue;
    ++in_r;
    if (covered[k]) continue;
    ++missed;
    f.add("coverage", in.miss,
          "no returned point on " + describe_pair(exact[k].a, exact[k].b, exact[k].dimension));
  }
  counts.coverage = true;  // claimed = |𝓡|, matched = covered (verifier.hpp, RegionCounts)
  counts.claimed += in_r;
  counts.matched += in_r - missed;
  counts.missed += missed;
  if (missed == 0)
    f.add("coverage", Verdict::pass,
          "every one of the " + std::to_string(in_r) + " regions of 𝓡 has a returned point on it");
}

}  // namespace touchstone
