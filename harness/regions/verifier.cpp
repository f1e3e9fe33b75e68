// Verdicts for contact-region answers: the contract is at the top of verifier.hpp.
#include "harness/regions/verifier.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "harness/regions/band.hpp"
#include "harness/regions/covering.hpp"
#include "harness/regions/culling_excuse.hpp"
#include "harness/regions/declared_limits.hpp"
#include "harness/regions/findings.hpp"
#include "harness/regions/normals.hpp"
#include "harness/regions/patch_checks.hpp"
#include "harness/regions/point_sets.hpp"

namespace touchstone {

nlohmann::json RegionTolerances::to_json() const {
  return {{"region_relative", region_relative},
          {"normal", normal},
          {"size", "diagonal of the bounding box of both shapes in world coordinates"}};
}

void RegionCounts::add(const RegionCounts& o) {
  returned += o.returned;
  claimed += o.claimed;
  matched += o.matched;
  missed += o.missed;
  extra += o.extra;
  declared_limit += o.declared_limit;
  coverage = coverage || o.coverage;
}

std::string describe_pair(const Feature& a, const Feature& b, int dimension) {
  return std::string(to_string(a.kind)) + " " + std::to_string(a.id) + " / " +
         std::string(to_string(b.kind)) + " " + std::to_string(b.id) + " (" +
         std::to_string(dimension) + "D)";
}

namespace {

struct Context {
  const RegionResult& result;
  const RegionCapabilities& caps;
  const ExactRegions& exact;
  const RegionVerificationInput& input;
  const RegionTolerances& tol;
  double tau;
  // Inside the band with a usable ε-closure (band_closure): the regions are judged against it.
  const EpsilonClosure* band = nullptr;
  // In the band: whether every face pair within τ touches in the configuration (band.hpp); when
  // not, 𝓡 and the normals near the left-out contact are not decided. margin: band_margin.
  bool band_complete = false;
  double margin = 0.0;
  // The regions judged against: 𝓘 of the pair, or of its touching configuration in the band.
  const std::vector<ExactRegion>& regions() const { return band ? band->regions : exact.regions; }
  // Π is compared within τ, plus |t| in the band (B's side of a region moves by t).
  double points_tolerance() const { return tau + (band ? band->length : 0.0); }
};

std::string said(Relation r) { return "said " + std::string(to_string(r)); }

BandShapes band_shapes(const Context& x) {
  return {*x.input.a, *x.input.b, x.input.step ? x.input.step->pose_a : Pose::identity(),
          x.input.step ? x.input.step->pose_b : Pose::identity()};
}

// The ε-closure when it decides the band: a touching configuration B + t with |t| ≤ τ.
const EpsilonClosure* band_closure(const Context& x) {
  const auto& c = x.exact.closure;
  return c && c->relation == Relation::touching && c->length <= x.tau ? &*c : nullptr;
}

enum class Next { stop, touching, band };

// Whether the touching configuration holds all contact within τ (band.hpp), as a check that
// reports and never fails.
void band_coverage(Context& x, Findings& f) {
  if (!x.input.a || !x.input.b) {
    f.add("ε-closure coverage", Verdict::unsupported, "the shapes were not given");
    return;
  }
  const BandShapes s = band_shapes(x);
  x.margin = band_margin(x.tau, largest_coordinate(s));
  const UntouchedPairs left = untouched_pairs(s, x.band->regions, x.tau + x.margin);
  x.band_complete = left.count == 0;
  f.add("ε-closure coverage", Verdict::pass,
        x.band_complete
            ? std::string("every face pair within τ touches in the configuration")
            : std::to_string(left.count) + " face pairs within τ do not touch in it (nearest: " +
                  describe_pair({FeatureKind::face, left.face_a}, {FeatureKind::face, left.face_b},
                                2) +
                  " at " + short_number(left.distance) +
                  "): 𝓡 and the normals of contact there are not decided");
}

// An answer inside the band that claims contact (regions, or `touching`): with an ε-closure it is
// judged against the touching configuration (verifier.hpp), else it stays `ambiguous`.
Next band_claim(const Context& x, Findings& f, const std::string& where, double error) {
  const RegionResult& r = x.result;
  const EpsilonClosure* c = band_closure(x);
  const std::string n_regions = "returned " + std::to_string(r.regions.size()) + " regions";
  const bool said_touching = x.caps.relation && r.relation == Relation::touching;
  if (!c) {
    if (said_touching)
      f.add("relation", Verdict::ambiguous, said(r.relation) + ", " + where, error, x.tau);
    if (!r.regions.empty())
      f.add("regions", Verdict::ambiguous, n_regions + ", " + where + "; no ε-closure", error,
            x.tau);
    return Next::stop;
  }
  const std::string closure = "B moved by |t| = " + short_number(c->length) +
                              " ≤ τ = " + short_number(x.tau) + " touches A";
  if (said_touching)
    f.add("relation", Verdict::pass,
          said(r.relation) + ", " + where + ": ε-touching (" + closure + ")");
  f.add("ε-closure", Verdict::pass,
        n_regions + ", " + where + "; judged against the " + std::to_string(c->regions.size()) +
            " regions of the touching configuration (" + closure + ")");
  return Next::band;
}

// The relation and the band. `touching` when the exact pair touches and `band` when it lies
// within τ of touching and the answer claims contact: then the regions are checked.
Next relation_checks(const Context& x, Findings& f) {
  const RegionResult& r = x.result;
  const ExactRegions& e = x.exact;
  const bool declared = x.caps.relation;
  const std::string n_regions = "returned " + std::to_string(r.regions.size()) + " regions";
  if (!declared) f.add("relation", Verdict::unsupported, "not declared");
  if (declared && r.relation == Relation::unknown)
    f.add("relation", Verdict::fail, "declared but not decided");
  const bool decided = declared && r.relation != Relation::unknown;
  f.check("relation");
  f.check("regions");
  switch (e.relation) {
    case Relation::separated: {
      const double d = e.distance.value_or(std::numeric_limits<double>::infinity());
      const bool band = d <= x.tau;
      const std::string where = "exact pair separated at distance " + short_number(d) +
                                (band ? " (within τ = " + short_number(x.tau) + ")" : "");
      if (band && r.relation != Relation::penetrating &&
          (!r.regions.empty() || (decided && r.relation == Relation::touching)))
        return band_claim(x, f, where, d);
      if (decided && r.relation != Relation::separated)
        f.add("relation", Verdict::fail, said(r.relation) + ", " + where, d, x.tau);
      if (!r.regions.empty()) f.add("regions", Verdict::fail, n_regions + ", " + where, d, x.tau);
      return Next::stop;
    }
    case Relation::penetrating: {
      const bool shallow = e.shallow.value_or(false);
      const std::string where = std::string("exact pair penetrating") +
                                (shallow ? " within τ = " + short_number(x.tau) : "");
      const bool claims = !r.regions.empty() || (decided && r.relation == Relation::touching);
      const bool band = shallow && claims && r.relation != Relation::penetrating;
      if (decided && r.relation != Relation::penetrating &&
          !(band && r.relation == Relation::touching))
        f.add("relation", Verdict::fail, said(r.relation) + ", " + where);
      if (band) return band_claim(x, f, where, 0.0);
      f.add("regions", Verdict::unsupported, "not checked: " + where);
      return Next::stop;
    }
    case Relation::touching:
      if (decided && r.relation != Relation::touching)
        f.add("relation", Verdict::fail, said(r.relation) + ", exact pair touching");
      return Next::touching;
    case Relation::unknown:
      break;
  }
  f.add("relation", Verdict::fail, "the exact reference did not decide the relation");
  return Next::stop;
}

// Unit length within tol_normal; the unit vectors of those that pass.
std::vector<Vec3> unit_normals(const ContactRegion& c, const std::string& who, const Context& x,
                               Findings& f) {
  std::vector<Vec3> out;
  const double allowed = std::max(x.tol.normal, 8 * std::numeric_limits<double>::epsilon());
  for (const Vec3& n : c.normals) {
    const double off = std::abs(n.norm() - 1.0);
    if (off > allowed)
      f.add("normal length", Verdict::fail, who + ": |n| = " + short_number(n.norm()), off,
            allowed);
    else
      out.push_back(n.normalized());
  }
  return out;
}

// Cone membership, count and distinct pieces of one region's normals against its exact region.
void cone_checks(const ContactRegion& c, const ExactRegion& e, const std::string& who,
                 const Context& x, Findings& f) {
  const std::vector<Vec3> normals = unit_normals(c, who, x, f);
  const int room = 3 - e.dimension;
  if (static_cast<int>(c.normals.size()) > room)
    f.add("normal count", Verdict::fail,
          who + ": " + std::to_string(c.normals.size()) + " normals, at most " +
              std::to_string(room));
  if (e.cone.pieces.empty()) {
    f.add("normal outside cone", Verdict::unsupported, "the exact cone of " + who + " is empty");
    return;
  }
  for (const Vec3& n : normals)
    if (!normal_in_cone(n, e.cone, x.tol.normal))
      f.add("normal outside cone", Verdict::fail,
            who + ": (" + short_number(n.x()) + ", " + short_number(n.y()) + ", " +
                short_number(n.z()) + ")");
  const int needed = std::min(static_cast<int>(e.cone.pieces.size()), room);
  const int hit = distinct_pieces_hit(normals, e.cone, x.tol.normal);
  if (hit < needed)
    f.add("normal pieces", Verdict::fail,
          who + ": " + std::to_string(hit) + " of " + std::to_string(needed) + " cone pieces hit");
}

// Normals of one matched region: persisted from the previous answer (conditions (6)–(7)) when
// temporal coherence is declared and applies, else in the exact cone.
void normal_checks(const ContactRegion& c, const ExactRegion& e, const std::string& who,
                   const Context& x, Findings& f) {
  if (x.caps.temporal_coherence && !x.input.previous.empty() && x.input.a && x.input.b) {
    const PersistenceSources from =
        persistence_sources(c, x.input.previous, *x.input.a, *x.input.b);
    if (from.condition != 8) {
      const bool kept = std::any_of(from.regions.begin(), from.regions.end(), [&](auto* p) {
        return same_normals(c.normals, p->normals, x.tol.normal);
      });
      if (!kept)
        f.add("normal not persisted", Verdict::fail,
              who + ": condition (" + std::to_string(from.condition) + ") keeps the normals of " +
                  describe_pair(*from.regions.front()->a, *from.regions.front()->b,
                                from.regions.front()->dimension()));
      return;
    }
  }
  cone_checks(c, e, who, x, f);
}

// The band for entity pairs, consistent with the separated band of relation_checks: a returned
// pair (x, y) outside 𝓘 whose closed entities lie at most τ apart is within τ of touching (a
// translation by at most τ makes the open entities meet), just as a whole pair separated by at
// most τ is, so it is `ambiguous`, not `fail` (for example the 1e-15 gaps of the families, beside
// an exact contact elsewhere on the same pair). The exact reference still decides membership in
// 𝓘; the distance is evaluated in doubles on the world coordinates R·v + t, whose rounding
// (~1e-16 × size) is seven orders of magnitude below τ. Nullopt without the shapes or with an
// entity id out of range (then the region fails).
std::optional<double> entity_gap(const Context& x, const Feature& a, const Feature& b) {
  if (!x.input.a || !x.input.b) return std::nullopt;
  const Pose pose_a = x.input.step ? x.input.step->pose_a : Pose::identity();
  const Pose pose_b = x.input.step ? x.input.step->pose_b : Pose::identity();
  const std::vector<Vec3> pa = entity_points(*x.input.a, pose_a, a);
  const std::vector<Vec3> pb = entity_points(*x.input.b, pose_b, b);
  if (pa.empty() || pb.empty()) return std::nullopt;
  return point_set_distance(pa, pb);
}

// Inside the band (seed 000 §2 with ε = τ): every point of Π within τ of both closed entities.
// Evaluated in doubles on the world coordinates; a distance within the rounding bound of τ
// (64 units in the last place of the largest coordinate involved, at least 1e-6 τ) is not
// decided.
void epsilon_distance_check(const Context& x, const ContactRegion& c, const std::string& who,
                            Findings& f) {
  if (!x.input.a || !x.input.b) {
    f.add("ε distance", Verdict::unsupported, "the shapes were not given");
    return;
  }
  const double far = region_reach(band_shapes(x), *c.a, *c.b, c.points);
  if (far < 0) {
    f.add("ε distance", Verdict::fail, who + ": no such entity");
    return;
  }
  double largest = 0.0;
  for (const Vec3& p : c.points) largest = std::max(largest, p.cwiseAbs().maxCoeff());
  const double margin = std::max(x.margin, band_margin(x.tau, largest));
  const std::string what = who + ": a point of Π " + short_number(far) + " from its entities";
  if (far > x.tau + margin)
    f.add("ε distance", Verdict::fail, what + " (τ = " + short_number(x.tau) + ")", far, x.tau);
  else if (far > x.tau - margin)
    f.add("ε distance", Verdict::ambiguous, what + ", within rounding of τ", far, x.tau);
}

// A region of the touching configuration that an answer inside the band does not return: wrong
// when B is within half the algorithm's declared ε of touching (its rounding, ~1e-16 × size,
// cannot have put the pair beyond its ε), else not decided.
void band_missing(const Context& x, const ExactRegion& e, Findings& f) {
  const double eps = x.input.epsilon_relative * x.input.size;
  const std::string who = describe_pair(e.a, e.b, e.dimension);
  if (x.result.subset == RegionSubset::sufficient && !x.band_complete) {
    f.add("missing region", Verdict::ambiguous,
          who +
              ": 𝓡 of the ε-closure is not decided (contact within τ outside the touching "
              "configuration)");
    return;
  }
  if (x.band->length <= eps / 2)
    f.add("missing region", Verdict::fail,
          who + " (B within |t| = " + short_number(x.band->length) +
              " of touching, ≤ ε/2 = " + short_number(eps / 2) + ")");
  else
    f.add("missing region", Verdict::ambiguous,
          who + ": B is |t| = " + short_number(x.band->length) +
              " from touching, beyond half the declared ε = " + short_number(eps));
}

// The normals of returned ε-pairs outside the touching configuration, each against its pair's
// exact cone (exact_pair_cones: the local cones alone), the dimension as returned.
void band_pair_normals(const Context& x, const std::vector<std::size_t>& which, Findings& f) {
  if (which.empty()) return;
  if (!x.input.a || !x.input.b) {
    f.add("normal outside cone", Verdict::ambiguous, "no shapes for the ε-pairs' exact cones");
    return;
  }
  std::vector<std::pair<Feature, Feature>> pairs;
  for (std::size_t i : which) pairs.emplace_back(*x.result.regions[i].a, *x.result.regions[i].b);
  std::vector<NormalCone> cones;
  try {
    const BandShapes s = band_shapes(x);
    cones = exact_pair_cones(s.a, s.pose_a, s.b, s.pose_b, pairs);
  } catch (const std::exception& e) {
    f.add("normal outside cone", Verdict::ambiguous,
          std::string("no exact cone for the ε-pairs: ") + e.what());
    return;
  }
  for (std::size_t k = 0; k < which.size(); ++k) {
    const ContactRegion& c = x.result.regions[which[k]];
    const ExactRegion e{*c.a, *c.b, c.dimension(), {}, {}, false, cones[k]};
    normal_checks(c, e, describe_pair(*c.a, *c.b, c.dimension()), x, f);
  }
}

// Algorithms naming entities, on a touching pair or inside the band.
void entity_checks(const Context& x, Findings& f, RegionCounts& counts) {
  const auto& exact = x.regions();
  const bool whole = x.result.subset == RegionSubset::intersection;
  f.check("subset");
  if (whole ? !x.caps.intersection_set : !x.caps.sufficient_set)
    f.add("subset", Verdict::fail,
          "claims the " + std::string(to_string(x.result.subset)) + " subset, not declared");
  for (const char* name : {"extra region", "dimension", "points", "missing region"}) f.check(name);
  std::vector<bool> named(exact.size(), false), right(exact.size(), false);
  std::vector<std::size_t> band_pairs;  // returned ε-pairs outside the touching configuration
  const Pose pose_a = x.input.step ? x.input.step->pose_a : Pose::identity();
  const Pose pose_b = x.input.step ? x.input.step->pose_b : Pose::identity();
  for (std::size_t i = 0; i < x.result.regions.size(); ++i) {
    const ContactRegion& c = x.result.regions[i];
    if (reject_unplaceable(c, i, f, counts.extra)) continue;
    const std::string who = describe_pair(*c.a, *c.b, c.dimension());
    if (x.band) epsilon_distance_check(x, c, who, f);
    std::size_t best = exact.size();
    double best_h = std::numeric_limits<double>::infinity();
    for (std::size_t k = 0; k < exact.size(); ++k)
      if (exact[k].a == *c.a && exact[k].b == *c.b) {
        const double h = vertex_hausdorff(c.points, exact[k].points);
        if (best == exact.size() || h < best_h) best = k, best_h = h;
      }
    if (best == exact.size()) {
      // Outside 𝓘 (of the touching configuration, in the band): an ε-pair when every point of Π
      // lies within τ of both entities (ε distance), its normals against the pair's own exact
      // cone (band_pair_normals); otherwise wrong.
      const std::optional<double> gap = x.band ? std::nullopt : entity_gap(x, *c.a, *c.b);
      if (x.band || (gap && *gap <= x.tau)) {
        if (!x.band) epsilon_distance_check(x, c, who, f);
        f.add("extra region", Verdict::pass,
              who + ": an ε-pair outside " + (x.band ? "the touching configuration" : "𝓘") +
                  (gap ? ", its closed entities " + short_number(*gap) + " apart" : ""));
        if (x.caps.normals) band_pairs.push_back(i);
      } else {
        f.add("extra region", Verdict::fail, who);
      }
      ++counts.extra;
      continue;
    }
    const ExactRegion& e = exact[best];
    named[best] = true;
    bool ok = true;
    if (c.dimension() != e.dimension) {
      f.add("dimension", Verdict::fail, who + ", exact " + std::to_string(e.dimension) + "D");
      ok = false;
    }
    if (!(best_h <= x.points_tolerance())) {
      // Inside the band a 0D or 1D Π ends where edges cross, which a translation by |t| moves by
      // |t| / sin of their angle: not decided.
      const bool open = x.band && e.dimension < 2;
      f.add("points", open ? Verdict::ambiguous : Verdict::fail,
            who + " off by " + short_number(best_h) +
                (open ? " (an edge crossing inside the band)" : ""),
            best_h, x.points_tolerance());
      ok = false;
    }
    right[best] = right[best] || ok;
    if (x.caps.normals) normal_checks(c, e, who, x, f);
  }
  band_pair_normals(x, band_pairs, f);
  if (!x.caps.normals) f.add("normals", Verdict::unsupported, "not declared");
  for (std::size_t k = 0; k < exact.size(); ++k) {
    if (!whole && !exact[k].sufficient) continue;
    if (x.caps.back_face_culling && culled_by_motion(exact[k], x.input)) continue;  // §4.1
    if (missed_by_declared_limit(x.caps, exact[k], named[k], counts)) {
      f.add("missed (declared limit)", Verdict::unsupported,
            describe_pair(exact[k].a, exact[k].b, exact[k].dimension));
      continue;
    }
    if (!named[k] && x.input.a && x.input.b) {
      const EpsilonLimit limit{
          *x.input.a,      *x.input.b, pose_a, pose_b, x.input.epsilon_relative * x.input.size,
          x.result.regions};
      if (const auto why = missed_by_declared_epsilon(x.caps, exact[k], limit)) {
        ++counts.declared_limit;
        f.add("missed (declared limit)", Verdict::unsupported,
              describe_pair(exact[k].a, exact[k].b, exact[k].dimension) + ": " + *why);
        continue;
      }
    }
    ++counts.claimed;
    counts.matched += right[k];
    if (named[k]) continue;
    ++counts.missed;
    if (x.band) {
      band_missing(x, exact[k], f);
      continue;
    }
    f.add("missing region", Verdict::fail,
          describe_pair(exact[k].a, exact[k].b, exact[k].dimension));
  }
}

// A peer's point inside the band away from every region of the touching configuration: right when
// within τ of both boundaries (an ε-contact point), its normals not decided (the configuration has
// no region there; an edge crossing inside the band moves by |t| / sin of its angle).
void band_point(const Context& x, const Vec3& p, const std::string& who, Findings& f) {
  if (!x.input.a || !x.input.b) {
    f.add("point off contact", Verdict::ambiguous, who + ": the shapes were not given");
    return;
  }
  const BandShapes s = band_shapes(x);
  const double far =
      std::max(distance_to_boundary(s.a, s.pose_a, p), distance_to_boundary(s.b, s.pose_b, p));
  const std::string what = who + " at (" + short_number(p.x()) + ", " + short_number(p.y()) + ", " +
                           short_number(p.z()) + ") is " + short_number(far) + " from a boundary";
  if (far > x.tau + x.margin)
    f.add("point off contact", Verdict::fail, what, far, x.tau);
  else if (far > x.tau - x.margin)
    f.add("point off contact", Verdict::ambiguous, what + ", within rounding of τ", far, x.tau);
  else if (x.caps.normals)
    f.add("normal outside cone", Verdict::ambiguous,
          what + ": an ε-contact point outside the touching configuration, no exact cone");
}

// Point-only peers, on a touching pair or inside the band.
void point_checks(const Context& x, Findings& f, RegionCounts& counts) {
  const auto& exact = x.regions();
  counts.coverage = true;
  f.check("point off contact");
  std::vector<bool> covered(exact.size(), false);
  for (std::size_t i = 0; i < x.result.regions.size(); ++i) {
    const ContactRegion& c = x.result.regions[i];
    const std::string who = "contact " + std::to_string(i);
    std::vector<const ExactRegion*> near;
    bool off = c.points.empty();
    for (const Vec3& p : c.points) {
      double nearest = std::numeric_limits<double>::infinity();
      for (std::size_t k = 0; k < exact.size(); ++k) {
        const double d = distance_to_point_set(p, exact[k].points);
        nearest = std::min(nearest, d);
        if (d <= x.points_tolerance()) covered[k] = true, near.push_back(&exact[k]);
      }
      if (!(nearest <= x.points_tolerance()) && x.band) {
        band_point(x, p, who, f);
        continue;
      }
      if (!(nearest <= x.points_tolerance())) {
        off = true;
        f.add("point off contact", Verdict::fail,
              who + " at (" + short_number(p.x()) + ", " + short_number(p.y()) + ", " +
                  short_number(p.z()) + ") is " + short_number(nearest) + " from every region",
              nearest, x.points_tolerance());
      }
    }
    counts.extra += off;
    if (!x.caps.normals || near.empty()) continue;
    f.check("normal outside cone");
    for (const Vec3& n : unit_normals(c, who, x, f))
      if (std::none_of(near.begin(), near.end(),
                       [&](auto* e) { return normal_in_cone(n, e->cone, x.tol.normal); }))
        f.add("normal outside cone",
              x.band && !x.band_complete ? Verdict::ambiguous : Verdict::fail,
              who + ": (" + short_number(n.x()) + ", " + short_number(n.y()) + ", " +
                  short_number(n.z()) + ")");
  }
  for (std::size_t k = 0; k < exact.size(); ++k)
    if (exact[k].sufficient) ++counts.claimed, counts.matched += covered[k];
  counts.missed = counts.claimed - counts.matched;
  f.add("coverage", Verdict::pass,
        std::to_string(counts.matched) + " of " + std::to_string(counts.claimed) +
            " regions of 𝓡 covered (reported, not judged)");
}

// The covering claim (covering.hpp) on a touching pair or inside the band, where a miss fails
// only as band_missing would fail it.
void covering(const Context& x, Findings& f, RegionCounts& counts) {
  CoveringInput in;
  in.regions = &x.regions();
  in.points_tolerance = x.points_tolerance();
  in.tau = x.tau;
  in.normal_tolerance = x.tol.normal;
  in.band = x.band != nullptr;
  if (x.band && !(x.band_complete && x.band->length <= x.input.epsilon_relative * x.input.size / 2))
    in.miss = Verdict::ambiguous;
  in.gap = [&x](const Feature& a, const Feature& b) { return entity_gap(x, a, b); };
  covering_checks(x.result, x.caps, in, f, counts);
}

}  // namespace

RegionVerification verify_regions(const RegionResult& result, const RegionCapabilities& caps,
                                  const RegionVerificationInput& input,
                                  const RegionTolerances& tol) {
  RegionVerification out;
  Verification& v = out.verification;
  out.counts.returned = static_cast<int>(result.regions.size());
  if (verdict_from_status(result.status, result.reason, v)) return out;
  if (!all_finite(result)) {
    v.checks.push_back({"finite", Verdict::fail, 0, 0, "output contains NaN or infinity"});
    decide_verdict(v);
    return out;
  }
  const double tau = tol.region_relative * std::max(input.size, 1e-300);
  if (caps.contact_patch) {  // one patch per pair, against A ∩ B (patch_checks.hpp)
    patch_checks(result, input, tol, tau, v);
    decide_verdict(v);
    return out;
  }
  if (caps.penetration_points && judges_penetration_points(input)) {
    penetration_point_checks(result, input, tol, tau, v);
    if (!caps.relation)
      v.checks.push_back({"relation", Verdict::unsupported, 0, 0, "not declared"});
    decide_verdict(v);
    return out;
  }
  Context x{result, caps, *input.exact, input, tol, tau};
  Findings f;
  const Next next = relation_checks(x, f);
  if (next == Next::band) {
    x.band = band_closure(x);
    band_coverage(x, f);
  }
  if (next != Next::stop) {
    if (caps.entities && result.subset == RegionSubset::covering)
      covering(x, f, out.counts);
    else if (caps.entities)
      entity_checks(x, f, out.counts);
    else
      point_checks(x, f, out.counts);
  }
  if (!caps.temporal_coherence) f.add("persistence", Verdict::unsupported, "not declared");
  f.emit(v);
  decide_verdict(v);
  return out;
}

}  // namespace touchstone
