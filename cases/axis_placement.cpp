#include "cases/axis_placement.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <stdexcept>

#include "cases/families.hpp"

namespace touchstone::cases {

namespace {

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

// ---------------------------------------------------------------- cases

FamilyContext::FamilyContext(std::string name, std::uint64_t s, int i)
    : family(std::move(name)), seed(s), index(i), rng(family, s, i) {
  if (i < 0) throw std::invalid_argument("case index must be non-negative");
  const auto& sweep = gap_sweep();
  gap = sweep[static_cast<std::size_t>(i) % sweep.size()];
  variant = i / static_cast<int>(sweep.size());
}

const std::array<std::array<double, 4>, 12>& exact_quaternions() { return kExactQuaternions; }

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

}  // namespace touchstone::cases
