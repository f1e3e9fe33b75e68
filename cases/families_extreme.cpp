// The stress families of extreme placement and size: far from the origin, scale disparity,
// coplanar tessellation (degenerate hull input), high vertex counts and random generic hulls under
// random rotations.
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
constexpr std::array<double, 6> kFar = {1e3, 1e4, 1e5, 1e6, 1e7, 1e8};
constexpr std::array<int, 4> kVertexCounts = {1000, 2000, 5000, 10000};

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
                       {{"unit", unit},
                        {"distance_from_origin", magnitude},
                        {"lower", describe(lower)},
                        {"upper", describe(upper)}},
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
                       {{"big_size", big},
                        {"small_size", small},
                        {"big", describe(lower)},
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
          pts.push_back(
              {x, a * t[0].y + bb * t[1].y + cc * t[2].y, a * t[0].z + bb * t[1].z + cc * t[2].z});
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
        case 0:
          kind = "cube";
          p = rng.uniform_vector(-1, 1);
          break;
        case 1: {
          kind = "ball";
          const Vec3 dir = rng.unit_vector();
          p = dir * rng.uniform();
          break;
        }
        case 2:
          kind = "sphere";
          p = rng.unit_vector();
          break;
        default:
          kind = "ellipsoid";
          p = rng.unit_vector().cwiseProduct(stretch);
          break;
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
  if (ctx.gap > 0)
    tag_intended(c, Relation::separated);  // a separating slab exists
  else
    c.tags.push_back(ctx.gap == 0 ? "touching-along-direction" : "overlapping-along-direction");
  return c;
}

}  // namespace

std::vector<CaseFamily> extreme_families() {
  std::vector<CaseFamily> f;
  f.push_back(family("far-from-origin",
                     "exact contacts translated 1e3 … 1e8 away (in the poses or the vertices)", 132,
                     far_from_origin));
  f.push_back(family("scale-disparity", "a 1e-4 shape against a 1e4 shape", 132, scale_disparity));
  f.push_back(
      family("coplanar-tessellation",
             "hull input with lattice points on faces and edges, duplicates, interior points", 132,
             coplanar_tessellation));
  f.push_back(family("high-vertex-count",
                     "hulls of 1000 … 10000 points on spheres or ellipsoids, tip to tip", 11,
                     high_vertex_count));
  f.push_back(family("random-generic",
                     "random hulls under random rotations, gap measured along a random direction",
                     220, random_generic));
  return f;
}

}  // namespace touchstone::cases
