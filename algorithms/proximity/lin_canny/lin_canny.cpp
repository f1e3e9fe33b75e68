// Lin-Canny closest-feature algorithm (Lin & Canny 1991; Lin 1993, ch. 3 "applicability
// criteria"; seed 003 §2.1-2.2 for features, Voronoi regions and Theorem 1).
//
// Each iteration takes the current feature pair (X on A, Y on B), computes a closest pair of points
// x ∈ X, y ∈ Y explicitly, and applies the applicability tests: y must lie in the Voronoi region of
// X and x in that of Y. A vertex region is bounded by the planes through the vertex normal to its
// edges, an edge region by the two vertex planes and the two face-edge planes, a face region by
// the face-edge planes of its boundary (its prism) and the face's own plane. When a test fails by
// more than the applicability tolerance, the feature steps to the neighbour whose plane is
// violated most. Edge-face and face-face pairs are kept only when parallel (within the parallel
// tolerance) and overlapping, as in Lin's thesis; otherwise they step to the closest pair of their
// boundary features. A vertex below a face it projects into (a local minimum) scans all faces of
// the other polytope: if it is below all of them, the polytopes penetrate.
//
// Lin-Canny has no answer for penetration in general. Here it reports `penetrating` only when it
// sees it: an edge crossing a face inside its prism, a vertex inside the other polytope (then the
// features returned are an edge leaving the polytope and the face it leaves through), or a contact
// (distance below the contact tolerance) whose local tangent cones no candidate plane separates.
// A revisited pair (the step is a function of the pair, so that is a cycle) reports `failed:
// cycling`; the iteration cap reports `failed: iteration cap`.
//
// Two additions of ours, both about honesty rather than speed: an edge pair whose closest point is
// an edge's end steps to that end vertex (an equal-distance step to a lower-dimensional pair, as
// in V-Clip's state diagram; without it ties sent the walk back and forth between an edge and its
// face on generic random hulls), and a separated answer is accepted only if the plane through its
// closest points supports both polytopes (hill climbing from the features, one vertex ring when
// the answer is right). With toleranced tests a pair can pass without being closest; that is
// reported as `failed` instead of returned as an answer.
//
// This file: the query loop (warm start, cycle detection, iteration cap) and the result. The
// applicability tests and closest points are in lin_canny_applicability.cpp, one iteration on each
// kind of feature pair in lin_canny_pairs.cpp, touching vs penetrating and the slab check in
// lin_canny_contact.cpp.

#include "algorithms/proximity/lin_canny/lin_canny.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <unordered_set>
#include <vector>

#include "algorithms/proximity/lin_canny/lin_canny_internal.hpp"

namespace touchstone::lin_canny {
namespace {

using detail::Body;
using detail::Context;
using detail::Kind;
using detail::Outcome;
using detail::vertex_feature;

class LinCanny : public ProximityAlgorithm {
 public:
  explicit LinCanny(Parameters params) : params_(params) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto p = std::make_unique<PreparedShape>();
    p->polytope = &shape;
    return p;
  }

  ProximityResult query(const ProximityQuery& in) const override {
    const PreparedShape& a = *in.a;
    const PreparedShape& b = *in.b;
    std::unique_ptr<WarmStart>* warm = in.warm_start;
    ProximityResult result;
    const Pose rel = relative_pose(in.pose_a, in.pose_b);
    const Body A{a.polytope, Mat3::Identity(), Vec3::Zero()};
    const Body B{b.polytope, rel.rotation, rel.translation};
    const double scale = std::max(a.polytope->diameter(), b.polytope->diameter());
    const Context c{params_.applicability_tolerance * scale, params_.parallel_tolerance};
    const double contact = params_.contact_tolerance * scale;

    Feature fa = vertex_feature(0), fb = vertex_feature(0);
    LinCannyWarmStart* state = nullptr;
    if (warm) {
      state = dynamic_cast<LinCannyWarmStart*>(warm->get());
      if (!state) {
        *warm = std::make_unique<LinCannyWarmStart>();
        state = static_cast<LinCannyWarmStart*>(warm->get());
      } else if (state->feature_a && state->feature_b && valid(*a.polytope, *state->feature_a) &&
                 valid(*b.polytope, *state->feature_b)) {
        fa = *state->feature_a;
        fb = *state->feature_b;
      }
    }

    // The step depends only on the pair, so a revisited pair is a cycle.
    std::vector<std::uint64_t> visited;
    std::unordered_set<std::uint64_t> visited_set;
    for (int it = 0;; ++it) {
      if (it >= params_.max_iterations) return failure(result, "iteration cap", it);
      const std::uint64_t key = encode(fa) << 32 | encode(fb);
      if (visited_set.empty() && visited.size() < 64) {
        if (std::find(visited.begin(), visited.end(), key) != visited.end())
          return failure(result, "cycling", it);
        visited.push_back(key);
        if (visited.size() == 64) visited_set.insert(visited.begin(), visited.end());
      } else if (!visited_set.insert(key).second) {
        return failure(result, "cycling", it);
      }
      const Outcome o = detail::iterate(A, fa, B, fb, c);
      result.iterations = it + 1;
      if (o.kind == Kind::step) {
        fa = o.p;
        fb = o.q;
        continue;
      }
      if (o.kind == Kind::failed) return failure(result, o.reason, it + 1);
      result.feature_a = o.p;
      result.feature_b = o.q;
      const double d = (o.xp - o.xq).norm();
      if (o.kind == Kind::penetrating) {
        result.relation = Relation::penetrating;
        result.distance = 0.0;
        result.witness_a = in.pose_a.apply(o.xp);
        result.witness_b = in.pose_a.apply(o.xq);
      } else if (d > contact) {
        // The tests passed; the explicit closest points must also bound a separating slab: no
        // vertex of A beyond the plane through x normal to y − x, none of B short of the plane
        // through y (hill climbing from the features, so a true answer costs one ring). With
        // tolerances a pair can pass its tests without being closest; say so instead of
        // returning it.
        if (!detail::slab_verified(A, B, o, d, scale, contact))
          return failure(result,
                         "closest pair not verified: its tests passed within tolerance "
                         "but a vertex lies beyond its separating plane",
                         it + 1);
        result.relation = Relation::separated;
        result.distance = d;
        result.witness_a = in.pose_a.apply(o.xp);
        result.witness_b = in.pose_a.apply(o.xq);
      } else {
        result.relation = detail::separable(A, o.p, o.xp, B, o.q, o.xq, contact)
                              ? Relation::touching
                              : Relation::penetrating;
        result.distance = 0.0;
        result.witness_a = in.pose_a.apply(o.xp);
        result.witness_b = in.pose_a.apply(o.xq);
      }
      if (state) {
        state->feature_a = o.p;
        state->feature_b = o.q;
      }
      return result;
    }
  }

 private:
  static std::uint64_t encode(const Feature& f) {
    return static_cast<std::uint64_t>(f.kind) << 30 | static_cast<std::uint32_t>(f.id);
  }
  static bool valid(const Polytope& p, const Feature& f) {
    const std::size_t n = f.kind == FeatureKind::vertex ? p.vertices().size()
                          : f.kind == FeatureKind::edge ? p.edges().size()
                                                        : p.faces().size();
    return f.id >= 0 && static_cast<std::size_t>(f.id) < n;
  }
  static ProximityResult failure(ProximityResult r, std::string reason, int iterations) {
    r.status = QueryStatus::failed;
    r.reason = std::move(reason);
    r.iterations = iterations;
    return r;
  }

  Parameters params_;
};

}  // namespace

std::unique_ptr<ProximityAlgorithm> make(const Parameters& parameters) {
  return std::make_unique<LinCanny>(parameters);
}

ProximityAlgorithmInfo info() {
  const Parameters p;
  return {
      .name = "lin-canny",
      .family = "closest-feature",
      .paper = "Lin & Canny 1991; Lin 1993 (PhD thesis, ch. 3); seed 003 §2",
      .description =
          "closest-feature tracking with explicit closest points and toleranced Voronoi "
          "tests; reports penetration only where it detects it",
      .capabilities = {.distance = true,
                       .witness_points = true,
                       .features = true,
                       .warm_start = true},
      .parameters = {{"applicability_tolerance", p.applicability_tolerance},
                     {"parallel_tolerance", p.parallel_tolerance},
                     {"contact_tolerance", p.contact_tolerance},
                     {"max_iterations", p.max_iterations}},
      .make = [p] { return std::make_unique<LinCanny>(p); },
  };
}

}  // namespace touchstone::lin_canny
