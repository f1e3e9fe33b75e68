// Shared machinery of the case families: RNG, exact integer shapes and the axis placement
// pipeline (see family_support.hpp for the contracts).
#include "cases/family_support.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "cases/families.hpp"

namespace touchstone::cases {
namespace {

std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : s) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  return h;
}

// Rotations whose quaternion yields an exactly representable matrix in Pose::from_quaternion:
// the identity, the three half-turns and the eight third-turns about cube diagonals (the
// tetrahedral group). Quarter-turns need components 1/√2, which round.
const std::array<std::array<double, 4>, 12> kExactQuaternions = {{
    {1, 0, 0, 0},
    {0, 1, 0, 0},
    {0, 0, 1, 0},
    {0, 0, 0, 1},
    {0.5, 0.5, 0.5, 0.5},
    {0.5, 0.5, 0.5, -0.5},
    {0.5, 0.5, -0.5, 0.5},
    {0.5, 0.5, -0.5, -0.5},
    {0.5, -0.5, 0.5, 0.5},
    {0.5, -0.5, 0.5, -0.5},
    {0.5, -0.5, -0.5, 0.5},
    {0.5, -0.5, -0.5, -0.5},
}};

struct SignedPermutation {
  std::array<int, 3> from{0, 1, 2};  // world axis k takes local axis from[k]
  std::array<double, 3> sign{1, 1, 1};
  Vec3 apply(const Vec3& v) const {
    return {sign[0] * v[from[0]], sign[1] * v[from[1]], sign[2] * v[from[2]]};
  }
  Mat3 matrix() const {
    Mat3 m = Mat3::Zero();
    for (int k = 0; k < 3; ++k) m(k, from[k]) = sign[k];
    return m;
  }
};

SignedPermutation random_signed_permutation(Rng& rng) {
  static const std::array<std::array<int, 3>, 6> perms = {
      {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}};
  SignedPermutation p;
  p.from = perms[static_cast<std::size_t>(rng.integer(0, 5))];
  for (double& s : p.sign) s = rng.chance(0.5) ? 1.0 : -1.0;
  return p;
}

nlohmann::json to_json(const Vec3& v) { return nlohmann::json::array({v.x(), v.y(), v.z()}); }

}  // namespace

// ---------------------------------------------------------------- RNG

Rng::Rng(std::string_view family, std::uint64_t seed, int index)
    : state_(mix64(mix64(fnv1a(family) ^ mix64(seed + 0x9e3779b97f4a7c15ULL)) ^
                   static_cast<std::uint64_t>(static_cast<std::int64_t>(index)))) {}

std::uint64_t Rng::next() {
  state_ += 0x9e3779b97f4a7c15ULL;
  return mix64(state_);
}

double Rng::uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

double Rng::uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }

std::int64_t Rng::integer(std::int64_t lo, std::int64_t hi) {
  if (hi <= lo) return lo;
  const std::uint64_t span = static_cast<std::uint64_t>(hi - lo) + 1;
  return lo + static_cast<std::int64_t>(next() % span);
}

Vec3 Rng::uniform_vector(double lo, double hi) {
  const double x = uniform(lo, hi);
  const double y = uniform(lo, hi);
  const double z = uniform(lo, hi);
  return {x, y, z};
}

Vec3 Rng::unit_vector() {
  for (;;) {
    const Vec3 v = uniform_vector(-1, 1);
    const double n2 = v.squaredNorm();
    if (n2 > 1e-4 && n2 <= 1.0) return v / std::sqrt(n2);
  }
}

std::array<double, 4> Rng::quaternion() {
  for (;;) {
    std::array<double, 4> q{uniform(-1, 1), uniform(-1, 1), uniform(-1, 1), uniform(-1, 1)};
    const double n2 = q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3];
    if (n2 > 1e-4 && n2 <= 1.0) {
      const double n = std::sqrt(n2);
      for (double& c : q) c /= n;
      return q;
    }
  }
}

// ---------------------------------------------------------------- integer polygons

std::int64_t cross(const I2& o, const I2& a, const I2& b) {
  return (a.y - o.y) * (b.z - o.z) - (a.z - o.z) * (b.y - o.y);
}

Polygon hull2(std::vector<I2> p) {
  std::sort(p.begin(), p.end(),
            [](const I2& a, const I2& b) { return a.y < b.y || (a.y == b.y && a.z < b.z); });
  p.erase(std::unique(p.begin(), p.end(),
                      [](const I2& a, const I2& b) { return a.y == b.y && a.z == b.z; }),
          p.end());
  if (p.size() < 3) return p;
  Polygon h(2 * p.size());
  std::size_t k = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    while (k >= 2 && cross(h[k - 2], h[k - 1], p[i]) <= 0) --k;
    h[k++] = p[i];
  }
  for (std::size_t i = p.size() - 1, t = k + 1; i > 0; --i) {
    while (k >= t && cross(h[k - 2], h[k - 1], p[i - 1]) <= 0) --k;
    h[k++] = p[i - 1];
  }
  h.resize(k - 1);
  return h;
}

bool strictly_inside(const Polygon& poly, const I2& p) {
  if (poly.size() < 3) return false;
  for (std::size_t i = 0; i < poly.size(); ++i)
    if (cross(poly[i], poly[(i + 1) % poly.size()], p) <= 0) return false;
  return true;
}

bool polygon_inside(const Polygon& inner, const Polygon& outer) {
  return std::all_of(inner.begin(), inner.end(),
                     [&](const I2& p) { return strictly_inside(outer, p); });
}

Polygon rectangle(std::int64_t y0, std::int64_t y1, std::int64_t z0, std::int64_t z1) {
  return {{y0, z0}, {y1, z0}, {y1, z1}, {y0, z1}};
}

Polygon fat_polygon(Rng& rng, int radius, int min_n, int max_n) {
  const std::int64_t r = radius, r2 = r * r, q = std::max<std::int64_t>(1, r / 4);
  const Polygon square = rectangle(-q, q, -q, q);
  for (int attempt = 0; attempt < 2000; ++attempt) {
    const auto n = rng.integer(min_n, max_n);
    std::vector<I2> pts;
    while (static_cast<std::int64_t>(pts.size()) < n) {
      const I2 p{rng.integer(-r, r), rng.integer(-r, r)};
      const std::int64_t d2 = p.y * p.y + p.z * p.z;
      if (4 * d2 >= r2 && d2 <= r2) pts.push_back(p);
    }
    Polygon h = hull2(pts);
    if (h.size() >= 3 && polygon_inside(square, h)) return h;
  }
  return rectangle(-r / 2, r / 2, -r / 2, r / 2);  // practically unreachable
}

// ---------------------------------------------------------------- integer solids

I2 random_direction(Rng& rng) {
  static const std::array<I2, 12> dirs = {{{1, 0},
                                           {0, 1},
                                           {1, 1},
                                           {1, -1},
                                           {2, 1},
                                           {1, 2},
                                           {2, -1},
                                           {1, -2},
                                           {3, 1},
                                           {1, 3},
                                           {3, -2},
                                           {2, 3}}};
  return dirs[static_cast<std::size_t>(rng.integer(0, 11))];
}

Solid apex_solid(Rng& rng, int radius) {
  Solid s;
  s.feature = "vertex";
  const std::int64_t h = rng.integer(radius / 4 + 1, radius);
  s.points.push_back({0, 0, 0});
  const auto kind = rng.integer(0, 3);
  if (kind == 3) {  // octahedron standing on a vertex
    s.style = "octahedron";
    const std::int64_t r = rng.integer(radius / 4 + 1, radius);
    for (I2 p : std::array<I2, 4>{{{r, 0}, {-r, 0}, {0, r}, {0, -r}}})
      s.points.push_back({-h, p.y, p.z});
    s.points.push_back({-2 * h, 0, 0});
    return s;
  }
  // The ring around the axis makes -x an interior direction at the apex.
  const Polygon ring = fat_polygon(rng, radius, 3, 8);
  for (const I2& p : ring) s.points.push_back({-h, p.y, p.z});
  if (kind == 0) {
    s.style = "pyramid";
  } else if (kind == 1) {
    s.style = "bipyramid";
    s.points.push_back({-h - rng.integer(1, radius), rng.integer(-radius / 4, radius / 4),
                        rng.integer(-radius / 4, radius / 4)});
  } else {
    s.style = "random-cone";
    const auto extra = rng.integer(1, 12);
    for (int i = 0; i < extra; ++i)
      s.points.push_back(
          {-rng.integer(h, 2 * h), rng.integer(-radius, radius), rng.integer(-radius, radius)});
  }
  return s;
}

Solid ridge_solid(Rng& rng, I2 dir, std::int64_t from, std::int64_t to, int radius) {
  Solid s;
  s.feature = "edge";
  const I2 perp{-dir.z, dir.y};
  const std::int64_t h = rng.integer(radius / 4 + 1, radius);
  const std::int64_t w = rng.integer(2, std::max<std::int64_t>(2, radius / 4));
  const std::int64_t w2 = rng.integer(2, std::max<std::int64_t>(2, radius / 4));
  const I2 ends[2] = {{from * dir.y, from * dir.z}, {to * dir.y, to * dir.z}};
  for (const I2& e : ends) {
    s.points.push_back({0, e.y, e.z});
    // The body lies on both sides of the ridge, so -x points into it from the ridge.
    s.points.push_back({-h, e.y + w * perp.y, e.z + w * perp.z});
    s.points.push_back({-h, e.y - w2 * perp.y, e.z - w2 * perp.z});
  }
  const auto kind = rng.integer(0, 2);
  if (kind == 0) {
    s.style = "wedge";
  } else if (kind == 1) {
    s.style = "roof";
    for (const I2& e : ends) {
      s.points.push_back({-2 * h, e.y + w * perp.y, e.z + w * perp.z});
      s.points.push_back({-2 * h, e.y - w2 * perp.y, e.z - w2 * perp.z});
    }
  } else {
    s.style = "random-wedge";
    const auto extra = rng.integer(1, 10);
    const std::int64_t lo = std::min(from, to), hi = std::max(from, to);
    for (int i = 0; i < extra; ++i) {
      const std::int64_t t = rng.integer(lo, hi), o = rng.integer(-w2, w);
      s.points.push_back(
          {-rng.integer(h + 1, 2 * h), t * dir.y + o * perp.y, t * dir.z + o * perp.z});
    }
  }
  return s;
}

Solid face_solid(Rng& rng, const Polygon& face, int radius) {
  Solid s;
  s.feature = "face";
  const std::int64_t h = rng.integer(radius / 4 + 1, radius);
  for (const I2& p : face) s.points.push_back({0, p.y, p.z});
  const auto kind = rng.integer(0, 3);
  if (kind == 0) {
    s.style = "prism";
    for (const I2& p : face) s.points.push_back({-h, p.y, p.z});
  } else if (kind == 1) {
    s.style = "pyramid";
    s.points.push_back(
        {-h, rng.integer(-radius / 2, radius / 2), rng.integer(-radius / 2, radius / 2)});
  } else if (kind == 2) {
    s.style = "frustum";
    for (const I2& p : face) s.points.push_back({-h, 2 * p.y, 2 * p.z});
  } else {
    s.style = "random";
    const auto extra = rng.integer(1, 16);
    for (int i = 0; i < extra; ++i)
      s.points.push_back(
          {-rng.integer(1, h), rng.integer(-radius, radius), rng.integer(-radius, radius)});
  }
  return s;
}

std::vector<I3> mirrored(std::vector<I3> points) {
  for (I3& p : points) p.x = -p.x;
  return points;
}

std::vector<Vec3> scaled(const std::vector<I3>& points, double unit) {
  std::vector<Vec3> out;
  out.reserve(points.size());
  for (const I3& p : points)
    out.emplace_back(static_cast<double>(p.x) * unit, static_cast<double>(p.y) * unit,
                     static_cast<double>(p.z) * unit);
  return out;
}

bool is_solid(const std::vector<Vec3>& points) {
  if (points.size() < 4) return false;
  for (const Vec3& p : points)
    if (!p.allFinite()) return false;
  // Greedy: farthest point, farthest from the line, farthest from the plane.
  const Vec3 p0 = points[0];
  std::size_t i1 = 0;
  for (std::size_t i = 1; i < points.size(); ++i)
    if ((points[i] - p0).squaredNorm() > (points[i1] - p0).squaredNorm()) i1 = i;
  const Vec3 e1 = points[i1] - p0;
  const double len = e1.norm();
  if (len == 0) return false;
  std::size_t i2 = 0;
  for (std::size_t i = 1; i < points.size(); ++i)
    if (e1.cross(points[i] - p0).squaredNorm() > e1.cross(points[i2] - p0).squaredNorm()) i2 = i;
  const Vec3 n = e1.cross(points[i2] - p0);
  if (n.norm() <= 1e-12 * len * len) return false;
  double best = 0;
  for (const Vec3& p : points) best = std::max(best, std::abs(n.dot(p - p0)));
  return best > 1e-12 * n.norm() * len;
}

// ---------------------------------------------------------------- cases

FamilyContext::FamilyContext(std::string name, std::uint64_t s, int i)
    : family(std::move(name)), seed(s), index(i), rng(family, s, i) {
  if (i < 0) throw std::invalid_argument("case index must be non-negative");
  const auto& sweep = gap_sweep();
  gap = sweep[static_cast<std::size_t>(i) % sweep.size()];
  variant = i / static_cast<int>(sweep.size());
}

std::array<double, 4> exact_quaternion(Rng& rng) {
  return kExactQuaternions[static_cast<std::size_t>(rng.integer(0, 11))];
}

std::string gap_tag(double gap) {
  if (gap == 0) return "gap:0";
  const int k = static_cast<int>(std::lround(-std::log10(std::abs(gap))));
  return std::string("gap:") + (gap < 0 ? "-" : "") + "1e-" + std::to_string(k);
}

ProximityCase case_skeleton(const FamilyContext& ctx, double size, nlohmann::json params) {
  ProximityCase c;
  c.id = ctx.family + "/s" + std::to_string(ctx.seed) + "/i" + std::to_string(ctx.index);
  c.family = ctx.family;
  c.a.name = "A";
  c.b.name = "B";
  c.tags.push_back(gap_tag(ctx.gap));
  c.origin = nlohmann::json::object();
  c.origin["family"] = ctx.family;
  c.origin["seed"] = ctx.seed;
  c.origin["index"] = ctx.index;
  c.origin["gap"] = ctx.gap;
  c.origin["size"] = size;
  c.origin["variant"] = ctx.variant;
  for (auto& [key, value] : params.items()) c.origin[key] = value;
  return c;
}

void tag_intended(ProximityCase& c, Relation r) {
  c.tags.push_back(std::string(to_string(r)) + "-intended");
}

void set_expected(ProximityCase& c, ContactModel model, double gap_exact) {
  Relation r = Relation::unknown;
  switch (model) {
    case ContactModel::external:
      r = gap_exact > 0 ? Relation::separated
                        : (gap_exact == 0 ? Relation::touching : Relation::penetrating);
      break;
    case ContactModel::ridge_only:
      r = gap_exact > 0 ? Relation::separated : Relation::touching;
      break;
    case ContactModel::nested:
      r = Relation::penetrating;
      break;
    case ContactModel::parallel_planes:
      r = gap_exact == 0 ? Relation::touching : Relation::separated;
      break;
    case ContactModel::approximate:
      break;
  }
  if (r == Relation::unknown) return;
  c.expected_relation = r;
  c.expected_distance = r == Relation::separated ? std::abs(gap_exact) : 0.0;
  tag_intended(c, r);
  c.tags.push_back("exact-contact");
}

ProximityCase place_on_axis(FamilyContext& ctx, AxisPair pair, double size, nlohmann::json params,
                            const PlaceOptions& options) {
  Rng& rng = ctx.rng;
  const bool nested = pair.model == ContactModel::nested;
  bool swapped = false;
  if (pair.allow_swap && rng.chance(0.5)) {
    // Mirror x and exchange roles: the new lower is the old upper seen from the other side.
    auto mirror = [](std::vector<Vec3>& pts) {
      for (Vec3& p : pts) p.x() = -p.x();
    };
    mirror(pair.lower);
    mirror(pair.upper);
    std::swap(pair.lower, pair.upper);
    std::swap(pair.lower_offset, pair.upper_offset);
    std::swap(pair.lower_feature, pair.upper_feature);
    swapped = true;
  }
  const double d = ctx.gap * size;
  Placement placement = options.placement;
  if (placement == Placement::any) placement = rng.chance(0.5) ? Placement::baked : Placement::pose;

  std::vector<Vec3> a, b;
  Pose pose_a, pose_b;
  Vec3 axis;  // world direction of the construction +x
  double gap_exact = d;
  nlohmann::json place;
  if (placement == Placement::baked) {
    const SignedPermutation perm = random_signed_permutation(rng);
    const Vec3 far = options.far_translation.value_or(Vec3::Zero());
    for (const Vec3& p : pair.lower) a.push_back(perm.apply(p + pair.lower_offset) + far);
    for (const Vec3& p : pair.upper) {
      Vec3 q = p + pair.upper_offset;
      q.x() = p.x() + d;  // offsets never touch x; 0 + d is exact at the contact
      b.push_back(perm.apply(q) + far);
    }
    axis = perm.apply(Vec3::UnitX());
    // Exact: at the contact the coordinates are t and fl(t + d), with t integer (or 0).
    double max_a = -std::numeric_limits<double>::infinity();
    double min_b = std::numeric_limits<double>::infinity();
    for (const Vec3& p : a) max_a = std::max(max_a, axis.dot(p));
    for (const Vec3& p : b) min_b = std::min(min_b, axis.dot(p));
    if (!nested)
      gap_exact = min_b - max_a;
    else if (options.far_translation)
      throw std::logic_error("nested pairs are not moved far");
    place["placement"] = "baked";
    place["permutation"] = {perm.from[0], perm.from[1], perm.from[2]};
    place["signs"] = {perm.sign[0], perm.sign[1], perm.sign[2]};
  } else {
    const std::array<double, 4> q = exact_quaternion(rng);
    const Mat3 r = Pose::from_quaternion(q, Vec3::Zero()).rotation;
    axis = r.col(0);
    if (options.far_translation) {
      // The gap stays in the local coordinates (exact); both poses carry the same far
      // translation, which the reference adds exactly.
      const Vec3 far = *options.far_translation;
      for (const Vec3& p : pair.lower) a.push_back(p + pair.lower_offset);
      for (const Vec3& p : pair.upper) {
        Vec3 s = p + pair.upper_offset;
        s.x() = p.x() + d;
        b.push_back(s);
      }
      pose_a = Pose::from_quaternion(q, far);
      pose_b = Pose::from_quaternion(q, far);
    } else {
      a = pair.lower;
      b = pair.upper;
      Vec3 tb = pair.upper_offset;
      tb.x() = d;
      // r has entries in {0, ±1}: these products and sums are exact.
      pose_a = Pose::from_quaternion(q, r * pair.lower_offset);
      pose_b = Pose::from_quaternion(q, r * tb);
    }
    place["placement"] = "pose";
    place["quaternion"] = {q[0], q[1], q[2], q[3]};
  }

  ProximityCase c = case_skeleton(ctx, size, std::move(params));
  c.a.vertices = std::move(a);
  c.b.vertices = std::move(b);
  c.pose_a = pose_a;
  c.pose_b = pose_b;
  for (auto& [key, value] : place.items()) c.origin[key] = value;
  c.origin["swapped"] = swapped;
  c.origin["features"] = {pair.lower_feature, pair.upper_feature};
  c.origin["gap_exact"] = gap_exact;
  if (nested) {
    // Outward normal of the tangent face; the inner shape protrudes by gap along it.
    c.origin["contact"] = "nested";
    c.origin["inner"] = swapped ? "A" : "B";
    c.origin["axis"] = to_json(swapped ? Vec3(-axis) : axis);
  } else {
    c.origin["contact"] = pair.model == ContactModel::ridge_only        ? "ridge"
                          : pair.model == ContactModel::parallel_planes ? "parallel"
                                                                        : "external";
    c.origin["axis"] = to_json(axis);
  }
  if (options.far_translation) c.origin["far_translation"] = to_json(*options.far_translation);
  c.tags.push_back(std::string("placement:") + (placement == Placement::baked ? "baked" : "pose"));
  if (!pair.lower_feature.empty())
    c.tags.push_back("contact:" + pair.lower_feature + "-" + pair.upper_feature);
  set_expected(c, pair.model, gap_exact);
  if (pair.model == ContactModel::approximate)
    tag_intended(c, ctx.gap > 0 ? Relation::separated
                                : (ctx.gap == 0 ? Relation::touching : Relation::penetrating));
  return c;
}

AxisPair pair_of(const Solid& lower, const Solid& upper, double lower_unit, double upper_unit) {
  AxisPair p;
  p.lower = scaled(lower.points, lower_unit);
  p.upper = scaled(mirrored(upper.points), upper_unit);
  p.lower_feature = lower.feature;
  p.upper_feature = upper.feature;
  return p;
}

bool glob_match(const std::string& pattern, const std::string& name) {
  return fnmatch(pattern.c_str(), name.c_str(), 0) == 0;
}

CaseFamily family(std::string name, std::string description, int count,
                  std::function<ProximityCase(const std::string&, std::uint64_t, int)> gen) {
  CaseFamily f;
  f.name = name;
  f.description = std::move(description);
  f.default_count = count;
  f.generate = [name, gen = std::move(gen)](std::uint64_t seed, int index) {
    return gen(name, seed, index);
  };
  return f;
}

double random_size(Rng& rng) {
  static const double sizes[] = {0.25, 0.5, 1.0, 2.0, 4.0};
  return sizes[rng.integer(0, 4)];
}

Solid side_along(Rng& rng, char kind, I2 dir, int radius) {
  switch (kind) {
    case 'v':
      return apex_solid(rng, radius);
    case 'e': {
      const std::int64_t reach =
          std::max<std::int64_t>(1, radius / std::max(std::abs(dir.y), std::abs(dir.z)));
      const std::int64_t from = -rng.integer(1, reach);
      const std::int64_t to = rng.integer(1, reach);
      return ridge_solid(rng, dir, from, to, radius);
    }
    default:
      return face_solid(rng, fat_polygon(rng, radius, 3, 8), radius);
  }
}

Solid side(Rng& rng, char kind, int radius) {
  // The direction is drawn only for an edge, first, as the generators always did.
  return kind == 'e' ? side_along(rng, kind, random_direction(rng), radius)
                     : side_along(rng, kind, I2{}, radius);
}

nlohmann::json describe(const Solid& s) {
  return {{"feature", s.feature}, {"style", s.style}, {"points", s.points.size()}};
}

}  // namespace touchstone::cases
