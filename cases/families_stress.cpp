// The stress families: identical and nested shapes, near-parallel faces, slivers and needles,
// far from the origin, scale disparity, coplanar tessellation (degenerate hull input), high
// vertex counts and random generic hulls under random rotations.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdlib>
#include <limits>

#include "cases/families.hpp"
#include "cases/family_support.hpp"

namespace touchstone::cases {
namespace {

constexpr int kRadius = 32;
// Literal tables: pow() is not required to be correctly rounded, so it may differ across libms.
constexpr std::array<double, 11> kAngles = {1e-2, 1e-3, 1e-4, 1e-5, 1e-6, 1e-7,
                                            1e-8, 1e-9, 1e-10, 1e-11, 1e-12};
constexpr std::array<double, 6> kThin = {1e-1, 1e-2, 1e-3, 1e-4, 1e-5, 1e-6};
constexpr std::array<double, 6> kFar = {1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
constexpr std::array<int, 4> kVertexCounts = {1000, 2000, 5000, 10000};

double random_size(Rng& rng) {
  static const double sizes[] = {0.25, 0.5, 1.0, 2.0, 4.0};
  return sizes[rng.integer(0, 4)];
}

template <typename T>
void shuffle(Rng& rng, std::vector<T>& v) {
  for (std::size_t i = v.size(); i > 1; --i)
    std::swap(v[i - 1], v[static_cast<std::size_t>(rng.integer(0, static_cast<std::int64_t>(i) - 1))]);
}

Solid side(Rng& rng, char kind, int radius) {
  if (kind == 'v') return apex_solid(rng, radius);
  if (kind == 'e') {
    const I2 dir = random_direction(rng);
    const std::int64_t reach =
        std::max<std::int64_t>(1, radius / std::max(std::abs(dir.y), std::abs(dir.z)));
    const std::int64_t from = -rng.integer(1, reach);
    const std::int64_t to = rng.integer(1, reach);
    return ridge_solid(rng, dir, from, to, radius);
  }
  return face_solid(rng, fat_polygon(rng, radius, 3, 8), radius);
}

nlohmann::json describe(const Solid& s) {
  return {{"feature", s.feature}, {"style", s.style}, {"points", s.points.size()}};
}

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
          const I3 p{rng.integer(0, m), rng.integer(-kRadius, kRadius), rng.integer(-kRadius, kRadius)};
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
    const bool contact_inside = std::all_of(inner.points.begin(), inner.points.end(),
                                            [&](const I3& p) { return strictly_inside(face, {p.y, p.z}); });
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
  return place_on_axis(ctx, std::move(pair), size,
                       {{"unit", unit}, {"angle", theta}, {"tilt", tilt}, {"lower", describe(lower)}});
}

// ------------------------------------------------------------------ slivers-needles

// A needle standing on its tip at the origin, axis along +x, length len and radius w.
std::vector<Vec3> standing_needle(Rng& rng, double len, double w) {
  std::vector<Vec3> pts = {{0, 0, 0}};
  if (rng.chance(0.5)) {
    for (const auto& [y, z] : std::array<std::pair<double, double>, 3>{{{1, 0}, {-0.5, 1}, {-0.5, -1}}})
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
  for (const double t : {-static_cast<double>(rng.integer(4, reach)), static_cast<double>(rng.integer(4, reach))}) {
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
        pair.upper.emplace_back(0.0, static_cast<double>(p.y) * unit, static_cast<double>(p.z) * unit);
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
                       {{"unit", unit}, {"shape", what}, {"aspect", 1.0 / kThin[static_cast<std::size_t>(exponent - 1)]},
                        {"thickness", w}});
  // Crossing needles pushed together by more than their thickness pass through each other and
  // come apart again: the gap no longer predicts the relation, so leave it to the reference.
  if (kind == 3 && c.origin.value("gap_exact", 0.0) <= -w) {
    c.expected_relation.reset();
    c.expected_distance.reset();
    std::erase_if(c.tags, [](const std::string& t) { return t == "exact-contact" || t.ends_with("-intended"); });
    c.tags.push_back("overlap-exceeds-thickness");
  }
  return c;
}

// ------------------------------------------------------------------ far-from-origin

ProximityCase far_from_origin(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  const double magnitude = kFar[static_cast<std::size_t>(ctx.variant % 6)];
  static const std::array<std::pair<char, char>, 5> combos = {
      {{'v', 'f'}, {'e', 'e'}, {'f', 'f'}, {'e', 'f'}, {'v', 'v'}}};
  const auto [lo, up] = combos[static_cast<std::size_t>(rng.integer(0, 4))];
  const Solid lower = side(rng, lo, kRadius), upper = side(rng, up, kRadius);
  AxisPair pair = pair_of(lower, upper, unit);
  Vec3 far;
  if (rng.chance(0.25)) {
    far = Vec3::Zero();
    const auto k = rng.integer(0, 2);
    far[k] = rng.chance(0.5) ? magnitude : -magnitude;
  } else {
    far = rng.unit_vector() * magnitude;
    for (int k = 0; k < 3; ++k) far[k] = std::nearbyint(far[k]);
  }
  return place_on_axis(ctx, std::move(pair), size,
                       {{"unit", unit}, {"distance_from_origin", magnitude},
                        {"lower", describe(lower)}, {"upper", describe(upper)}},
                       {Placement::any, far});
}

// ------------------------------------------------------------------ scale-disparity

ProximityCase scale_disparity(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double big = 1e4, small = 1e-4;
  const double big_unit = big / 64, small_unit = small / 64;
  const char big_kind = rng.chance(2.0 / 3.0) ? 'f' : (rng.chance(0.5) ? 'v' : 'e');
  const char small_kinds[] = {'v', 'e', 'f'};
  const char small_kind = small_kinds[rng.integer(0, 2)];
  const Solid lower = side(rng, big_kind, kRadius), upper = side(rng, small_kind, kRadius);
  AxisPair pair = pair_of(lower, upper, big_unit, small_unit);
  if (big_kind == 'f') {
    // Contact anywhere on the big face (it contains [-8, 8]² units in its interior).
    const auto cy = rng.integer(-7, 7), cz = rng.integer(-7, 7);
    const double jy = rng.uniform(-1, 1), jz = rng.uniform(-1, 1);
    // The big shape moves (not the small one): a 1e-4 shape at 1e3 would keep only ~7 digits.
    pair.lower_offset = Vec3(0, -(static_cast<double>(cy) * big_unit + jy),
                             -(static_cast<double>(cz) * big_unit + jz));
  }
  return place_on_axis(ctx, std::move(pair), small,
                       {{"big_size", big}, {"small_size", small}, {"big", describe(lower)},
                        {"small", describe(upper)}});
}

// ------------------------------------------------------------------ coplanar-tessellation

// A box given by lattice points on its faces (or only on its edges), with duplicates and a few
// interior points, shuffled: the hull must merge coplanar triangles and drop non-vertices.
std::vector<I3> tessellated_box(std::int64_t n, const std::array<std::int64_t, 6>& b,
                                bool edges_only) {
  std::vector<I3> pts;
  for (std::int64_t i = 0; i <= n; ++i)
    for (std::int64_t j = 0; j <= n; ++j)
      for (std::int64_t k = 0; k <= n; ++k) {
        const int extremes = (i == 0 || i == n) + (j == 0 || j == n) + (k == 0 || k == n);
        if (extremes < (edges_only ? 2 : 1)) continue;
        pts.push_back({b[0] + i * (b[1] - b[0]) / n, b[2] + j * (b[3] - b[2]) / n,
                       b[4] + k * (b[5] - b[4]) / n});
      }
  return pts;
}

// A triangular prism x ∈ [-n·c, 0] tessellated with barycentric lattice points on the caps and
// lattice points on the sides; triangle vertices are n·t so all points are integers.
std::vector<I3> tessellated_prism(std::int64_t n, std::int64_t c, const Polygon& t) {
  std::vector<I3> pts;
  for (std::int64_t l = 0; l <= n; ++l) {
    const std::int64_t x = -l * c;
    for (std::size_t e = 0; e < 3; ++e) {
      const I2 p = t[e], q = t[(e + 1) % 3];
      for (std::int64_t s = 0; s < n; ++s)
        pts.push_back({x, (n - s) * p.y + s * q.y, (n - s) * p.z + s * q.z});
    }
    if (l == 0 || l == n)
      for (std::int64_t a = 0; a <= n; ++a)
        for (std::int64_t bb = 0; a + bb <= n; ++bb) {
          const std::int64_t cc = n - a - bb;
          pts.push_back({x, a * t[0].y + bb * t[1].y + cc * t[2].y, a * t[0].z + bb * t[1].z + cc * t[2].z});
        }
  }
  return pts;
}

ProximityCase coplanar_tessellation(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng), unit = size / 64;
  auto make_box = [&](std::int64_t& n_out, bool& edges_out) {
    const std::int64_t n = rng.integer(2, 6);
    const bool edges_only = rng.chance(0.3);
    n_out = n;
    edges_out = edges_only;
    const std::array<std::int64_t, 6> b = {-n * rng.integer(1, 8), 0,
                                           -n * rng.integer(1, 6), n * rng.integer(1, 6),
                                           -n * rng.integer(1, 6), n * rng.integer(1, 6)};
    std::vector<I3> pts = tessellated_box(n, b, edges_only);
    const auto interior = rng.integer(0, 5);
    for (int i = 0; i < interior; ++i)
      pts.push_back({rng.integer(b[0] + 1, b[1] - 1), rng.integer(b[2] + 1, b[3] - 1),
                     rng.integer(b[4] + 1, b[5] - 1)});
    return pts;
  };
  auto degrade = [&](std::vector<I3> pts) {
    const std::size_t original = pts.size();
    for (std::size_t i = 0; i < original; ++i)
      if (rng.chance(0.2)) {
        const auto copies = rng.integer(1, 2);
        for (int k = 0; k < copies; ++k) pts.push_back(pts[i]);
      }
    shuffle(rng, pts);
    return pts;
  };
  std::int64_t n_lower = 0, n_upper = 0;
  bool edges_lower = false, edges_upper = false;
  std::vector<I3> lower = make_box(n_lower, edges_lower);
  std::vector<I3> upper;
  std::string upper_shape;
  if (rng.chance(0.5)) {
    upper_shape = "tessellated-box";
    upper = make_box(n_upper, edges_upper);
  } else {
    upper_shape = "tessellated-prism";
    n_upper = rng.integer(2, 6);
    const std::int64_t layer = rng.integer(1, 6);
    upper = tessellated_prism(n_upper, layer, fat_polygon(rng, 8, 3, 3));
  }
  AxisPair pair;
  pair.lower = scaled(degrade(std::move(lower)), unit);
  pair.upper = scaled(mirrored(degrade(std::move(upper))), unit);
  pair.lower_feature = pair.upper_feature = "face";
  return place_on_axis(ctx, std::move(pair), size,
                       {{"unit", unit},
                        {"lower_subdivisions", n_lower},
                        {"lower_edges_only", edges_lower},
                        {"upper_shape", upper_shape},
                        {"upper_subdivisions", n_upper},
                        {"upper_edges_only", edges_upper}});
}

// ------------------------------------------------------------------ high-vertex-count

ProximityCase high_vertex_count(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng);
  const int count = kVertexCounts[static_cast<std::size_t>(ctx.variant % 4)];
  const bool ellipsoid = rng.chance(0.5);
  // Shifted so the extreme point is exactly the origin; rounding is monotone, so every other
  // point stays on its side of x = 0.
  auto cloud = [&](bool lower_side) {
    const Vec3 axes = ellipsoid ? rng.uniform_vector(0.25, 1) * size : Vec3(size, size, size);
    std::vector<Vec3> pts;
    pts.reserve(static_cast<std::size_t>(count));
    for (int i = 0; i < count; ++i) pts.push_back(rng.unit_vector().cwiseProduct(axes));
    std::size_t extreme = 0;
    for (std::size_t i = 1; i < pts.size(); ++i)
      if (lower_side ? pts[i].x() > pts[extreme].x() : pts[i].x() < pts[extreme].x()) extreme = i;
    const Vec3 apex = pts[extreme];
    for (Vec3& p : pts) p -= apex;
    return pts;
  };
  AxisPair pair;
  pair.lower = cloud(true);
  pair.upper = cloud(false);
  pair.lower_feature = pair.upper_feature = "vertex";
  return place_on_axis(ctx, std::move(pair), size,
                       {{"vertices", count}, {"surface", ellipsoid ? "ellipsoid" : "sphere"}});
}

// ------------------------------------------------------------------ random-generic

std::vector<Vec3> random_hull_points(Rng& rng, double size, std::string& kind) {
  for (;;) {
    const auto n = rng.integer(4, 40);
    std::vector<Vec3> pts;
    const auto k = rng.integer(0, 3);
    const Vec3 stretch = rng.uniform_vector(0.3, 1);
    for (int i = 0; i < n; ++i) {
      Vec3 p;
      switch (k) {
        case 0: kind = "cube"; p = rng.uniform_vector(-1, 1); break;
        case 1: {
          kind = "ball";
          const Vec3 dir = rng.unit_vector();
          p = dir * rng.uniform();
          break;
        }
        case 2: kind = "sphere"; p = rng.unit_vector(); break;
        default: kind = "ellipsoid"; p = rng.unit_vector().cwiseProduct(stretch); break;
      }
      pts.push_back(p * size);
    }
    if (is_solid(pts)) return pts;
  }
}

ProximityCase random_generic(const std::string& name, std::uint64_t seed, int index) {
  FamilyContext ctx(name, seed, index);
  Rng& rng = ctx.rng;
  const double size = random_size(rng);
  std::string kind_a, kind_b;
  std::vector<Vec3> a = random_hull_points(rng, size, kind_a);
  std::vector<Vec3> b = random_hull_points(rng, size * rng.uniform(0.25, 1.0), kind_b);
  const auto qa = rng.quaternion(), qb = rng.quaternion();
  const Vec3 ta = rng.uniform_vector(-1, 1) * size;
  const Pose pa = Pose::from_quaternion(qa, ta);
  Pose pb = Pose::from_quaternion(qb, Vec3::Zero());
  const Vec3 u = rng.unit_vector();
  // Put B's lowest point along u at A's highest point plus gap·size·u: touching at one point at
  // gap 0 (up to rounding); for negative gaps the projections overlap by |gap|·size.
  Vec3 top = pa.apply(a[0]), bottom = pb.apply(b[0]);
  for (const Vec3& v : a)
    if (u.dot(pa.apply(v)) > u.dot(top)) top = pa.apply(v);
  for (const Vec3& v : b)
    if (u.dot(pb.apply(v)) < u.dot(bottom)) bottom = pb.apply(v);
  pb.translation = top - bottom + u * (ctx.gap * size);
  ProximityCase c = case_skeleton(ctx, size,
                                  {{"shape_a", kind_a},
                                   {"shape_b", kind_b},
                                   {"points", {a.size(), b.size()}},
                                   {"quaternion_a", {qa[0], qa[1], qa[2], qa[3]}},
                                   {"quaternion_b", {qb[0], qb[1], qb[2], qb[3]}},
                                   {"direction", {u.x(), u.y(), u.z()}},
                                   {"placement", "pose"},
                                   {"contact", "approximate"}});
  c.a.vertices = std::move(a);
  c.b.vertices = std::move(b);
  c.pose_a = pa;
  c.pose_b = pb;
  c.tags.push_back("placement:pose");
  c.tags.push_back("approximate-contact");
  if (ctx.gap > 0) tag_intended(c, Relation::separated);  // a separating slab exists
  else c.tags.push_back(ctx.gap == 0 ? "touching-along-direction" : "overlapping-along-direction");
  return c;
}

CaseFamily make(std::string name, std::string description, int count,
                ProximityCase (*gen)(const std::string&, std::uint64_t, int)) {
  CaseFamily f;
  f.name = name;
  f.description = std::move(description);
  f.default_count = count;
  f.generate = [name, gen](std::uint64_t seed, int index) { return gen(name, seed, index); };
  return f;
}

}  // namespace

std::vector<CaseFamily> stress_families() {
  std::vector<CaseFamily> f;
  f.push_back(make("identical-shapes",
                   "one vertex list used twice: side by side at the gap, or coincident", 121,
                   identical_shapes));
  f.push_back(make("nested-shapes",
                   "a small solid inside a large prism, internally tangent at gap 0", 121,
                   nested_shapes));
  f.push_back(make("near-parallel-faces",
                   "an edge or vertex contact with faces tilted 1e-2 … 1e-12 rad from parallel",
                   242, near_parallel));
  f.push_back(make("slivers-needles",
                   "needles and slivers with aspect ratio 1e1 … 1e6 on faces, edges and tips",
                   198, slivers_needles));
  f.push_back(make("far-from-origin",
                   "exact contacts translated 1e3 … 1e8 away (in the poses or the vertices)", 132,
                   far_from_origin));
  f.push_back(make("scale-disparity", "a 1e-4 shape against a 1e4 shape", 132, scale_disparity));
  f.push_back(make("coplanar-tessellation",
                   "hull input with lattice points on faces and edges, duplicates, interior points",
                   132, coplanar_tessellation));
  f.push_back(make("high-vertex-count",
                   "hulls of 1000 … 10000 points on spheres or ellipsoids, tip to tip", 11,
                   high_vertex_count));
  f.push_back(make("random-generic",
                   "random hulls under random rotations, gap measured along a random direction",
                   220, random_generic));
  return f;
}

}  // namespace touchstone::cases
