// solfec-cvi (seed 001, "Contact points"): steps 1–3 of "Calculating volumetric intersection" and
// lines 1–16 of "Deriving contact points and normals"; steps 4–10 are in cvi.cpp. See solfec.hpp.
#include "algorithms/regions/solfec/solfec.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <limits>
#include <typeinfo>

#include "algorithms/proximity/gjk/gjk.hpp"
#include "algorithms/regions/solfec/cvi.hpp"

namespace touchstone::solfec {
namespace {

struct Shape : PreparedShape {
  std::unique_ptr<PreparedShape> gjk;
  std::vector<Plane> planes;  // local, unit outward normals
  std::vector<int> face_ids;  // the Polytope face each plane stands for
};

// A face whose vertices all lie within this × the shape's diameter of an earlier face's plane
// (same outward side) is that plane: the pieces of one rounded face of a hull (a rotated box's
// faces split in two triangles by rounding), which the area² weighting would otherwise weigh by
// however the dual hull splits them. The shape moves by at most this × its diameter.
constexpr double kCoplanar = 1e-9;

struct World {
  std::vector<Plane> planes;  // A's then B's, world coordinates
  int planes_a = 0;
  Vec3 min_a, max_a, min_b, max_b;
};

void add_planes(const Shape& s, const Pose& pose, std::vector<Plane>& out, Vec3& lo, Vec3& hi) {
  for (const Plane& p : s.planes) {
    const Vec3 n = pose.rotation * p.normal;
    out.push_back({n, p.offset + n.dot(pose.translation)});
  }
  lo = Vec3::Constant(std::numeric_limits<double>::infinity());
  hi = -lo;
  for (const Vec3& v : s.polytope->vertices()) {
    const Vec3 w = pose.apply(v);
    lo = lo.cwiseMin(w);
    hi = hi.cwiseMax(w);
  }
}

// Index (within [begin, end)) of the plane nearest p: lines 10–11's nearest_surface_id.
int nearest_plane(const std::vector<Plane>& planes, int begin, int end, const Vec3& p) {
  int best = begin;
  double best_d = std::numeric_limits<double>::infinity();
  for (int i = begin; i < end; ++i) {
    const double d = std::abs(planes[static_cast<std::size_t>(i)].signed_distance(p));
    if (d < best_d) best_d = d, best = i;
  }
  return best;
}

using Clock = std::chrono::steady_clock;

double ns_since(Clock::time_point t0) {
  return std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
}

class Solfec : public RegionAlgorithm {
 public:
  Solfec(const Options& o, StageTimes* times)
      : options_(o), gjk_(gjk::info().make()), times_(times) {}

  std::unique_ptr<PreparedShape> prepare(const Polytope& shape) const override {
    auto s = std::make_unique<Shape>();
    s->polytope = &shape;
    s->gjk = gjk_->prepare(shape);
    for (std::size_t k = 0; k < shape.faces().size(); ++k) {
      const Plane& plane = shape.faces()[k].plane;
      bool merged = false;
      for (const Plane& kept : s->planes) {
        if (kept.normal.dot(plane.normal) <= 0.0) continue;
        bool on = true;
        for (int v : shape.faces()[k].vertices)
          on =
              on && std::abs(kept.signed_distance(shape.vertices()[static_cast<std::size_t>(v)])) <=
                        kCoplanar * shape.diameter();
        if (on) {
          merged = true;
          break;
        }
      }
      if (!merged) {
        s->planes.push_back(plane);
        s->face_ids.push_back(static_cast<int>(k));
      }
    }
    return s;
  }

  RegionResult query(const RegionQuery& q) const override {
    try {
      return run(q);
    } catch (const std::exception& e) {
      return failed_regions(std::string("exception: ") + e.what(), RegionSubset::sufficient);
    } catch (...) {
      return failed_regions("unknown exception", RegionSubset::sufficient);
    }
  }

 private:
  static RegionResult unsupported(std::string why) {
    RegionResult r;
    r.status = QueryStatus::unsupported;
    r.reason = std::move(why);
    return r;
  }

  RegionResult run(const RegionQuery& q) const {
    if (!q.a || !q.b || typeid(*q.a) != typeid(Shape) || typeid(*q.b) != typeid(Shape))
      return failed_regions("shape was not prepared by solfec-cvi", RegionSubset::sufficient);
    const auto& a = static_cast<const Shape&>(*q.a);
    const auto& b = static_cast<const Shape&>(*q.b);
    if (!a.polytope->is_convex() || !b.polytope->is_convex())
      return unsupported("solfec-cvi needs convex polytopes");
    if (!a.polytope->is_solid() || !b.polytope->is_solid())
      return unsupported("solfec-cvi needs solids (a flat or degenerate shape has no volume)");
    for (const Pose* p : {&q.pose_a, &q.pose_b})
      if (!p->rotation.allFinite() || !p->translation.allFinite())
        return failed_regions("non-finite pose", RegionSubset::sufficient);

    World w;
    add_planes(a, q.pose_a, w.planes, w.min_a, w.max_a);
    w.planes_a = static_cast<int>(w.planes.size());
    add_planes(b, q.pose_b, w.planes, w.min_b, w.max_b);
    const double size = (w.max_a.cwiseMax(w.max_b) - w.min_a.cwiseMin(w.min_b)).norm();
    if (!std::isfinite(size))
      return failed_regions("non-finite vertices", RegionSubset::sufficient);
    const double eps = options_.geometric_epsilon * (options_.epsilon_relative ? size : 1.0);

    RegionResult r;
    r.subset = RegionSubset::sufficient;
    // Lines 1–3: d, p, q = gjk(va, vb); stop when d exceeds the geometric epsilon.
    auto t0 = times_ ? Clock::now() : Clock::time_point{};
    const ProximityResult g = gjk_->query(*a.gjk, q.pose_a, *b.gjk, q.pose_b, nullptr);
    if (times_) times_->gjk += ns_since(t0);
    r.iterations = g.iterations;
    if (g.status != QueryStatus::ok || !g.distance || !g.witness_a || !g.witness_b)
      return failed_regions("gjk: " + g.reason, RegionSubset::sufficient);
    if (*g.distance > eps) {
      r.relation = Relation::separated;
      r.distance = *g.distance;
      return r;
    }
    CviInput in;
    in.planes = w.planes;
    in.planes_a = w.planes_a;
    in.x = 0.5 * (*g.witness_a + *g.witness_b);
    in.extent_min = w.min_a.cwiseMax(w.min_b);
    in.extent_max = w.max_a.cwiseMin(w.max_b);
    in.epsilon = eps;
    CviTimes stages;
    const CviResult cvi = convex_intersection(in, times_ ? &stages : nullptr);
    if (times_) {
      times_->refine += stages.refine;
      times_->qhull += stages.qhull;
      times_->polar += stages.polar;
    }
    if (cvi.status == CviResult::Status::thin) {
      // Within ε of contact but no volume deeper than ε: Solfec returns no contact.
      r.relation = Relation::touching;
      return r;
    }
    if (cvi.status == CviResult::Status::failed)
      return failed_regions(cvi.reason, RegionSubset::sufficient);
    t0 = times_ ? Clock::now() : Clock::time_point{};
    RegionResult out = derive(q, w, cvi, eps, r);
    if (times_) times_->derive += ns_since(t0);
    return out;
  }

  // "Deriving contact points and normals", lines 1–16.
  RegionResult derive(const RegionQuery& q, const World& w, const CviResult& cvi, double eps,
                      RegionResult& r) const {
    Vec3 p = Vec3::Zero(), n = Vec3::Zero();
    double area = 0.0;
    // Per face: the summed area vector of its triangles (face weighting, solfec.hpp).
    std::vector<Vec3> face_area(w.planes.size(), Vec3::Zero());
    for (const CviTriangle& t : cvi.triangles) {  // lines 2–7
      const Vec3 cross = 0.5 * (t.v[1] - t.v[0]).cross(t.v[2] - t.v[0]);
      const double at = cross.norm();
      face_area[static_cast<std::size_t>(t.plane)] += cross;
      p += at * (t.v[0] + t.v[1] + t.v[2]) / 3.0;
      area += at;
    }
    // Lines 3–5: b = a², n ± b·normal. Areas are taken relative to the total so that a² neither
    // underflows nor overflows at extreme scales (the direction is unchanged).
    const double unit = area > 0.0 ? 1.0 / area : 0.0;
    if (options_.triangle_weights) {
      for (const CviTriangle& t : cvi.triangles) {
        const Vec3 cross = 0.5 * unit * (t.v[1] - t.v[0]).cross(t.v[2] - t.v[0]);
        n += (t.plane < w.planes_a ? cross.norm() : -cross.norm()) * cross;
      }
    } else {
      for (std::size_t i = 0; i < face_area.size(); ++i) {
        const Vec3 f = unit * face_area[i];  // a_f · (a_f n̂_f) = a_f² n̂_f, relative
        n += (static_cast<int>(i) < w.planes_a ? f.norm() : -f.norm()) * f;
      }
    }
    if (!(area > 0.0)) return failed_regions("the intersection surface has no area", r.subset);
    const double nn = n.norm();
    if (!(nn > 0.0) || !std::isfinite(nn))
      return failed_regions("the area-weighted normal vanishes (A's and B's faces balance)",
                            r.subset);
    p /= area;  // line 8
    n /= -nn;   // the contract's direction, from B into A (Solfec's n points from A into B)
    area *= 0.5;
    // Line 9: p outside A or B (beyond ε, roundoff) gives up.
    for (const Plane& pl : w.planes)
      if (pl.signed_distance(p) > eps)
        return failed_regions("the contact point fell outside A or B", r.subset);
    // Lines 10–11.
    const int na = w.planes_a, nt = static_cast<int>(w.planes.size());
    const auto& sa = static_cast<const Shape&>(*q.a);
    const auto& sb = static_cast<const Shape&>(*q.b);
    const Feature fa{FeatureKind::face,
                     sa.face_ids[static_cast<std::size_t>(nearest_plane(w.planes, 0, na, p))]};
    const Feature fb{
        FeatureKind::face,
        sb.face_ids[static_cast<std::size_t>(nearest_plane(w.planes, na, nt, p) - na)]};
    // Line 12: gap = min n·v − max n·v over the vertices of A ∩ B.
    double lo = std::numeric_limits<double>::infinity(), hi = -lo;
    for (const Vec3& v : cvi.vertices) lo = std::min(lo, n.dot(v)), hi = std::max(hi, n.dot(v));
    double gap = lo - hi;
    // Lines 13–15: a width beyond ε is re-checked: A moved by |gap| along n (away from B), B by
    // |gap| against it, and the distance GJK finds between them, less the 2|gap| added.
    if (std::abs(gap) > eps) {
      const double s = std::abs(gap);
      Pose pa = q.pose_a, pb = q.pose_b;
      pa.translation += s * n;
      pb.translation -= s * n;
      const auto t0 = times_ ? Clock::now() : Clock::time_point{};
      const ProximityResult g = gjk_->query(*sa.gjk, pa, *sb.gjk, pb, nullptr);
      if (times_) {  // GJK's share, taken out of the derivation's
        const double ns = ns_since(t0);
        times_->gjk += ns;
        times_->derive -= ns;
      }
      r.iterations += g.iterations;
      if (g.status != QueryStatus::ok || !g.distance)
        return failed_regions("gap re-check: gjk: " + g.reason, r.subset);
      gap = std::min(*g.distance - 2.0 * s, 0.0);
    }
    ContactRegion c;
    c.a = fa;
    c.b = fb;
    c.points = {p};
    c.normals = {n};
    c.area = area;
    c.gap = gap;
    r.relation = Relation::penetrating;
    r.regions.push_back(std::move(c));
    return r;
  }

  Options options_;
  std::unique_ptr<ProximityAlgorithm> gjk_;
  StageTimes* times_ = nullptr;
};

}  // namespace

std::unique_ptr<RegionAlgorithm> make(const Options& options) {
  return std::make_unique<Solfec>(options, nullptr);
}

std::unique_ptr<RegionAlgorithm> make_timed(const Options& options, StageTimes* times) {
  return std::make_unique<Solfec>(options, times);
}

RegionAlgorithmInfo info() {
  const Options o;
  return {
      .name = "solfec-cvi",
      .family = "volumetric",
      .paper = "seed 001 (Solfec-1.0 \"Contact points\"); Muller & Preparata 1978; qhull",
      .description =
          "one contact patch per convex pair from A ∩ B by duality: GJK, refine_point, qhull of "
          "the plane normals, polar set, area-weighted centroid and area²-weighted normal",
      .capabilities = {.entities = false,
                       .sufficient_set = true,
                       .normals = true,
                       .contact_patch = true},
      .parameters = {{"geometric_epsilon", o.geometric_epsilon},
                     {"epsilon_relative", o.epsilon_relative ? 1.0 : 0.0},
                     {"triangle_weights", o.triangle_weights ? 1.0 : 0.0}},
      .make = [] { return make(); },
  };
}

}  // namespace touchstone::solfec
