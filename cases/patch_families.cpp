// Contact-patch families: see patch_families.hpp.
#include "cases/patch_families.hpp"

#include <array>
#include <cmath>
#include <string>

#include "cases/family_support.hpp"
#include "cases/sparsify_scene.hpp"

namespace touchstone {
namespace {

std::vector<Vec3> box_points(const Vec3& lo, const Vec3& hi) {
  std::vector<Vec3> out;
  for (int k = 0; k < 8; ++k)
    out.emplace_back(k & 1 ? hi.x() : lo.x(), k & 2 ? hi.y() : lo.y(), k & 4 ? hi.z() : lo.z());
  return out;
}

// x += sx · z, y += sy · z: planar faces stay planar (an affine map), exact for dyadic inputs.
std::vector<Vec3> sheared(std::vector<Vec3> points, double sx, double sy) {
  for (Vec3& p : points) p += Vec3(sx * p.z(), sy * p.z(), 0.0);
  return points;
}

RegionCase skeleton(const std::string& family, std::uint64_t seed, int index, std::vector<Vec3> a,
                    std::vector<Vec3> b, nlohmann::json params) {
  RegionCase c;
  c.id = family + "/s" + std::to_string(seed) + "/i" + std::to_string(index);
  c.family = family;
  c.a = {"A", std::move(a), std::nullopt};
  c.b = {"B", std::move(b), std::nullopt};
  c.steps.push_back({Pose::identity(), Pose::identity(), std::nullopt, std::nullopt});
  c.tags = {"contact-patch"};
  c.origin = {{"family", family}, {"seed", seed}, {"index", index}, {"params", params}};
  return c;
}

constexpr std::array<double, 11> kDepths = {0.3,   0.1, 1e-2,   1e-3,  1e-6, 1e-9,
                                            1e-14, 0.0, -1e-14, -1e-9, -1e-3};

RegionCase hex_stack(std::uint64_t seed, int index) {
  cases::Rng rng("hex-stack", seed, index);
  const double depth = kDepths[static_cast<std::size_t>(index) % kDepths.size()];
  const bool shifted = (index / 11) % 2 == 1;
  const double sx = static_cast<double>(rng.integer(-2, 2)) / 8.0;
  const double sy = static_cast<double>(rng.integer(-2, 2)) / 8.0;
  const std::vector<Vec3> a = sheared(box_points({0, 0, -1}, {1, 1, 0}), sx, sy);
  std::vector<Vec3> b = sheared(box_points({0, 0, 0}, {1, 1, 1}), sx, sy);
  for (Vec3& p : b) p += Vec3(shifted ? 0.5 : 0.0, shifted ? 0.25 : 0.0, -depth);
  RegionCase c = skeleton("hex-stack", seed, index, a, b,
                          {{"depth", depth}, {"shifted", shifted}, {"shear", {sx, sy}}});
  if (depth > 0) c.expected_relation = Relation::penetrating;
  if (depth < 0) c.expected_relation = Relation::separated;
  c.tags.push_back(shifted ? "shifted" : "aligned-sides");
  return c;
}

RegionCase hex_overlap(std::uint64_t seed, int index) {
  cases::Rng rng("hex-overlap", seed, index);
  std::vector<Vec3> a = box_points({0, 0, 0}, {1, 1, 1});
  const Vec3 half = rng.uniform_vector(0.1, 0.6);
  const std::array<double, 4> q = rng.quaternion();
  const Mat3 r = Pose::from_quaternion(q, Vec3::Zero()).rotation;
  const Vec3 centre = Vec3(0.5, 0.5, 0.5) + 0.5 * rng.unit_vector() * rng.uniform(0.6, 1.6);
  std::vector<Vec3> b;
  for (const Vec3& p : box_points(-half, half)) b.push_back(r * p + centre);
  // Odd indices: the pair far from the origin, as elements of a large model are (the rotated
  // box's faces reach the hull as pairs of nearly coplanar triangles there).
  const Vec3 far = index % 2 == 1 ? Vec3(1e6, -3e5, 2e6) : Vec3::Zero();
  for (Vec3& p : a) p += far;
  for (Vec3& p : b) p += far;
  return skeleton("hex-overlap", seed, index, a, b,
                  {{"half_sides", {half.x(), half.y(), half.z()}}, {"far", index % 2 == 1}});
}

RegionCase hex_mesh_interface(std::uint64_t seed, int index) {
  cases::Rng rng("hex-mesh-interface", seed, index);
  const std::array<double, 3> lifts = {0.0, 1e-14, -1e-14};
  const double lift = lifts[static_cast<std::size_t>(index) % 3];
  const int di = static_cast<int>((index / 3) % 3) - 1, dj = static_cast<int>((index / 9) % 3) - 1;
  const double h = 0.1;
  const int i0 = static_cast<int>(rng.integer(0, 5)), j0 = static_cast<int>(rng.integer(0, 5));
  auto cell = [&](int i, int j, int k) {
    return box_points({i * h, j * h, k * h}, {(i + 1) * h, (j + 1) * h, (k + 1) * h});
  };
  const std::vector<Vec3> a = cell(i0, j0, 1);
  std::vector<Vec3> b = cell(i0 + di, j0 + dj, 2);
  for (Vec3& p : b) p.z() -= lift;  // lift > 0: B sinks into A by 1e-14
  RegionCase c = skeleton("hex-mesh-interface", seed, index, a, b,
                          {{"lift", lift}, {"offset", {di, dj}}, {"cell", {i0, j0}}});
  c.tags.push_back("meshed");
  return c;
}

std::vector<Vec3> ellipsoid_points(cases::Rng& rng, int n, const Vec3& radii) {
  std::vector<Vec3> out;
  for (int i = 0; i < n; ++i) out.push_back(rng.unit_vector().cwiseProduct(radii));
  return out;
}

RegionCase hull_pairs(std::uint64_t seed, int index) {
  cases::Rng rng("hull-pairs", seed, index);
  const int na = static_cast<int>(rng.integer(8, 20)), nb = static_cast<int>(rng.integer(8, 20));
  const std::vector<Vec3> a = ellipsoid_points(rng, na, rng.uniform_vector(0.5, 1.0));
  std::vector<Vec3> b = ellipsoid_points(rng, nb, rng.uniform_vector(0.5, 1.0));
  const Vec3 dir = rng.unit_vector();
  const double reach = rng.uniform(0.3, 2.1);  // centre distance: deep overlap to separated
  for (Vec3& p : b) p += reach * dir;
  return skeleton("hull-pairs", seed, index, a, b, {{"points", {na, nb}}, {"reach", reach}});
}

RegionCase patch_degenerate(std::uint64_t seed, int index) {
  cases::Rng rng("patch-degenerate", seed, index);
  const std::vector<Vec3> unit = box_points({0, 0, 0}, {1, 1, 1});
  std::vector<Vec3> a = unit, b;
  std::string what;
  switch (index % 6) {
    case 0:  // a needle through the box
      what = "needle";
      b = box_points({0.5, 0.5, -1}, {0.5 + 1e-12, 0.5 + 1e-12, 2});
      break;
    case 1:  // a flat hull (four coplanar points) inside the box
      what = "flat";
      b = {{0.2, 0.2, 0.5}, {0.8, 0.2, 0.5}, {0.8, 0.8, 0.5}, {0.2, 0.8, 0.5}};
      break;
    case 2:  // identical shapes: every plane coincident
      what = "identical";
      b = unit;
      break;
    case 3:  // sharing a face exactly, B beside A
      what = "shared-face";
      b = box_points({1, 0, 0}, {2, 1, 1});
      break;
    case 4:  // huge scale, overlapping by a tenth
      what = "huge";
      for (Vec3& p : a) p *= 1e50;
      b = box_points({0.9e50, 0, 0}, {1.9e50, 1e50, 1e50});
      break;
    default:  // tiny scale, overlapping by a tenth
      what = "tiny";
      for (Vec3& p : a) p *= 1e-50;
      b = box_points({0.9e-50, 0, 0}, {1.9e-50, 1e-50, 1e-50});
      break;
  }
  RegionCase c = skeleton("patch-degenerate", seed, index, a, b, {{"what", what}});
  c.tags.push_back("degenerate:" + what);
  return c;
}

// One candidate element pair of a sparsification scene: A the upper block's cell, B the lower's.
RegionFamily sparsify_family(const std::string& name) {
  const SparsifyScene& s = sparsify_scene(name);
  RegionFamily f;
  f.name = name;
  f.description =
      "seed 001 Fig. 8: element pairs of a meshed block resting on another, " + s.description;
  f.default_count = static_cast<int>(s.pairs.size());  // the whole scene
  f.named_only = true;
  f.generate = [name](std::uint64_t seed, int index) {
    const SparsifyScene& scene = sparsify_scene(name);
    const auto [u, l] = scene.pairs[static_cast<std::size_t>(index) % scene.pairs.size()];
    RegionCase c = skeleton(name, seed, index, scene.upper[static_cast<std::size_t>(u)],
                            scene.lower[static_cast<std::size_t>(l)],
                            {{"upper_cell", u}, {"lower_cell", l}, {"cell", scene.cell}});
    // Every hexahedron pair overlaps by at least δ × δ × sink; a tetrahedron pair may only touch.
    if (scene.cell == "hex") c.expected_relation = Relation::penetrating;
    c.tags.push_back("meshed");
    return c;
  };
  return f;
}

RegionFamily family(const char* name, const char* description, int count,
                    RegionCase (*generate)(std::uint64_t, int)) {
  RegionFamily f;
  f.name = name;
  f.description = description;
  f.default_count = count;
  f.generate = generate;
  return f;
}

}  // namespace

std::vector<RegionFamily> patch_families() {
  return {
      family("hex-stack", "seed 001: sheared hexahedra face to face, overlapping 0.3 to 1e-14", 22,
             hex_stack),
      family("hex-overlap", "seed 001: a hexahedron and a rotated box overlapping", 22,
             hex_overlap),
      family("hex-mesh-interface",
             "seed 001: elements of two 0.1 meshes across an interface, within 1e-14", 27,
             hex_mesh_interface),
      family("hull-pairs", "seed 001: random convex hulls (8-20 points), overlapping or not", 22,
             hull_pairs),
      family("patch-degenerate",
             "seed 001 bad input: needle, flat, identical, shared face, 1e50 and 1e-50 scales", 12,
             patch_degenerate),
      sparsify_family("sparsify-hex"),
      sparsify_family("sparsify-tet"),
  };
}

}  // namespace touchstone
