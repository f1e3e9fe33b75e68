// Contact-patch checks: the contract is at the top of patch_checks.hpp.
#include "harness/regions/patch_checks.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>
#include <vector>

namespace touchstone {
namespace {

struct WorldPlanes {
  std::vector<Plane> planes;
  std::vector<Vec3> vertices;
};

WorldPlanes world(const Polytope& p, const Pose& pose) {
  WorldPlanes w;
  for (const Face& f : p.faces()) {
    const Vec3 n = pose.rotation * f.plane.normal;
    w.planes.push_back({n, f.plane.offset + n.dot(pose.translation)});
  }
  for (const Vec3& v : p.vertices()) w.vertices.push_back(pose.apply(v));
  return w;
}

// Largest signed distance of p outside the solid (≤ 0 inside).
double outside_by(const WorldPlanes& w, const Vec3& p) {
  double worst = -std::numeric_limits<double>::infinity();
  for (const Plane& pl : w.planes) worst = std::max(worst, pl.signed_distance(p));
  return worst;
}

std::string vec_text(const Vec3& v) {
  return "(" + short_number(v.x()) + ", " + short_number(v.y()) + ", " + short_number(v.z()) + ")";
}

void add(Verification& out, const std::string& name, Verdict v, std::string detail,
         double error = 0.0, double tolerance = 0.0) {
  out.checks.push_back({name, v, error, tolerance, std::move(detail)});
}

// The ε band (patch_checks.hpp): an upper bound on the depth of the deepest point inside both
// (the largest smallest slack over A's and B's planes). A ball of that radius lies in A ∩ B, so
// the depth is at most half the width of A ∩ B along every face normal of A and of B; 0 without
// volume. `margin` covers the rounding of the vertices and of the products.
struct DepthBound {
  double upper = 0.0, margin = 0.0;
};

DepthBound depth_upper_bound(const ExactPatch& patch, const WorldPlanes& wa,
                             const WorldPlanes& wb) {
  DepthBound b;
  double largest = 0.0;
  for (const WorldPlanes* w : {&wa, &wb})
    for (const Vec3& v : w->vertices) largest = std::max(largest, v.cwiseAbs().maxCoeff());
  b.margin = 64 * std::numeric_limits<double>::epsilon() * largest;
  if (patch.empty || patch.vertices.empty()) return b;
  b.upper = std::numeric_limits<double>::infinity();
  for (const WorldPlanes* w : {&wa, &wb})
    for (const Plane& pl : w->planes) {
      double lo = std::numeric_limits<double>::infinity(), hi = -lo;
      for (const Vec3& v : patch.vertices) {
        const double s = pl.normal.dot(v);
        lo = std::min(lo, s);
        hi = std::max(hi, s);
      }
      b.upper = std::min(b.upper, 0.5 * (hi - lo) / pl.normal.norm());
    }
  return b;
}

// min over the labels of the ambiguous faces of |n − n_exact|, and that label's tolerance term.
struct NormalFit {
  double error = std::numeric_limits<double>::infinity();
  double tolerance = 0.0;
  bool defined = false;
};

// Faces of one side whose planes agree within L over their extents (a hull's triangles of one
// rounded plane, say) may reach a floating-point method as one face: clusters of such faces.
std::vector<int> coplanar_clusters(const ExactPatch& patch, double L) {
  const std::size_t n = patch.faces.size();
  std::vector<int> root(n);
  for (std::size_t i = 0; i < n; ++i) root[i] = static_cast<int>(i);
  auto find = [&](int i) {
    while (root[static_cast<std::size_t>(i)] != i) i = root[static_cast<std::size_t>(i)];
    return i;
  };
  for (std::size_t i = 0; i < n; ++i)
    for (std::size_t j = i + 1; j < n; ++j) {
      const ExactPatchFace &f = patch.faces[i], &g = patch.faces[j];
      if (f.side != g.side || f.side == ExactPatchFace::Side::both) continue;
      const double tilt = (f.normal - g.normal).norm() * (f.perimeter + g.perimeter);
      if (tilt <= L && std::abs(f.normal.dot(g.centroid - f.centroid)) <= L)
        root[static_cast<std::size_t>(find(static_cast<int>(j)))] = find(static_cast<int>(i));
    }
  std::vector<int> out(n);
  for (std::size_t i = 0; i < n; ++i) out[i] = find(static_cast<int>(i));
  return out;
}

// Σ_c s_c |A_c| A_c over clusters c (A_c = Σ a_f n̂_f of its faces; one face: a_f² n̂_f), with
// the sign of each face's label.
Vec3 weighted_sum(const ExactPatch& patch, const std::vector<int>& signs,
                  const std::vector<int>& cluster) {
  // Areas relative to half the surface (no underflow of a² at tiny scales).
  const double unit = patch.area > 0.0 ? 1.0 / patch.area : 1.0;
  std::vector<Vec3> area(patch.faces.size(), Vec3::Zero());
  for (std::size_t i = 0; i < patch.faces.size(); ++i)
    area[static_cast<std::size_t>(cluster[i])] +=
        signs[i] * unit * patch.faces[i].area * patch.faces[i].normal;
  Vec3 sum = Vec3::Zero();
  for (const Vec3& a : area) sum += a.norm() * a;
  return sum;
}

NormalFit fit_normal(const ExactPatch& patch, const Vec3& n, double L, double tol_normal) {
  std::vector<int> base, ambiguous;
  for (std::size_t i = 0; i < patch.faces.size(); ++i) {
    const ExactPatchFace& f = patch.faces[i];
    base.push_back(f.side == ExactPatchFace::Side::a ? 1 : -1);
    if (f.side == ExactPatchFace::Side::both || f.twin_gap <= L)
      ambiguous.push_back(static_cast<int>(i));
  }
  NormalFit best;
  if (ambiguous.size() > 10) ambiguous.resize(10);  // the rest keep their exact label
  double spread = 0.0;                              // Σ a_f P_f, in the units of weighted_sum()
  const double unit = patch.area > 0.0 ? 1.0 / patch.area : 1.0;
  for (const ExactPatchFace& f : patch.faces) spread += unit * f.area * unit * f.perimeter;
  std::vector<int> separate_ids(patch.faces.size());
  for (std::size_t i = 0; i < separate_ids.size(); ++i) separate_ids[i] = static_cast<int>(i);
  const std::vector<int>& separate = separate_ids;
  const std::vector<int> merged = coplanar_clusters(patch, L);
  for (const std::vector<int>* cluster : {&separate, &merged})
    for (unsigned mask = 0; mask < (1u << ambiguous.size()); ++mask) {
      std::vector<int> signs = base;
      for (std::size_t k = 0; k < ambiguous.size(); ++k)
        signs[static_cast<std::size_t>(ambiguous[k])] = (mask >> k) & 1u ? -1 : 1;
      const Vec3 sum = weighted_sum(patch, signs, *cluster);
      const double len = sum.norm();
      if (!(len > 0.0)) continue;
      const Vec3 exact = -sum / len;
      const double tol = tol_normal + 3.0 * L * spread / len;
      const double err = (n - exact).norm();
      if (!best.defined || err - tol < best.error - best.tolerance) {
        best.error = err;
        best.tolerance = tol;
        best.defined = true;
      }
    }
  return best;
}

}  // namespace

void patch_checks(const RegionResult& result, const RegionVerificationInput& input,
                  const RegionTolerances& tol, double tau, Verification& out) {
  const ExactRegions& exact = *input.exact;
  if (!exact.patch || !input.a || !input.b) {
    add(out, "patch", Verdict::unsupported,
        "no exact patch (the shapes are not both convex solids, or it was not asked)");
    return;
  }
  const ExactPatch& patch = *exact.patch;
  const double L = tau + input.patch_epsilon;
  const Pose pose_a = input.step ? input.step->pose_a : Pose::identity();
  const Pose pose_b = input.step ? input.step->pose_b : Pose::identity();
  const WorldPlanes wa = world(*input.a, pose_a), wb = world(*input.b, pose_b);
  if (result.regions.size() > 1) {
    add(out, "patch count", Verdict::fail,
        std::to_string(result.regions.size()) + " regions, a contact patch is one");
    return;
  }
  add(out, "patch count", Verdict::pass, "");
  const std::string l_text = "L = τ + ε = " + short_number(L);
  // The seed gives a patch iff some point lies deeper than ε inside both. The algorithm's view of
  // the shapes is within τ of the exact one, so a deepest point no deeper than ε − τ (upper bound)
  // means no patch is the right answer and a patch is wrong.
  const DepthBound bound = depth_upper_bound(patch, wa, wb);
  const double below = input.patch_epsilon - tau;
  const bool shallow = bound.upper + bound.margin < below;
  const std::string shallow_text =
      "no point deeper than " + short_number(bound.upper) +
      " inside both (half the narrowest width of A ∩ B) < ε − τ = " + short_number(below);
  if (patch.empty) {
    if (result.regions.empty()) {
      add(out, "patch", Verdict::pass, "no patch: A ∩ B has no volume");
      return;
    }
    const Vec3& p = result.regions[0].points.empty() ? Vec3::Zero() : result.regions[0].points[0];
    const double d = exact.distance.value_or(0.0);
    if (exact.relation == Relation::separated && d > L) {
      add(out, "patch", Verdict::fail,
          "patch on a pair separated by " + short_number(d) + " > " + l_text, d, L);
      return;
    }
    if (shallow) {
      add(out, "patch", Verdict::fail,
          "patch on a pair without overlap volume (" + std::string(to_string(exact.relation)) +
              "): no point lies deeper than ε = " + short_number(input.patch_epsilon) +
              " inside both, the seed's answer is no patch",
          0.0, below);
      return;
    }
    const double off = std::max(outside_by(wa, p), outside_by(wb, p));
    add(out, "patch", off <= L ? Verdict::ambiguous : Verdict::fail,
        "patch on a pair without overlap volume (" + std::string(to_string(exact.relation)) +
            "), its point " + short_number(std::max(off, 0.0)) + " outside, " + l_text,
        std::max(off, 0.0), L);
    return;
  }
  // The seed answers no patch when no point is deeper than ε inside both: only a point of A ∩ B
  // provably deeper than L makes a missing patch wrong. Any point's smallest slack is a lower
  // bound on the deepest one's; try the vertex mean and the surface centroid.
  if (result.regions.empty()) {
    Vec3 mean = Vec3::Zero();
    for (const Vec3& v : patch.vertices) mean += v;
    mean /= static_cast<double>(std::max<std::size_t>(patch.vertices.size(), 1));
    double depth = 0.0;
    for (const Vec3& x : {mean, patch.point})
      depth = std::max(depth, -std::max(outside_by(wa, x), outside_by(wb, x)));
    const bool band = depth <= L;
    if (band && shallow) {
      add(out, "missing patch", Verdict::pass,
          "A ∩ B has volume " + short_number(patch.volume) + ", " + shallow_text +
              ": no patch is right");
      return;
    }
    add(out, "missing patch", band ? Verdict::ambiguous : Verdict::fail,
        "A ∩ B has volume " + short_number(patch.volume) + ", a point " + short_number(depth) +
            " deep" + (band ? " (within the ε band, " : " (beyond ") + l_text + ")",
        depth, L);
    return;
  }
  add(out, "missing patch", Verdict::pass, "");
  if (shallow) {
    add(out, "patch", Verdict::fail, "a patch, but " + shallow_text, bound.upper, below);
    return;
  }
  const ContactRegion& c = result.regions[0];
  if (c.points.size() != 1 || c.normals.size() != 1 || !c.area || !c.gap) {
    add(out, "patch form", Verdict::fail, "a patch has one point, one normal, an area and a gap");
    return;
  }
  const Vec3& p = c.points[0];
  const double dp = (p - patch.point).norm();
  add(out, "point", dp <= L ? Verdict::pass : Verdict::fail,
      vec_text(p) + ", exact " + vec_text(patch.point) + ", off by " + short_number(dp), dp, L);
  double edges = 0.0;
  for (const ExactPatchFace& f : patch.faces) edges += 0.5 * f.perimeter;
  const double da = std::abs(*c.area - patch.area), ta = L * edges;
  add(out, "area", da <= ta ? Verdict::pass : Verdict::fail,
      short_number(*c.area) + ", exact " + short_number(patch.area), da, ta);
  const Vec3 n = c.normals[0];
  const NormalFit fit = fit_normal(patch, n, L, tol.normal);
  if (!fit.defined)
    add(out, "normal", Verdict::unsupported, "the seed's normal vanishes for every labelling");
  else
    add(out, "normal", fit.error <= fit.tolerance ? Verdict::pass : Verdict::fail,
        vec_text(n) + ", exact " + vec_text(patch.normal) + ", off by " + short_number(fit.error),
        fit.error, fit.tolerance);
  // Gap: within [−S_n − L, L]; line 12's value on the exact vertices reported beside it.
  double max_b = -std::numeric_limits<double>::infinity(), min_a = -max_b;
  for (const Vec3& v : wb.vertices) max_b = std::max(max_b, n.dot(v));
  for (const Vec3& v : wa.vertices) min_a = std::min(min_a, n.dot(v));
  double lo = std::numeric_limits<double>::infinity(), hi = -lo;
  for (const Vec3& v : patch.vertices)
    lo = std::min(lo, patch.normal.dot(v)), hi = std::max(hi, patch.normal.dot(v));
  const double s_n = max_b - min_a, g = *c.gap;
  const bool gap_ok = g <= L && g >= -s_n - L;
  add(out, "gap", gap_ok ? Verdict::pass : Verdict::fail,
      short_number(g) + " in [" + short_number(-s_n) +
          ", 0] ± L; line 12 on the exact patch: " + short_number(lo - hi),
      std::abs(g - (lo - hi)), L);
  // Surface pair: the named faces are (within L) the nearest to p.
  auto nearest_ok = [&](const std::optional<Feature>& f, const WorldPlanes& w, const char* who) {
    if (!f || f->kind != FeatureKind::face || f->id < 0 ||
        f->id >= static_cast<int>(w.planes.size())) {
      add(out, "surface pair", Verdict::fail, std::string("no face of ") + who + " named");
      return;
    }
    double best = std::numeric_limits<double>::infinity();
    for (const Plane& pl : w.planes) best = std::min(best, std::abs(pl.signed_distance(p)));
    const double named = std::abs(w.planes[static_cast<std::size_t>(f->id)].signed_distance(p));
    add(out, "surface pair", named - best <= L ? Verdict::pass : Verdict::fail,
        std::string(who) + ": face " + std::to_string(f->id) + " at " + short_number(named) +
            ", nearest at " + short_number(best),
        named - best, L);
  };
  nearest_ok(c.a, wa, "A");
  nearest_ok(c.b, wb, "B");
  if (result.relation != Relation::unknown && result.relation != Relation::penetrating)
    add(out, "relation", Verdict::fail,
        "said " + std::string(to_string(result.relation)) + " with a patch on a penetrating pair");
}

bool judges_penetration_points(const RegionVerificationInput& input) {
  const ExactRegions* e = input.exact;
  return e && e->relation == Relation::penetrating && !e->shallow.value_or(false) && e->patch &&
         !e->patch->empty && e->patch->depth && e->patch->depth_normal && input.a && input.b;
}

void penetration_point_checks(const RegionResult& result, const RegionVerificationInput& input,
                              const RegionTolerances& tol, double tau, Verification& out) {
  const ExactPatch& patch = *input.exact->patch;
  const Pose pose_a = input.step ? input.step->pose_a : Pose::identity();
  const Pose pose_b = input.step ? input.step->pose_b : Pose::identity();
  const WorldPlanes wa = world(*input.a, pose_a), wb = world(*input.b, pose_b);
  const double depth = *patch.depth;
  const double normal_tol = tau + tol.normal * input.size;
  add(out, "contact", result.regions.empty() ? Verdict::fail : Verdict::pass,
      std::to_string(result.regions.size()) + " contacts; exact depth " + short_number(depth));
  for (std::size_t k = 0; k < result.regions.size(); ++k) {
    const ContactRegion& c = result.regions[k];
    const std::string who = "contact " + std::to_string(k + 1);
    for (const Vec3& p : c.points) {
      const double off = std::max(outside_by(wa, p), outside_by(wb, p));
      add(out, "point in A ∩ B", off <= tau ? Verdict::pass : Verdict::fail,
          who + " at " + vec_text(p) + ", " + short_number(std::max(off, 0.0)) + " outside",
          std::max(off, 0.0), tau);
    }
    if (c.normals.empty()) add(out, "depth normal", Verdict::fail, who + " has no normal");
    for (const Vec3& raw : c.normals) {
      const Vec3 n = raw.normalized();
      double max_b = -std::numeric_limits<double>::infinity(), min_a = -max_b;
      for (const Vec3& v : wb.vertices) max_b = std::max(max_b, n.dot(v));
      for (const Vec3& v : wa.vertices) min_a = std::min(min_a, n.dot(v));
      const double excess = (max_b - min_a) - depth;
      const double angle =
          std::atan2(n.cross(*patch.depth_normal).norm(), n.dot(*patch.depth_normal));
      add(out, "depth normal", excess <= normal_tol ? Verdict::pass : Verdict::fail,
          who + ": " + vec_text(n) + " separates after " + short_number(max_b - min_a) +
              ", exact depth " + short_number(depth) + " along " + vec_text(*patch.depth_normal) +
              " (angle " + short_number(angle) + " rad); reported depth " +
              (c.depth ? short_number(*c.depth) : std::string("none")),
          std::max(excess, 0.0), normal_tol);
    }
  }
}

}  // namespace touchstone
