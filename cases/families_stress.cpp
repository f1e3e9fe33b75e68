// The stress families of shape: identical and nested shapes, near-parallel faces, slivers and
// needles (the families of extreme placement and size are in families_extreme.cpp).
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "cases/families.hpp"
#include "cases/family_support.hpp"

namespace touchstone::cases {
namespace {

// Literal tables: pow() is not required to be correctly rounded, so it may differ across libms.
constexpr std::array<double, 11> kAngles = {1e-2, 1e-3, 1e-4,  1e-5,  1e-6, 1e-7,
                                            1e-8, 1e-9, 1e-10, 1e-11, 1e-12};
constexpr std::array<double, 6> kThin = {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6};

// ------------------------------------------------------------------ identical-shapes

// One shape used twice (same vertex list). Adjacent: symmetric in x, B placed at A's x-extent +
// gap, so A's max-x feature meets its own mirror image. Coincident: B offset by the gap only.
ProximityCase identical_shapes(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  const std::int64_t m = rng.integer(4, 32);
  std::vector<I3> pts;
  std::string style;
  switch (rng.integer(0, 3)) {
    case 0: {
      style = "box";
      const auto y0 = rng.integer(4, 32), y1 = rng.integer(4, 32), z0 = rng.integer(4, 32),
                 z1 = rng.integer(4, 32);
      for (std::int64_t x : {-m, m})
        for (std::int64_t y : {-y0, y1})
          for (std::int64_t z : {-z0, z1}) pts.push_back({x, y, z});
      break;
    }
    case 1: {
      style = "prism";
      for (const I2& p : fat_polygon(rng, kRadius, 3, 8))
        for (std::int64_t x : {-m, m}) pts.push_back({x, p.y, p.z});
      break;
    }
    case 2: {
      style = "bipyramid";
      pts = {{-m, 0, 0}, {m, 0, 0}};
      for (const I2& p : fat_polygon(rng, kRadius, 3, 8)) pts.push_back({0, p.y, p.z});
      break;
    }
    default: {
      style = "symmetrized-random";
      do {
        pts.clear();
        const auto n = rng.integer(3, 16);
        for (int i = 0; i < n; ++i) {
          const I3 p{rng.integer(0, m), rng.integer(-kRadius, kRadius),
                     rng.integer(-kRadius, kRadius)};
          pts.push_back(p);
          pts.push_back({-p.x, p.y, p.z});
        }
        pts.push_back({m, rng.integer(-kRadius, kRadius), rng.integer(-kRadius, kRadius)});
        pts.push_back({-m, pts.back().y, pts.back().z});
      } while (!is_solid(scaled(pts, 1.0)));
      break;
    }
  }
  const std::vector<Vec3> a = scaled(pts, unit);
  std::vector<Vec3> b = a;
  const bool permuted = rng.chance(0.5);
  if (permuted) shuffle(rng, b);
  const bool coincident = rng.chance(1.0 / 3.0);
  const auto q = exact_quaternion(rng);
  const Mat3 r = Pose::from_quaternion(q, Vec3::Zero()).rotation;
  const double extent = static_cast<double>(2 * m) * unit;
  const double d = ctx.gap * size;
  // fl(extent + d) - extent is exact (Sterbenz), so the realized gap is known exactly.
  const double shift = coincident ? d : extent + d;
  const double gap_exact = coincident ? d : shift - extent;

  ProximityCase c = case_skeleton(ctx, size,
                                  {{"style", style},
                                   {"unit", unit},
                                   {"mode", coincident ? "coincident" : "adjacent"},
                                   {"vertex_order", permuted ? "permuted" : "same"},
                                   {"quaternion", {q[0], q[1], q[2], q[3]}},
                                   {"gap_exact", gap_exact},
                                   {"placement", "pose"}});
  c.a.vertices = a;
  c.b.vertices = std::move(b);
  c.pose_a = Pose::from_quaternion(q, Vec3::Zero());
  c.pose_b = Pose::from_quaternion(q, r * Vec3(shift, 0, 0));
  const Vec3 axis = r.col(0);
  c.origin["axis"] = {axis.x(), axis.y(), axis.z()};
  c.origin["contact"] = coincident ? "coincident" : "external";
  c.tags.push_back("placement:pose");
  set_expected(c, coincident ? ContactModel::nested : ContactModel::external, gap_exact);
  if (coincident) c.tags.push_back("coincident");
  return c;
}

// ------------------------------------------------------------------ nested-shapes

// A small solid inside a large prism, its contact feature on the prism's x = 0 face at gap 0:
// internally tangent at 0, strictly inside for negative gaps, poking out for positive ones.
ProximityCase nested_shapes(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  const Polygon face = fat_polygon(rng, kRadius, 3, 8);
  const std::int64_t depth = rng.integer(36, 64);
  std::vector<I3> outer;
  for (const I2& p : face) {
    outer.push_back({0, p.y, p.z});
    outer.push_back({-depth, p.y, p.z});
  }
  const char kinds[] = {'v', 'e', 'f'};
  const char kind = kinds[rng.integer(0, 2)];
  Solid inner;
  for (int attempt = 0;; ++attempt) {
    inner = side(rng, kind, attempt < 50 ? 8 : 4);
    const bool inside = std::all_of(inner.points.begin(), inner.points.end(), [&](const I3& p) {
      return p.x > -depth && (p.x < 0 || strictly_inside(face, {p.y, p.z}));
    });
    const bool contact_inside =
        std::all_of(inner.points.begin(), inner.points.end(), [&](const I3& p) {
          return strictly_inside(face, {p.y, p.z});
        });
    if (inside && contact_inside) break;
  }
  AxisPair pair;
  pair.lower = scaled(outer, unit);
  pair.upper = scaled(inner.points, unit);  // also on x ≤ 0: it sits inside
  pair.lower_feature = "face";
  pair.upper_feature = inner.feature;
  pair.model = ContactModel::nested;
  return place_on_axis(ctx, std::move(pair), size,
                       {{"unit", unit}, {"inner", describe(inner)}, {"outer_depth", depth}},
                       {Placement::any, std::nullopt});
}

// ------------------------------------------------------------------ near-parallel-faces

ProximityCase near_parallel(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  const double theta = kAngles[static_cast<std::size_t>(ctx.variant % 11)];
  const int kind = ctx.variant % 3;
  const Solid lower = face_solid(rng, fat_polygon(rng, kRadius, 3, 8), kRadius);
  const double back = static_cast<double>(rng.integer(8, 32)) * unit;

  if (kind == 2) {
    // A box turned by ≈θ about a random axis in the contact plane, through the pose: the
    // placement is rounded, so the gap is a label only.
    const auto hy = rng.integer(4, 32), hz = rng.integer(4, 32);
    std::vector<Vec3> box;
    for (double x : {0.0, back})
      for (std::int64_t y : {-hy, hy})
        for (std::int64_t z : {-hz, hz})
          box.emplace_back(x, static_cast<double>(y) * unit, static_cast<double>(z) * unit);
    Vec3 u;
    do u = rng.uniform_vector(-1, 1).cwiseProduct(Vec3(0, 1, 1));
    while (u.squaredNorm() > 1 || u.squaredNorm() < 1e-4);
    u /= u.norm();
    // Unnormalized (1, θ/2·u) is a rotation by 2·atan(θ/2) ≈ θ (no sin/cos needed).
    const std::array<double, 4> q = {1.0, 0.0, 0.5 * theta * u.y(), 0.5 * theta * u.z()};
    Pose pb = Pose::from_quaternion(q, Vec3::Zero());
    Vec3 lowest = pb.apply(box[0]);
    for (const Vec3& v : box)
      if (pb.apply(v).x() < lowest.x()) lowest = pb.apply(v);
    const double d = ctx.gap * size;
    pb.translation = Vec3(d - lowest.x(), -lowest.y(), -lowest.z());
    ProximityCase c = case_skeleton(ctx, size,
                                    {{"unit", unit},
                                     {"angle", theta},
                                     {"tilt", "pose-rotation"},
                                     {"rotation_axis", {u.x(), u.y(), u.z()}},
                                     {"quaternion", {q[0], q[1], q[2], q[3]}},
                                     {"lower", describe(lower)},
                                     {"placement", "pose"},
                                     {"contact", "approximate"},
                                     {"axis", {1.0, 0.0, 0.0}}});
    c.a.vertices = scaled(lower.points, unit);
    c.b.vertices = std::move(box);
    c.pose_b = pb;
    c.tags.push_back("placement:pose");
    c.tags.push_back("approximate-contact");
    tag_intended(c, ctx.gap > 0 ? Relation::separated
                                : (ctx.gap == 0 ? Relation::touching : Relation::penetrating));
    return c;
  }

  // Exact tilt: the contact edge (or vertex) is at x = 0 exactly; the rest of the tilted face is
  // at x = θ·ℓ(y, z) rounded, which is harmless since only the contact needs to be exact.
  std::vector<Vec3> upper;
  std::string tilt;
  if (kind == 0) {
    tilt = "edge";
    const auto y0 = rng.integer(1, 24), y1 = rng.integer(1, 24), zf = rng.integer(8, 32);
    const double side_sign = rng.chance(0.5) ? 1.0 : -1.0;
    const double zfar = side_sign * static_cast<double>(zf) * unit;
    const double xfar = theta * static_cast<double>(zf) * unit;
    for (std::int64_t y : {-y0, y1}) {
      const double yy = static_cast<double>(y) * unit;
      upper.emplace_back(0.0, yy, 0.0);
      upper.emplace_back(xfar, yy, zfar);
      upper.emplace_back(back, yy, 0.0);
      upper.emplace_back(back, yy, zfar);
    }
  } else {
    tilt = "vertex";
    const I2 l = random_direction(rng);
    const double lnorm = std::sqrt(static_cast<double>(l.y * l.y + l.z * l.z));
    std::vector<I2> tri = {{0, 0}};
    while (tri.size() < 3) {
      const I2 p{rng.integer(-kRadius, kRadius), rng.integer(-kRadius, kRadius)};
      if (l.y * p.y + l.z * p.z > 0 && (tri.size() == 1 || cross(tri[0], tri[1], p) != 0))
        tri.push_back(p);
    }
    for (const I2& p : tri) {
      const double yy = static_cast<double>(p.y) * unit, zz = static_cast<double>(p.z) * unit;
      const double ell = static_cast<double>(l.y * p.y + l.z * p.z) / lnorm;
      upper.emplace_back(theta * ell * unit, yy, zz);
      upper.emplace_back(back, yy, zz);
    }
  }
  AxisPair pair;
  pair.lower = scaled(lower.points, unit);
  pair.upper = std::move(upper);
  pair.lower_feature = "face";
  pair.upper_feature = kind == 0 ? "edge" : "vertex";
  return place_on_axis(
      ctx, std::move(pair), size,
      {{"unit", unit}, {"angle", theta}, {"tilt", tilt}, {"lower", describe(lower)}});
}

// ------------------------------------------------------------------ slivers-needles

// A needle standing on its tip at the origin, axis along +x, length len and radius w.
std::vector<Vec3> standing_needle(Rng& rng, double len, double w) {
  std::vector<Vec3> pts = {{0, 0, 0}};
  if (rng.chance(0.5)) {
    for (const auto& [y, z] :
         std::array<std::pair<double, double>, 3>{{{1, 0}, {-0.5, 1}, {-0.5, -1}}})
      pts.emplace_back(len, y * w, z * w);
  } else {
    for (double y : {-w, w})
      for (double z : {-w, w}) pts.emplace_back(len, y, z);
  }
  return pts;
}

// A needle lying on its ridge through the origin, along an integer direction in (y, z).
std::vector<Vec3> lying_needle(Rng& rng, I2 dir, double unit, double w) {
  const double dn = std::sqrt(static_cast<double>(dir.y * dir.y + dir.z * dir.z));
  const Vec3 e(0, static_cast<double>(dir.y), static_cast<double>(dir.z));
  const Vec3 perp(0, -e.z() / dn, e.y() / dn);
  std::vector<Vec3> pts;
  const std::int64_t reach = 24 / std::max(std::abs(dir.y), std::abs(dir.z));
  for (const double t :
       {-static_cast<double>(rng.integer(4, reach)), static_cast<double>(rng.integer(4, reach))}) {
    const Vec3 end = e * t * unit;
    pts.push_back(end);
    pts.push_back(end + Vec3(w, 0, 0) + perp * (0.5 * w));
    pts.push_back(end + Vec3(w, 0, 0) - perp * (0.5 * w));
  }
  return pts;
}

std::vector<Vec3> mirror_x(std::vector<Vec3> pts) {
  for (Vec3& p : pts) p.x() = -p.x();
  return pts;
}

ProximityCase slivers_needles(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  const int kind = ctx.variant % 6;
  const int exponent = 1 + (ctx.variant + ctx.variant / 6) % 6;
  const double w = size * kThin[static_cast<std::size_t>(exponent - 1)];
  AxisPair pair;
  std::string what;
  auto face_lower = [&] {
    const Solid s = face_solid(rng, fat_polygon(rng, kRadius, 3, 8), kRadius);
    pair.lower = scaled(s.points, unit);
    pair.lower_feature = "face";
  };
  switch (kind) {
    case 0:
      what = "needle-tip-on-face";
      face_lower();
      pair.upper = standing_needle(rng, size, w);
      pair.upper_feature = "vertex";
      break;
    case 1:
      what = "needle-lying-on-face";
      face_lower();
      pair.upper = lying_needle(rng, random_direction(rng), unit, w);
      pair.upper_feature = "edge";
      break;
    case 2: {
      what = "sliver-flat-on-face";
      face_lower();
      for (const I2& p : fat_polygon(rng, 24, 3, 3))
        pair.upper.emplace_back(0.0, static_cast<double>(p.y) * unit,
                                static_cast<double>(p.z) * unit);
      const auto cy = rng.integer(-4, 4), cz = rng.integer(-4, 4);
      pair.upper.emplace_back(w, static_cast<double>(cy) * unit, static_cast<double>(cz) * unit);
      pair.upper_feature = "face";
      break;
    }
    case 3: {
      what = "needles-crossing";
      const I2 d1 = random_direction(rng);
      I2 d2 = d1;
      while (cross({0, 0}, d1, d2) == 0) d2 = random_direction(rng);
      pair.lower = mirror_x(lying_needle(rng, d1, unit, w));
      pair.upper = lying_needle(rng, d2, unit, w);
      pair.lower_feature = pair.upper_feature = "edge";
      break;
    }
    case 4:
      what = "needle-tips";
      pair.lower = mirror_x(standing_needle(rng, size, w));
      pair.upper = standing_needle(rng, size, w);
      pair.lower_feature = pair.upper_feature = "vertex";
      break;
    default: {
      what = "blade-edge-on-face";
      face_lower();
      // A thin tetrahedral blade standing on an edge: long in the edge direction and in x,
      // thin across.
      const I2 dir = random_direction(rng);
      const double dn = std::sqrt(static_cast<double>(dir.y * dir.y + dir.z * dir.z));
      const Vec3 e(0, static_cast<double>(dir.y) / dn, static_cast<double>(dir.z) / dn);
      const Vec3 perp(0, -e.z(), e.y());
      const double a = static_cast<double>(rng.integer(4, 24)) * unit,
                   b = static_cast<double>(rng.integer(4, 24)) * unit;
      pair.upper = {-a * e, b * e, Vec3(0.5 * size, 0, 0) + perp * w,
                    Vec3(0.5 * size, 0, 0) - perp * w};
      pair.upper_feature = "edge";
      break;
    }
  }
  ProximityCase c = place_on_axis(ctx, std::move(pair), size,
                                  {{"unit", unit},
                                   {"shape", what},
                                   {"aspect", 1.0 / kThin[static_cast<std::size_t>(exponent - 1)]},
                                   {"thickness", w}});
  // Crossing needles pushed together by more than their thickness pass through each other and
  // come apart again: the gap no longer predicts the relation, so leave it to the reference.
  if (kind == 3 && c.origin.value("gap_exact", 0.0) <= -w) {
    c.expected_relation.reset();
    c.expected_distance.reset();
    std::erase_if(c.tags, [](const std::string& t) {
      return t == "exact-contact" || t.ends_with("-intended");
    });
    c.tags.push_back("overlap-exceeds-thickness");
  }
  return c;
}

}  // namespace

std::vector<CaseFamily> extreme_families();  // families_extreme.cpp

std::vector<CaseFamily> stress_families() {
  std::vector<CaseFamily> f;
  f.push_back(family("identical-shapes",
                     "one vertex list used twice: side by side at the gap, or coincident", 121,
                     identical_shapes));
  f.push_back(family("nested-shapes",
                     "a small solid inside a large prism, internally tangent at gap 0", 121,
                     nested_shapes));
  f.push_back(family("near-parallel-faces",
                     "an edge or vertex contact with faces tilted 1e-2 … 1e-12 rad from parallel",
                     242, near_parallel));
  f.push_back(family("slivers-needles",
                     "needles and slivers with aspect ratio 1e1 … 1e6 on faces, edges and tips",
                     198, slivers_needles));
  for (CaseFamily& e : extreme_families()) f.push_back(std::move(e));
  return f;
}

}  // namespace touchstone::cases
